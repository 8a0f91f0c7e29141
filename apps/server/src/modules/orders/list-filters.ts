import { and, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrderStatus } from '@icehouse/domain';
import { addresses, orderCustomerNames, orderMonthCounts, orders } from '@icehouse/db/schema';
import type { ListPage } from '../../operations/list-page';
import type { OrderListRow } from './views';
import { containsPattern, lowerKeyContains } from '../../like-pattern';

/**
 * The order list's filters as SQL, shared by the list (list-query.ts) and its CSV export
 * (export-query.ts): the shape of a request's filters, their placeholder values and conditions.
 */
/** Rows per page of the order list (GET /api/orders/list-view/ and orders.list) unless `page_size` says otherwise. */
export const ORDER_PAGE_SIZE = 25;

/** The rows per page a request asks for. */
export const orderPageSize = (f: OrderListFilters) => f.page_size ?? ORDER_PAGE_SIZE;

export interface OrderListFilters {
  year?: number | null | undefined;
  month?: number | null | undefined;
  status?: OrderStatus | null | undefined;
  /** Billing or shipping name contains this (case-insensitive). */
  customer?: string | null | undefined;
  /** Door number contains this (case-insensitive). */
  serial?: string | null | undefined;
  page?: number | null | undefined;
  /** Rows per page (1 to PAGE_SIZE_MAX); absent: ORDER_PAGE_SIZE. */
  page_size?: number | null | undefined;
  include_voided?: boolean | null | undefined;
  /** Incremental sync: orders changed at or after this moment, in `ordering` (default oldest change first). */
  updated_since?: Date | null | undefined;
  ordering?: 'updated_at' | '-updated_at' | null | undefined;
}

export type OrderListPage = ListPage<OrderListRow>;

const isoDay = (y: number, m: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;

/** The list's date range for `year` (and `month`): [from, to). */
export function dateRange(f: OrderListFilters): { from: string; to: string } | null {
  if (!f.year) return null;
  const from = isoDay(f.year, f.month ?? 1);
  const to = f.month
    ? f.month === 12
      ? isoDay(f.year + 1, 1)
      : isoDay(f.year, f.month + 1)
    : isoDay(f.year + 1, 1);
  return { from, to };
}

/**
 * Which filters a list request uses (its queries' shape: each shape is built once, see
 * preparedQuery) and the values for their placeholders.
 */
export interface ListShape {
  status: 'equals' | 'not_voided' | 'any';
  dates: 'range' | 'month' | 'any';
  customer: boolean;
  serial: boolean;
  key: string;
}

export function listShape(f: OrderListFilters): ListShape {
  const status = f.status ? 'equals' : f.include_voided ? 'any' : 'not_voided';
  const dates = f.year ? 'range' : f.month ? 'month' : 'any';
  const customer = Boolean(f.customer?.trim());
  const serial = Boolean(f.serial?.trim());
  return {
    status,
    dates,
    customer,
    serial,
    key: `${status}.${dates}.${customer ? 'customer' : ''}.${serial ? 'serial' : ''}`,
  };
}

export function listValues(f: OrderListFilters, page: number): Record<string, unknown> {
  const range = dateRange(f);
  return {
    status: f.status ?? null,
    from: range?.from ?? null,
    to: range?.to ?? null,
    month: f.month ?? null,
    customer: containsPattern(f.customer?.trim() ?? ''),
    serial: containsPattern(f.serial?.trim() ?? ''),
    offset: (page - 1) * orderPageSize(f),
    size: orderPageSize(f),
  };
}

/** The filter of a list shape, on orders (or, for status and dates, on the month counters). */
export function listConditions(
  shape: ListShape,
  table: 'orders' | 'counters' | 'orders-without-text' | 'orders-by-names' = 'orders',
): SQL | undefined {
  const status = table === 'counters' ? orderMonthCounts.status : orders.status;
  const date = table === 'counters' ? orderMonthCounts.month : orders.date;
  const conditions: SQL[] = [];
  if (shape.status === 'equals') conditions.push(eq(status, sql.placeholder('status')));
  // A literal, not a parameter: PostgreSQL's generic plan for a prepared statement can then see it.
  else if (shape.status === 'not_voided') conditions.push(sql`${status} <> 'voided'`);
  // Ranges, so the (date, id) index serves them.
  if (shape.dates === 'range')
    conditions.push(sql`${date} >= ${sql.placeholder('from')}`, sql`${date} < ${sql.placeholder('to')}`);
  else if (shape.dates === 'month')
    conditions.push(sql`extract(month from ${date}) = ${sql.placeholder('month')}`);
  if (table === 'orders' || table === 'orders-by-names') conditions.push(...textConditionList(shape, table === 'orders-by-names'));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * The text filters of a list shape (customer, serial), on orders. orders.customer_search is the billing
 * and the shipping name (kept by triggers), trigram-indexed. `byNames`: the customer search finds the
 * matching names first (order_customer_names: every distinct customer_search, trigram-indexed, about one
 * for ten orders), then the orders that have one of them (an index of orders by customer_search, read
 * alone): the same orders as the ILIKE on orders, linked to a customer or not (decision 181). The names
 * being unique, PostgreSQL joins them to their orders as they stream instead of collecting them all
 * first, so a count that stops at the limit stops early for a common term too (decision 233).
 */
export function textConditionList(shape: ListShape, byNames = false): SQL[] {
  const conditions: SQL[] = [];
  if (shape.customer)
    conditions.push(
      byNames
        ? sql`${orders.customerSearch} in (select ${orderCustomerNames.search} from ${orderCustomerNames} where ${lowerKeyContains(orderCustomerNames.search, sql.placeholder('customer'))})`
        : lowerKeyContains(orders.customerSearch, sql.placeholder('customer')),
    );
  if (shape.serial) conditions.push(ilike(orders.doorNumber, sql.placeholder('serial')));
  return conditions;
}

export const textConditions = (shape: ListShape) => and(...textConditionList(shape));

/** The billing and shipping addresses of a listed or exported order. */
export const listBilling = alias(addresses, 'list_billing');
export const listShipping = alias(addresses, 'list_shipping');
