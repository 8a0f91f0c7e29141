import { and, asc, count as countRows, desc, gte, sql } from 'drizzle-orm';
import { todayIso, type InvoiceStatus } from '@icehouse/domain';
import { invoices } from '@icehouse/db/schema';
import { pageFetch, pageRows, searchCount } from '../../operations/list-page';
import type { DbDeps } from '../../deps';
import { containsPattern } from '../../like-pattern';
import { invoiceStatusSql } from './status-filter';
import {
  INVOICE_COUNT_LIMIT,
  INVOICE_PAGE_SIZE,
  invoiceSearchCondition,
  listColumns,
  queriesOf,
  refsColumn,
  type InvoiceOrderRef,
  type ListedInvoice,
} from './read-queries';
import { listRow, type InvoiceListPage } from './views';

/** A listed row's orders, from refsColumn. */
const refsOf = (invoiceId: number, refs: [number, string][] | null): InvoiceOrderRef[] =>
  (refs ?? []).map(([orderId, doorNumber]) => ({ invoiceId, orderId, doorNumber }));

export interface InvoiceListFilters {
  /** Customer name (bill-to / ship-to, or an order's billing or shipping name) or invoice number contains this, any case. */
  search?: string | null | undefined;
  /** The derived status (invoicePaymentStatus): never stored, so that it moves with today's date. */
  status?: InvoiceStatus | null | undefined;
  page?: number | null | undefined;
  /** Rows per page (1 to PAGE_SIZE_MAX); absent: INVOICE_PAGE_SIZE. */
  page_size?: number | null | undefined;
  /** Incremental sync: invoices changed at or after this moment, in `ordering` (default oldest change first). */
  updated_since?: Date | null | undefined;
  ordering?: 'updated_at' | '-updated_at' | null | undefined;
}

/**
 * GET /api/invoices/: newest first (date desc, id desc), 25 a page (or `page_size`). The page is read with rows
 * more than it shows (pageFetch) (that row only says whether there is a next page), each with its orders
 * (refsColumn), in one statement. `count`: without a search, every invoice (invoice_count, one row); with one, the rows seen
 * when this is the last page, otherwise the matches counted up to INVOICE_COUNT_LIMIT, past which it
 * is a lower bound while `next` keeps leading on. A page past the end is 404 'Invalid page.' (DRF).
 */
export async function listInvoices(deps: DbDeps, filters: InvoiceListFilters = {}): Promise<InvoiceListPage> {
  const [page, size] = [filters.page ?? 1, filters.page_size ?? INVOICE_PAGE_SIZE];
  const queries = queriesOf(deps.database.db, pageFetch(size, INVOICE_PAGE_SIZE));
  const text = filters.search?.trim();
  const offset = (page - 1) * size;
  let fetched: { invoice: ListedInvoice; refs: [number, string][] | null }[];
  let count: number;
  const status = filters.status ?? null;
  if (filters.updated_since || filters.ordering) {
    // Sync order, for integrators catching up: changed at or after `updated_since` (inclusive), by (updated_at,
    // id), so that a page boundary never skips a row; the count is exact.
    const db = deps.database.db;
    const where = and(
      filters.updated_since ? gte(invoices.updatedAt, filters.updated_since) : undefined,
      text ? invoiceSearchCondition(containsPattern(text)) : undefined,
      filters.status ? sql`${invoiceStatusSql(sql`${todayIso()}`)} = ${filters.status}` : undefined,
    );
    const direction = filters.ordering === '-updated_at' ? desc : asc;
    const [rows, [total]] = await Promise.all([
      db
        .select({ invoice: listColumns, refs: refsColumn })
        .from(invoices)
        .where(where)
        .orderBy(direction(invoices.updatedAt), direction(invoices.id))
        .limit(size + 1)
        .offset(offset),
      db.select({ n: countRows() }).from(invoices).where(where),
    ]);
    fetched = rows;
    count = Number(total?.n ?? 0);
  } else if (status) {
    const today = todayIso();
    if (text) {
      const found = await queries.searchStatusPage.execute({
        pattern: containsPattern(text),
        offset,
        today,
        status,
      });
      fetched = found;
      count = await searchCount(fetched.length, page, size, INVOICE_COUNT_LIMIT, () =>
        Number(found[0]?.total ?? 0),
      );
    } else {
      const [rows, [total]] = await Promise.all([
        queries.statusPage.execute({ offset, today, status }),
        queries.statusCount.execute({ today, status }),
      ]);
      fetched = rows;
      count = Number(total?.count ?? 0);
    }
  } else if (text) {
    // The matches' number (invoices.search: its number, bill-to and ship-to names, its orders' names;
    // kept by triggers) comes with the page, counted up to the limit.
    const found = await queries.searchPage.execute({ pattern: containsPattern(text), offset });
    fetched = found;
    count = await searchCount(fetched.length, page, size, INVOICE_COUNT_LIMIT, () =>
      Number(found[0]?.total ?? 0),
    );
  } else {
    const [rows, [total]] = await Promise.all([
      queries.listPage.execute({ offset }),
      queries.listCount.execute(),
    ]);
    fetched = rows;
    count = Number(total?.count ?? 0);
  }
  const { rows, next, previous } = pageRows(fetched, page, size);
  const today = todayIso();
  return {
    count,
    next,
    previous,
    results: rows.map((r) => listRow(r.invoice, refsOf(r.invoice.id, r.refs), today)),
  };
}
