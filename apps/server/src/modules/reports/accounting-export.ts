import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import {
  ACCOUNTING_EXPORT_MAX_RECORDS,
  ACCOUNTING_EXPORT_TEXT,
  accountNamesOf,
  accountingTransactions,
  iifFile,
  qboInvoicesLayout,
  qboJournalLayout,
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
import type { accountingSummaryAnswer } from './schemas';

/**
 * The accountant hand-off (decision 205): for from..to, one file per format, built from the invoices,
 * credit notes, ledger and deposit entries dated in the range with the Company Information account
 * names. Reads only. An empty range, a range over 366 days or over 20,000 records is refused.
 */

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
      return csv(xeroInvoicesLayout(data.invoices, xero, data.creditNoteVoids) as CsvLayout<never>);
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
