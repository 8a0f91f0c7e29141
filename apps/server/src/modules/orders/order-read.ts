import { desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@icehouse/db/client';
import { MONTH_NAMES } from '@icehouse/domain';
import { orderMonthCounts, orders } from '@icehouse/db/schema';
import { statusChoices, type Choice } from '../lookups/service';
import { listHistory, type HistoryEntryView } from './history';
import { loadOrderViews, type OrderView } from './views';
import { preparedQuery } from '../../prepared-query';
import { notFound, type DbDeps } from './service-common';
import { listOrders } from './list-query';
import type { OrderListFilters, OrderListPage } from './list-filters';

/** Reading orders: one or several full answers, the list screen's first load, the month counts, history. */

export async function getOrder(deps: DbDeps, id: number): Promise<OrderView> {
  const [view] = await loadOrderViews(deps.database.db, [id]);
  if (!view) throw notFound();
  return view;
}

/** The order as the open transaction `tx` sees it (its reads built once, decision 218). */
export async function getOrderInTransaction(deps: DbDeps, tx: Db, id: number): Promise<OrderView> {
  const [view] = await loadOrderViews(tx, [id], deps.database);
  if (!view) throw notFound();
  return view;
}

/** Full answers for several orders at once (a fixed number of queries), missing ids skipped. */
export async function getOrders(deps: DbDeps, ids: readonly number[]): Promise<OrderView[]> {
  return loadOrderViews(deps.database.db, ids);
}

/** Years that have orders (any status), newest first: from the month counters, not the orders. */
export async function orderYears(deps: DbDeps): Promise<number[]> {
  const query = preparedQuery(deps.database.db, 'orders.years', (db) => {
    const year = sql<number>`extract(year from ${orderMonthCounts.month})::int`;
    return db
      .selectDistinct({ year })
      .from(orderMonthCounts)
      .where(sql`${orderMonthCounts.orders} > 0`)
      .orderBy(desc(year))
      .prepare('order_years');
  });
  const rows = await query.execute();
  return rows.map((r) => Number(r.year));
}

export interface InitialData {
  years: number[];
  statuses: Choice[];
  orders: OrderListPage;
}

/** GET /api/orders/initial_data/: the list screen's first load in one call. */
export async function initialData(deps: DbDeps, filters: OrderListFilters = {}): Promise<InitialData> {
  const [years, page] = await Promise.all([orderYears(deps), listOrders(deps, filters)]);
  return { years, statuses: statusChoices(), orders: page };
}

export interface MonthSummary {
  year: number;
  month: number;
  month_name: string;
  total_orders: number;
}

/**
 * GET /api/orders/by-month/: order counts per month, newest first; voided orders are not counted.
 * Read from the month counters (order_month_counts), so it costs the same for 1,000 or 1,000,000 orders.
 */
export async function ordersByMonth(deps: DbDeps): Promise<MonthSummary[]> {
  const query = preparedQuery(deps.database.db, 'orders.byMonth', (db) =>
    db
      .select({ month: orderMonthCounts.month, total: sql<number>`sum(${orderMonthCounts.orders})::int` })
      .from(orderMonthCounts)
      .where(ne(orderMonthCounts.status, 'voided'))
      .groupBy(orderMonthCounts.month)
      .having(sql`sum(${orderMonthCounts.orders}) > 0`)
      .orderBy(desc(orderMonthCounts.month))
      .prepare('orders_by_month'),
  );
  const rows = await query.execute();
  return rows.map((r) => {
    const month = Number(r.month.slice(5, 7));
    return {
      year: Number(r.month.slice(0, 4)),
      month,
      month_name: MONTH_NAMES[month - 1] ?? '',
      total_orders: Number(r.total),
    };
  });
}

// ------------------------------------------------------------------------------------- history

/** GET /api/orders/{id}/history/: newest first. */
export async function orderHistory(deps: DbDeps, id: number): Promise<HistoryEntryView[]> {
  const db = deps.database.db;
  const [exists] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
  if (!exists) throw notFound();
  return listHistory(db, id);
}
