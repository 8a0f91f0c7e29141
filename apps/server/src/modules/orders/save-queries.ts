import { eq, sql } from 'drizzle-orm';
import { addresses, invoiceOrders, invoices, orderAdditionalItems, orderBuildingInfo, orders } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';

/**
 * The statements of an order save, written for few round trips: each statement is a round trip to
 * PostgreSQL, and at 32 clients their cost (the socket writes and wake-ups on both sides, the
 * parsing) is most of a save's (see the README, "Issue 14").
 */

type NewAddress = typeof addresses.$inferInsert;
type NewOrder = Omit<typeof orders.$inferInsert, 'billingAddressId' | 'shippingAddressId'>;
type NewBuilding = Omit<typeof orderBuildingInfo.$inferInsert, 'orderId'>;
type NewItem = Omit<typeof orderAdditionalItems.$inferInsert, 'orderId'>;

/**
 * A new order's rows in two statements instead of five: both addresses in one, then the order with
 * its building and items in one (data-modifying CTEs). The addresses come first, on their own:
 * the orders trigger that fills customer_search reads them, and a statement does not see rows its
 * own CTEs insert.
 */
export async function insertOrderRows(
  tx: Db,
  rows: { billing: NewAddress; shipping: NewAddress; order: NewOrder; building: NewBuilding; items: readonly NewItem[] },
): Promise<number> {
  const billing = tx.$with('new_billing').as(tx.insert(addresses).values(rows.billing).returning({ id: addresses.id }));
  const shipping = tx.$with('new_shipping').as(tx.insert(addresses).values(rows.shipping).returning({ id: addresses.id }));
  const [ids] = await tx
    .with(billing, shipping)
    .select({ billing: sql<number>`(select "id" from "new_billing")`, shipping: sql<number>`(select "id" from "new_shipping")` })
    .from(sql`(select 1) as "one"`);
  const order = tx.$with('new_order').as(
    tx
      .insert(orders)
      .values({ ...rows.order, billingAddressId: ids!.billing, shippingAddressId: ids!.shipping })
      .returning({ id: orders.id }),
  );
  const orderId = sql`(select "id" from "new_order")`;
  const building = tx.$with('new_building').as(
    tx.insert(orderBuildingInfo).values({ ...rows.building, orderId }).returning({ id: orderBuildingInfo.id }),
  );
  const items =
    rows.items.length > 0
      ? [
          tx
            .$with('new_items')
            .as(
              tx
                .insert(orderAdditionalItems)
                .values(rows.items.map((item) => ({ ...item, orderId })))
                .returning({ id: orderAdditionalItems.id }),
            ),
        ]
      : [];
  // Every data-modifying CTE runs to completion whether or not the main query reads it.
  const [saved] = await tx
    .with(order, building, ...items)
    .select({ id: order.id })
    .from(order);
  return saved!.id;
}

/**
 * Locks the invoices of an order (SELECT ... FOR UPDATE) before a save that renames its customer:
 * a trigger then rewrites those invoices' search text (migration 0009), and the invoice services
 * lock an invoice before its orders. Taking the invoices first here too keeps one order (invoices,
 * then orders) everywhere, so an order save and an invoice save cannot deadlock.
 */
export async function lockInvoicesOfOrder(tx: Db, orderId: number): Promise<void> {
  await tx
    .select({ id: invoices.id })
    .from(invoiceOrders)
    .innerJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
    .where(eq(invoiceOrders.orderId, orderId))
    .for('update', { of: invoices });
}
