import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { orderMargin, priceBeforeTax } from '@icehouse/domain';
import { orderCostings } from '@icehouse/db/schema';
import type { Database, Db } from '@icehouse/db/client';
import { inTransaction, placeholdersOf, placeholdersToSet } from '../../prepared-query';
import type { DbDeps } from '../../deps';
import { getOrder } from '../orders/order-read';
import { billsOfMaterialsOf, loadBillsOfMaterials, type BomCatalogue } from '../costing/bom-loader';
import type { orderBomAnswer, orderCostingAnswer } from './schemas';

export type OrderBomView = z.output<typeof orderBomAnswer>;
export type OrderCostingView = z.output<typeof orderCostingAnswer>;

/** What the order save hands over: the order as that transaction leaves it (its answer). */
export interface SavedOrderPrice {
  id: number;
  totals: { subtotal: string; discount_amount: string };
}

/** The order's building and items as the save read them back after its writes (not read again). */
export interface SavedOrderRows {
  building: Parameters<typeof billsOfMaterialsOf>[2][number] | null;
  items: Parameters<typeof billsOfMaterialsOf>[3];
}

/**
 * Called by the order save, inside its transaction, after its last write: keeps the order's cost
 * of materials (its bill of materials at the components' costs of this moment) and its price
 * before tax, so later cost changes leave the margin of this save alone. One row per order.
 */
export async function recordOrderCosting(
  tx: Db,
  order: SavedOrderPrice,
  from: { saved?: SavedOrderRows; known?: BomCatalogue; inTransactionOf?: Database } = {},
): Promise<void> {
  const { saved, known } = from;
  const bom = (
    saved
      ? await billsOfMaterialsOf(tx, [order.id], saved.building ? [saved.building] : [], saved.items, known)
      : await loadBillsOfMaterials(tx, [order.id])
  ).get(order.id)!;
  const values = {
    orderId: order.id,
    productId: bom.product_id,
    productDescription: bom.product_description ?? '',
    bomKind: bom.kind,
    materialsCost: bom.materials_cost,
    priceBeforeTax: priceBeforeTax(order.totals.subtotal, order.totals.discount_amount),
    savedAt: new Date(),
  };
  await inTransaction(tx, from.inTransactionOf, 'production.costingUpsert', (db) => costingUpsert(db, values), (query) =>
    query.execute(values),
  );
}

/** An order's costing row (`row`'s columns), inserted or replaced; built once (prepared-query.ts). */
function costingUpsert(db: Db, row: typeof orderCostings.$inferInsert) {
  const { orderId, ...set } = placeholdersOf(row, '');
  return db
    .insert(orderCostings)
    .values({ orderId, ...set })
    .onConflictDoUpdate({ target: orderCostings.orderId, set: placeholdersToSet<typeof row>(set) })
    .prepare('order_costing_upsert');
}

/** The order's bill of materials as the catalogue stands now (the build sheet's list). */
export async function orderBillOfMaterials(deps: DbDeps, id: number): Promise<OrderBomView> {
  const order = await getOrder(deps, id); // 404 when there is no such order
  const bom = (await loadBillsOfMaterials(deps.database.db, [id])).get(id)!;
  return { order_id: id, door_number: order.door_number, bill_of_materials: bom };
}

/** Cost and margin of one order: as saved, and now when the components' costs have changed since. */
export async function orderCosting(deps: DbDeps, id: number): Promise<OrderCostingView> {
  const order = await getOrder(deps, id);
  const db = deps.database.db;
  const [boms, [saved]] = await Promise.all([
    loadBillsOfMaterials(db, [id]),
    db.select().from(orderCostings).where(eq(orderCostings.orderId, id)),
  ]);
  const bom = boms.get(id)!;
  const price = priceBeforeTax(order.totals.subtotal, order.totals.discount_amount);
  const costAtSave = saved ? saved.materialsCost : null;
  const now = orderMargin(price, bom.materials_cost);
  const atSave = saved ? orderMargin(price, costAtSave) : now;
  return {
    order_id: id,
    door_number: order.door_number,
    bill_of_materials: bom,
    price_before_tax: price,
    cost_recorded: saved !== undefined,
    cost_at_save: costAtSave,
    saved_at: saved ? saved.savedAt.toISOString() : null,
    cost_now: bom.materials_cost,
    cost_changed: saved !== undefined && costAtSave !== bom.materials_cost,
    margin: atSave.margin,
    margin_percent: atSave.margin_percent,
    margin_now: now.margin,
    margin_now_percent: now.margin_percent,
  };
}
