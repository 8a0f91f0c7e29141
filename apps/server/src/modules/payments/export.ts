import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { toMoneyString, type PaymentMethod } from '@icehouse/domain';
import { invoicePayments, invoices } from '@icehouse/db/schema';
import { csvFilename, csvStream, keysetBatches, type CsvColumn } from '../../csv';
import type { AppDeps } from '../../deps';
import { invoiceCustomerName } from '../ledger/invoice-owner';

/**
 * Every invoice's payments ledger as CSV (decision 115): the entries dated
 * from..to (inclusive, each optional) of one method (optional), newest first (date, then id, the
 * ledger's date index), streamed a batch at a time by keyset.
 */

export const PAYMENT_EXPORT_BATCH = 1000;

export interface PaymentExportFilters {
  from?: string | undefined;
  to?: string | undefined;
  method?: PaymentMethod | null | undefined;
}

export interface PaymentExportRow {
  entry: typeof invoicePayments.$inferSelect;
  invoiceNumber: string;
  customer: string;
}

function filterConditions(filters: PaymentExportFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.from) conditions.push(gte(invoicePayments.date, filters.from));
  if (filters.to) conditions.push(lte(invoicePayments.date, filters.to));
  if (filters.method) conditions.push(eq(invoicePayments.method, filters.method));
  return conditions;
}

export function exportPayments(
  deps: Pick<AppDeps, 'database'>,
  filters: PaymentExportFilters,
): AsyncIterable<PaymentExportRow> {
  const db = deps.database.db;
  const conditions = filterConditions(filters);
  return keysetBatches<PaymentExportRow, { date: string; id: number }>(
    async (after, limit) => {
      const rows = await db
        .select({
          entry: invoicePayments,
          invoiceNumber: invoices.invoiceNumber,
          billTo: invoices.billTo,
          shipTo: invoices.shipTo,
        })
        .from(invoicePayments)
        .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
        .where(
          and(
            ...conditions,
            after
              ? sql`(${invoicePayments.date}, ${invoicePayments.id}) < (${after.date}::date, ${after.id}::int)`
              : undefined,
          ),
        )
        .orderBy(desc(invoicePayments.date), desc(invoicePayments.id))
        .limit(limit);
      return rows.map((r) => ({
        entry: r.entry,
        invoiceNumber: r.invoiceNumber,
        customer: invoiceCustomerName(r),
      }));
    },
    (row) => ({ date: row.entry.date, id: row.entry.id }),
    PAYMENT_EXPORT_BATCH,
  );
}

export const PAYMENT_CSV_COLUMNS: CsvColumn<PaymentExportRow>[] = [
  { header: 'Payment ID', kind: 'integer', value: (r) => r.entry.id },
  { header: 'Date', kind: 'date', value: (r) => r.entry.date },
  { header: 'Invoice ID', kind: 'integer', value: (r) => r.entry.invoiceId },
  { header: 'Invoice Number', kind: 'text', value: (r) => r.invoiceNumber },
  { header: 'Customer', kind: 'text', value: (r) => r.customer },
  { header: 'Kind', kind: 'text', value: (r) => r.entry.kind },
  { header: 'Method', kind: 'text', value: (r) => r.entry.method },
  { header: 'Reference', kind: 'text', value: (r) => r.entry.reference },
  { header: 'Amount', kind: 'decimal', value: (r) => toMoneyString(r.entry.amount) },
  { header: 'Reason', kind: 'text', value: (r) => r.entry.reason },
  { header: 'Note', kind: 'text', value: (r) => r.entry.note },
  { header: 'Reverses Payment ID', kind: 'integer', value: (r) => r.entry.reversesId },
  { header: 'Recorded By', kind: 'text', value: (r) => r.entry.recordedByUsername },
  { header: 'Recorded At', kind: 'datetime', value: (r) => r.entry.recordedAt },
];

export function paymentsCsv(deps: Pick<AppDeps, 'database'>, filters: PaymentExportFilters) {
  return {
    stream: csvStream(PAYMENT_CSV_COLUMNS, exportPayments(deps, filters)),
    filename: paymentsFilename(filters),
  };
}

/** Named for the range it holds (as the accountant's files are), or today's date when it holds every payment. */
function paymentsFilename({ from, to }: PaymentExportFilters): string {
  if (from && to) return `payments-${from}-to-${to}.csv`;
  if (from) return `payments-from-${from}.csv`;
  if (to) return `payments-to-${to}.csv`;
  return csvFilename('payments');
}
