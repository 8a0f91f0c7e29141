import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '@icehouse/server/trpc';

/** Company information as company.get gives it (id null until first saved; remit_to worked out). */
export type CompanyInfo = Awaited<ReturnType<TRPCClient<AppRouter>['company']['get']['query']>>;

/** Every field the form edits and company.update takes, in the order of the form. */
export const COMPANY_FIELDS = [
  'name',
  'street',
  'city',
  'state',
  'zip_code',
  'phone',
  'fax',
  'email',
  'website',
  'sales_tax_rate',
  'remit_payment_name',
  'remit_payment_street',
  'remit_payment_city',
  'remit_payment_state',
  'remit_payment_zip_code',
  'weekly_capacity',
  'stock_consumption_status',
] as const;

export type CompanyField = (typeof COMPANY_FIELDS)[number];

/** What the form edits: every field as text (the domain's companySchema normalises it). */
export type CompanyFormValues = Record<CompanyField, string>;

/**
 * Texts of the Company Information screen that the spec does not give (ours). The spec's own
 * ('Error fetching company information'...) come from the domain's MESSAGES.
 */
export const COMPANY_TEXT = {
  title: 'Company Information',
  formLabel: 'Company Information',
  back: 'Back to Dashboard',
  edit: 'Edit Information',
  companyLegend: 'Company',
  remitLegend: 'Remit To',
  productionLegend: 'Production',
  weeklyCapacityHint: 'Units built a week: the Shop Board marks a week with more. Blank: not set.',
  consumptionStatusHint: 'Orders reaching this status take their bill of materials from stock; moving back, voiding or deleting one returns it.',
  remitHint: 'Where customers send payment, as printed on invoices. Leave blank to use the company address.',
  salesTaxHint: 'Percent, 0 to 100',
  readOnlyHint: 'Choose Edit Information to make changes.',
  loading: 'Loading company information...',
} as const;
