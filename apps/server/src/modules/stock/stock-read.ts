import { asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { STOCK_MESSAGES, STOCK_MOVEMENT_SOURCE_LABELS } from '@icehouse/domain';
import { componentStock, components, orders, purchaseOrderLines, purchaseOrders, stockMovements, users } from '@icehouse/db/schema';
import type { DbDeps } from '../../deps';
import { AppError } from '../../errors';
import { onOrderByComponent } from './on-order';
import type { movementsAnswer, stockAnswer, stockListAnswer } from './schemas';

export type StockView = z.output<typeof stockAnswer>;

/** GET /api/stock/: every component's on hand and on order, by name. */
export async function listStock(deps: DbDeps): Promise<z.output<typeof stockListAnswer>> {
  const db = deps.database.db;
  const [rows, onOrder] = await Promise.all([
    db
      .select({ id: components.id, name: components.name, onHand: componentStock.onHand })
      .from(components)
      .leftJoin(componentStock, eq(componentStock.componentId, components.id))
      .orderBy(asc(components.name), asc(components.id)),
    onOrderByComponent(db),
  ]);
  return rows.map((r) => {
    const o = onOrder.get(r.id);
    return { component_id: r.id, name: r.name, on_hand: r.onHand ?? 0, on_order: o?.quantity ?? 0, next_expected_date: o?.next_expected_date ?? null };
  });
}

/** GET /api/stock/{id}/: one component's stock with the open purchase orders behind its on order (404 for none). */
export async function getStock(deps: DbDeps, componentId: number): Promise<StockView> {
  const db = deps.database.db;
  const [[row], onOrder] = await Promise.all([
    db
      .select({ id: components.id, name: components.name, onHand: componentStock.onHand })
      .from(components)
      .leftJoin(componentStock, eq(componentStock.componentId, components.id))
      .where(eq(components.id, componentId)),
    onOrderByComponent(db, [componentId]),
  ]);
  if (!row) throw AppError.notFound(STOCK_MESSAGES.componentNotFound);
  const o = onOrder.get(componentId);
  return {
    component_id: row.id,
    name: row.name,
    on_hand: row.onHand ?? 0,
    on_order: o?.quantity ?? 0,
    next_expected_date: o?.next_expected_date ?? null,
    purchase_orders: o?.purchase_orders ?? [],
  };
}

/** The movements' rows with what they name (order, purchase order, user), newest first. */
export function movementRows(db: DbDeps['database']['db'], componentId?: number) {
  const query = db
    .select({
      id: stockMovements.id,
      componentId: stockMovements.componentId,
      componentName: components.name,
      quantity: stockMovements.quantity,
      onHandAfter: sql<number>`(sum(${stockMovements.quantity}) over (partition by ${stockMovements.componentId} order by ${stockMovements.id}))::integer`.mapWith(Number),
      unitCost: stockMovements.unitCost,
      source: stockMovements.source,
      reason: stockMovements.reason,
      orderId: stockMovements.orderId,
      doorNumber: orders.doorNumber,
      purchaseOrderId: purchaseOrders.id,
      purchaseOrderNumber: purchaseOrders.number,
      user: users.username,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .innerJoin(components, eq(components.id, stockMovements.componentId))
    .leftJoin(orders, eq(orders.id, stockMovements.orderId))
    .leftJoin(purchaseOrderLines, eq(purchaseOrderLines.id, stockMovements.purchaseOrderLineId))
    .leftJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.purchaseOrderId))
    .leftJoin(users, eq(users.id, stockMovements.userId));
  return (componentId === undefined ? query : query.where(eq(stockMovements.componentId, componentId))).orderBy(
    desc(stockMovements.id),
  );
}

export type MovementRow = Awaited<ReturnType<typeof movementRows>>[number];

export const movementView = (r: MovementRow) => ({
  id: r.id,
  component_id: r.componentId,
  quantity: r.quantity,
  on_hand_after: r.onHandAfter,
  unit_cost: r.unitCost,
  source: r.source,
  source_label: STOCK_MOVEMENT_SOURCE_LABELS[r.source],
  reason: r.reason,
  order_id: r.orderId,
  door_number: r.doorNumber,
  purchase_order_id: r.purchaseOrderId,
  purchase_order_number: r.purchaseOrderNumber,
  user: r.user,
  created_at: r.createdAt.toISOString(),
});

/** GET /api/stock/{id}/movements/: a component's stock history, newest first, each with on hand after it. */
export async function listMovements(deps: DbDeps, componentId: number): Promise<z.output<typeof movementsAnswer>> {
  const db = deps.database.db;
  const [[component], rows] = await Promise.all([
    db
      .select({ id: components.id, name: components.name, onHand: componentStock.onHand })
      .from(components)
      .leftJoin(componentStock, eq(componentStock.componentId, components.id))
      .where(eq(components.id, componentId)),
    movementRows(db, componentId),
  ]);
  if (!component) throw AppError.notFound(STOCK_MESSAGES.componentNotFound);
  return { component_id: component.id, name: component.name, on_hand: component.onHand ?? 0, movements: rows.map(movementView) };
}
