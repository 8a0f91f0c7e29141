import { and, asc, count as countRows, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  LIMITS,
  type InvoiceStatus,
  creditOf,
  customerNameOf,
  invoiceBalanceAndStatus,
  lineAmount,
  toMoneyString,
  todayIso,
} from '@icehouse/domain';
import {
  invoiceCount,
  invoiceLineItems,
  invoiceOrders,
  invoices,
  orders,
  type InvoiceAddress,
} from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import { pageFetch, pageRows, searchCount, type ListPage } from '../../operations/list-page';
import type { DbDeps } from '../../deps';
import { getOrders } from '../orders/order-read';
import { preparedQuery } from '../../prepared-query';
import { containsPattern, lowerKeyContains } from '../../like-pattern';
import { invoiceStatusSql } from './status-filter';
import type { invoiceAddressAnswer, invoiceAnswer, invoiceListRowAnswer, lineAnswer } from './schemas';

/**
 * Reading invoices: a fixed number of queries for any number of invoices (no N+1), answered in
 * the REST shapes (snake_case, decimals "12.50", dates YYYY-MM-DD) that tRPC shares.
 */


export const INVOICE_NOT_FOUND = 'Invoice not found.';
/** Rows per page of the invoice list. */
export const INVOICE_PAGE_SIZE = 25;

// The answers' types are their output schemas' (schemas.ts): a view missing a field fails typecheck.
export type InvoiceLineView = z.output<typeof lineAnswer>;
export type InvoiceAddressView = z.output<typeof invoiceAddressAnswer>;
export type InvoiceView = z.output<typeof invoiceAnswer>;
export type EditableDataView = InvoiceView['editable_data'];
export type InvoiceTotalsView = InvoiceView['totals'];
export type InvoiceListRow = z.output<typeof invoiceListRowAnswer>;

/** A page of the list; each door shapes its links (page numbers, URLs). */
export type InvoiceListPage = ListPage<InvoiceListRow>;

type InvoiceRow = typeof invoices.$inferSelect;
type LineRow = typeof invoiceLineItems.$inferSelect;

const notFound = () => AppError.notFound(INVOICE_NOT_FOUND);

export function addressView(a: Partial<InvoiceAddress> | null | undefined): InvoiceAddressView {
  return {
    name: a?.name ?? '',
    street: a?.street ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
    zip_code: a?.zip_code ?? '',
    country: a?.country || 'US',
  };
}

export function lineView(l: LineRow): InvoiceLineView {
  return {
    id: l.id,
    quantity: Number(l.quantity),
    description: l.description,
    price_each: toMoneyString(l.priceEach),
    amount: lineAmount(l.quantity, l.priceEach),
    is_freight: l.isFreight,
  };
}

/**
 * The invoice reads, built once per database and then only run (see preparedQuery): building a
 * drizzle query costs more CPU than running these small indexed ones. Page fetches (a set per pageFetch)
 * and limits are literals, so PostgreSQL's one plan per statement walks the (date, id) index and stops.
 */
/**
 * The list's search: invoices.search (number, bill-to and ship-to names, its orders' names; kept by
 * triggers) contains the pattern. One condition for the list and its CSV export.
 */
export const invoiceSearchCondition = (pattern: string | SQL | SQL.Aliased | ReturnType<typeof sql.placeholder>) =>
  lowerKeyContains(invoices.search, pattern);

/**
 * A listed invoice's orders, oldest first, as [id, door number] pairs (null when it has none): read with
 * the page, in the same statement, so a list page is one round trip rather than two (each costs the
 * server a socket write and a read).
 */
// Written out, not with drizzle's columns: in a select from one table drizzle renders a column in `sql`
// without its table, and "id" would then be the subquery's own.
const refsColumn = sql<[number, string][] | null>`(select json_agg(json_build_array("orders"."id", "orders"."door_number")
    order by "orders"."date", "orders"."id") from "invoice_orders" inner join "orders" on "orders"."id" = "invoice_orders"."order_id"
    where "invoice_orders"."invoice_id" = "invoices"."id")`;

/** A listed row's orders, from refsColumn. */
const refsOf = (invoiceId: number, refs: [number, string][] | null): InvoiceOrderRef[] =>
  (refs ?? []).map(([orderId, doorNumber]) => ({ invoiceId, orderId, doorNumber }));

