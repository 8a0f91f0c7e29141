import { priceBeforeTax } from '@icehouse/domain';
import { orderCostings } from '@icehouse/db/schema';
import type { Database, Db } from '@icehouse/db/client';
import { inTransaction, placeholdersOf, placeholdersToSet } from '../../prepared-query';
import { billsOfMaterialsOf, loadBillsOfMaterials, type BomCatalogue } from './bom-loader';

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
