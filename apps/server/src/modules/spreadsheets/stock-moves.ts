import { asc, eq, inArray } from 'drizzle-orm';
import { componentStock, components, stockMovements } from '@icehouse/db/schema';
import type { ChangeTx } from '../../changes';

/**
 * On hand is the sum of the stock ledger (decision 261): the import never writes it, it writes an
 * adjustment of the difference to the sheet's figure ("Imported"), and its undo the reverse ("Import
 * undone"). The stock rows are locked in component order first, as every writer of the ledger does.
 */

export const IMPORTED_REASON = 'Imported';
export const UNDONE_REASON = 'Import undone';

/** Locks the components' stock rows (made at 0 where missing) and answers each one's on hand and cost. */
export async function lockOnHand(tx: ChangeTx, componentIds: readonly number[]) {
  const ids = [...new Set(componentIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map<number, { onHand: number; cost: string }>();
  await tx
    .insert(componentStock)
    .values(ids.map((componentId) => ({ componentId })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: componentStock.componentId, onHand: componentStock.onHand, cost: components.cost })
    .from(componentStock)
    .innerJoin(components, eq(components.id, componentStock.componentId))
    .where(inArray(componentStock.componentId, ids))
    .orderBy(asc(componentStock.componentId))
    .for('update', { of: componentStock });
  return new Map(rows.map((r) => [r.id, { onHand: r.onHand, cost: r.cost }]));
}

/** Adjustments bringing each component's on hand to its figure (none where it already is), with `reason`. */
export async function adjustOnHand(
  tx: ChangeTx,
  userId: number | null,
  targets: readonly { componentId: number; onHand: number }[],
  reason: string,
): Promise<void> {
  const locked = await lockOnHand(tx, targets.map((t) => t.componentId));
  const moves = targets
    .map((t) => ({ t, now: locked.get(t.componentId)! }))
    .filter(({ t, now }) => t.onHand !== now.onHand)
    .sort((a, b) => a.t.componentId - b.t.componentId)
    .map(({ t, now }) => ({
      componentId: t.componentId,
      quantity: t.onHand - now.onHand,
      unitCost: now.cost,
      source: 'adjustment' as const,
      reason,
      userId,
    }));
  for (let i = 0; i < moves.length; i += 500) await tx.insert(stockMovements).values(moves.slice(i, i + 500));
}