/**
 * What a list row shows (listRow), and no more: not the whole invoice (its addresses, search text and other
 * amounts), which PostgreSQL would send and the server parse and map for every row of every page.
 */
const listColumns = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  date: invoices.date,
  billToName: sql<string | null>`${invoices.billTo} ->> 'name'`,
  shipToName: sql<string | null>`${invoices.shipTo} ->> 'name'`,
  totalAmount: invoices.totalAmount,
  paymentsCredits: invoices.paymentsCredits,
  dueDate: invoices.dueDate,
  hasManualEdits: invoices.hasManualEdits,
  isCombined: invoices.isCombined,
  updatedAt: invoices.updatedAt,
};

type ListedInvoice = Pick<
  InvoiceRow,
  'id' | 'invoiceNumber' | 'date' | 'totalAmount' | 'paymentsCredits' | 'dueDate' | 'hasManualEdits' | 'isCombined' | 'updatedAt'
> & { billToName: string | null; shipToName: string | null };

function invoiceQueries(db: Db, fetch = INVOICE_PAGE_SIZE + 1) {
  const PAGE_FETCH = sql.raw(String(fetch));
  const named = (name: string) => (fetch === INVOICE_PAGE_SIZE + 1 ? name : `${name}_${fetch}`); // the default set keeps its names
  const pageIds = (where: SQL | undefined) =>
    sql`(select ${invoices.id} as "id" from ${invoices}${where ? sql` where ${where}` : sql``}
      order by ${invoices.date} desc, ${invoices.id} desc limit ${PAGE_FETCH} offset ${sql.placeholder('offset')}) as "page_ids"`;
  const page = (where: SQL | undefined, name: string) =>
    db
      .select({ invoice: listColumns, refs: refsColumn })
      .from(pageIds(where))
      .innerJoin(invoices, sql`${invoices.id} = "page_ids"."id"`)
      .orderBy(desc(invoices.date), desc(invoices.id))
      .prepare(name);
  return {
    byId: db
      .select()
      .from(invoices)
      .where(eq(invoices.id, sql.placeholder('id')))
      .prepare(named('invoice_by_id')),
    lines: db
      .select()
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoiceId, sql.placeholder('id')))
      .orderBy(asc(invoiceLineItems.position), asc(invoiceLineItems.id))
      .prepare(named('invoice_lines')),
    orderRefs: db
      .select({ invoiceId: invoiceOrders.invoiceId, orderId: orders.id, doorNumber: orders.doorNumber })
      .from(invoiceOrders)
      .innerJoin(orders, eq(orders.id, invoiceOrders.orderId))
      .where(sql`${invoiceOrders.invoiceId} = any(${sql.placeholder('ids')})`)
      .orderBy(asc(orders.date), asc(orders.id))
      .prepare(named('invoice_order_refs')),
    listPage: page(undefined, named('invoice_list_page')),
    // invoice_count, kept by triggers (no row when there are no invoices)
    listCount: db
      .select({ count: sql<number>`coalesce(sum(${invoiceCount.invoices}), 0)::int` })
      .from(invoiceCount)
      .prepare(named('invoice_list_count')),
    // A search: its page and its count (up to INVOICE_COUNT_LIMIT + 1) in one statement, from one
    // collection of the matches (a materialized CTE, which is also a fence: the trigram index finds
    // the matches, then they are sorted, whatever the term; see the orders list).
    // The status filter (issue 16): its page walks the (date, id) index, its count reads the matches.
    statusPage: page(
      sql`${invoiceStatusSql(sql.placeholder('today') as unknown as SQL)} = ${sql.placeholder('status')}`,
      named('invoice_status_page'),
    ),
    statusCount: db
      .select({ count: sql<number>`count(*)::int` })
      .from(invoices)
      .where(
        sql`${invoiceStatusSql(sql.placeholder('today') as unknown as SQL)} = ${sql.placeholder('status')}`,
      )
      .prepare(named('invoice_status_count')),
    searchStatusPage: db
      .select({ invoice: listColumns, refs: refsColumn, total: sql<number>`"page_ids"."total"` })
      .from(
        sql`(with "matching" as materialized (
            select ${invoices.id} as "id", ${invoices.date} as "date" from ${invoices} where ${invoiceSearchCondition(sql.placeholder('pattern'))}
              and ${invoiceStatusSql(sql.placeholder('today') as unknown as SQL)} = ${sql.placeholder('status')})
          select "id", (select count(*)::int from (select 1 from "matching" limit ${sql.raw(String(INVOICE_COUNT_LIMIT + 1))}) as "counted") as "total"
          from "matching" order by "date" desc, "id" desc limit ${PAGE_FETCH} offset ${sql.placeholder('offset')}) as "page_ids"`,
      )
      .innerJoin(invoices, sql`${invoices.id} = "page_ids"."id"`)
      .orderBy(desc(invoices.date), desc(invoices.id))
      .prepare(named('invoice_search_status_page')),
    searchPage: db
      .select({ invoice: listColumns, refs: refsColumn, total: sql<number>`"page_ids"."total"` })
      .from(
        sql`(with "matching" as materialized (
            select ${invoices.id} as "id", ${invoices.date} as "date" from ${invoices} where ${invoiceSearchCondition(sql.placeholder('pattern'))})
          select "id", (select count(*)::int from (select 1 from "matching" limit ${sql.raw(String(INVOICE_COUNT_LIMIT + 1))}) as "counted") as "total"
          from "matching" order by "date" desc, "id" desc limit ${PAGE_FETCH} offset ${sql.placeholder('offset')}) as "page_ids"`,
      )
      .innerJoin(invoices, sql`${invoices.id} = "page_ids"."id"`)
      .orderBy(desc(invoices.date), desc(invoices.id))
      .prepare(named('invoice_search_page')),
  };
}

