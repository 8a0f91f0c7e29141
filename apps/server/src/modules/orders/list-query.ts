import { and, asc, count as countRows, desc, eq, gte, ilike, sql, type SQL } from 'drizzle-orm';
import { LIMITS, customerNameOf, depositsHeldOf } from '@icehouse/domain';
import { billsOfLading, invoiceOrders, invoices, orderCustomerNames, orderDeposits, orderMonthCounts, orders } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { pageFetch, pageRows, searchCount } from '../../operations/list-page';
import { statusView } from './views';
import { preparedQuery } from '../../prepared-query';
import { containsPattern, lowerKeyContains } from '../../like-pattern';
import type { DbDeps } from './service-common';
import {
  ORDER_PAGE_SIZE,
  dateRange,
  listBilling,
  listConditions,
  listShape,
  listShipping,
  listValues,
  orderPageSize,
  textConditions,
  type ListShape,
  type OrderListFilters,
  type OrderListPage,
} from './list-filters';

/** The order list: the query builder for each shape of filter (list-filters.ts), and its pages. */

/**
 * How many of the newest orders a text search looks through first (see listQueries). A customer search
 * looks further: it looks only when its term is common enough (the names' share below), and a term that
 * matches one order in thirty ("resort", "marina" in the benchmark) fills a page within 2,000 orders
 * (~1 ms) where collecting its ~3,000 matches takes ~2.5 ms. Without that gate (a serial search) a look
 * that misses is paid in full, so it stays short.
 */
export const PROBE_ROWS = { customer: 2000, serial: 500 } as const;
const probeRows = (shape: ListShape) => (shape.customer ? PROBE_ROWS.customer : PROBE_ROWS.serial);

/**
 * Past this many matches a text search (customer, serial) stops counting: `count` is then a lower
 * bound (see listOrders).
 */
export const ORDER_COUNT_LIMIT = LIMITS.searchCountMax;

/**
 * The queries of a list shape:
 *
 * - rows: the page's ids first (26 of them for the default page, 101 past it: pageFetch) from the
 *   (date, id) or (status, date, id) index, or the trigram indexes for a search (the rows past the page
 *   only say whether there is a next page), then only those rows joined to their names, invoice and
 *   bill of lading: page 50 costs about what page 1 does; a text search's also counts its matches
 *   up to ORDER_COUNT_LIMIT + 1;
 * - first (a text search): its first pages, in one statement (see below);
 * - count (no text search): the per-month, per-status counters (order_month_counts, kept by
 *   triggers) summed over the filter, a few hundred rows whatever the number of orders.
 */
/**
 * The rows a list query fetches (a page and one more: pageFetch), written into the statement: with a
 * LIMIT parameter PostgreSQL's one plan for every value of it must allow for any number of rows (hash
 * joins over every order, ~25 ms); with the number known the plan walks the index and stops.
 */
const fetchSql = (fetch: number) => sql.raw(String(fetch));

/**
 * A page's rows: `ids` is a subquery named "page_ids" (its "id", and its "total" when `counted`), each
 * joined to its names, invoice and bill of lading. The caller orders them.
 */
function pageRowsQuery(db: Db, ids: SQL, counted: boolean) {
  return db
    .select({
      id: orders.id,
      status: orders.status,
      date: orders.date,
      doorNumber: orders.doorNumber,
      epsPoNumber: orders.epsPoNumber,
      shipDate: orders.shipDate,
      shipViaId: orders.shipViaId,
      billingName: listBilling.name,
      shippingName: listShipping.name,
      invoiceId: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      invoiceDate: invoices.date,
      bolId: billsOfLading.id,
      updatedAt: orders.updatedAt,
      // The entries of the order's deposit account (decision 212), summed by the domain's depositsHeldOf as
      // the order form's figure is: a subquery over order_deposits_order_id_idx for each row of the page only.
      depositAmounts: sql<string[] | null>`(select array_agg(${orderDeposits.amount}::text) from ${orderDeposits} where ${orderDeposits.orderId} = ${orders.id})`,
      // the matches counted up to the limit (a text search's rows), else null
      total: counted ? sql<number | null>`"page_ids"."total"` : sql<number | null>`null::int`,
    })
    .from(ids)
    .innerJoin(orders, sql`${orders.id} = "page_ids"."id"`)
    .leftJoin(listBilling, eq(listBilling.id, orders.billingAddressId))
    .leftJoin(listShipping, eq(listShipping.id, orders.shippingAddressId))
    .leftJoin(invoiceOrders, eq(invoiceOrders.orderId, orders.id))
    .leftJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
    .leftJoin(billsOfLading, eq(billsOfLading.orderId, orders.id));
}

