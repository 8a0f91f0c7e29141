import { sql } from 'drizzle-orm';
import { movingAverageCost } from '@icehouse/domain';
import { components } from '@icehouse/db/schema';
import type { ChangeTx } from '../../changes';
import { lockStock, writeMovements } from './ledger';

/** A purchase order line's parts received now: how many, at the line's unit cost. */
export interface ReceiptLine {
  purchaseOrderLineId: number;
  componentId: number;
  /** Received now, a whole number > 0 (the caller has checked it against the line). */
  quantity: number;
  /** The price paid per unit, money text ("12.50"). */
  unitCost: string;
}

export interface ReceivedStock {
  component_id: number;
  on_hand: number;
  cost: string;
}

/**
 * A receipt into stock, in the caller's transaction (purchasing's receiving calls it, so the rule lives
 * here once): one `receipt` movement per line, and each component's cost becomes the moving average of
 * the shelf and the receipt (the domain's movingAverageCost, decision 260) with its last price the
 * line's. The components' stock and catalogue rows are locked in component order first, so concurrent
 * receipts and consumptions of one component queue and none loses or doubles a unit. Announces
 * `stock.received` per component. Answers each component's on hand and cost after the receipt.
 */
export async function recordReceipt(tx: ChangeTx, userId: number | null, lines: readonly ReceiptLine[]): Promise<ReceivedStock[]> {
  for (const line of lines)
    if (!Number.isInteger(line.quantity) || line.quantity <= 0) throw new RangeError('recordReceipt: quantities are whole numbers > 0');
  if (lines.length === 0) return [];
  const locked = await lockStock(
    tx,
    lines.map((l) => l.componentId),
    { forCost: true },
  );
  const after = new Map<number, { onHand: number; cost: string; lastPrice: string }>();
  for (const line of [...lines].sort((a, b) => a.componentId - b.componentId || a.purchaseOrderLineId - b.purchaseOrderLineId)) {
    const now = after.get(line.componentId) ?? locked.get(line.componentId)!;
    after.set(line.componentId, {
      onHand: now.onHand + line.quantity,
      cost: movingAverageCost(now.onHand, now.cost, line.quantity, line.unitCost),
      lastPrice: line.unitCost,
    });
  }
  await writeMovements(
    tx,
    userId,
    lines.map((l) => ({ componentId: l.componentId, quantity: l.quantity, unitCost: l.unitCost, source: 'receipt' as const, purchaseOrderLineId: l.purchaseOrderLineId })),
  );
  // One statement for every component received (a 30-line purchase order is one round trip).
  const values = sql.join(
    [...after].map(([id, a]) => sql`(${id}::integer, ${a.cost}::numeric, ${a.lastPrice}::numeric)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${components} set cost = v.cost, last_price = v.last_price
    from (values ${values}) as v(id, cost, last_price)
    where ${components.id} = v.id`);
  return [...after].map(([id, a]) => ({ component_id: id, on_hand: a.onHand, cost: a.cost }));
}
