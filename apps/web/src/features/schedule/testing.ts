/**
 * Fakes of the schedule procedures for the web tests (only tests import this file), answering the
 * way the server's do (apps/server/src/modules/schedule) with the domain's own rules.
 */
import { monthlyFigures, monthsThrough, statusLabel, todayIso, type OrderStatus } from '@icehouse/domain';
import type { MonthlyFigures, ScheduledOrder } from './types';

export interface FakeDatedOrder {
  id: number;
  date: string;
  status: OrderStatus;
}

function through(input: unknown): string {
  const value = input && typeof input === 'object' ? (input as { through?: unknown }).through : undefined;
  return typeof value === 'string' && value ? value : todayIso().slice(0, 7);
}

/** `schedule.monthly` over these orders (voided not counted) and invoices ({date, total}). */
export function fakeMonthlyFigures(
  orders: readonly FakeDatedOrder[],
  input: unknown,
  invoices: readonly { date: string; total: string }[] = [],
): MonthlyFigures {
  const last = through(input);
  const figures = monthlyFigures(
    monthsThrough(last),
    orders.filter((o) => o.status !== 'voided').map((o) => ({ month: o.date.slice(0, 7), orders: 1 })),
    invoices.map((i) => ({ month: i.date.slice(0, 7), revenue: i.total })),
  );
  return { through: last, ...figures };
}

/** One order of the ship schedule's answer. */
export function scheduledOrder(
  id: number,
  shipDate: string,
  overrides: Partial<ScheduledOrder> = {},
): ScheduledOrder {
  const status = overrides.status ?? 'scheduled_to_ship';
  return {
    id,
    door_number: String(1000 + id),
    customer_name: `Customer ${id}`,
    status,
    status_display: statusLabel(status),
    date: '2026-10-01',
    ship_date: shipDate,
    ...overrides,
  };
}

/** `schedule.shipSchedule` over these orders: the ones in [start, end], by ship date. */
export function fakeShipSchedule(orders: readonly ScheduledOrder[], input: unknown) {
  const { start, end } = input as { start: string; end: string };
  return {
    start,
    end,
    orders: orders
      .filter((o) => o.ship_date >= start && o.ship_date <= end && o.status !== 'voided')
      .sort((a, b) => a.ship_date.localeCompare(b.ship_date) || a.door_number.localeCompare(b.door_number)),
  };
}
