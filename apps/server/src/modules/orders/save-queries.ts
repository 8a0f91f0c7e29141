import { and, eq, sql } from 'drizzle-orm';
import { addresses, invoiceOrders, invoices, orderAdditionalItems, orderBuildingInfo, orders } from '@icehouse/db/schema';
import type { Database, Db } from '@icehouse/db/client';
import { allInOrder, inTransaction, placeholderValues, placeholdersOf, placeholdersToSet } from '../../prepared-query';

/**
 * The statements of an order save, written for few round trips: each statement is a round trip to
 * PostgreSQL, and at 32 clients their cost (the socket writes and wake-ups on both sides, the
 * parsing) is most of a save's (see docs/performance.md, "Saves at 32 clients").
 */

type NewAddress = typeof addresses.$inferInsert;
type NewOrder = typeof orders.$inferInsert;
type NewBuilding = Omit<typeof orderBuildingInfo.$inferInsert, 'orderId'>;
type NewItem = Omit<typeof orderAdditionalItems.$inferInsert, 'orderId'>;

/** Orders with up to this many additional items insert through statements built once (one per count). */
const BUILT_ONCE_MAX_ITEMS = 20;

/** The ids a new order's rows will have, taken before they are written (see insertOrderRows). */
export interface NewOrderIds {
  order: number;
  billing: number;
  shipping: number;
}

type NewOrderRows = { billing: NewAddress; shipping: NewAddress; order: NewOrder; building: NewBuilding; items: readonly NewItem[] };

/** Takes the ids of a new order and its two addresses from their sequences (sent with the reference checks). */
export async function newOrderIds(tx: Db, inTransactionOf: Database | undefined): Promise<NewOrderIds> {
  const next = (table: string) => sql<number>`nextval(pg_get_serial_sequence(${sql.raw(`'"${table}"'`)}, 'id'))::int`;
  const [ids] = await inTransaction(
    tx,
    inTransactionOf,
    'orders.newIds',
    (db) =>
      db
        .select({ order: next('orders'), billing: next('addresses'), shipping: next('addresses') })
        .from(sql`(select 1) as "one"`)
        .prepare('order_new_ids'),
    (query) => query.execute(),
  );
  return ids!;
}

/** Both addresses of a new order (their ids given), in one statement. */
function addressesInsert(db: Db, rows: NewOrderRows) {
  return db
    .insert(addresses)
    .values([placeholdersOf(rows.billing, 'billing_'), placeholdersOf(rows.shipping, 'shipping_')])
    .returning({ id: addresses.id })
    .prepare('order_insert_addresses');
}

/** The order with its building and `rows.items.length` items, in one statement (data-modifying CTEs). */
function orderInsert(db: Db, rows: NewOrderRows) {
  const order = db.$with('new_order').as(db.insert(orders).values(placeholdersOf(rows.order, 'order_')).returning({ id: orders.id }));
  const orderId = sql`(select "id" from "new_order")`;
  const building = db.$with('new_building').as(
    db.insert(orderBuildingInfo).values({ ...placeholdersOf(rows.building, 'building_'), orderId }).returning({ id: orderBuildingInfo.id }),
  );
  const items =
    rows.items.length > 0
      ? [
          db
            .$with('new_items')
            .as(
              db
                .insert(orderAdditionalItems)
                .values(rows.items.map((item, i) => ({ ...placeholdersOf(item, `item${i}_`), orderId })))
                .returning({ id: orderAdditionalItems.id }),
            ),
        ]
      : [];
  // Every data-modifying CTE runs to completion whether or not the main query reads it.
  return db
    .with(order, building, ...items)
    .select({ id: order.id })
    .from(order)
    .prepare(`order_insert_${rows.items.length}`);
}

/**
 * A new order's rows, their ids taken beforehand (`newOrderIds`), in two statements instead of five: both
 * addresses in one, then the order with its building and items in one. The addresses come first, on
 * their own: the orders trigger that fills customer_search reads them, and a statement does not see rows
 * its own CTEs insert. Both statements are sent before this returns, without waiting for either (decision
 * 224): PostgreSQL runs a connection's statements in the order sent, so the caller may send its read of
 * the order right after, in the same round trip. Built once (per number of items, up to
 * BUILT_ONCE_MAX_ITEMS) and run on the transaction (decision 221).
 */
