import { z } from 'zod';
import { CONSUMPTION_STATUSES, accountingSettingsSchema } from '@icehouse/domain';

/** The remit-to address invoices print: the remit fields, or the company address where blank. */
export const remitToSchema = z.object({
  name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
});

/** GET / POST /api/company-info/ answer: every field of the entity (blank text is ''), plus remit_to. */
export const companyInfoViewSchema = z.object({
  /** Always 1 once saved; null while no company information has been saved yet. */
  id: z.number().int().nullable(),
  name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  phone: z.string(),
  fax: z.string(),
  email: z.string(),
  website: z.string(),
  /** Percent with two places, e.g. "8.25". */
  sales_tax_rate: z.string(),
  remit_payment_name: z.string(),
  remit_payment_street: z.string(),
  remit_payment_city: z.string(),
  remit_payment_state: z.string(),
  remit_payment_zip_code: z.string(),
  /** Units the shop builds a week (null: not set); the shop board marks a week over it. */
  weekly_capacity: z.number().int().nullable(),
  /** The order status at which an order's bill of materials is taken from stock (decision 259). */
  stock_consumption_status: z.enum(CONSUMPTION_STATUSES),
  remit_to: remitToSchema,
});

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
/** How a customer reaches the seller: what every document's letterhead prints anyway, for the customer-link pages. */
export const sellerContactAnswer = z.object({ name: z.string(), phone: z.string(), email: z.string() });

export const companyAnswers = {
  'company.get': companyInfoViewSchema,
  'company.update': companyInfoViewSchema,
  'company.accounting': accountingSettingsSchema,
  'company.saveAccounting': accountingSettingsSchema,
  'company.seller': sellerContactAnswer,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const companyRestAnswers = {
  'GET /api/company-info/': companyAnswers['company.get'],
  'POST /api/company-info/': companyAnswers['company.update'],
  'GET /api/company-info/accounting/': companyAnswers['company.accounting'],
  'POST /api/company-info/accounting/': companyAnswers['company.saveAccounting'],
  'GET /api/customer/seller/': companyAnswers['company.seller'],
};
