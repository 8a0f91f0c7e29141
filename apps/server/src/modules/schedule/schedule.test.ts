import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { MESSAGES, SHIP_SCHEDULE_MAX_DAYS, addMoney, toMoneyString } from '@icehouse/domain';
import { orders } from '@icehouse/db/schema';
import { insertOrders, useOrdersTestApp } from '../../../tests/orders-test-support';
import { createOrder, invoiceOrder } from '../../../tests/invoices-test-support';
import { monthlyFiguresAnswer, shipScheduleAnswer } from './schemas';

/** The ship schedule and the dashboard's monthly figures, on both doors. */
const ctx = useOrdersTestApp();

async function withShipDates(
  specs: { ship: string; status?: 'pending' | 'scheduled_to_ship' | 'voided'; name?: string; door: string }[],
) {
  const ids = await insertOrders(
    ctx.database,
    specs.map((s) => ({ date: '2024-12-01', status: s.status, doorNumber: s.door, billingName: s.name })),
  );
  for (const [i, id] of ids.entries()) {
    await ctx.database.db
      .update(orders)
      .set({ shipDate: specs[i]!.ship })
      .where(inArray(orders.id, [id]));
  }
  return ids;
}

describe('ship schedule', () => {
  it('answers the orders shipping in the range (both ends included), by ship date then door number, without voided ones', async () => {
    const [, , first, second, last] = await withShipDates([
      { ship: '2024-12-31', door: 'S-1', name: 'Before' },
      { ship: '2025-02-01', door: 'S-2', name: 'After' },
      { ship: '2025-01-01', door: 'S-4', name: 'Lakeside Resort', status: 'scheduled_to_ship' },
      { ship: '2025-01-01', door: 'S-3', name: 'Acme Foods' },
      { ship: '2025-01-31', door: 'S-5', name: 'North Ice' },
      { ship: '2025-01-15', door: 'S-6', name: 'Voided', status: 'voided' },
    ]);
    const rest = await ctx.staff.get('/api/reports/ship-schedule/?start=2025-01-01&end=2025-01-31');
    expect(rest.statusCode, rest.body).toBe(200);
    const answer = shipScheduleAnswer.parse(rest.json());
    expect(answer.orders.map((o) => [o.id, o.door_number, o.ship_date])).toEqual([
      [second, 'S-3', '2025-01-01'],
      [first, 'S-4', '2025-01-01'],
      [last, 'S-5', '2025-01-31'],
    ]);
    expect(answer.orders[1]).toMatchObject({
      customer_name: 'Lakeside Resort',
      status: 'scheduled_to_ship',
      status_display: 'Scheduled to Ship',
    });
    const trpc = await ctx.staff.trpcQuery('schedule.shipSchedule', {
      start: '2025-01-01',
      end: '2025-01-31',
    });
    expect(trpc.json().result.data).toEqual(answer);
  });

  it('refuses a missing, invalid, reversed or too long range with field errors (400 on both doors)', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['end=2025-01-31', { start: [MESSAGES.scheduleStartRequired] }],
      ['start=2025-01-01&end=', { end: [MESSAGES.scheduleEndRequired] }],
      ['start=2025-02-30&end=2025-03-01', { start: [MESSAGES.dateInvalid] }],
      ['start=2025-01-31&end=2025-01-30', { end: [MESSAGES.scheduleEndBeforeStart] }],
      ['start=2025-01-01&end=2025-03-04', { end: [MESSAGES.scheduleRangeTooLong(SHIP_SCHEDULE_MAX_DAYS)] }],
    ];
    for (const [query, errors] of cases) {
      const res = await ctx.staff.get(`/api/reports/ship-schedule/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual(errors);
    }
    // 62 days is the most: 2025-01-01 .. 2025-03-03
    expect(
      (await ctx.staff.get('/api/reports/ship-schedule/?start=2025-01-01&end=2025-03-03')).statusCode,
    ).toBe(200);
    const trpc = await ctx.staff.trpcQuery('schedule.shipSchedule', {
      start: '2025-01-01',
      end: '2025-03-04',
    });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.fieldErrors).toEqual({
      end: [MESSAGES.scheduleRangeTooLong(SHIP_SCHEDULE_MAX_DAYS)],
    });
  });
});

describe('monthly figures', () => {
  it('counts orders per month over 12 months across a year boundary, empty months as zero, voided not counted', async () => {
    await insertOrders(ctx.database, [
      { date: '2024-02-29' }, // the month before the window: not counted
      { date: '2024-03-01' },
      { date: '2024-03-31' },
      { date: '2024-12-31' },
      { date: '2025-01-01' },
      { date: '2025-01-15', status: 'voided' },
      { date: '2025-02-28' },
      { date: '2025-03-01' }, // after the window
    ]);
    const res = await ctx.staff.get('/api/reports/monthly/?through=2025-02');
    expect(res.statusCode, res.body).toBe(200);
    const answer = monthlyFiguresAnswer.parse(res.json());
    expect(answer.through).toBe('2025-02');
    expect(answer.months.map((m) => m.month)).toEqual([
      '2024-03',
      '2024-04',
      '2024-05',
      '2024-06',
      '2024-07',
      '2024-08',
      '2024-09',
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
    ]);
    expect(answer.months.map((m) => m.orders)).toEqual([2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1]);
    expect(answer.months[0]).toEqual({ month: '2024-03', label: 'March 2024', orders: 2, revenue: '0.00' });
    expect(answer).toMatchObject({ total_orders: 5, total_revenue: '0.00' });
    // tRPC answers the same; without `through`, the window ends with the current month.
    expect(
      (await ctx.staff.trpcQuery('schedule.monthly', { through: '2025-02' })).json().result.data,
    ).toEqual(answer);
    const current = monthlyFiguresAnswer.parse((await ctx.staff.get('/api/reports/monthly/')).json());
    expect(current.months).toHaveLength(12);
    expect(current.through).toBe(current.months[11]!.month);
    const bad = await ctx.staff.get('/api/reports/monthly/?through=2025-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ through: [MESSAGES.monthInvalid] });
  });

  it("revenue per month is the sum of the invoices' own totals, exact to the cent", async () => {
    const prices = ['999.99', '1234.57', '0.01', '333.33', '12000.05'];
    const dates = ['2024-12-31', '2024-12-01', '2025-01-01', '2025-01-31', '2023-12-31'];
    const totals: Record<string, string[]> = {};
    for (const [i, price] of prices.entries()) {
      const order = await createOrder(ctx, {
        building_info: { product: ctx.cat.product.cooler, price },
        discount: String(i * 3.3),
        freight_cost: '17.17',
      });
      const invoice = await invoiceOrder(ctx, order.id);
      const patched = await ctx.staff.patch(`/api/invoices/${invoice.id}/`, { date: dates[i] });
      expect(patched.statusCode, patched.body).toBe(200);
      const month = dates[i]!.slice(0, 7);
      (totals[month] ??= []).push(patched.json().total_amount as string);
    }
    const answer = monthlyFiguresAnswer.parse(
      (await ctx.staff.get('/api/reports/monthly/?through=2025-01')).json(),
    );
    const byMonth = Object.fromEntries(answer.months.map((m) => [m.month, m.revenue]));
    expect(byMonth['2024-12']).toBe(toMoneyString(addMoney(...totals['2024-12']!)));
    expect(byMonth['2025-01']).toBe(toMoneyString(addMoney(...totals['2025-01']!)));
    expect(byMonth['2024-11']).toBe('0.00');
    expect(answer.months.some((m) => m.month === '2023-12')).toBe(false);
    expect(answer.total_revenue).toBe(toMoneyString(addMoney(...totals['2024-12']!, ...totals['2025-01']!)));
    // Orders are counted by their order date (all 2024-05-01 here), not by their invoices'.
    expect(answer.months.find((m) => m.month === '2024-05')).toMatchObject({ orders: 5, revenue: '0.00' });
    expect(answer.total_orders).toBe(5);
  });
});
