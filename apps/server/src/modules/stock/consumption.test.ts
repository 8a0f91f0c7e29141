import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyInfo, orderStockConsumptions, productComponents, stockMovements } from '@icehouse/db/schema';
import { orderPayload, shippable, useOrdersTestApp } from '../../../tests/orders-test-support';
import { stockCatalogue } from '../../../tests/stock-test-support';
import { stockAnswer } from './schemas';

const t = useOrdersTestApp();

const onHand = async (id: number) => stockAnswer.parse((await t.staff.request('GET', `/api/stock/${id}/`)).json()).on_hand;
const movesOf = async (orderId: number) =>
  (await t.database.db.select().from(stockMovements).where(eq(stockMovements.orderId, orderId)).orderBy(stockMovements.id)).map((m) => [
    m.componentId,
    m.quantity,
    m.source,
  ]);

async function newOrder(product: number, door: string) {
  const res = await t.admin.request('POST', '/api/orders/', {
    payload: orderPayload(t.cat, { door_number: door, ...shippable(t.cat), building_info: { product, price: '2000.00', additional_items: [] } }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number };
}
const move = async (id: number, status: string) => {
  const res = await t.admin.request('POST', `/api/orders/${id}/change-status/`, { payload: { new_status: status } });
  expect(res.statusCode, res.body).toBe(200);
};
const patch = async (id: number, body: Record<string, unknown>) => {
  const version = ((await t.admin.request('GET', `/api/orders/${id}/`)).json() as { version: number }).version;
  const res = await t.admin.request('PATCH', `/api/orders/${id}/`, { payload: { ...body, version } });
  expect(res.statusCode, res.body).toBe(200);
};

describe('consumption by an order’s status', () => {
  it('takes the bill of materials at processed (the default), once, and gives it back when moved back', async () => {
    const c = await stockCatalogue(t.database);
    await t.admin.request('POST', `/api/stock/${c.panel}/adjustments/`, { payload: { quantity: 20, reason: 'Counted' } });
    const order = await newOrder(c.product, '5001');
    expect(await movesOf(order.id)).toEqual([]);

    await move(order.id, 'processed');
    expect([await onHand(c.panel), await onHand(c.frame)]).toEqual([14, -1]);
    await move(order.id, 'scheduled_to_ship'); // further along: nothing more
    expect(await onHand(c.panel)).toBe(14);

    await patch(order.id, { status: 'pending' });
    expect([await onHand(c.panel), await onHand(c.frame)]).toEqual([20, 0]);
    await patch(order.id, { status: 'processed' });
    expect(await onHand(c.panel)).toBe(14);
    expect(await movesOf(order.id)).toEqual([
      [c.panel, -6, 'consumption'],
      [c.frame, -1, 'consumption'],
      [c.panel, 6, 'consumption_return'],
      [c.frame, 1, 'consumption_return'],
      [c.panel, -6, 'consumption'],
      [c.frame, -1, 'consumption'],
    ]);
  });

  it('a new order saved at the status consumes; deleting it gives the parts back; a voided one never took any', async () => {
    const c = await stockCatalogue(t.database);
    const res = await t.admin.request('POST', '/api/orders/', {
      payload: orderPayload(t.cat, { door_number: '5002', ...shippable(t.cat), status: 'processed', building_info: { product: c.product, price: '2000.00', additional_items: [] } }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { id: number }).id;
    expect(await onHand(c.panel)).toBe(-6);
    expect((await t.admin.request('DELETE', `/api/orders/${id}/`)).statusCode).toBe(204);
    expect(await onHand(c.panel)).toBe(0);
    // The history outlives the order.
    expect(await movesOf(id)).toEqual([
      [c.panel, -6, 'consumption'],
      [c.frame, -1, 'consumption'],
      [c.panel, 6, 'consumption_return'],
      [c.frame, 1, 'consumption_return'],
    ]);

    const voided = await newOrder(c.product, '5003');
    expect((await t.admin.request('POST', `/api/orders/${voided.id}/void/`, { payload: {} })).statusCode).toBe(200);
    expect(await movesOf(voided.id)).toEqual([]);
  });

  it('never takes or returns the parts of an order that was past the status when the ledger began', async () => {
    const c = await stockCatalogue(t.database);
    const order = await newOrder(c.product, '5005');
    await move(order.id, 'processed');
    await t.database.db.delete(stockMovements).where(eq(stockMovements.orderId, order.id));
    await t.database.db.update(orderStockConsumptions).set({ state: 'opening' }).where(eq(orderStockConsumptions.orderId, order.id));
    await move(order.id, 'scheduled_to_ship');
    await patch(order.id, { status: 'pending' });
    expect((await t.admin.request('DELETE', `/api/orders/${order.id}/`)).statusCode).toBe(204);
    expect(await movesOf(order.id)).toEqual([]);
  });

  it('follows the shop’s chosen status, and a bill of materials changed while consumed takes or gives the difference', async () => {
    const c = await stockCatalogue(t.database);
    await t.database.db.update(companyInfo).set({ stockConsumptionStatus: 'scheduled_to_ship' }).where(eq(companyInfo.id, 1));
    const order = await newOrder(c.product, '5004');
    await move(order.id, 'processed');
    expect(await movesOf(order.id)).toEqual([]);
    await move(order.id, 'scheduled_to_ship');
    expect(await onHand(c.panel)).toBe(-6);

    // The product now takes 8 panels: the next save of the order takes 2 more.
    await t.database.db.update(productComponents).set({ quantity: 8 }).where(eq(productComponents.componentId, c.panel));
    await patch(order.id, { notes: 'Two more panels' });
    expect(await onHand(c.panel)).toBe(-8);
    expect((await movesOf(order.id)).at(-1)).toEqual([c.panel, -2, 'consumption']);
  });
});
