import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { components, orderCostings, productComponents, products } from '@icehouse/db/schema';
import { orderPayload, useOrdersTestApp, type OrdersTestContext } from '../../../tests/orders-test-support';
import { marginReportAnswer, orderBomAnswer, orderCostingAnswer } from './schemas';

const t = useOrdersTestApp();

/** A component product: 6 wall panels at 123.45 and one door frame at 89.99 (cost 830.69 by hand). */
async function componentProduct(ctx: OrdersTestContext) {
  const db = ctx.database.db;
  const [panel, frame] = await db
    .insert(components)
    .values([
      { name: 'Wall panel', cost: '123.45', markup: '40' },
      { name: 'Door frame', cost: '89.99', markup: '40' },
    ])
    .returning({ id: components.id });
  const [product] = await db
    .insert(products)
    .values({ description: 'Freezer 8x10 kit', buildingType: 'FREEZER_COOLER_UNIT', isSimple: false })
    .returning({ id: products.id });
  await db.insert(productComponents).values([
    { productId: product!.id, componentId: panel!.id, quantity: 6 },
    { productId: product!.id, componentId: frame!.id, quantity: 1 },
  ]);
  return { product: product!.id, panel: panel!.id, frame: frame!.id };
}

/** Price before tax by hand: building 2000.00 + freight 100.00, no discount, nothing else = 2100.00. */
const simpleOrder = (ctx: OrdersTestContext, product: number, over: Record<string, unknown> = {}) =>
  orderPayload(ctx.cat, {
    freight_cost: '100.00',
    discount: '0',
    discount_is_percentage: false,
    building_info: { product, price: '2000.00', additional_items: [{ item: ctx.cat.item.rodHolder, quantity: 2, price: '0' }] },
    ...over,
  });

