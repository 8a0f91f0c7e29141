import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { todayIso, type QuoteStatus } from '@icehouse/domain';
import { quotes } from '@icehouse/db/schema';
import type { DbDeps } from '../../deps';
import { containsPattern } from '../../like-pattern';
import { pageRows } from '../../operations/list-page';
import { csvFilename, csvStream, keysetBatches, type CsvColumn } from '../../csv';
import { quoteListRowOf, type QuoteListRow } from './quote-read';

/** The quotes list and its CSV: one filter for both (search, status, customer), newest first. */

export const QUOTE_PAGE_SIZE = 25;

export interface QuoteListFilters {
  search?: string | undefined;
  status?: QuoteStatus | undefined;
  customer_id?: number | undefined;
  page?: number | undefined;
  page_size?: number | undefined;
}

/** The list's condition. A status filter means the status shown: expired is an open quote past Valid Until. */
export function quoteFilter(filters: QuoteListFilters, today = todayIso()): SQL {
  const parts: SQL[] = [];
  const text = filters.search?.trim() ?? '';
  if (text) {
    const pattern = containsPattern(text);
    parts.push(sql`(${quotes.quoteNumber} ilike ${pattern} or ${quotes.customerName} ilike ${pattern})`);
  }
  if (filters.customer_id !== undefined) parts.push(eq(quotes.customerId, filters.customer_id));
  const status = filters.status;
  if (status === 'expired') parts.push(sql`${quotes.status} in ('draft', 'sent') and ${quotes.validUntil} < ${today}`);
  else if (status === 'draft' || status === 'sent')
    parts.push(sql`${quotes.status} = ${status} and ${quotes.validUntil} >= ${today}`);
  else if (status) parts.push(eq(quotes.status, status));
  return parts.length ? and(...parts)! : sql`true`;
}

export async function listQuotes(deps: DbDeps, filters: QuoteListFilters = {}) {
  const db = deps.database.db;
  const page = filters.page ?? 1;
  const size = filters.page_size ?? QUOTE_PAGE_SIZE;
  const today = todayIso();
  const where = quoteFilter(filters, today);
  const [fetched, [counted]] = await Promise.all([
    db.select().from(quotes).where(where).orderBy(desc(quotes.date), desc(quotes.id)).limit(size + 1).offset((page - 1) * size),
    db.select({ n: sql<number>`count(*)::int` }).from(quotes).where(where),
  ]);
  const { rows, next, previous } = pageRows(fetched, page, size);
  return { count: Number(counted?.n ?? 0), next, previous, results: rows.map((r) => quoteListRowOf(r, today)) };
}

type ExportRow = QuoteListRow & { subtotal: string; tax_amount: string; created_at: string };

const QUOTE_CSV_COLUMNS: CsvColumn<ExportRow>[] = [
  { header: 'Quote #', kind: 'text', value: (r) => r.quote_number },
  { header: 'Date', kind: 'date', value: (r) => r.date },
  { header: 'Valid Until', kind: 'date', value: (r) => r.valid_until },
  { header: 'Status', kind: 'text', value: (r) => r.status },
  { header: 'Customer', kind: 'text', value: (r) => r.customer_name },
  { header: 'Customer ID', kind: 'integer', value: (r) => r.customer_id },
  { header: 'Subtotal', kind: 'decimal', value: (r) => r.subtotal },
  { header: 'Sales Tax', kind: 'decimal', value: (r) => r.tax_amount },
  { header: 'Total', kind: 'decimal', value: (r) => r.total },
  { header: 'Order ID', kind: 'integer', value: (r) => r.order_id },
  { header: 'Created', kind: 'datetime', value: (r) => r.created_at },
];

/** The list as CSV: the same filters, every matching quote (not a page), newest first, read a batch at a time. */
export function quotesCsv(deps: DbDeps, filters: QuoteListFilters) {
  const db = deps.database.db;
  const today = todayIso();
  const where = quoteFilter(filters, today);
  const rows = keysetBatches<ExportRow, { date: string; id: number }>(
    async (after, limit) => {
      const batch = await db
        .select()
        .from(quotes)
        .where(after ? and(where, sql`(${quotes.date}, ${quotes.id}) < (${after.date}, ${after.id})`) : where)
        .orderBy(desc(quotes.date), desc(quotes.id))
        .limit(limit);
      return batch.map((r) => ({
        ...quoteListRowOf(r, today),
        subtotal: r.subtotal,
        tax_amount: r.taxAmount,
        created_at: r.createdAt.toISOString(),
      }));
    },
    (r) => ({ date: r.date, id: r.id }),
  );
  return { stream: csvStream(QUOTE_CSV_COLUMNS, rows), filename: csvFilename('quotes') };
}
