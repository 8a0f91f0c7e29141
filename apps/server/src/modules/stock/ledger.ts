import { asc, eq, inArray } from 'drizzle-orm';
import { STOCK_MESSAGES, type StockMovementSource } from '@icehouse/domain';
import { isForeignKeyViolation } from '@icehouse/db';
import { componentStock, components, stockMovements } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import { announceChange, type ChangeTx } from '../../changes';

/**
 * The one writer of the stock ledger (decision 261). Every movement goes through `writeMovements` after
 * `lockStock` has locked the components' stock rows, always in component order, so two transactions that
 * move several components wait for each other instead of deadlocking, and a figure read under the lock
 * (on hand for the moving average) is the one the movement adds to. on hand itself is the trigger's.
 */

export interface LockedStock {
  onHand: number;
  cost: string;
}

/**
 * Locks the stock rows of these components (making the missing ones, at 0), in component id order, and
 * answers each one's on hand and cost. `forCost`: the components' rows are locked too (their cost is
 * about to change). An unknown component is 404.
 */
export async function lockStock(tx: Db, componentIds: readonly number[], { forCost = false } = {}): Promise<Map<number, LockedStock>> {
  const ids = [...new Set(componentIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  try {
    await tx
      .insert(componentStock)
      .values(ids.map((componentId) => ({ componentId })))
      .onConflictDoNothing();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw AppError.notFound(STOCK_MESSAGES.componentNotFound);
    throw error;
  }
  const rows = await tx
    .select({ id: componentStock.componentId, onHand: componentStock.onHand, cost: components.cost })
    .from(componentStock)
    .innerJoin(components, eq(components.id, componentStock.componentId))
    .where(inArray(componentStock.componentId, ids))
    .orderBy(asc(componentStock.componentId))
    .for('update', { of: forCost ? [componentStock, components] : componentStock });
  return new Map(rows.map((r) => [r.id, { onHand: r.onHand, cost: r.cost }]));
}

export interface Movement {
  componentId: number;
  quantity: number;
  unitCost: string;
  source: StockMovementSource;
  reason?: string;
  orderId?: number | null;
  purchaseOrderLineId?: number | null;
}

/** The stock actions announced per component (`stock.<action>`), one per source. */
const ACTION_OF: Record<StockMovementSource, string> = {
  receipt: 'received',
  consumption: 'consumed',
  consumption_return: 'returned',
  adjustment: 'adjusted',
};

/**
 * Writes the movements (their components' stock rows locked by `lockStock` in this transaction) and
 * states each component's change for the announcement at the end of the transaction.
 */
export async function writeMovements(tx: ChangeTx, userId: number | null, movements: readonly Movement[]): Promise<void> {
  if (movements.length === 0) return;
  const sorted = [...movements].sort((a, b) => a.componentId - b.componentId);
  await tx.insert(stockMovements).values(
    sorted.map((m) => ({
      componentId: m.componentId,
      quantity: m.quantity,
      unitCost: m.unitCost,
      source: m.source,
      reason: m.reason ?? '',
      orderId: m.orderId ?? null,
      purchaseOrderLineId: m.purchaseOrderLineId ?? null,
      userId,
    })),
  );
  for (const m of sorted) announceChange(tx, { entity: 'stock', id: m.componentId, version: null, action: ACTION_OF[m.source], by: userId });
}

/** Each component's on hand as it stands (0 for one never moved). */
export async function onHandOf(db: Db, componentIds: readonly number[]): Promise<Map<number, number>> {
  if (componentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: componentStock.componentId, onHand: componentStock.onHand })
    .from(componentStock)
    .where(inArray(componentStock.componentId, [...componentIds]));
  return new Map(rows.map((r) => [r.id, r.onHand]));
}
