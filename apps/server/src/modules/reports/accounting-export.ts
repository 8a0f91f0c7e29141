import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  ACCOUNTING_EXPORT_FORMAT_KEYS,
  ACCOUNTING_EXPORT_MAX_DAYS,
  ACCOUNTING_EXPORT_MAX_RECORDS,
  ACCOUNTING_EXPORT_TEXT,
  MESSAGES,
  accountNamesOf,
  accountingTransactions,
  addDays,
  iifFile,
  isIsoDate,
  qboInvoicesLayout,
  qboJournalLayout,
  todayIso,
  xeroCreditNotesLayout,
  xeroInvoicesLayout,
  xeroSettingsOf,
  type AccountingExportFormat,
  type CsvLayout,
} from '@icehouse/domain';
import { csvStream } from '../../csv';
import { AppError } from '../../errors';
import { contentDisposition } from '../../header-values';
import type { DbDeps } from '../../deps';
import { getAccountingSettings } from '../company/accounting-settings';
import { accountingExportInput, accountingRecordCount, type Range } from './accounting-export-data';

/**
 * The accountant hand-off (decision 205): for from..to, one file per format, built from the invoices,
 * credit notes, ledger and deposit entries dated in the range with the Company Information account
 * names. Reads only. An empty range, a range over 366 days or over 20,000 records is refused.
 */

const blank = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const isoDate = z.preprocess(blank, z.string().refine(isIsoDate, MESSAGES.dateInvalid).optional());

const range = {
  from: isoDate.describe('First day, YYYY-MM-DD (default: 1 January this year)'),
  to: isoDate.describe('Last day, YYYY-MM-DD (default: 31 December this year); at most 366 days from `from`'),
};

function checkedRange(
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
  .object(range)
  .nullish()
  .transform((v, ctx) => checkedRange(v, ctx));

export const accountingExportInputSchema = z
  .object({
    ...range,
    format: z
      .preprocess(
        blank,
        z.enum(ACCOUNTING_EXPORT_FORMAT_KEYS, { error: ACCOUNTING_EXPORT_TEXT.formatInvalid }).optional(),
      )
      .describe('iif (default), qbo-invoices, qbo-journal, xero-invoices or xero-credit-notes'),
  })
  .nullish()
  .transform((v, ctx) => ({
    ...checkedRange(v, ctx),
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

/** Refuses a range over the limit (on `to`); answers the count. */
async function countWithinLimit(deps: DbDeps, r: Range): Promise<number> {
  const n = await accountingRecordCount(deps, r);
  if (n > ACCOUNTING_EXPORT_MAX_RECORDS)
    throw AppError.validation({ to: [ACCOUNTING_EXPORT_TEXT.tooMany(n)] }, ACCOUNTING_EXPORT_TEXT.tooMany(n));
  return n;
}

export async function accountingExportSummary(
  deps: DbDeps,
  r: Range,
): Promise<z.output<typeof accountingSummaryAnswer>> {
  const records = await countWithinLimit(deps, r);
  const input = records
    ? await accountingExportInput(deps, r)
    : { invoices: [], creditNotes: [], ledger: [], deposits: [] };
  return {
    ...r,
    invoices: input.invoices.length,
    credit_notes: input.creditNotes.length,
    transactions: accountingTransactions(input).length,
    records,
    max_records: ACCOUNTING_EXPORT_MAX_RECORDS,
  };
}

export interface AccountingFile {
  body: Readable;
  filename: string;
  contentType: string;
}

function layoutStream<Row>(layout: CsvLayout<Row>): Readable {
  return csvStream(layout.columns, layout.rows);
}

export async function accountingExportFile(
  deps: DbDeps,
  input: Range & { format: AccountingExportFormat },
): Promise<AccountingFile> {
  const records = await countWithinLimit(deps, input);
  if (records === 0) throw AppError.notFound(ACCOUNTING_EXPORT_TEXT.empty(input.from, input.to));
  const [data, settings] = await Promise.all([
    accountingExportInput(deps, input),
    getAccountingSettings(deps),
  ]);
  const accounts = accountNamesOf(settings);
  const xero = xeroSettingsOf(settings);
  const name = `accounting-${input.format}-${input.from}-to-${input.to}`;
  const csv = (layout: CsvLayout<never>) => ({
    body: layoutStream(layout),
    filename: `${name}.csv`,
    contentType: 'text/csv; charset=utf-8',
  });
  switch (input.format) {
    case 'iif':
      return {
        body: Readable.from([iifFile(accountingTransactions(data, accounts))]),
        filename: `${name}.iif`,
        contentType: 'application/octet-stream',
      };
    case 'qbo-invoices':
      return csv(qboInvoicesLayout(data.invoices, accounts) as CsvLayout<never>);
    case 'qbo-journal':
      return csv(qboJournalLayout(accountingTransactions(data, accounts)) as CsvLayout<never>);
    case 'xero-invoices':
      return csv(xeroInvoicesLayout(data.invoices, xero) as CsvLayout<never>);
    case 'xero-credit-notes':
      return csv(xeroCreditNotesLayout(data.creditNotes, xero) as CsvLayout<never>);
  }
}

/** The file as a download: never cached (the books change). */
export function sendAccountingFile(reply: FastifyReply, file: AccountingFile): FastifyReply {
  return reply
    .code(200)
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition('attachment', file.filename))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
