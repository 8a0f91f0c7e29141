import { and, asc, eq, sql } from 'drizzle-orm';
import { customerBalanceOf } from '@icehouse/domain';
import { rowsOf } from '@icehouse/db';
import { customerAddresses, customers, orders } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { preparedQuery } from '../../prepared-query';
import { pageFetch, pageRows, searchCount } from '../../operations/list-page';
import { containsPattern } from '../../like-pattern';
import { customerBalanceSums } from '../ledger/invoice-owner';
import {
  CUSTOMER_COUNT_LIMIT,
  CUSTOMER_PAGE_SIZE,
  billingAddressOf,
  shipToView,
  type CustomerListFilters,
  type CustomerListPage,
  type CustomerListRow,
  type DbDeps,
} from './customer-views';

/** The customers list: search, pages, sync order; each row with its default ship-to, order count and balance. */

/** The list's search (name, email, phone or billing city contains the text): one condition for the list and its CSV. */
export const customerSearchCondition = (text: string) =>
  sql`${customers.search} ilike ${containsPattern(text)}`;

/**
 * The list, by name (then id), 25 a page (or `page_size`). A search looks in name, email, phone and billing city
 * (customers.search, trigram-indexed). Its matches are collected first (a materialized CTE: the
 * trigram index, whatever plan the statement was given) and counted up to CUSTOMER_COUNT_LIMIT in
 * the same query; the page's rows, default ship-tos and order counts come from one more (listRows).
 * Every statement is prepared once (listQueries).
 */
export async function listCustomers(
  deps: DbDeps,
  filters: CustomerListFilters = {},
): Promise<CustomerListPage> {
  const db = deps.database.db;
  const page = filters.page ?? 1;
  const size = filters.page_size ?? CUSTOMER_PAGE_SIZE;
  const offset = (page - 1) * size;
  const text = filters.search?.trim() ?? '';
  const fetch = pageFetch(size, CUSTOMER_PAGE_SIZE);
  if (filters.updated_since || filters.ordering) {
    // Sync order: (updated_at, id), oldest first unless -updated_at; inclusive; exact count.
    const where = sql.join(
      [
        text ? customerSearchCondition(text) : sql`true`,
        filters.updated_since
          ? sql`"updated_at" >= ${filters.updated_since.toISOString()}::timestamptz`
          : sql`true`,
      ],
      sql` and `,
    );
    const direction = sql.raw(filters.ordering === '-updated_at' ? 'desc' : 'asc');
    const [found, [counted]] = await Promise.all([
      db
        .execute(
          sql`select "id" from "customers" where ${where} order by "updated_at" ${direction}, "id" ${direction} limit ${fetch} offset ${offset}`,
        )
        .then((r) => rowsOf<{ id: number }>(r)),
      db
        .execute(sql`select count(*)::int as "count" from "customers" where ${where}`)
        .then((r) => rowsOf<{ count: number }>(r)),
    ]);
    const { rows, next, previous } = pageRows(found, page, size);
    return {
      count: Number(counted?.count ?? 0),
      next,
      previous,
      results: await listRows(
        db,
        rows.map((r) => Number(r.id)),
      ),
    };
  }
  const { searchPage, page: plainPage, count: plainCount } = listQueries(db, fetch);
  const [ids, total] = await Promise.all([
    text ? searchPage.execute({ pattern: containsPattern(text), offset }) : plainPage.execute({ offset }),
    text ? Promise.resolve(null) : plainCount.execute().then((r) => r[0]?.count ?? 0),
  ]);
  const count =
    total !== null
      ? Number(total)
      : await searchCount(ids.length, page, size, CUSTOMER_COUNT_LIMIT, () => Number(ids[0]?.total ?? 0));
  const { rows, next, previous } = pageRows(ids, page, size);
  return {
    count,
    next,
    previous,
    results: await listRows(
      db,
      rows.map((r) => Number(r.id)),
    ),
  };
}

/**
 * The list's statements, built once per database as prepared statements (prepared-query.ts): a
 * search's page ids with its count up to CUSTOMER_COUNT_LIMIT (its matches collected first in a
 * materialized CTE, so the trigram index is used whatever the plan), the unfiltered page, its count.
 */
function listQueries(database: Db, rows: number) {
  // The default page's statements keep their names; the larger fetch (pageFetch) is a second set.
  const suffix = rows === CUSTOMER_PAGE_SIZE + 1 ? '' : `_${rows}`;
  return preparedQuery(database, `customers.list${suffix}`, (db) => {
    const fetch = sql.raw(String(rows));
    const pageIds = sql`(with "matching" as materialized (
        select ${customers.id} as "id", ${customers.name} as "name" from ${customers}
        where ${customers.search} ilike ${sql.placeholder('pattern')})
      select "id", "name", (select count(*)::int from (select 1 from "matching"
        limit ${sql.raw(String(CUSTOMER_COUNT_LIMIT + 1))}) as "counted") as "total"
      from "matching" order by "name", "id" limit ${fetch} offset ${sql.placeholder('offset')}) as "page_ids"`;
    return {
      searchPage: db
        .select({
          id: sql<number>`"page_ids"."id"`.mapWith(Number),
          total: sql<number | null>`"page_ids"."total"`,
        })
        .from(pageIds)
        .orderBy(sql`"page_ids"."name"`, sql`"page_ids"."id"`)
        .prepare(`customer_search_page${suffix}`),
      page: db
        .select({ id: customers.id, total: sql<number | null>`null::int` })
        .from(customers)
        .orderBy(asc(customers.name), asc(customers.id))
        .limit(rows)
        .offset(sql.placeholder('offset'))
        .prepare(`customer_page${suffix}`),
      count: db
        .select({ count: sql<number>`count(*)::int` })
        .from(customers)
        .prepare(`customer_count${suffix}`),
    };
  });
}

/** listRows's statement: the rows of any number of ids (`= any($ids)`), built once per database. */
function listRowsQuery(database: Db) {
  return preparedQuery(database, 'customers.listRows', (db) =>
    db
      .select({
        customer: customers,
        ship: customerAddresses,
        orderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.customerId} = ${customers.id})`,
        // The sums a customer's page shows (exact numeric sums of the stored figures); the balance is the domain's.
        ...customerBalanceSums(sql`${customers.id}`),
      })
      .from(customers)
      .leftJoin(
        customerAddresses,
        and(eq(customerAddresses.customerId, customers.id), eq(customerAddresses.isDefault, true)),
      )
      .where(sql`${customers.id} = any(${sql.placeholder('ids')})`)
      .prepare('customer_list_rows'),
  );
}

/** The list's rows for these ids, in that order: one statement (each row, its default ship-to, order count and invoice sums). */
export async function listRows(db: Db, ids: number[]): Promise<CustomerListRow[]> {
  if (ids.length === 0) return [];
  const rows = await listRowsQuery(db).execute({ ids });
  const byId = new Map(rows.map((r) => [r.customer.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { customer: c, ship } = row;
    return [
      {
        id: c.id,
        name: c.name,
        phone: c.phone,
        email: c.email,
        billing_address: billingAddressOf(c),
        default_ship_to: ship ? shipToView(ship) : null,
        order_count: Number(row.orderCount),
        balance: customerBalanceOf(row.invoiced, row.paid, row.depositsHeld),
        version: c.version,
        updated_at: c.updatedAt.toISOString(),
      },
    ];
  });
}
