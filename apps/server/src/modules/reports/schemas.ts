import { z } from 'zod';
import {
  ACCOUNTING_EXPORT_FORMAT_KEYS,
  ACCOUNTING_EXPORT_MAX_DAYS,
  ACCOUNTING_EXPORT_TEXT,
  AGING_BUCKETS,
  MESSAGES,
  REPORT_PERIODS,
  addDays,
  isIsoDate,
  todayIso,
  type AccountingExportFormat,
} from '@icehouse/domain';
import type { Range } from './accounting-export-data';

/** Inputs and answers of the reports. Query strings on REST, the same object on tRPC. */

const money = z.string().describe('Decimal with two places, e.g. "1250.00"');
const blank = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const isoDate = z.preprocess(blank, z.string().refine(isIsoDate, MESSAGES.dateInvalid).optional());

export const MAX_REPORT_DAYS = 3660;

/** from..to (default: this calendar year), grouped by month, quarter or year (default month). */
/**
 * A report's date range: from and to default to this calendar year; To before From, or a range longer
 * than `maxDays`, is refused on `to`. Shared by the reports that take a range.
 */
export function reportDateRange(
  v: { from?: string | undefined; to?: string | undefined } | null | undefined,
  ctx: z.RefinementCtx,
  maxDays: number,
): { from: string; to: string } {
  const year = todayIso().slice(0, 4);
  const from = v?.from ?? `${year}-01-01`;
  const to = v?.to ?? `${year}-12-31`;
  if (to < from) ctx.addIssue({ code: 'custom', message: MESSAGES.reportRangeOrder, path: ['to'] });
  else if (to > addDays(from, maxDays))
    ctx.addIssue({ code: 'custom', message: MESSAGES.reportRangeTooLong, path: ['to'] });
  return { from, to };
}

export const salesTaxInput = z
  .object({
    from: isoDate.describe('First day, YYYY-MM-DD (default: 1 January this year)'),
    to: isoDate.describe('Last day, YYYY-MM-DD (default: 31 December this year)'),
    period: z.preprocess(blank, z.enum(REPORT_PERIODS, { error: MESSAGES.reportPeriodInvalid }).optional()),
  })
  .nullish()
  .transform((v, ctx) => {
    const { from, to } = reportDateRange(v, ctx, MAX_REPORT_DAYS);
    return { from, to, period: v?.period ?? 'month' };
  });

const amounts = {
  invoices: z.number().int().describe('Invoices dated in the period'),
  credit_notes: z
    .number()
    .int()
    .describe(
      'Credit notes dated in the period: their credited lines, reversed tax and totals come off the amounts',
    ),
  voided_credit_notes: z
    .number()
    .int()
    .describe('Credit notes voided in the period (by the void\'s date): what they took off is given back here'),
  taxable_sales: money.describe(
    'What tax was charged on: non-freight lines less the discount, on invoices not tax exempt',
  ),
  exempt_sales: money.describe('The same on tax-exempt invoices'),
  freight: money.describe('Freight lines (never taxed)'),
  discounts: money.describe('Discounts given (already taken off taxable/exempt sales)'),
  tax: money.describe('Tax collected (charged on the invoices, less the tax reversed by credit notes)'),
  invoiced: money.describe("The invoices' totals as issued: what ties to the invoices of the period"),
  credited: money.describe("The credit notes' totals, less those of credit notes voided in the period"),
  total: money.describe('invoiced − credited'),
};

export const salesTaxAnswer = z.object({
  from: z.string(),
  to: z.string(),
  period: z.enum(REPORT_PERIODS),
  rows: z.array(
    z.object({
      period: z.string().describe('2026-03, 2026-Q1 or 2026'),
      start: z.string(),
      end: z.string(),
      ...amounts,
    }),
  ),
  total: z.object(amounts),
});

export const agingInput = z
  .object({
    as_of: isoDate.describe('The day the days past due are counted to (default today); balances are current'),
  })
  .nullish()
  .transform((v) => ({ as_of: v?.as_of ?? todayIso() }));

const buckets = {
  current: money.describe('Not yet past due'),
  days_1_30: money,
  days_31_60: money,
  days_61_90: money,
  over_90: money,
  total: money,
};

export const agingAnswer = z.object({
  as_of: z.string(),
  rows: z.array(
    z.object({
      customer_id: z
        .number()
        .int()
        .nullable()
        .describe("The customer (null: the invoice's orders are not linked; grouped by bill-to name)"),
      customer_name: z.string(),
      invoices: z.number().int().describe('Invoices with a balance'),
      ...buckets,
    }),
  ),
  total: z.object({ invoices: z.number().int(), ...buckets }),
});

const AGING_BUCKET_KEYS = AGING_BUCKETS.map((b) => b.key) as [
  (typeof AGING_BUCKETS)[number]['key'],
  ...(typeof AGING_BUCKETS)[number]['key'][],
];