const queriesOf = (db: Db, fetch = INVOICE_PAGE_SIZE + 1) =>
  preparedQuery(db, `invoices.reads.${fetch}`, (d) => invoiceQueries(d, fetch));

interface InvoiceOrderRef {
  invoiceId: number;
  orderId: number;
  doorNumber: string;
}

/** The orders of these invoices (one query), by invoice, oldest order first. */
export async function orderRefs(db: Db, invoiceIds: readonly number[]): Promise<Map<number, InvoiceOrderRef[]>> {
  const byInvoice = new Map<number, InvoiceOrderRef[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await queriesOf(db).orderRefs.execute({ ids: [...invoiceIds] });
  for (const r of rows) {
    const list = byInvoice.get(r.invoiceId) ?? [];
    list.push(r);
    byInvoice.set(r.invoiceId, list);
  }
  return byInvoice;
}

function listRow(row: ListedInvoice, refs: readonly InvoiceOrderRef[], today = todayIso()): InvoiceListRow {
  const payment = invoiceBalanceAndStatus({ total: row.totalAmount, paid: row.paymentsCredits, dueDate: row.dueDate, today });
  return {
    id: row.id,
    invoice_number: row.invoiceNumber,
    date: row.date,
    customer_name: customerNameOf(row.billToName, row.shipToName),
    order_number: refs.map((r) => r.doorNumber).join(', '),
    order_count: refs.length,
    orders: refs.map((r) => r.orderId),
    total_amount: toMoneyString(row.totalAmount),
    has_manual_edits: row.hasManualEdits,
    is_combined: row.isCombined,
    updated_at: row.updatedAt.toISOString(),
    balance_due: payment.balanceDue,
    due_date: row.dueDate,
    status: payment.status,
  };
}

/** The stored invoice with its lines and orders (three queries), or null. Pass a transaction to read inside it. */
export async function loadInvoiceRecord(db: Db, id: number) {
  const queries = queriesOf(db);
  const [row] = await queries.byId.execute({ id });
  if (!row) return null;
  const [lines, refs] = await Promise.all([queries.lines.execute({ id }), orderRefs(db, [id])]);
  return { row, lines, orders: refs.get(id) ?? [] };
}

export type InvoiceRecord = NonNullable<Awaited<ReturnType<typeof loadInvoiceRecord>>>;

export function editableDataOf(row: InvoiceRow, lines: readonly LineRow[]): EditableDataView {
  return {
    bill_to: addressView(row.billTo),
    ship_to: addressView(row.shipTo),
    po_job_name: row.poJobName,
    ship_date: row.shipDate,
    ship_via: row.shipVia,
    terms: row.terms,
    due_date: row.dueDate,
    tax_exempt: row.taxExempt,
    tax_rate: toMoneyString(row.taxRate),
    discount: toMoneyString(row.discount),
    discount_is_percentage: row.discountIsPercentage,
    payments_credits: toMoneyString(row.paymentsCredits),
    line_items: lines.map(lineView),
  };
}

export function totalsOf(row: InvoiceRow): InvoiceTotalsView {
  return {
    subtotal: toMoneyString(row.subtotal),
    discount_amount: toMoneyString(row.discountAmount),
    tax_amount: toMoneyString(row.taxAmount),
    total: toMoneyString(row.totalAmount),
    payments_credits: toMoneyString(row.paymentsCredits),
    balance_due: toMoneyString(row.balanceDue),
    credit: creditOf(row.totalAmount, row.paymentsCredits),
  };
}

/** What an invoice's PDF shows of it: its own fields and its orders' door numbers (not the full orders). */
export type InvoiceForDocument = Pick<
  InvoiceView,
  'invoice_number' | 'date' | 'editable_data' | 'line_items' | 'totals' | 'version'
> & { order_numbers: string[] };

/**
 * The invoice for its PDF: three statements (the row, its lines, its orders' numbers), where getInvoice
 * also reads every order in full. Every download of an unchanged PDF builds its HTML to compare hashes
 * (decision 061), so this read is on that path.
 */
export async function getInvoiceForDocument(deps: DbDeps, id: number): Promise<InvoiceForDocument> {
  const record = await loadInvoiceRecord(deps.database.db, id);
  if (!record) throw notFound();
  const { row, lines } = record;
  return {
    invoice_number: row.invoiceNumber,
    date: row.date,
    editable_data: editableDataOf(row, lines),
    line_items: { items: lines.map(lineView) },
    totals: totalsOf(row),
    version: row.version,
    order_numbers: record.orders.map((o) => o.doorNumber),
  };
}

/** GET /api/invoices/{id}/: the invoice, its lines, editable data, totals and its full orders. */
export async function getInvoice(deps: DbDeps, id: number): Promise<InvoiceView> {
  const record = await loadInvoiceRecord(deps.database.db, id);
  if (!record) throw notFound();
  const ordersData = await getOrders(
    deps,
    record.orders.map((o) => o.orderId),
  );
  const { row, lines } = record;
  return {
    ...listRow({ ...row, billToName: row.billTo?.name ?? null, shipToName: row.shipTo?.name ?? null }, record.orders),
    orders_data: ordersData,
    line_items: { items: lines.map(lineView) },
    editable_data: editableDataOf(row, lines),
    totals: totalsOf(row),
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface InvoiceListFilters {
  /** Customer name (bill-to / ship-to, or an order's billing or shipping name) or invoice number contains this, any case. */
  search?: string | null | undefined;
  /** Issue 16: the derived status (invoicePaymentStatus). */
  status?: InvoiceStatus | null | undefined;
  page?: number | null | undefined;
  /** Rows per page (1 to PAGE_SIZE_MAX); absent: INVOICE_PAGE_SIZE. */
  page_size?: number | null | undefined;
  /** Incremental sync: invoices changed at or after this moment, in `ordering` (default oldest change first). */
  updated_since?: Date | null | undefined;
  ordering?: 'updated_at' | '-updated_at' | null | undefined;
}

/** Past this many matches a search stops counting: `count` is then a lower bound (as on the orders list). */
export const INVOICE_COUNT_LIMIT = LIMITS.searchCountMax;

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
    // Sync order (issue 18): changed at or after `updated_since` (inclusive), by (updated_at, id); exact count.
    const db = deps.database.db;
    const where = and(
      filters.updated_since ? gte(invoices.updatedAt, filters.updated_since) : undefined,
      text ? invoiceSearchCondition(containsPattern(text)) : undefined,
      filters.status ? sql`${invoiceStatusSql(sql`${todayIso()}`)} = ${filters.status}` : undefined,
    );
    const direction = filters.ordering === '-updated_at' ? desc : asc;
    const [rows, [total]] = await Promise.all([
      db.select({ invoice: listColumns, refs: refsColumn }).from(invoices).where(where).orderBy(direction(invoices.updatedAt), direction(invoices.id)).limit(size + 1).offset(offset),
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
