import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { componentStock, purchaseOrderLines } from '@icehouse/db/schema';
import { useOrdersTestApp } from '../../../tests/orders-test-support';
import { kitOrder, purchasingCatalogue } from '../../../tests/purchasing-test-support';

/**
 * Receipts of one purchase order at once (PostgreSQL: two connections; PGlite: one, so they queue anyway).
 * Each receipt locks the purchase order's row before it reads what was received, so the second sees the
 * first: 6 + 6 of 8 ordered is one receipt and one refusal for over-receipt, never 12 received unconfirmed.
 * Red when the lock goes (lockPurchaseOrder without FOR UPDATE): both read 0 received and both pass.
 */
const ctx = useOrdersTestApp();
let world: Awaited<ReturnType<typeof purchasingCatalogue>>;
beforeEach(async () => {
  world = await purchasingCatalogue(ctx.database);
});

describe('concurrent receipts of one purchase order', () => {
  it('never receive more than ordered without a confirmation, and stock matches the lines', async () => {
    for (let round = 0; round < 5; round++) {
      await kitOrder(ctx, world.kit, '2026-12-08');
      const drafted = (await ctx.staff.post('/api/purchase-orders/draft/', { from: '2026-12-06', to: '2026-12-12' })).json();
      const po = drafted.purchase_orders.find((p: { supplier_id: number }) => p.supplier_id === world.coldco);
      await ctx.staff.post(`/api/purchase-orders/${po.id}/mark-sent/`);
      const line = po.lines[0] as { id: number; quantity: number };
      const half = Math.floor(line.quantity / 2) + 1; // one of these fits, two make more than was ordered
      const [a, b] = await Promise.all([
        ctx.staff.post(`/api/purchase-orders/${po.id}/receive/`, { lines: [{ line_id: line.id, quantity: half }] }),
        ctx.staff.post(`/api/purchase-orders/${po.id}/receive/`, { lines: [{ line_id: line.id, quantity: half }] }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
      const [stored] = await ctx.database.db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.id, line.id));
      expect(stored!.receivedQuantity).toBe(half);
      // Receive the rest so the next round's draft starts from the same shelf.
      await ctx.staff.post(`/api/purchase-orders/${po.id}/receive/`, { lines: [{ line_id: line.id, quantity: line.quantity - half }] });
    }
    const [stock] = await ctx.database.db.select().from(componentStock).where(eq(componentStock.componentId, world.panel));
    const lines = await ctx.database.db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.componentId, world.panel));
    expect(stock!.onHand).toBe(lines.reduce((sum, l) => sum + l.receivedQuantity, 0));
  });
});
