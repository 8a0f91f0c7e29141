import { eq } from 'drizzle-orm';
import { addDays, expectedDateOf, roundUpToPack, toMoneyString } from '@icehouse/domain';
import { components, purchaseOrderLines, purchaseOrders, stockMovements, suppliers } from '../schema';
import { nextNumber } from '../sequences';
import type { SeedContext } from './context';

/** The demo's suppliers and how each component is bought (a part with no supplier shows what drafting leaves out). */
const DEMO_SUPPLIERS = [
  { name: 'Northern Panel Supply', contact: 'Dana Kowalski', email: 'orders@northernpanel.example', phone: '(218) 555-0142', terms: 'Net 30' },
  { name: 'Lakeside Hardware Co', contact: 'Sam Ortiz', email: 'sales@lakesidehw.example', phone: '(715) 555-0199', terms: 'Net 15' },
  { name: 'Polar Refrigeration Parts', contact: 'Jo Lindqvist', email: 'po@polarparts.example', phone: '(612) 555-0107', terms: '2% 10, Net 30' },
] as const;

const BOUGHT: Record<string, { supplier: number; part: string; lead: number; pack: number }> = {
  'Insulated Wall Panel 4" (4x8)': { supplier: 0, part: 'NP-W4-48', lead: 10, pack: 4 },
  'Insulated Wall Panel 6" (4x8)': { supplier: 0, part: 'NP-W6-48', lead: 10, pack: 4 },
  'Insulated Roof Panel (4x8)': { supplier: 0, part: 'NP-R-48', lead: 12, pack: 4 },
  'Door Frame Kit': { supplier: 1, part: 'LH-DFK', lead: 5, pack: 1 },
  'Hinge and Latch Hardware Set': { supplier: 1, part: 'LH-HL2', lead: 3, pack: 5 },
  'Door Gasket Kit': { supplier: 1, part: 'LH-GK', lead: 3, pack: 10 },
  'Cam Lock Set (12)': { supplier: 1, part: 'LH-CL12', lead: 3, pack: 10 },
  'Walk-in Refrigeration Unit': { supplier: 2, part: 'PR-WIU-2', lead: 21, pack: 1 },
};

/**
 * Suppliers, each component's buying fields, and two purchase orders: one sent two days ago to the panel
 * supplier, one to the hardware supplier sent last week and partly received (its receipts in the stock ledger,
 * at the line's price). Numbers from the purchase order sequence, as the app allocates them.
 */
export async function seedPurchasing(ctx: SeedContext) {
  const tx = ctx.tx;
  const made = await tx
    .insert(suppliers)
    .values(DEMO_SUPPLIERS.map((s) => ({ ...s, createdAt: ctx.now, updatedAt: ctx.now })))
    .returning({ id: suppliers.id });
  const byName = new Map([...ctx.components].map(([id, c]) => [c.name, { id, cost: toMoneyString(c.cost) }]));
  for (const [name, b] of Object.entries(BOUGHT)) {
    const c = byName.get(name);
    if (!c) continue;
    await tx
      .update(components)
      .set({ preferredSupplierId: made[b.supplier]!.id, supplierPartNumber: b.part, leadTimeDays: b.lead, packSize: b.pack, lastPrice: c.cost })
      .where(eq(components.id, c.id));
  }
  const order = async (supplier: number, sentDaysAgo: number, lines: [string, number, number][]) => {
    const sentOn = addDays(ctx.today, -sentDaysAgo);
    const picked = lines.flatMap(([name, need, received]) => {
      const c = byName.get(name);
      const b = BOUGHT[name];
      return c && b ? [{ c, b, quantity: roundUpToPack(need, b.pack), received }] : [];
    });
    const [po] = await tx
      .insert(purchaseOrders)
      .values({
        number: `P-${await nextNumber(tx, 'purchase_order_number')}`,
        supplierId: made[supplier]!.id,
        status: picked.some((l) => l.received > 0) ? 'partly_received' : 'sent',
        expectedDate: expectedDateOf(sentOn, picked.map((l) => l.b.lead)),
        notes: 'Deliver to the back dock.',
        sentAt: new Date(`${sentOn}T15:00:00Z`),
        createdBy: ctx.userIds[0] ?? null,
        createdAt: new Date(`${sentOn}T14:00:00Z`),
        updatedAt: ctx.now,
      })
      .returning({ id: purchaseOrders.id });
    const rows = await tx
      .insert(purchaseOrderLines)
      .values(picked.map((l, i) => ({ purchaseOrderId: po!.id, componentId: l.c.id, quantity: l.quantity, unitCost: l.c.cost, receivedQuantity: l.received, position: i + 1 })))
      .returning({ id: purchaseOrderLines.id });
    const receipts = picked.flatMap((l, i) =>
      l.received > 0
        ? [{ componentId: l.c.id, quantity: l.received, unitCost: l.c.cost, source: 'receipt' as const, purchaseOrderLineId: rows[i]!.id, userId: ctx.userIds[0] ?? null, createdAt: ctx.now }]
        : [],
    );
    if (receipts.length > 0) await tx.insert(stockMovements).values(receipts);
  };
  await order(0, 2, [
    ['Insulated Wall Panel 4" (4x8)', 14, 0],
    ['Insulated Roof Panel (4x8)', 7, 0],
  ]);
  await order(1, 6, [
    ['Door Frame Kit', 4, 2],
    ['Hinge and Latch Hardware Set', 5, 5],
    ['Door Gasket Kit', 10, 0],
  ]);
}
