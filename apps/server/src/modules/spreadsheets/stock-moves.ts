import { lockStock, writeMovements } from '../stock/ledger';
import type { ChangeTx } from '../../changes';

/**
 * On hand is the sum of the stock ledger (decision 261): the import never writes it. It writes, through the
 * ledger's one writer, an adjustment of the difference to the sheet's figure ("Imported"), and its undo the
 * reverse ("Import undone"); each is announced as `stock.adjusted` like any adjustment.
 */

export const IMPORTED_REASON = 'Imported';
export const UNDONE_REASON = 'Import undone';

/** Locks the components' stock rows (in component order, made at 0 where missing): each one's on hand and cost. */
export const lockOnHand = (tx: ChangeTx, componentIds: readonly number[]) => lockStock(tx, componentIds);

/** Adjustments bringing each component's on hand to its figure (none where it already is), with `reason`. */
export async function adjustOnHand(
  tx: ChangeTx,
  userId: number | null,
  targets: readonly { componentId: number; onHand: number }[],
  reason: string,
): Promise<void> {
  const locked = await lockStock(tx, targets.map((t) => t.componentId));
  const moves = targets.flatMap((t) => {
    const now = locked.get(t.componentId)!;
    return t.onHand === now.onHand
      ? []
      : [{ componentId: t.componentId, quantity: t.onHand - now.onHand, unitCost: now.cost, source: 'adjustment' as const, reason }];
  });
  await writeMovements(tx, userId, moves);
}
