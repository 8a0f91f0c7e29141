import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyInfo, components, productComponents, products } from '@icehouse/db/schema';
import { orderPayload, shippable, useOrdersTestApp } from '../../../tests/orders-test-support';
import { materialsAnswer, onHandList } from './schemas';

const t = useOrdersTestApp();

async function catalogue() {
  const db = t.database.db;
  const [panel, frame] = await db
    .insert(components)
    .values([
      { name: 'Wall panel', cost: '123.45', markup: '40' },
      { name: 'Door frame', cost: '89.99', markup: '40' },
    ])
    .returning({ id: components.id });
  const [product] = await db.insert(products).values({ description: 'Freezer kit', buildingType: 'FREEZER_COOLER_UNIT', isSimple: false }).returning({ id: products.id });
  await db.insert(productComponents).values([
    { productId: product!.id, componentId: panel!.id, quantity: 6 },
    { productId: product!.id, componentId: frame!.id, quantity: 1 },
  ]);
  return { product: product!.id, panel: panel!.id, frame: frame!.id };
}

async function order(door: string, product: number | null, shipDate: string, status = 'pending') {
  const building = product === null ? {} : { building_info: { product, price: '2000.00', additional_items: [] } };
  const res = await t.admin.request('POST', '/api/orders/', {
    payload: orderPayload(t.cat, { door_number: door, ...shippable(t.cat), ship_date: shipDate, ...building }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  for (const next of status === 'pending' ? [] : status === 'processed' ? ['processed'] : ['processed', 'scheduled_to_ship']) {
    const moved = await t.admin.request('POST', `/api/orders/${id}/change-status/`, { payload: { new_status: next } });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return id;
}

const week = { from: '2026-12-07', to: '2026-12-13' };

describe('materials per ship week', () => {
  it('sums the components of the orders shipping in the range, traced to each order, with to buy following on hand', async () => {
    const c = await catalogue();
    // Nothing is taken from stock before completed here (the consumed figures have their own tests).
    await t.database.db.update(companyInfo).set({ stockConsumptionStatus: 'completed' }).where(eq(companyInfo.id, 1));
    const a = await order('3001', c.product, '2026-12-08', 'scheduled_to_ship');
    const b = await order('3002', c.product, '2026-12-11', 'processed');
    await order('3003', c.product, '2026-12-14'); // the week after: not counted
    await order('3004', null, '2026-12-09'); // the simple product: listed apart

    const res = await t.staff.request('GET', '/api/production/materials/', { query: week });
    expect(res.statusCode, res.body).toBe(200);
    const view = materialsAnswer.parse(res.json());
    expect(view.orders).toBe(3);
    expect(view.rows.map((r) => [r.name, r.needed, r.total_cost, r.on_hand, r.to_buy])).toEqual([
      ['Door frame', 2, '179.98', 0, 2],
      ['Wall panel', 12, '1481.40', 0, 12],
    ]);
    expect(view.rows[1]!.orders).toEqual([
      { order_id: a, door_number: '3001', quantity: 6, consumed: false },
      { order_id: b, door_number: '3002', quantity: 6, consumed: false },
    ]);
    expect(view.orders_without_materials).toEqual([expect.objectContaining({ door_number: '3004', kind_label: 'Simple product (no components)' })]);

    // On hand 5 panels: 7 to buy; 20: none (never below zero).
    expect((await t.admin.request('PUT', `/api/production/on-hand/${c.panel}/`, { payload: { on_hand: 5 } })).statusCode).toBe(200);
    let panels = materialsAnswer.parse((await t.staff.request('GET', '/api/production/materials/', { query: week })).json()).rows[1]!;
    expect(panels).toMatchObject({ on_hand: 5, to_buy: 7, to_buy_cost: '864.15' });
    await t.admin.request('PUT', `/api/production/on-hand/${c.panel}/`, { payload: { on_hand: 20 } });
    panels = materialsAnswer.parse((await t.staff.request('GET', '/api/production/materials/', { query: week })).json()).rows[1]!;
    expect(panels).toMatchObject({ on_hand: 20, to_buy: 0, to_buy_cost: '0.00' });
    expect(onHandList.parse((await t.staff.request('GET', '/api/production/on-hand/')).json())).toEqual([{ component_id: c.panel, on_hand: 20 }]);

    // Only the chosen statuses count.
    const scheduled = materialsAnswer.parse(
      (await t.staff.request('GET', '/api/production/materials/', { query: { ...week, statuses: 'scheduled_to_ship' } })).json(),
    );
    expect(scheduled.rows.map((r) => [r.name, r.needed])).toEqual([
      ['Door frame', 1],
      ['Wall panel', 6],
    ]);

    const csv = await t.staff.request('GET', '/api/production/materials/csv/', { query: week });
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Component,Needed,Unit cost,Total cost,Consumed,On hand,On order,Expected,Available,To buy,To buy cost,Orders');
    expect(lines[2]).toBe('Wall panel,12,123.45,1481.40,0,20,0,,8,0,0.00,3001 × 6; 3002 × 6');
    expect(lines.at(-1)).toBe('Total,,,1661.38,,,,,,,179.98,');
  });

  it('counts the orders shipping on the first and the last day of the range, and none a day outside either end', async () => {
    const c = await catalogue();
    await order('3101', c.product, '2026-12-06'); // the Sunday before: not counted
    const first = await order('3102', c.product, week.from);
    const last = await order('3103', c.product, week.to);
    await order('3104', c.product, '2026-12-14'); // the Monday after: not counted

    const view = materialsAnswer.parse((await t.staff.request('GET', '/api/production/materials/', { query: week })).json());
    expect(view.orders).toBe(2);
    expect(view.rows.find((r) => r.name === 'Wall panel')).toMatchObject({
      needed: 12,
      orders: [
        { order_id: first, door_number: '3102', quantity: 6 },
        { order_id: last, door_number: '3103', quantity: 6 },
      ],
    });
    // A range of one day takes that day's orders.
    const oneDay = materialsAnswer.parse(
      (await t.staff.request('GET', '/api/production/materials/', { query: { from: week.to, to: week.to } })).json(),
    );
    expect(oneDay.orders).toBe(1);
    expect(oneDay.rows.flatMap((r) => r.orders.map((o) => o.door_number))).toEqual(['3103', '3103']);
  });

  it('refuses a negative or fractional on hand on its field, an unknown component, and staff', async () => {
    const c = await catalogue();
    for (const bad of [-1, 1.5, 'ten']) {
      const res = await t.admin.request('PUT', `/api/production/on-hand/${c.panel}/`, { payload: { on_hand: bad } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ on_hand: ['On hand must be a whole number, 0 or more.'] });
    }
    expect((await t.admin.request('PUT', '/api/production/on-hand/9999/', { payload: { on_hand: 1 } })).statusCode).toBe(404);
    expect((await t.staff.request('PUT', `/api/production/on-hand/${c.panel}/`, { payload: { on_hand: 1 } })).statusCode).toBe(403);
  });

  it('refuses bad ranges and statuses with clear messages on the right field', async () => {
    const years = await t.staff.request('GET', '/api/production/materials/', { query: { from: '2020-01-01', to: '2026-12-31' } });
    expect(years.statusCode).toBe(400);
    expect(years.json()).toEqual({ to: ['A materials list covers at most 366 days.'] });
    const backwards = await t.staff.request('GET', '/api/production/materials/', { query: { from: '2026-12-10', to: '2026-12-01' } });
    expect(backwards.json()).toEqual({ to: ['The end date must be on or after the start date'] });
    const status = await t.staff.request('GET', '/api/production/materials/', { query: { statuses: 'voided' } });
    expect(status.statusCode).toBe(400);
    expect(Object.keys(status.json())).toEqual(['statuses']);
    const fine = materialsAnswer.parse((await t.staff.request('GET', '/api/production/materials/')).json());
    expect(fine.statuses).toEqual(['pending', 'processed', 'scheduled_to_ship']);
  });
});