function listQueries(db: Db, shape: ListShape, fenced: boolean, fetch: number) {
  const PAGE_FETCH = fetchSql(fetch);
  // Statements of the default page keep their names; the larger fetch is a second set.
  const key = fetch === ORDER_PAGE_SIZE + 1 ? shape.key : `${shape.key}_${fetch}`;
  const textSearch = shape.customer || shape.serial;
  // A customer search goes through the names (order_customer_names) first: see textConditionList.
  const where = listConditions(shape, 'orders-by-names');
  // `fenced` (PostgreSQL): a text search's matches are planned on their own: `offset 0` is a fence
  // (the subquery is not merged into the query around it) and the constants are literals. The
  // list statements are named prepared statements, which PostgreSQL runs with one generic plan for
  // every search term (packages/db sets force_generic_plan); without the fence that plan walks the
  // (date, id) index or the table hoping to meet 26 (or 1,001) matches early, and reads every order
  // when a term is rare (~90 ms). With it the trigram index finds the matches first: a few ms for
  // most terms, ~20 ms for one that matches 15% of the orders. PGlite plans every statement for its
  // own values (unnamed statements), so there the planner picks per term: the (date, id) index for
  // a common term.
  const matching = (columns: SQL) =>
    sql`(select ${columns} from ${orders} where ${where}${fenced ? sql` offset 0` : sql``}) as "matching"`;
  // A text search's page and its count (up to ORDER_COUNT_LIMIT + 1) come from one collection of
  // its matches (a CTE read twice, so materialized: also a fence, as above): one scan of the
  // trigram index and the matching rows instead of two, and one round trip instead of two.
  const pageIds = textSearch
    ? sql`(with "matching" as ${fenced ? sql`materialized ` : sql``}(
          select ${orders.id} as "id", ${orders.date} as "date" from ${orders} where ${where})
        select "id", (select count(*)::int from (select 1 from "matching"
          limit ${sql.raw(String(ORDER_COUNT_LIMIT + 1))}) as "counted") as "total"
        from "matching" order by "date" desc, "id" desc limit ${PAGE_FETCH} offset ${sql.placeholder('offset')}) as "page_ids"`
    : sql`(select ${orders.id} as "id" from ${orders}${where ? sql` where ${where}` : sql``}
        order by ${orders.date} desc, ${orders.id} desc limit ${PAGE_FETCH} offset ${sql.placeholder('offset')}) as "page_ids"`;
  const rowsFrom = (ids: SQL, name: string, counted: boolean) =>
    pageRowsQuery(db, ids, counted).orderBy(desc(orders.date), desc(orders.id)).prepare(name);
  const rows = rowsFrom(pageIds, `order_list_rows_${key}`, textSearch);
  // A text search's first pages (listOrders: within its PROBE_ROWS) in one statement, one round trip. It
  // looks first among the newest PROBE_ROWS orders of the other filters (the (date, id) index, then the
  // text on each): when a page and one more match there, they are the answer, since every match
  // outside is older, and the matches are counted on their own, up to the limit. A common term (one
  // order in seven: "lake") is found there in ~0.5 ms instead of ~20 ms of collecting all its
  // matches. Otherwise it collects them all as `rows` does. Each branch runs only when its one-time
  // condition holds (the probe's row count against $size), so a search pays for the look and one of
  // the two. (The window is named "orders" so that the text conditions, written on orders, apply to it.)
  // A customer search looks only when the term is common enough for the look to fill the page: when
  // it matches at least the share of the distinct names (order_customer_names, its size as PostgreSQL
  // last counted it) that a page and one more make of the window. Most terms match fewer ("smi": 81 of
  // 9,766 names, against 132 for the first page) and go straight to their matches, saving the look. The
  // names counted stop at that share; a wrong guess costs time only, never rows (decision 234).
  const filters = listConditions(shape, 'orders-without-text');
  const probeWindow = sql.raw(String(probeRows(shape)));
  // (The names come through a CTE, read only as far as the limit, so that the scan is planned for all
  // of them, through the trigram index: under a LIMIT of unknown size a plan for known values chose
  // to read the whole table.)
  const named = shape.customer
    ? sql`"share" as materialized (
          select ceil(greatest("reltuples", 0) * (${sql.placeholder('offset')} + ${PAGE_FETCH}) / ${probeWindow})::int as "n"
          from "pg_class" where "oid" = 'order_customer_names'::regclass),
        "named" as materialized (select 1 from ${orderCustomerNames}
          where ${lowerKeyContains(orderCustomerNames.search, sql.placeholder('customer'))}),`
    : sql``;
  const worthLooking = shape.customer
    ? sql`(select count(*) from (select 1 from "named" limit (select "n" from "share")) as "names") >= (select "n" from "share") and `
    : sql``;
  const firstIds = sql`(with ${named}
      "probe" as materialized (
        select "orders"."id" from (select * from ${orders}${filters ? sql` where ${filters}` : sql``}
          order by ${orders.date} desc, ${orders.id} desc limit ${probeWindow}) as "orders"
        where ${textConditions(shape)} order by "orders"."date" desc, "orders"."id" desc
        limit ${PAGE_FETCH} offset ${sql.placeholder('offset')}),
      "probed" as materialized (select ${worthLooking}(select count(*) from "probe") > ${sql.placeholder('size')} as "enough")
    select "id", (select count(*)::int from (select 1 from ${matching(sql`1`)}
        limit ${sql.raw(String(ORDER_COUNT_LIMIT + 1))}) as "matches") as "total"
      from "probe" where (select "enough" from "probed")
    union all
    select "id", "total" from ${pageIds} where not (select "enough" from "probed")) as "page_ids"`;
  const first = textSearch ? rowsFrom(firstIds, `order_list_first_${key}`, true) : null;
  const count = db
    .select({ count: sql<number>`coalesce(sum(${orderMonthCounts.orders}), 0)::int` })
    .from(orderMonthCounts)
    .where(listConditions(shape, 'counters'))
    .prepare(`order_list_count_${key}`);
  return { rows, first, count };
}

