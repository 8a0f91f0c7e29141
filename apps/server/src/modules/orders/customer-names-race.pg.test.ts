import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@icehouse/db';
import { orderPayload, useOrdersTestApp } from '../../../tests/orders-test-support';
import { listOrders } from './list-query';

/**
 * Saves typing the same new customer name at once: each gets its order, the name is kept once (the
 * customer search counts through the names, decision 233), and the search counts every order once.
 * PostgreSQL only (a `.pg.test.ts` file): PGlite runs one statement at a time, so nothing races there.
 */
const ctx = useOrdersTestApp();

describe('a new customer name saved by several orders at once', () => {
  it('creates every order, keeps the name once, and the search counts each order once', async () => {
    const payload = orderPayload(ctx.cat, { date: '2024-03-03' });
    const billing = { ...(payload.billing_address as Record<string, unknown>), name: 'Wolverine Bait Shop' };
    const created = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        ctx.staff.post('/api/orders/', { ...payload, door_number: `RACE-${i}`, billing_address: billing }),
      ),
    );
    expect(created.map((r) => r.statusCode)).toEqual(Array(16).fill(201));
    const names = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as n from order_customer_names where search ilike '%wolverine%'`),
    );
    expect(Number(names[0]!.n)).toBe(1);
    const answer = await listOrders({ database: ctx.database }, { customer: 'wolverine', page_size: 3 });
    expect(answer.count).toBe(16);
    expect(answer.next).toBe(2);
  });
});
