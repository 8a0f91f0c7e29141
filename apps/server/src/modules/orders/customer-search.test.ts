import { beforeEach, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { rowsOf } from '@icehouse/db';
import { addresses, customers, orders } from '@icehouse/db/schema';
import { listOrders } from './list-query';
import { insertOrders, orderPayload, useOrdersTestApp, type BulkOrder } from '../../../tests/orders-test-support';

/**
 * The list's customer search finds the matching names first (order_customer_names), then their orders
 * (decision 181). It must answer what the ILIKE on orders answered before, page for page: orders linked
 * to a customer or not, names that differ from their customer's, renamed addresses, new orders.
 */

const ctx = useOrdersTestApp();
const deps = () => ({ database: ctx.database });

const FIRST = ['Anna', 'Erik', 'Ole', 'Ingrid', 'Lars', 'Smitty', 'ÅSA', 'björn'];
const LAST = ['Smith', 'Lindqvist', 'Nygaard', 'Olson', 'Smithson', 'Thibodeaux', 'ÖSTERLUND', 'mcINTYRE'];

/** 300 orders over three years, every 9th voided; names from a few parts so that terms match many. */
function plan(): BulkOrder[] {
  return Array.from({ length: 300 }, (_, i) => {
    const billing = i % 13 === 0 ? '' : `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}${i % 5 === 0 ? ' Resort' : ''}`;
    return {
      date: `${2022 + (i % 3)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
      status: i % 9 === 0 ? 'voided' : i % 4 === 0 ? 'processed' : 'pending',
      doorNumber: `CS-${i}`,
      billingName: billing,
      shippingName: i % 4 === 0 ? `${LAST[i % LAST.length]} Lake cabin` : '',
    };
  });
}

/**
 * What the list answered before: the ILIKE on the order's billing and shipping names as typed (not on the
 * lower-case key the search reads: decision 235), newest first, voided left out.
 */
async function before(term: string, voided = false): Promise<number[]> {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = rowsOf<{ id: number }>(
    await ctx.database.db.execute(
      sql`select o.id as "id" from ${orders} o
        left join ${addresses} b on b.id = o.billing_address_id left join ${addresses} s on s.id = o.shipping_address_id
        where coalesce(b.name, '') || E'\n' || coalesce(s.name, '') ilike ${pattern}
        ${voided ? sql`` : sql`and o.status <> 'voided'`} order by o.date desc, o.id desc`,
    ),
  );
  return rows.map((r) => Number(r.id));
}

/** Every page of the list's answer to a customer search. */
async function now(term: string, filters: { include_voided?: boolean } = {}): Promise<{ ids: number[]; count: number }> {
  const ids: number[] = [];
  let page = 1;
  let count = -1;
  for (;;) {
    const answer = await listOrders(deps(), { customer: term, page, ...filters });
    if (count < 0) count = answer.count;
    ids.push(...answer.results.map((r) => r.id));
    if (!answer.next) break;
    page += 1;
  }
  return { ids, count };
}

const TERMS = ['smith', 'SMITHSON', 'resort', 'lake cabin', 'ole ', 'nygaard', 'thib', 'a', 'erik lind', 'no such name', 'smitty olson',
  'österlund', 'ÖSTER', 'Åsa', 'BJÖRN', 'McIntyre', 'RESORT'];

describe('customer search through the names', () => {
  let ids: number[] = [];

  beforeEach(async () => {
    ids = await insertOrders(ctx.database, plan());
    // Half the orders linked to customers, some of whom have another name than the order's billing name.
    const [c1, c2] = await ctx.database.db
      .insert(customers)
      .values([{ name: 'Anna Smith' }, { name: 'Completely Different Name' }])
      .returning({ id: customers.id });
    await ctx.database.db.update(orders).set({ customerId: c1!.id }).where(inArray(orders.id, ids.filter((_, i) => i % 2 === 0)));
    await ctx.database.db.update(orders).set({ customerId: c2!.id }).where(inArray(orders.id, ids.filter((_, i) => i % 6 === 1)));
  });

  it('finds the same orders as the ILIKE on orders, linked to a customer or not, page after page', async () => {
    const unlinked = rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from orders where customer_id is null`));
    expect(Number(unlinked[0]!.n)).toBeGreaterThan(50);
    for (const term of TERMS) {
      const expected = await before(term);
      const answer = await now(term);
      expect(answer.ids, term).toEqual(expected);
      expect(answer.count, term).toBe(expected.length);
      expect((await now(term, { include_voided: true })).ids, `${term} (voided too)`).toEqual(await before(term, true));
    }
    // A term only orders without a customer have.
    await insertOrders(ctx.database, [{ date: '2021-01-02', doorNumber: 'CS-X', billingName: 'Quillfeather Outfitters' }]);
    expect((await now('quillfeather')).ids).toEqual(await before('quillfeather'));
    expect((await now('quillfeather')).ids).toHaveLength(1);
  });

  it('follows new orders, renamed addresses and names typed again', async () => {
    const payload = orderPayload(ctx.cat, { date: '2020-05-05', door_number: 'CS-NEW' });
    const created = await ctx.staff.post('/api/orders/', {
      ...payload,
      billing_address: { ...(payload.billing_address as Record<string, unknown>), name: 'Zebulon Pike' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await now('zebulon')).ids).toEqual([created.json().id]);
    // An address renamed behind the order's back (its trigger rewrites orders.customer_search).
    const [first] = await ctx.database.db.select({ billing: orders.billingAddressId }).from(orders).where(inArray(orders.id, [ids[1]!]));
    await ctx.database.db.update(addresses).set({ name: 'Xanthippe Rowe' }).where(inArray(addresses.id, [first!.billing!]));
    expect((await now('xanthippe')).ids).toEqual([ids[1]]);
    for (const term of TERMS) expect((await now(term)).ids, term).toEqual(await before(term));
    // Every name an order has is in the names table.
    const missing = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from orders o where not exists (select 1 from order_customer_names n where n.search = o.customer_search)`,
      ),
    );
    expect(Number(missing[0]!.n)).toBe(0);
  });
});
