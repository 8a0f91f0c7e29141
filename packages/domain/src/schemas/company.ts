import { z } from 'zod';
import { MESSAGES } from '../messages';
import { optionalEmail, optionalText, requiredText, stateCode } from './fields';
import { percentField } from './money-fields';

/**
 * Company information (invoices spec §5). ZIP, phone and fax carry hints only (MESSAGES.zipHint,
 * MESSAGES.phoneHint): the spec enforces no format there, so none is enforced here.
 */
export const companySchema = z.object({
  name: requiredText(MESSAGES.nameRequired, { length: 255, message: MESSAGES.textTooLong }),
  street: optionalText(255),
  city: optionalText(255),
  state: stateCode(MESSAGES.stateMax),
  zip_code: optionalText(20),
  phone: optionalText(30),
  fax: optionalText(30),
  email: optionalEmail(MESSAGES.emailInvalid),
  website: optionalText(255),
  sales_tax_rate: percentField({ invalid: MESSAGES.salesTaxRateInvalid, range: MESSAGES.salesTaxRateRange }),
  remit_payment_name: optionalText(255),
  remit_payment_street: optionalText(255),
  remit_payment_city: optionalText(255),
  remit_payment_state: stateCode(MESSAGES.stateMax),
  remit_payment_zip_code: optionalText(20),
});

export type CompanyInput = z.input<typeof companySchema>;
export type CompanyData = z.output<typeof companySchema>;

type Text = string | null | undefined;

export interface RemitToAddress {
  name: string;
  street: string;
  city: string;
  state: string;
  zip_code: string;
}

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
