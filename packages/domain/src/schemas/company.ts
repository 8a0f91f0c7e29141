import { z } from 'zod';
import { TEXT_LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { optionalEmail, optionalText, requiredText, stateCode } from './fields';
import { percentField } from './money-fields';
import type { Address } from './address';
import { CONSUMPTION_STATUSES } from '../stock';

/**
 * Company information (invoices spec §5). ZIP, phone and fax carry hints only (MESSAGES.zipHint,
 * MESSAGES.phoneHint): the spec enforces no format there, so none is enforced here.
 */
export const WEEKLY_CAPACITY_INVALID =
  'Weekly capacity must be a whole number of units from 1 to 100000, or blank.';

export const companySchema = z.object({
  name: requiredText(MESSAGES.nameRequired, TEXT_LIMITS.line),
  street: optionalText(TEXT_LIMITS.line),
  city: optionalText(TEXT_LIMITS.line),
  state: stateCode(MESSAGES.stateMax),
  zip_code: optionalText(TEXT_LIMITS.companyZip),
  phone: optionalText(TEXT_LIMITS.phone),
  fax: optionalText(TEXT_LIMITS.phone),
  email: optionalEmail(MESSAGES.emailInvalid),
  website: optionalText(TEXT_LIMITS.line),
  sales_tax_rate: percentField({ invalid: MESSAGES.salesTaxRateInvalid, range: MESSAGES.salesTaxRateRange }),
  remit_payment_name: optionalText(TEXT_LIMITS.line),
  remit_payment_street: optionalText(TEXT_LIMITS.line),
  remit_payment_city: optionalText(TEXT_LIMITS.line),
  remit_payment_state: stateCode(MESSAGES.stateMax),
  remit_payment_zip_code: optionalText(TEXT_LIMITS.companyZip),
  /** Units built a week (the shop board marks a week over it); blank: not set. Left out: kept as it is. */
  weekly_capacity: z
    .preprocess(
      (v) => (v === '' || v === null ? null : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
      z
        .number({ error: WEEKLY_CAPACITY_INVALID })
        .int(WEEKLY_CAPACITY_INVALID)
        .min(1, WEEKLY_CAPACITY_INVALID)
        .max(100_000, WEEKLY_CAPACITY_INVALID)
        .nullable(),
    )
    .optional(),
  /** The order status at which an order's parts are taken from stock (decision 259). Left out: kept as it is. */
  stock_consumption_status: z
    .enum(CONSUMPTION_STATUSES, { error: 'Choose processed, scheduled_to_ship or completed.' })
    .optional(),
});

export type CompanyInput = z.input<typeof companySchema>;
export type CompanyData = z.output<typeof companySchema>;

type Text = string | null | undefined;

/** The remit-to block printed on invoices: an address without a country. */
export type RemitToAddress = Omit<Address, 'country'>;

/**
 * The remit-to address printed on invoices: the remit fields when any is filled in (a blank
 * remit name falls back to the company name), otherwise the company's own address.
 */
export function remitToAddress(company: {
  name?: Text;
  street?: Text;
  city?: Text;
  state?: Text;
  zip_code?: Text;
  remit_payment_name?: Text;
  remit_payment_street?: Text;
  remit_payment_city?: Text;
  remit_payment_state?: Text;
  remit_payment_zip_code?: Text;
}): RemitToAddress {
  const t = (v: Text) => (v ?? '').trim();
  const remit = {
    name: t(company.remit_payment_name),
    street: t(company.remit_payment_street),
    city: t(company.remit_payment_city),
    state: t(company.remit_payment_state),
    zip_code: t(company.remit_payment_zip_code),
  };
  if (Object.values(remit).some((v) => v !== '')) return { ...remit, name: remit.name || t(company.name) };
  return {
    name: t(company.name),
    street: t(company.street),
    city: t(company.city),
    state: t(company.state),
    zip_code: t(company.zip_code),
  };
}
