import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { LIMITS } from '@icehouse/domain';
import { invoiceCount, invoiceLineItems, invoiceOrders, invoices, orders } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { preparedQuery } from '../../prepared-query';
import { lowerKeyContains } from '../../like-pattern';
import { invoiceStatusSql } from './status-filter';

/** Rows per page of the invoice list. */
export const INVOICE_PAGE_SIZE = 25;

type InvoiceRow = typeof invoices.$inferSelect;

/** Past this many matches a search stops counting: `count` is then a lower bound (as on the orders list). */
export const INVOICE_COUNT_LIMIT = LIMITS.searchCountMax;

/**
 * The list's search: invoices.search (number, bill-to and ship-to names, its orders' names; kept by
 * triggers) contains the pattern. One condition for the list and its CSV export.
 */
export const invoiceSearchCondition = (
  pattern: string | SQL | SQL.Aliased | ReturnType<typeof sql.placeholder>,
) => lowerKeyContains(invoices.search, pattern);

/**
 * A listed invoice's orders, oldest first, as [id, door number] pairs (null when it has none): read with
 * the page, in the same statement, so a list page is one round trip rather than two (each costs the
 * server a socket write and a read).
 */
// Written out, not with drizzle's columns: in a select from one table drizzle renders a column in `sql`
// without its table, and "id" would then be the subquery's own.
export const refsColumn = sql<
  [number, string][] | null
>`(select json_agg(json_build_array("orders"."id", "orders"."door_number")
    order by "orders"."date", "orders"."id") from "invoice_orders" inner join "orders" on "orders"."id" = "invoice_orders"."order_id"
    where "invoice_orders"."invoice_id" = "invoices"."id")`;

/**
 * What a list row shows (listRow), and no more: not the whole invoice (its addresses, search text and other
 * amounts), which PostgreSQL would send and the server parse and map for every row of every page.
 */
export const listColumns = {
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

export type ListedInvoice = Pick<
  InvoiceRow,
  | 'id'
  | 'invoiceNumber'
  | 'date'
  | 'totalAmount'
  | 'paymentsCredits'
  | 'dueDate'
  | 'hasManualEdits'
  | 'isCombined'
  | 'updatedAt'
> & { billToName: string | null; shipToName: string | null };

/**
 * The invoice reads, built once per database and then only run (see preparedQuery): building a
 * drizzle query costs more CPU than running these small indexed ones. Page fetches (a set per pageFetch)
 * and limits are literals, so PostgreSQL's one plan per statement walks the (date, id) index and stops.
 */
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
    // The status filter: its page walks the (date, id) index, its count reads the matches.
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

export const queriesOf = (db: Db, fetch = INVOICE_PAGE_SIZE + 1) =>
  preparedQuery(db, `invoices.reads.${fetch}`, (d) => invoiceQueries(d, fetch));

export interface InvoiceOrderRef {
  invoiceId: number;
  orderId: number;
  doorNumber: string;
}

/** The orders of these invoices (one query), by invoice, oldest order first. */
export async function orderRefs(
  db: Db,
  invoiceIds: readonly number[],
): Promise<Map<number, InvoiceOrderRef[]>> {
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