/**
 * GET /api/orders/list-view/: newest first (date desc, id desc), 25 a page (or `page_size`), at most two queries
 * for any page (listQueries): the rows, and `count`: exact without a text search (both queries
 * side by side); with one (customer, serial), exact up to ORDER_COUNT_LIMIT matches, past that a
 * lower bound (ORDER_COUNT_LIMIT, or the rows up to the end of this page and one more when that is
 * more) while `next` keeps leading on to the last page; on the last page of a search the count is
 * the rows seen, so no count is run. Voided orders only when asked for.
 */
export async function listOrders(deps: DbDeps, filters: OrderListFilters = {}): Promise<OrderListPage> {
  if (filters.updated_since || filters.ordering) return listOrdersByChange(deps, filters);
  const db = deps.database.db;
  const page = filters.page ?? 1;
  const shape = listShape(filters);
  const fenced = deps.database.kind === 'postgres';
  const size = orderPageSize(filters);
  const fetch = pageFetch(size, ORDER_PAGE_SIZE);
  const queries = preparedQuery(db, `orders.list.${shape.key}.${fetch}`, (d) => listQueries(d, shape, fenced, fetch));
  const values = listValues(filters, page);
  let fetched: Awaited<ReturnType<typeof queries.rows.execute>>;
  let count: number;
  if (queries.first) {
    // A text search: its first pages in one statement (the look among the newest orders, else all the
    // matches), deeper pages from all the matches. Either counted its matches, up to the limit.
    const offset = (page - 1) * size;
    const found = await (offset + size < probeRows(shape) ? queries.first : queries.rows).execute(values);
    fetched = found;
    count = await searchCount(found.length, page, size, ORDER_COUNT_LIMIT, () => Number(found[0]?.total ?? 0));
  } else {
    const [rows, [total]] = await Promise.all([queries.rows.execute(values), queries.count.execute(values)]);
    fetched = rows;
    count = Number(total?.count ?? 0);
  }
  const { rows, next, previous } = pageRows(fetched, page, size);
  return { count, next, previous, results: rows.map(listRowOf) };
}

