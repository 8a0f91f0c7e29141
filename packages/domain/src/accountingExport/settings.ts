import { z } from 'zod';
import type { AccountNames } from './transactions';
import type { XeroSettings } from './csvLayouts';

/**
 * The accountant export's settings on Company Information (decision 206): the account names
 * QuickBooks posts to, and Xero's sales account code and tax rate names. Each must be given: an
 * export names every account it posts to.
 */

export const ACCOUNTING_SETTINGS_TEXT = {
  required: 'Give a name (the export posts to it)',
  tooLong: 'At most 100 characters',
  oneLine: 'One line, without tabs',
} as const;

const name = z
  .string({ error: ACCOUNTING_SETTINGS_TEXT.required })
  .trim()
  .min(1, ACCOUNTING_SETTINGS_TEXT.required)
  .max(100, ACCOUNTING_SETTINGS_TEXT.tooLong)
  // A tab or line break would split an IIF row.
  .refine((v) => !/[\t\r\n]/.test(v), ACCOUNTING_SETTINGS_TEXT.oneLine);

export const accountingSettingsSchema = z.object({
  account_receivable: name,
  account_sales: name,
  account_freight: name,
  account_discounts: name,
  account_sales_tax: name,
  account_undeposited_funds: name,
  account_refunds: name,
  account_customer_deposits: name,
  account_adjustments: name,
  xero_sales_account_code: name,
  xero_tax_type: name,
  xero_exempt_tax_type: name,
});
export type AccountingSettings = z.output<typeof accountingSettingsSchema>;

/** Labels and hints (the Company Information form; the export's decision record uses the same words). */
export const ACCOUNTING_SETTINGS_FIELDS: readonly {
  key: keyof AccountingSettings;
  label: string;
  hint: string;
}[] = [
  { key: 'account_receivable', label: 'Accounts receivable', hint: 'Invoices and credit notes post here.' },
  { key: 'account_sales', label: 'Sales income', hint: 'Invoice lines other than freight.' },
  { key: 'account_freight', label: 'Freight income', hint: 'Freight lines (never taxed).' },
  { key: 'account_discounts', label: 'Discounts', hint: 'Invoice discounts (a debit).' },
  {
    key: 'account_sales_tax',
    label: 'Sales tax payable',
    hint: 'Tax charged, and reversed by credit notes.',
  },
  { key: 'account_undeposited_funds', label: 'Payments received', hint: 'Payments and deposits taken.' },
  { key: 'account_refunds', label: 'Refunds paid from', hint: 'The bank account refunds are paid from.' },
  {
    key: 'account_customer_deposits',
    label: 'Customer deposits',
    hint: 'A liability: deposits held on orders.',
  },
  { key: 'account_adjustments', label: 'Adjustments', hint: 'Ledger adjustments and opening balances.' },
  {
    key: 'xero_sales_account_code',
    label: 'Xero sales account code',
    hint: "Xero's account code, e.g. 200.",
  },
  { key: 'xero_tax_type', label: 'Xero tax rate', hint: "The taxed lines' tax rate name in Xero." },
  { key: 'xero_exempt_tax_type', label: 'Xero exempt tax rate', hint: 'Freight and exempt lines.' },
];

export function accountNamesOf(s: AccountingSettings): AccountNames {
  return {
    receivable: s.account_receivable,
    sales: s.account_sales,
    freight: s.account_freight,
    discounts: s.account_discounts,
    salesTax: s.account_sales_tax,
    undepositedFunds: s.account_undeposited_funds,
    refunds: s.account_refunds,
    customerDeposits: s.account_customer_deposits,
    adjustments: s.account_adjustments,
  };
}

export function xeroSettingsOf(s: AccountingSettings): XeroSettings {
  return {
    salesAccountCode: s.xero_sales_account_code,
    taxType: s.xero_tax_type,
    exemptTaxType: s.xero_exempt_tax_type,
  };
}

/** The export's files (decision 206): each one download. */
export const ACCOUNTING_EXPORT_FORMATS = [
  { key: 'iif', label: 'QuickBooks Desktop (IIF): everything', extension: 'iif' },
  { key: 'qbo-invoices', label: 'QuickBooks Online: invoices (CSV)', extension: 'csv' },
  {
    key: 'qbo-journal',
    label: 'QuickBooks Online: credit notes, payments, deposits (journal entries CSV)',
    extension: 'csv',
  },
  { key: 'xero-invoices', label: 'Xero: sales invoices (CSV)', extension: 'csv' },
  { key: 'xero-credit-notes', label: 'Xero: credit notes (CSV)', extension: 'csv' },
] as const;
export type AccountingExportFormat = (typeof ACCOUNTING_EXPORT_FORMATS)[number]['key'];
export const ACCOUNTING_EXPORT_FORMAT_KEYS = ACCOUNTING_EXPORT_FORMATS.map((f) => f.key) as [
  AccountingExportFormat,
  ...AccountingExportFormat[],
];

/** The export's limits and messages (decision 206). */
export const ACCOUNTING_EXPORT_MAX_DAYS = 366;
export const ACCOUNTING_EXPORT_MAX_RECORDS = 20_000;
export const ACCOUNTING_EXPORT_TEXT = {
  formatInvalid: `Choose a format: ${ACCOUNTING_EXPORT_FORMATS.map((f) => f.key).join(', ')}`,
  rangeTooLong: `An accountant export covers at most ${ACCOUNTING_EXPORT_MAX_DAYS} days: export a year at a time`,
  tooMany: (n: number) =>
    `The range holds ${n} records, more than the ${ACCOUNTING_EXPORT_MAX_RECORDS} one export takes: export a shorter range`,
  empty: (from: string, to: string) =>
    `Nothing to export: no invoices, credit notes, payments or deposits are dated from ${from} to ${to}`,
} as const;
