import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_CONSUMPTION_STATUS, consumesStock, type OrderStatus } from '@icehouse/domain';
import { companyInfo, orderStockConsumptions, stockMovements } from '@icehouse/db/schema';
import type { ChangeTx } from '../../changes';
import { loadBillsOfMaterials } from '../costing/bom-loader';
import { lockStock, writeMovements, type Movement } from './ledger';

const HISTORY_SETTING = 'icehouse.history_import';

/**
 * Marks the transaction as bringing history across (an import from a previous server): the orders it writes at or
 * past the consumption status are opening orders, which never take parts from this shop's stock nor return any.
 */
export async function markHistoryImport(tx: Pick<ChangeTx, 'execute'>): Promise<void> {
  await tx.execute(sql`select set_config(${HISTORY_SETTING}, 'on', true)`);
}

/**
 * Consumption by an order's status (decision 259), in the transaction that changes the order, after its
 * last write to the order: an order at or past the shop's consumption status has its bill of materials
 * taken from stock; any other (before it, voided, or `status` null: about to be deleted) has nothing
 * taken. What the order has taken is read from the ledger (its consumption and return movements), and
 * only the difference is written, under a lock on the order's consumption row: so a move into the status
 * consumes once however often it is made or retried at once, a move back (or a void, or a delete) returns
 * exactly what was taken, and a bill of materials changed while consumed takes or returns the change.
 */
export async function syncOrderStock(tx: ChangeTx, orderId: number, status: OrderStatus | null, userId: number | null): Promise<void> {
  const [facts] = await tx
    .select({
      at: sql<string | null>`(select ${companyInfo.stockConsumptionStatus} from ${companyInfo} where ${companyInfo.id} = 1)`,
      state: sql<string | null>`(select ${orderStockConsumptions.state} from ${orderStockConsumptions} where ${orderStockConsumptions.orderId} = ${orderId})`,
      history: sql<boolean>`coalesce(current_setting(${HISTORY_SETTING}, true), '') = 'on'`,
    })
    .from(sql`(select 1) as one`);
  const at = (facts?.at ?? DEFAULT_CONSUMPTION_STATUS) as Parameters<typeof consumesStock>[1];
  const consumes = status !== null && consumesStock(status, at);
  // An order brought across from a previous server at or past the status took its parts from that shop's shelf,
  // before this ledger's count: it is an opening order, as those past the status when the ledger began.
  if (facts?.history && (facts.state ?? null) === null) {
    if (consumes) await tx.insert(orderStockConsumptions).values({ orderId, state: 'opening' }).onConflictDoNothing();
    return;
  }
  // Nothing ever taken and nothing to take: the common save of an order before the shop has it. An order
  // whose parts left the shelf before the ledger began (`opening`) is never taken from or returned to it.
  if ((!consumes && (facts?.state ?? null) === null) || facts?.state === 'opening') return;

  await tx.insert(orderStockConsumptions).values({ orderId, state: 'returned' }).onConflictDoNothing();
  const [row] = await tx
    .select({ state: orderStockConsumptions.state })
    .from(orderStockConsumptions)
    .where(eq(orderStockConsumptions.orderId, orderId))
    .for('update');

  const [bom, taken] = await Promise.all([
    consumes ? loadBillsOfMaterials(tx, [orderId]).then((m) => m.get(orderId)?.lines ?? []) : Promise.resolve([]),
    tx
      .select({ componentId: stockMovements.componentId, taken: sql<number>`(-sum(${stockMovements.quantity}))::integer`.mapWith(Number) })
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, orderId), inArray(stockMovements.source, ['consumption', 'consumption_return'])))
      .groupBy(stockMovements.componentId),
  ]);
  const target = new Map<number, number>();
  for (const line of bom) target.set(line.component_id, (target.get(line.component_id) ?? 0) + line.quantity);
  const already = new Map(taken.map((t) => [t.componentId, t.taken]));
  const differences = [...new Set([...target.keys(), ...already.keys()])]
    .map((componentId) => ({ componentId, more: (target.get(componentId) ?? 0) - (already.get(componentId) ?? 0) }))
    .filter((d) => d.more !== 0);
  if (differences.length > 0) {
    const locked = await lockStock(tx, differences.map((d) => d.componentId));
    const movements: Movement[] = differences.map((d) => ({
      componentId: d.componentId,
      quantity: -d.more,
      unitCost: locked.get(d.componentId)!.cost,
      source: d.more > 0 ? 'consumption' : 'consumption_return',
      orderId,
    }));
    await writeMovements(tx, userId, movements);
  }
  const state = consumes ? 'consumed' : 'returned';
  if (row?.state !== state)
    await tx.update(orderStockConsumptions).set({ state, updatedAt: new Date() }).where(eq(orderStockConsumptions.orderId, orderId));
}