type FetchedRow = Awaited<ReturnType<ReturnType<typeof listQueries>['rows']['execute']>>[number];

function listRowOf(r: Omit<FetchedRow, 'total'>) {
  return {
      id: r.id,
      ...statusView({
        status: r.status,
        eps_po_number: r.epsPoNumber,
        ship_date: r.shipDate,
        ship_via: r.shipViaId,
        has_invoice: r.invoiceId !== null,
        has_bol: r.bolId !== null,
      }),
      date: r.date,
      customer_name: customerNameOf(r.billingName, r.shippingName),
      door_number: r.doorNumber,
      invoice_details:
        r.invoiceId !== null
          ? { id: r.invoiceId, invoice_number: r.invoiceNumber ?? '', date: r.invoiceDate ?? '' }
          : null,
      updated_at: r.updatedAt.toISOString(),
      deposits_held: depositsHeldOf(r.depositAmounts ?? []),
  };
}

/**
 * The list in sync order: `updated_since` keeps the orders changed at or after that moment
 * (inclusive: rows changed in the same microsecond are not lost; a client skips the ids it has),
 * ordered by (updated_at, id), oldest first unless `ordering=-updated_at`; the other filters apply as
 * usual. Served by the (updated_at, id) index; an exact count.
 */
async function listOrdersByChange(deps: DbDeps, f: OrderListFilters): Promise<OrderListPage> {
  const db = deps.database.db;
  const page = f.page ?? 1;
  const size = orderPageSize(f);
  const range = dateRange(f);
  const conditions: (SQL | undefined)[] = [
    f.status ? eq(orders.status, f.status) : f.include_voided ? undefined : sql`${orders.status} <> 'voided'`,
    range ? and(gte(orders.date, range.from), sql`${orders.date} < ${range.to}`) : f.month ? sql`extract(month from ${orders.date}) = ${f.month}` : undefined,
    f.customer?.trim() ? lowerKeyContains(orders.customerSearch, containsPattern(f.customer.trim())) : undefined,
    f.serial?.trim() ? ilike(orders.doorNumber, containsPattern(f.serial.trim())) : undefined,
    f.updated_since ? gte(orders.updatedAt, f.updated_since) : undefined,
  ];
  const where = and(...conditions);
  const direction = f.ordering === '-updated_at' ? desc : asc;
  const dir = sql.raw(f.ordering === '-updated_at' ? 'desc' : 'asc');
  const ids = sql`(select ${orders.id} as "id" from ${orders}${where ? sql` where ${where}` : sql``}
    order by ${orders.updatedAt} ${dir}, ${orders.id} ${dir}
    limit ${size + 1} offset ${(page - 1) * size}) as "page_ids"`;
  const [fetched, [total]] = await Promise.all([
    pageRowsQuery(db, ids, false).orderBy(direction(orders.updatedAt), direction(orders.id)),
    db.select({ n: countRows() }).from(orders).where(where),
  ]);
  const { rows, next, previous } = pageRows(fetched, page, size);
  return { count: Number(total?.n ?? 0), next, previous, results: rows.map(listRowOf) };
}
