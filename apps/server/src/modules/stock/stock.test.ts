import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '@icehouse/db';
import { components, stockMovements } from '@icehouse/db/schema';
import { useOrdersTestApp } from '../../../tests/orders-test-support';
import { createRoleUser, PASSWORD } from '../../../tests/users';
import { TestClient } from '../../../tests/client';
import { insertPurchaseOrder, stockCatalogue } from '../../../tests/stock-test-support';
import { changeTransaction } from '../../changes';
import { recordReceipt } from './receipt';
import { movementsAnswer, stockAnswer, stockListAnswer } from './schemas';

const t = useOrdersTestApp();

const stockOf = async (id: number) => stockAnswer.parse((await t.staff.request('GET', `/api/stock/${id}/`)).json());
const adjust = (client: TestClient, id: number, payload: Record<string, unknown>) =>
  client.request('POST', `/api/stock/${id}/adjustments/`, { payload });
const receive = (lines: Parameters<typeof recordReceipt>[2]) =>
  changeTransaction({ database: t.database, changes: t.app.changes }, (tx) => recordReceipt(tx, t.adminId, lines));
const eventTypes = async () =>
  rowsOf<{ type: string }>(await t.database.db.execute(sql`select type from integration_events order by id`)).map((r) => r.type);

describe('the stock ledger', () => {
  it('adjusts with a reason: on hand is the sum of the movements, each in the history with on hand after it', async () => {
    const c = await stockCatalogue(t.database);
    const added = await adjust(t.staff, c.panel, { quantity: 12, reason: 'Counted' });
    expect(added.statusCode, added.body).toBe(201);
    expect(stockAnswer.parse(added.json())).toMatchObject({ component_id: c.panel, name: 'Wall panel', on_hand: 12, on_order: 0 });
    expect((await adjust(t.staff, c.panel, { quantity: '-5', reason: 'Damaged in the yard' })).statusCode).toBe(201);

    const history = movementsAnswer.parse((await t.staff.request('GET', `/api/stock/${c.panel}/movements/`)).json());
    expect(history.on_hand).toBe(7);
    expect(history.movements.map((m) => [m.quantity, m.on_hand_after, m.source, m.reason, m.unit_cost, m.user])).toEqual([
      [-5, 7, 'adjustment', 'Damaged in the yard', '100.00', 'staff'],
      [12, 12, 'adjustment', 'Counted', '100.00', 'staff'],
    ]);
    const list = stockListAnswer.parse((await t.staff.request('GET', '/api/stock/')).json());
    expect(list.map((s) => [s.name, s.on_hand])).toEqual([
      ['Door frame', 0],
      ['Wall panel', 7],
    ]);
    expect(await eventTypes()).toEqual(['stock.adjusted', 'stock.adjusted']);
  });

  it('refuses an adjustment without a reason, of 0, or below zero on hand, on its field; 404 for no component', async () => {
    const c = await stockCatalogue(t.database);
    const cases: [Record<string, unknown>, string][] = [
      [{ quantity: 3, reason: '  ' }, 'reason'],
      [{ quantity: 3 }, 'reason'],
      [{ quantity: 0, reason: 'x' }, 'quantity'],
      [{ quantity: 1.5, reason: 'x' }, 'quantity'],
      [{ quantity: -1, reason: 'Lost' }, 'quantity'],
    ];
    for (const [payload, field] of cases) {
      const res = await adjust(t.admin, c.frame, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json()), res.body).toContain(field);
    }
    expect((await adjust(t.admin, 999_999, { quantity: 1, reason: 'x' })).statusCode).toBe(404);
    expect(await t.database.db.select().from(stockMovements)).toEqual([]);
  });

  it('the shop adjusts and reads quantities but never a cost; sales may not adjust', async () => {
    const c = await stockCatalogue(t.database);
    await createRoleUser(t.database, 'shop');
    await createRoleUser(t.database, 'sales');
    const shop = new TestClient(t.app);
    await shop.login('shop', PASSWORD);
    const sales = new TestClient(t.app);
    await sales.login('sales', PASSWORD);
    expect((await adjust(shop, c.panel, { quantity: 4, reason: 'Found in the loft' })).statusCode).toBe(201);
    expect((await adjust(sales, c.panel, { quantity: 4, reason: 'x' })).statusCode).toBe(403);
    const history = (await shop.request('GET', `/api/stock/${c.panel}/movements/`)).json() as { movements: Record<string, unknown>[] };
    expect(history.movements[0]).toMatchObject({ quantity: 4, on_hand_after: 4 });
    expect(history.movements[0]).not.toHaveProperty('unit_cost');
    const csv = (await shop.request('GET', '/api/stock/movements/csv/')).body;
    expect(csv).not.toContain('Unit cost');
    expect((await t.admin.request('GET', '/api/stock/movements/csv/', { query: { component_id: String(c.panel) } })).body).toContain('Unit cost');
  });

  it('a receipt adds to on hand and makes the cost the moving average, the last price the price paid', async () => {
    const c = await stockCatalogue(t.database);
    await adjust(t.admin, c.panel, { quantity: 10, reason: 'Counted' }); // 10 at 100.00
    const po = await insertPurchaseOrder(t.database, 'sent', [
      { componentId: c.panel, quantity: 30, unitCost: '110.01' },
      { componentId: c.frame, quantity: 2, unitCost: '75.50' },
    ]);
    const [panelLine, frameLine] = po.lines;
    const after = await receive([
      { purchaseOrderLineId: panelLine!.id, componentId: c.panel, quantity: 20, unitCost: '110.01' },
      { purchaseOrderLineId: frameLine!.id, componentId: c.frame, quantity: 2, unitCost: '75.50' },
    ]);
    // (10 × 100.00 + 20 × 110.01) / 30 = 106.673… → 106.67; the frame's shelf was empty: its price.
    expect(after).toEqual([
      { component_id: c.panel, on_hand: 30, cost: '106.67' },
      { component_id: c.frame, on_hand: 2, cost: '75.50' },
    ]);
    const rows = await t.database.db.select({ id: components.id, cost: components.cost, lastPrice: components.lastPrice }).from(components);
    expect(rows.find((r) => r.id === c.panel)).toMatchObject({ cost: '106.67', lastPrice: '110.01' });
    expect(rows.find((r) => r.id === c.frame)).toMatchObject({ cost: '75.50', lastPrice: '75.50' });
    const history = movementsAnswer.parse((await t.admin.request('GET', `/api/stock/${c.panel}/movements/`)).json());
    expect(history.movements[0]).toMatchObject({ quantity: 20, source: 'receipt', unit_cost: '110.01', purchase_order_number: po.number });
    expect((await eventTypes()).filter((e) => e === 'stock.received')).toHaveLength(2);
  });

  it('on order is the open purchase orders’ lines not yet received, soonest expected first', async () => {
    const c = await stockCatalogue(t.database);
    const late = await insertPurchaseOrder(t.database, 'partly_received', [{ componentId: c.panel, quantity: 10, unitCost: '1.00', received: 4 }], '2026-12-20');
    const soon = await insertPurchaseOrder(t.database, 'sent', [{ componentId: c.panel, quantity: 5, unitCost: '1.00' }], '2026-12-10');
    const draft = await insertPurchaseOrder(t.database, 'draft', [{ componentId: c.panel, quantity: 1, unitCost: '1.00' }]);
    await insertPurchaseOrder(t.database, 'received', [{ componentId: c.panel, quantity: 7, unitCost: '1.00', received: 7 }]);
    await insertPurchaseOrder(t.database, 'cancelled', [{ componentId: c.panel, quantity: 9, unitCost: '1.00' }]);
    const stock = await stockOf(c.panel);
    expect(stock).toMatchObject({ on_order: 12, next_expected_date: '2026-12-10' });
    expect(stock.purchase_orders.map((p) => [p.purchase_order_id, p.quantity, p.expected_date])).toEqual([
      [soon.id, 5, '2026-12-10'],
      [late.id, 6, '2026-12-20'],
      [draft.id, 1, null],
    ]);
    expect((await stockOf(c.frame)).on_order).toBe(0);
  });

  it('the older PUT of on hand is a counted adjustment in the ledger', async () => {
    const c = await stockCatalogue(t.database);
    expect((await t.admin.request('PUT', `/api/production/on-hand/${c.frame}/`, { payload: { on_hand: 9 } })).statusCode).toBe(200);
    expect((await t.admin.request('PUT', `/api/production/on-hand/${c.frame}/`, { payload: { on_hand: 4 } })).statusCode).toBe(200);
    const moves = await t.database.db.select().from(stockMovements).where(eq(stockMovements.componentId, c.frame));
    expect(moves.map((m) => [m.quantity, m.source])).toEqual([
      [9, 'adjustment'],
      [-5, 'adjustment'],
    ]);
    expect((await stockOf(c.frame)).on_hand).toBe(4);
  });
});
