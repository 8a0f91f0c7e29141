import { ORDER_STATUSES, twoDigitMonth, type OrderStatus } from '@icehouse/domain';
import type { OrderListInput } from './types';

/**
 * The orders list's filters as they live in the URL (orders spec §2): /orders?year=2024&month=03
 * &status=processed&customer=Smith&serial=1042. The URL is the source of truth: the page reads it
 * on load and writes every change back, so a filtered list can be bookmarked, shared and reloaded.
 */
export interface OrderFilters {
  year: number | null;
  /** 1..12 (the URL carries it with two digits). */
  month: number | null;
  status: OrderStatus | null;
  customer: string;
  serial: string;
}

export const EMPTY_FILTERS: OrderFilters = {
  year: null,
  month: null,
  status: null,
  customer: '',
  serial: '',
};

/** The query parameters, in the order they are written. */
export const FILTER_PARAMS = ['year', 'month', 'status', 'customer', 'serial'] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

function intIn(raw: string | null, min: number, max: number): number | null {
  if (raw === null || !/^\d{1,4}$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return value >= min && value <= max ? value : null;
}

function isOrderStatus(value: string | null): value is OrderStatus {
  return value !== null && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * Filters from a query string. Values the server would refuse (month 13, an unknown status, a year
 * that is not a number) are ignored rather than failing the whole list.
 */
export function readOrderFilters(params: URLSearchParams): OrderFilters {
  const status = params.get('status');
  return {
    year: intIn(params.get('year'), 1, 9999),
    month: intIn(params.get('month'), 1, 12),
    status: isOrderStatus(status) ? status : null,
    customer: params.get('customer') ?? '',
    serial: params.get('serial') ?? '',
  };
}

/** The value of one filter as it is written to the URL ('' for none). */
export function filterParamValue(filters: OrderFilters, key: FilterParam): string {
  switch (key) {
    case 'year':
      return filters.year === null ? '' : String(filters.year);
    case 'month':
      return filters.month === null ? '' : twoDigitMonth(filters.month);
    case 'status':
      return filters.status ?? '';
    case 'customer':
      return filters.customer.trim();
    case 'serial':
      return filters.serial.trim();
  }
}

/** `?year=2024&month=03...` for these filters; empty filters are left out ('' when there are none). */
export function ordersSearch(filters: Partial<OrderFilters>): string {
  const full = { ...EMPTY_FILTERS, ...filters };
  const params = new URLSearchParams();
  for (const key of FILTER_PARAMS) {
    const value = filterParamValue(full, key);
    if (value !== '') params.set(key, value);
  }
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** The link to the orders list with these filters: '/orders?year=2024&month=03'. */
export function ordersPath(filters: Partial<OrderFilters> = {}): string {
  return `/orders${ordersSearch(filters)}`;
}

/**
 * `params` with one filter set (or removed when blank), other parameters kept: what the page
 * writes back to the URL when a filter changes.
 */
export function withFilter(
  params: URLSearchParams,
  key: FilterParam,
  filters: OrderFilters,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const value = filterParamValue(filters, key);
  if (value === '') next.delete(key);
  else next.set(key, value);
  return next;
}

/** What orders.list / orders.initialData are asked: only the filters that are set. */
export function listInput(filters: OrderFilters): OrderListInput {
  const input: OrderListInput = {};
  if (filters.year !== null) input.year = filters.year;
  if (filters.month !== null) input.month = filters.month;
  if (filters.status !== null) input.status = filters.status;
  const customer = filters.customer.trim();
  if (customer !== '') input.customer = customer;
  const serial = filters.serial.trim();
  if (serial !== '') input.serial = serial;
  return input;
}