async function createOrder(ctx: OrdersTestContext, payload: Record<string, unknown>) {
  const res = await ctx.admin.request('POST', '/api/orders/', { payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number } & Record<string, unknown>;
}

describe('bill of materials of an order', () => {
  it('lists the components × quantities, the options and items, at current costs', async () => {
    const p = await componentProduct(t);
    const order = await createOrder(t, simpleOrder(t, p.product, { building_info: { product: p.product, price: '2000.00', door_cladding: t.cat.doorCladding, door_cladding_price: '0', additional_items: [{ item: t.cat.item.rodHolder, quantity: 2, price: '0' }] } }));
    const res = await t.staff.request('GET', `/api/production/orders/${order.id}/bill-of-materials/`);
    expect(res.statusCode).toBe(200);
    const body = orderBomAnswer.parse(res.json());
    expect(body.bill_of_materials).toMatchObject({
      kind: 'components',
      product_description: 'Freezer 8x10 kit',
      door_cladding: 'Stainless',
      additional_items: [{ name: 'Rod Holder', quantity: 2 }],
      materials_cost: '830.69',
    });
    expect(body.bill_of_materials.lines.map((l) => [l.name, l.quantity, l.line_cost])).toEqual([
      ['Wall panel', 6, '740.70'],
      ['Door frame', 1, '89.99'],
    ]);
  });

  it('shows a simple product and a custom building as such', async () => {
    const simple = await createOrder(t, orderPayload(t.cat));
    const res = await t.staff.request('GET', `/api/production/orders/${simple.id}/bill-of-materials/`);
    expect(res.json().bill_of_materials).toMatchObject({ kind: 'simple', lines: [], materials_cost: null });
    const custom = await createOrder(
      t,
      orderPayload(t.cat, { door_number: '1002', building_info: { product: 'custom', building_type: 'ICE_HOUSE_KIT', custom_size: '9x9', thickness: t.cat.thickness, price: '500.00', additional_items: [] } }),
    );
    const res2 = await t.staff.request('GET', `/api/production/orders/${custom.id}/bill-of-materials/`);
    expect(res2.json().bill_of_materials).toMatchObject({ kind: 'custom', materials_cost: null });
  });

  it('answers 404 for no such order and 400 on the id for a bad one', async () => {
    expect((await t.staff.request('GET', '/api/production/orders/999/bill-of-materials/')).statusCode).toBe(404);
    const bad = await t.staff.request('GET', '/api/production/orders/abc/bill-of-materials/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('id');
  });
});

describe('cost and margin of an order', () => {
  it('keeps the cost of materials as it was at the save; a later cost change shows both', async () => {
    const p = await componentProduct(t);
    const order = await createOrder(t, simpleOrder(t, p.product));
    const first = orderCostingAnswer.parse((await t.admin.request('GET', `/api/production/orders/${order.id}/costing/`)).json());
    // 2100.00 − 830.69 = 1269.31; 1269.31 / 2100 = 60.4433...%
    expect(first).toMatchObject({
      price_before_tax: '2100.00',
      cost_recorded: true,
      cost_at_save: '830.69',
      cost_now: '830.69',
      cost_changed: false,
      margin: '1269.31',
      margin_percent: '60.44',
    });

    const put = await t.admin.request('PUT', `/api/components/${p.panel}/`, { payload: { name: 'Wall panel', cost: '150.00', markup: '40' } });
    expect(put.statusCode, put.body).toBe(200);
    const later = orderCostingAnswer.parse((await t.admin.request('GET', `/api/production/orders/${order.id}/costing/`)).json());
    // now 6 × 150.00 + 89.99 = 989.99; margin now 2100.00 − 989.99 = 1110.01
    expect(later).toMatchObject({ cost_at_save: '830.69', cost_now: '989.99', cost_changed: true, margin: '1269.31', margin_now: '1110.01' });

    // saving the order again records the new cost
    const again = await t.admin.request('PUT', `/api/orders/${order.id}/`, { payload: { ...simpleOrder(t, p.product), version: order.version } });
    expect(again.statusCode, again.body).toBe(200);
    const [row] = await t.database.db.select().from(orderCostings).where(eq(orderCostings.orderId, order.id));
    expect(row).toMatchObject({ materialsCost: '989.99', priceBeforeTax: '2100.00', bomKind: 'components' });
  });

  it('is for superusers only', async () => {
    const p = await componentProduct(t);
    const order = await createOrder(t, simpleOrder(t, p.product));
    expect((await t.staff.request('GET', `/api/production/orders/${order.id}/costing/`)).statusCode).toBe(403);
    expect((await t.staff.request('GET', '/api/reports/margin/')).statusCode).toBe(403);
    expect((await t.anonymous.request('GET', '/api/reports/margin/csv/')).statusCode).toBe(401);
  });
});

describe('margin report', () => {
  it('sums price, kept cost and margin by month and by product, to the cent, and counts unknown costs apart', async () => {
    const p = await componentProduct(t);
    await createOrder(t, simpleOrder(t, p.product, { door_number: '2001', date: '2024-05-03' }));
    // discount 10% of 2100.00 = 210.00 -> price before tax 1890.00, margin 1890.00 − 830.69 = 1059.31
    await createOrder(t, simpleOrder(t, p.product, { door_number: '2002', date: '2024-05-20', discount: '10', discount_is_percentage: true }));
    await createOrder(t, simpleOrder(t, p.product, { door_number: '2003', date: '2024-06-02' }));
    await createOrder(t, orderPayload(t.cat, { door_number: '2004', date: '2024-06-09' })); // simple product: unknown cost
    const voided = await createOrder(t, simpleOrder(t, p.product, { door_number: '2005', date: '2024-06-10' }));
    expect((await t.admin.request('POST', `/api/orders/${voided.id}/void/`)).statusCode).toBe(200);

    const res = await t.admin.request('GET', '/api/reports/margin/', { query: { from: '2024-05-01', to: '2024-06-30' } });
    expect(res.statusCode, res.body).toBe(200);
    const report = marginReportAnswer.parse(res.json());
    expect(report.rows.map((r) => [r.label, r.orders, r.price_before_tax, r.materials_cost, r.margin, r.unknown_cost_orders])).toEqual([
      ['May 2024', 2, '3990.00', '1661.38', '2328.62', 0],
      ['June 2024', 1, '2100.00', '830.69', '1269.31', 1],
    ]);
    expect(report.total).toMatchObject({ orders: 3, price_before_tax: '6090.00', materials_cost: '2492.07', margin: '3597.93', margin_percent: '59.08', unknown_cost_orders: 1 });

    const byProduct = marginReportAnswer.parse(
      (await t.admin.request('GET', '/api/reports/margin/', { query: { from: '2024-05-01', to: '2024-06-30', group: 'product' } })).json(),
    );
    expect(byProduct.rows.map((r) => [r.label, r.orders, r.margin, r.unknown_cost_orders])).toEqual([
      ['Freezer 8x10 kit', 3, '3597.93', 0],
      ['Walk-in Cooler 8x10', 0, '0.00', 1],
    ]);

    const csv = await t.admin.request('GET', '/api/reports/margin/csv/', { query: { from: '2024-05-01', to: '2024-06-30' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Month,Orders,Price before tax,Materials cost,Margin,Margin %,Orders without a known cost');
    expect(lines.at(-1)).toBe('Total,3,6090.00,2492.07,3597.93,59.08,1');
  });

  it('refuses a bad range on the right field, and a bad group', async () => {
    const backwards = await t.admin.request('GET', '/api/reports/margin/', { query: { from: '2024-06-01', to: '2024-05-01' } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ to: ['The end date must be on or after the start date'] });
    const years = await t.admin.request('GET', '/api/reports/margin/', { query: { from: '2000-01-01', to: '2024-12-31' } });
    expect(years.json()).toEqual({ to: ['A report covers at most 10 years'] });
    const group = await t.admin.request('GET', '/api/reports/margin/', { query: { group: 'week' } });
    expect(group.statusCode).toBe(400);
    expect(group.json()).toEqual({ group: ['Choose month or product.'] });
    const date = await t.admin.request('GET', '/api/reports/margin/', { query: { from: '2024-02-30' } });
    expect(date.statusCode).toBe(400);
    expect(Object.keys(date.json())).toEqual(['from']);
  });
});
