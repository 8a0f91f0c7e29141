import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { OPEN_PURCHASE_ORDER_STATUSES } from '@icehouse/domain';
import { purchaseOrderLines, purchaseOrders, suppliers } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';

/** One open purchase order's outstanding quantity of a component. */
export interface OnOrderLine {
  purchase_order_id: number;
  number: string;
  supplier_name: string;
  status: string;
  expected_date: string | null;
  quantity: number;
}

export interface OnOrder {
  /** Σ outstanding (ordered − received) over the open purchase orders' lines. */
  quantity: number;
  /** The earliest expected date among them; null when none has one. */
  next_expected_date: string | null;
  purchase_orders: OnOrderLine[];
}

/**
 * On order: the open purchase orders' lines not yet received (domain OPEN_PURCHASE_ORDER_STATUSES, drafts
 * included so a second draft does not buy the same parts again), per component, soonest expected first
 * (undated last). `componentIds`: only those (all when omitted). One query.
 */
export async function onOrderByComponent(db: Db, componentIds?: readonly number[]): Promise<Map<number, OnOrder>> {
  if (componentIds && componentIds.length === 0) return new Map();
  const open = and(
    inArray(purchaseOrders.status, [...OPEN_PURCHASE_ORDER_STATUSES]),
    gt(purchaseOrderLines.quantity, purchaseOrderLines.receivedQuantity),
    componentIds ? inArray(purchaseOrderLines.componentId, [...componentIds]) : undefined,
  );
  const rows = await db
    .select({
      componentId: purchaseOrderLines.componentId,
      id: purchaseOrders.id,
      number: purchaseOrders.number,
      supplierName: suppliers.name,
      status: purchaseOrders.status,
      expectedDate: purchaseOrders.expectedDate,
      quantity: sql<number>`(${purchaseOrderLines.quantity} - ${purchaseOrderLines.receivedQuantity})::integer`.mapWith(Number),
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.purchaseOrderId))
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .where(open)
    .orderBy(asc(purchaseOrderLines.componentId), sql`${purchaseOrders.expectedDate} asc nulls last`, asc(purchaseOrders.id));
  const out = new Map<number, OnOrder>();
  for (const r of rows) {
    const entry = out.get(r.componentId) ?? { quantity: 0, next_expected_date: null, purchase_orders: [] };
    entry.quantity += r.quantity;
    entry.next_expected_date ??= r.expectedDate;
    entry.purchase_orders.push({
      purchase_order_id: r.id,
      number: r.number,
      supplier_name: r.supplierName,
      status: r.status,
      expected_date: r.expectedDate,
      quantity: r.quantity,
    });
    out.set(r.componentId, entry);
  }
  return out;
}
