import { desc, sql, type SQL } from 'drizzle-orm';
import { invoicePaymentStatus, todayIso, type InvoiceStatus } from '@icehouse/domain';
import { invoices } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { csvFilename, csvStream, keysetBatches, type CsvColumn } from '../../csv';
import { containsPattern } from '../../like-pattern';
import { preparedQuery } from '../../prepared-query';
import type { AppDeps } from '../../deps';
import { invoiceSearchCondition, orderRefs } from './read-queries';
import { invoiceCustomerName } from '../ledger/invoice-owner';
import { invoiceStatusSql } from './status-filter';

/** The invoices list as CSV: the list's search, every matching invoice, newest first. */

export const INVOICE_EXPORT_BATCH = 1000;

/** The list's filters that select rows (its paging and sync order do not apply to an export). */
export interface InvoiceExportFilters {
  search?: string | null | undefined;
  /** The derived payment status, as on the list. */
  status?: InvoiceStatus | null | undefined;
}

function exportQueries(db: Db, search: boolean, status: boolean) {
  const batch = (after: boolean, name: string) =>
    db
      .select({ invoice: invoices })
      // The batch's ids first, the batch size written into the statement (a LIMIT parameter gives
      // the generic plan a scan of every invoice), then their rows.
      .from(
        sql`(select ${invoices.id} as "id" from ${invoices} where ${sql.join(
          [
            search ? invoiceSearchCondition(sql.placeholder('pattern')) : sql`true`,
            status
              ? sql`${invoiceStatusSql(sql.placeholder('today') as unknown as SQL)} = ${sql.placeholder('status')}`
              : sql`true`,
            after
              ? sql`(${invoices.date}, ${invoices.id}) < (${sql.placeholder('afterDate')}::date, ${sql.placeholder('afterId')}::int)`
              : sql`true`,
          ],
          sql` and `,
        )} order by ${invoices.date} desc, ${invoices.id} desc limit ${sql.raw(String(INVOICE_EXPORT_BATCH))}) as "page_ids"`,
      )
      .innerJoin(invoices, sql`${invoices.id} = "page_ids"."id"`)
      .orderBy(desc(invoices.date), desc(invoices.id))
      .prepare(name);
  const key = `${search ? 'search' : 'all'}${status ? '_status' : ''}`;
  return {
    first: batch(false, `invoice_export_first_${key}`),
    next: batch(true, `invoice_export_next_${key}`),
  };
}

type InvoiceRow = typeof invoices.$inferSelect;
export interface InvoiceExportRow {
  invoice: InvoiceRow;
  orderNumbers: string;
}

async function* withOrderNumbers(db: Db, rows: AsyncIterable<InvoiceRow>): AsyncGenerator<InvoiceExportRow> {
  // Order numbers are read for each batch of invoices (one query per batch, as the list does per page).
  let pending: InvoiceRow[] = [];
  const flush = async function* () {
    const refs = await orderRefs(
      db,
      pending.map((r) => r.id),
    );
    for (const invoice of pending) {
      yield { invoice, orderNumbers: (refs.get(invoice.id) ?? []).map((r) => r.doorNumber).join(', ') };
    }
    pending = [];
  };
  for await (const row of rows) {
    pending.push(row);
    if (pending.length === INVOICE_EXPORT_BATCH) yield* flush();
  }
  if (pending.length > 0) yield* flush();
}

export function exportInvoices(
  deps: Pick<AppDeps, 'database'>,
  filters: InvoiceExportFilters,
): AsyncIterable<InvoiceExportRow> {
  const db = deps.database.db;
  const text = filters.search?.trim() ?? '';
  const status = filters.status ?? null;
  const queries = preparedQuery(
    db,
    `invoices.export.${text ? 'search' : 'all'}.${status ? 'status' : 'any'}`,
    (d) => exportQueries(d, text !== '', status !== null),
  );
  const values = {
    ...(text ? { pattern: containsPattern(text) } : {}),
    ...(status ? { status, today: todayIso() } : {}),
  };
  const rows = keysetBatches<InvoiceRow, { date: string; id: number }>(
    async (after) =>
      (after
        ? await queries.next.execute({ ...values, afterDate: after.date, afterId: after.id })
        : await queries.first.execute(values)
      ).map((r) => r.invoice),
    (row) => ({ date: row.date, id: row.id }),
    INVOICE_EXPORT_BATCH,
  );
  return withOrderNumbers(db, rows);
}

export const INVOICE_CSV_COLUMNS: CsvColumn<InvoiceExportRow>[] = [
  { header: 'Invoice ID', kind: 'integer', value: (r) => r.invoice.id },
  { header: 'Invoice Number', kind: 'text', value: (r) => r.invoice.invoiceNumber },
  { header: 'Date', kind: 'date', value: (r) => r.invoice.date },
  { header: 'Due Date', kind: 'date', value: (r) => r.invoice.dueDate },
  { header: 'Customer', kind: 'text', value: (r) => invoiceCustomerName(r.invoice) },
  { header: 'Orders', kind: 'text', value: (r) => r.orderNumbers },
  { header: 'PO / Job Name', kind: 'text', value: (r) => r.invoice.poJobName },
  { header: 'Terms', kind: 'text', value: (r) => r.invoice.terms },
  { header: 'Ship Date', kind: 'date', value: (r) => r.invoice.shipDate },
  { header: 'Tax Exempt', kind: 'boolean', value: (r) => r.invoice.taxExempt },
  { header: 'Tax Rate', kind: 'decimal', value: (r) => r.invoice.taxRate },
  { header: 'Subtotal', kind: 'decimal', value: (r) => r.invoice.subtotal },
  { header: 'Discount Amount', kind: 'decimal', value: (r) => r.invoice.discountAmount },
  { header: 'Tax Amount', kind: 'decimal', value: (r) => r.invoice.taxAmount },
  { header: 'Total', kind: 'decimal', value: (r) => r.invoice.totalAmount },
  { header: 'Payments/Credits', kind: 'decimal', value: (r) => r.invoice.paymentsCredits },
  { header: 'Balance Due', kind: 'decimal', value: (r) => r.invoice.balanceDue },
  {
    header: 'Status',
    kind: 'text',
    value: (r) =>
      invoicePaymentStatus({
        total: r.invoice.totalAmount,
        paid: r.invoice.paymentsCredits,
        dueDate: r.invoice.dueDate,
        today: todayIso(),
      }),
  },
  { header: 'Combined', kind: 'boolean', value: (r) => r.invoice.isCombined },
];

export function invoicesCsv(deps: Pick<AppDeps, 'database'>, filters: InvoiceExportFilters) {
  return {
    stream: csvStream(INVOICE_CSV_COLUMNS, exportInvoices(deps, filters)),
    filename: csvFilename('invoices'),
  };
}
