import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { components, orders, stockMovements } from '@icehouse/db/schema';
import type { OrderStatus } from '@icehouse/domain';
import { orderPayload, shippable, useOrdersTestApp } from '../../../tests/orders-test-support';
import { insertPurchaseOrder, stockCatalogue } from '../../../tests/stock-test-support';
import { changeTransaction, type ChangeTx } from '../../changes';
import { recordReceipt, type ReceiptLine } from './receipt';
import { syncOrderStock } from './consumption';
import { stockAnswer } from './schemas';

/**
 * Concurrent receipts and consumptions never lose or double a unit, nor value a receipt against a shelf
 * another transaction is changing. On PostgreSQL the first transaction holds its locks open (a gate) while
 * the second starts; on PGlite (one connection) they queue, and the same figures must come out.
 */
const t = useOrdersTestApp();
const deps = () => ({ database: t.database, changes: t.app.changes });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `first` in a transaction kept open 400 ms after its work, and `second` once the first's work is done. */
async function overlapping(first: (tx: ChangeTx) => Promise<unknown>, second: (tx: ChangeTx) => Promise<unknown>) {
  let worked!: () => void;
  const firstWorked = new Promise<void>((resolve) => (worked = resolve));
  const a = changeTransaction(deps(), async (tx) => {
    await first(tx);
    worked();
    await sleep(400);
  });
  await Promise.race([firstWorked, a]);
  const b = changeTransaction(deps(), second);
  return Promise.allSettled([a, b]);
}

const stockOf = async (id: number) => stockAnswer.parse((await t.admin.request('GET', `/api/stock/${id}/`)).json());
const costOf = async (id: number) => (await t.database.db.select({ cost: components.cost }).from(components).where(eq(components.id, id)))[0]!.cost;
const orderMoves = (orderId: number, source: 'consumption' | 'consumption_return') =>
  t.database.db.select().from(stockMovements).where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.source, source)));

async function shelf(c: Awaited<ReturnType<typeof stockCatalogue>>) {
  for (const id of [c.panel, c.frame])
    expect((await t.admin.request('POST', `/api/stock/${id}/adjustments/`, { payload: { quantity: 10, reason: 'Counted' } })).statusCode).toBe(201);
}

