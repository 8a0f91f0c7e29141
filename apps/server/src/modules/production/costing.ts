import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { orderMargin, priceBeforeTax } from '@icehouse/domain';
import { orderCostings } from '@icehouse/db/schema';
import type { DbDeps } from '../../deps';
import { getOrder } from '../orders/order-read';
import { loadBillsOfMaterials } from '../costing/bom-loader';
import type { orderBomAnswer, orderCostingAnswer } from './schemas';

export type OrderBomView = z.output<typeof orderBomAnswer>;
export type OrderCostingView = z.output<typeof orderCostingAnswer>;

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