/** The invoices behind an aging figure: a customer's row (by id, or by bill-to name when unlinked), a bucket. */
export const agingInvoicesInput = z
  .object({
    as_of: isoDate.describe('As the report: the day the days past due are counted to (default today)'),
    bucket: z.preprocess(blank, z.enum(AGING_BUCKET_KEYS).optional()).describe('One bucket (default: all)'),
    customer_id: z
      .preprocess(blank, z.coerce.number().int().positive().optional())
      .describe("A row's customer_id"),
    customer_name: z
      .preprocess(blank, z.string().max(200).optional())
      .describe("A row's customer_name when its customer_id is null (unlinked invoices, by bill-to name)"),
  })
  .nullish()
  .transform((v) => ({
    as_of: v?.as_of ?? todayIso(),
    bucket: v?.bucket,
    customer_id: v?.customer_id,
    customer_name: v?.customer_name,
  }));

/** The dashboard's money figures (decision 251). */
export const dashboardAnswer = z.object({
  open_quotes: z
    .object({
      count: z.number().int().describe('Quotes sent and still valid: waiting for the customer\'s answer'),
      value: money.describe('Their totals'),
    })
    .describe('The offers out'),
  receivables: z
    .object({
      as_of: z.string().describe('Today (the server\'s calendar date)'),
      owed: money.describe('What the open invoices ask for today: the aging report\'s total'),
      overdue: money.describe('The part of it past its due date: every aging bucket but current'),
      open_invoices: z.number().int(),
      overdue_invoices: z.number().int(),
    })
    .describe("From the one ledger, as the aging report reads it"),
});

export const agingInvoicesAnswer = z.object({
  as_of: z.string(),
  results: z.array(
    z.object({
      id: z.number().int(),
      invoice_number: z.string(),
      date: z.string(),
      due_date: z.string().nullable(),
      customer_name: z.string(),
      balance_due: money,
      days_past_due: z.number().int().describe('Negative: not yet due'),
      bucket: z.enum(AGING_BUCKET_KEYS),
    }),
  ),
});

// ------------------------------------------------------------------ the accountant's files (decision 205)

const accountingRange = {
  from: isoDate.describe('First day, YYYY-MM-DD (default: 1 January this year)'),
  to: isoDate.describe('Last day, YYYY-MM-DD (default: 31 December this year); at most 366 days from `from`'),
};

function checkedAccountingRange(
  v: { from?: string | undefined; to?: string | undefined } | null | undefined,
  ctx: z.RefinementCtx,
): Range {
  const year = todayIso().slice(0, 4);
  const from = v?.from ?? `${year}-01-01`;
  const to = v?.to ?? `${year}-12-31`;
  if (to < from) ctx.addIssue({ code: 'custom', message: MESSAGES.reportRangeOrder, path: ['to'] });
  // from + 365 days: 366 days counting both ends.
  else if (to > addDays(from, ACCOUNTING_EXPORT_MAX_DAYS - 1))
    ctx.addIssue({ code: 'custom', message: ACCOUNTING_EXPORT_TEXT.rangeTooLong, path: ['to'] });
  return { from, to };
}

export const accountingSummaryInput = z
  .object(accountingRange)
  .nullish()
  .transform((v, ctx) => checkedAccountingRange(v, ctx));

export const accountingExportInputSchema = z
  .object({
    ...accountingRange,
    format: z
      .preprocess(
        blank,
        z.enum(ACCOUNTING_EXPORT_FORMAT_KEYS, { error: ACCOUNTING_EXPORT_TEXT.formatInvalid }).optional(),
      )
      .describe('iif (default), qbo-invoices, qbo-journal, xero-invoices or xero-credit-notes'),
  })
  .nullish()
  .transform((v, ctx) => ({
    ...checkedAccountingRange(v, ctx),
    format: v?.format ?? ('iif' as AccountingExportFormat),
  }));

export const accountingSummaryAnswer = z.object({
  from: z.string(),
  to: z.string(),
  invoices: z.number().int().describe('Invoices dated in the range'),
  credit_notes: z.number().int(),
  transactions: z.number().int().describe('Transactions in the IIF file (a TRNS block each)'),
  records: z.number().int().describe('Invoices, credit notes, ledger and deposit entries dated in the range'),
  max_records: z.number().int().describe('The most one export takes'),
});

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const reportsAnswers = {
  'reports.salesTax': salesTaxAnswer,
  'reports.dashboard': dashboardAnswer,
  'reports.aging': agingAnswer,
  'reports.agingInvoices': agingInvoicesAnswer,
  'reports.accountingExportSummary': accountingSummaryAnswer,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const reportsRestAnswers = {
  'GET /api/reports/sales-tax/': reportsAnswers['reports.salesTax'],
  'GET /api/reports/dashboard/': reportsAnswers['reports.dashboard'],
  'GET /api/reports/aging/': reportsAnswers['reports.aging'],
  'GET /api/reports/aging/invoices/': reportsAnswers['reports.agingInvoices'],
  'GET /api/reports/accounting-export/summary/': reportsAnswers['reports.accountingExportSummary'],
};