export function insertOrderRows(tx: Db, inTransactionOf: Database | undefined, ids: NewOrderIds, rows: NewOrderRows): Promise<unknown> {
  const addressValues = {
    ...placeholderValues({ id: ids.billing, ...rows.billing }, 'billing_'),
    ...placeholderValues({ id: ids.shipping, ...rows.shipping }, 'shipping_'),
  };
  const withIds: NewOrderRows = {
    ...rows,
    billing: { id: ids.billing, ...rows.billing },
    shipping: { id: ids.shipping, ...rows.shipping },
    order: { id: ids.order, ...rows.order, billingAddressId: ids.billing, shippingAddressId: ids.shipping },
  };
  const orderValues = {
    ...placeholderValues(withIds.order, 'order_'),
    ...placeholderValues(rows.building, 'building_'),
    ...Object.assign({}, ...rows.items.map((item, i) => placeholderValues(item, `item${i}_`))),
  };
  const addressesWritten = inTransaction(tx, inTransactionOf, 'orders.insertAddresses', (db) => addressesInsert(db, withIds), (query) =>
    query.execute(addressValues),
  );
  const orderWritten =
    rows.items.length <= BUILT_ONCE_MAX_ITEMS
      ? inTransaction(tx, inTransactionOf, `orders.insert.${rows.items.length}`, (db) => orderInsert(db, withIds), (query) => query.execute(orderValues))
      : orderInsert(tx, withIds).execute(orderValues);
  return allInOrder([addressesWritten, orderWritten]);
}

/**
 * An order's columns (`row`'s keys) set, its version moved on, where it is still at the version read.
 * (The WHERE clauses' own placeholders are named `where_*`, which no column key is.)
 */
export function orderUpdate(db: Db, row: object, name: string) {
  return db
    .update(orders)
    .set({ ...placeholdersToSet<typeof orders.$inferInsert>(placeholdersOf(row, '')), version: sql`${orders.version} + 1` })
    .where(and(eq(orders.id, sql.placeholder('where_id')), eq(orders.version, sql.placeholder('where_version'))))
    .returning({ id: orders.id, version: orders.version })
    .prepare(name);
}

/** One address's columns (`row`'s keys) replaced. */
export function addressUpdate(db: Db, row: object) {
  return db
    .update(addresses)
    .set(placeholdersToSet<NewAddress>(placeholdersOf(row, '')))
    .where(eq(addresses.id, sql.placeholder('where_id')))
    .prepare('order_address_update');
}

/** The order's building row (`row`'s columns), inserted or replaced. */
export function buildingUpsert(db: Db, row: NewBuilding) {
  const values = placeholdersOf(row, '');
  return db
    .insert(orderBuildingInfo)
    .values({ ...values, orderId: sql.placeholder('orderId') })
    .onConflictDoUpdate({ target: orderBuildingInfo.orderId, set: placeholdersToSet<NewBuilding>(values) })
    .prepare('order_building_upsert');
}

/** One additional item's columns (`row`'s keys) replaced. */
export function itemUpdate(db: Db, row: object) {
  return db
    .update(orderAdditionalItems)
    .set(placeholdersToSet<NewItem>(placeholdersOf(row, '')))
    .where(eq(orderAdditionalItems.id, sql.placeholder('where_id')))
    .prepare('order_item_update');
}

/**
 * Locks the invoices of an order (SELECT ... FOR UPDATE) before a save that renames its customer:
 * a trigger then rewrites those invoices' search text (migration 0009), and the invoice services
 * lock an invoice before its orders. Taking the invoices first here too keeps one order (invoices,
 * then orders) everywhere, so an order save and an invoice save cannot deadlock.
 */
export async function lockInvoicesOfOrder(tx: Db, inTransactionOf: Database | undefined, orderId: number): Promise<void> {
  await inTransaction(
    tx,
    inTransactionOf,
    'orders.lockInvoices',
    (db) =>
      db
        .select({ id: invoices.id })
        .from(invoiceOrders)
        .innerJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
        .where(eq(invoiceOrders.orderId, sql.placeholder('orderId')))
        .for('update', { of: invoices })
        .prepare('order_lock_invoices'),
    (query) => query.execute({ orderId }),
  );
}