async function newOrder(product: number, door: string) {
  const res = await t.admin.request('POST', '/api/orders/', {
    payload: orderPayload(t.cat, { door_number: door, ...shippable(t.cat), building_info: { product, price: '2000.00', additional_items: [] } }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

describe('stock races', () => {
  it('two receipts of one line at once: both units counted, the second valued against the shelf the first left', async () => {
    const c = await stockCatalogue(t.database);
    await shelf(c); // 10 panels at 100.00
    const po = await insertPurchaseOrder(t.database, 'sent', [{ componentId: c.panel, quantity: 10, unitCost: '110.00' }]);
    const line: ReceiptLine = { purchaseOrderLineId: po.lines[0]!.id, componentId: c.panel, quantity: 5, unitCost: '110.00' };
    const results = await overlapping(
      (tx) => recordReceipt(tx, t.adminId, [line]),
      (tx) => recordReceipt(tx, t.adminId, [line]),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect((await stockOf(c.panel)).on_hand).toBe(20);
    // 10 @ 100.00 + 5 @ 110.00 = 103.33 (1033.33…); then 15 @ 103.33 + 5 @ 110.00 = 2099.95 / 20 = 105.00 (half up).
    expect(await costOf(c.panel)).toBe('105.00');
  });

  it('a receipt and a consumption of the same components at once (listed in opposite orders): none lost, the receipt valued after the consumption', async () => {
    const c = await stockCatalogue(t.database);
    await shelf(c);
    const order = await newOrder(c.product, '6001');
    const po = await insertPurchaseOrder(t.database, 'sent', [
      { componentId: c.frame, quantity: 4, unitCost: '70.00' },
      { componentId: c.panel, quantity: 5, unitCost: '110.00' },
    ]);
    // The receipt lists the frame first; the bill of materials the panel first.
    const lines: ReceiptLine[] = [
      { purchaseOrderLineId: po.lines[0]!.id, componentId: c.frame, quantity: 4, unitCost: '70.00' },
      { purchaseOrderLineId: po.lines[1]!.id, componentId: c.panel, quantity: 5, unitCost: '110.00' },
    ];
    const results = await overlapping(
      (tx) => syncOrderStock(tx, order, 'processed', t.adminId),
      (tx) => recordReceipt(tx, t.adminId, lines),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect([(await stockOf(c.panel)).on_hand, (await stockOf(c.frame)).on_hand]).toEqual([10 - 6 + 5, 10 - 1 + 4]);
    // The receipt saw the 4 panels the order left: (4 × 100.00 + 5 × 110.00) / 9 = 105.56; frames (9 × 80 + 4 × 70) / 13 = 76.92.
    expect([await costOf(c.panel), await costOf(c.frame)]).toEqual(['105.56', '76.92']);
  });

  it('receipts and consumptions of the same components in opposite orders, many at once: none deadlocks, none loses a unit', async () => {
    const c = await stockCatalogue(t.database);
    await shelf(c);
    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => newOrder(c.product, `66${i}0`)));
    const po = await insertPurchaseOrder(t.database, 'sent', [
      { componentId: c.frame, quantity: 100, unitCost: '80.00' },
      { componentId: c.panel, quantity: 100, unitCost: '100.00' },
    ]);
    const lines: ReceiptLine[] = [
      { purchaseOrderLineId: po.lines[0]!.id, componentId: c.frame, quantity: 1, unitCost: '80.00' },
      { purchaseOrderLineId: po.lines[1]!.id, componentId: c.panel, quantity: 1, unitCost: '100.00' },
    ];
    const results = await Promise.allSettled(
      ids.flatMap((id) => [
        changeTransaction(deps(), (tx) => syncOrderStock(tx, id, 'processed', t.adminId)),
        changeTransaction(deps(), (tx) => recordReceipt(tx, t.adminId, lines)),
      ]),
    );
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    expect([(await stockOf(c.panel)).on_hand, (await stockOf(c.frame)).on_hand]).toEqual([10 - 6 * 6 + 6, 10 - 6 + 6]);
  });

  for (const [label, status, source] of [
    ['moved to the consumption status twice at once: consumed once', 'processed', 'consumption'],
    ['moved back twice at once: returned once', 'pending', 'consumption_return'],
  ] as const) {
    it(`the same order ${label}`, async () => {
      const c = await stockCatalogue(t.database);
      await shelf(c);
      const order = await newOrder(c.product, '6002');
      // A cycle first, so the order's consumption row already exists (the second move cannot queue on its insert).
      await changeTransaction(deps(), (tx) => syncOrderStock(tx, order, 'processed', t.adminId));
      await changeTransaction(deps(), (tx) => syncOrderStock(tx, order, 'pending', t.adminId));
      if (status === 'pending') await changeTransaction(deps(), (tx) => syncOrderStock(tx, order, 'processed', t.adminId));
      const before = (await orderMoves(order, source)).length;
      const results = await overlapping(
        (tx) => syncOrderStock(tx, order, status as OrderStatus, t.adminId),
        (tx) => syncOrderStock(tx, order, status as OrderStatus, t.adminId),
      );
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      expect((await orderMoves(order, source)).length - before).toBe(2); // one per component, once
      expect((await stockOf(c.panel)).on_hand).toBe(status === 'processed' ? 4 : 10);
    });
  }

  it('two status moves of one order at once through the API: one moves it, the other is refused, the parts taken once', async () => {
    const c = await stockCatalogue(t.database);
    await shelf(c);
    const order = await newOrder(c.product, '6003');
    const moves = await Promise.all(
      [1, 2].map(() => t.admin.request('POST', `/api/orders/${order}/change-status/`, { payload: { new_status: 'processed' } })),
    );
    expect(moves.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await orderMoves(order, 'consumption')).length).toBe(2);
    const [row] = await t.database.db.select({ version: orders.version }).from(orders).where(eq(orders.id, order));
    const backs = await Promise.all(
      [1, 2].map(() => t.admin.request('PATCH', `/api/orders/${order}/`, { payload: { status: 'pending', version: row!.version } })),
    );
    expect(backs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await orderMoves(order, 'consumption_return')).length).toBe(2);
    expect((await stockOf(c.panel)).on_hand).toBe(10);
  });
});
