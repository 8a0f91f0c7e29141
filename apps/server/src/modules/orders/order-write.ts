import { eq, inArray, sql } from 'drizzle-orm';
import { MESSAGES, customerNameOf, type OrderData } from '@icehouse/domain';
import { isForeignKeyViolation, isUniqueViolation } from '@icehouse/db';
import {
  addresses,
  invoiceOrders,
  invoices,
  orderDeposits,
  orders,
  storedFiles,
} from '@icehouse/db/schema';
import type { Database, Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import { diffSnapshots, labelsFor, recordHistory, snapshotOf } from './history';
import {
  ORDER_MESSAGES,
  checkReferences,
  type ReferenceFacts,
  doorNumberTakenError,
  parseOrderWrite,
  staleOrderError,
  statusMoveIssues,
  validationError,
} from './validation';
import {
  loadOrderRecords,
  salesTaxRate,
  toOrderView,
  type OrderRecord,
  type OrderView,
} from './views';
import { addressUpdate, buildingUpsert, insertOrderRows, lockInvoicesOfOrder, newOrderIds, orderUpdate } from './save-queries';
import { allInOrder, inTransaction } from '../../prepared-query';
import { notFound, type Actor } from './service-common';
import {
  addOrRemoveItems,
  addressValues,
  buildingValues,
  changesItemCount,
  itemValues,
  orderValues,
  sameValues,
  updateChangedItems,
} from './order-rows';
import { sendDoorSequenceBump } from './door-numbers';
import type { ChangeDeps } from '../../deps';
import { announceChange, changeTransaction, sendBeforeCommit, type ChangeTx } from '../../changes';
import { recordOrderCosting } from '../costing/order-costing';
import { syncOrderStock } from '../stock/consumption';

/** Saving orders: create, update and delete, each in one transaction with its history entry. */

/** Database refusals that are the user's to fix, as field errors; anything else unchanged. */
export function mapOrderWriteError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (isUniqueViolation(error, 'orders_door_number_key')) return doorNumberTakenError();
  if (isForeignKeyViolation(error))
    return AppError.validation({ non_field_errors: [ORDER_MESSAGES.optionGone] }, ORDER_MESSAGES.optionGone);
  return error;
}

/**
 * The end of a create / update, after its last write to the order's rows: reads the order back once
 * (its answer, what the announcement carries, the history's "after" and the costing's rows), then sends
 * the history entry and the costing without waiting: they go with the announcement (decision 222). Labels
 * and the catalogue's rows come from the references' check (`facts`); only a label the check did not read
 * (a setting the save replaced) is read here.
 */
async function finishWrite(
  database: Database,
  tx: ChangeTx,
  orderId: number,
  action: 'created' | 'updated',
  before: OrderRecord | null,
  userId: number | null,
  facts: ReferenceFacts,
  written: Promise<unknown> | null = null,
  knownTaxRate: string | null = null,
): Promise<OrderView> {
  // `written`: the save's writes, already sent; the reads go after them in the same round trip (decisions
  // 224, 227), and a failed write is reported before the refusals of the reads sent after it.
  const [, [after], taxRate] = await allInOrder([
    written,
    loadOrderRecords(tx, [orderId], database),
    knownTaxRate ?? salesTaxRate(tx, database),
  ] as const);
  // The order was just written in this transaction: not reading it back is a fault, never a 404.
  if (!after) throw new Error(`order ${orderId} was not read back after its save`);
  const labels = await labelsFor(tx, before ? [before, after] : [after], facts.labels);
  const changes = diffSnapshots(before ? snapshotOf(before, labels) : null, snapshotOf(after, labels));
  const view = toOrderView(after, taxRate);
  // Its parts taken from stock, or given back, as its status now says (decision 259), in this transaction.
  await syncOrderStock(tx, orderId, after.order.status, userId);
  if (action === 'created' || Object.keys(changes).length > 0)
    sendBeforeCommit(tx, recordHistory(tx, { orderId, action, changes, userId }, database));
  // the cost of materials as of this save (make to order), from the rows just read
  sendBeforeCommit(
    tx,
    recordOrderCosting(tx, view, { saved: { building: after.building, items: after.items }, known: facts.catalogue, inTransactionOf: database }),
  );
  return view;
}

/**
 * POST /api/orders/: the order with its addresses, building and additional items, in one
 * transaction. Validation failures change nothing.
 */
export async function createOrder(deps: ChangeDeps, actor: Actor, raw: unknown): Promise<OrderView> {
  const parsed = parseOrderWrite(raw, { hasInvoice: false, hasBol: false, requireVersion: false });
  if (!parsed.ok) throw validationError(parsed.issues);
  const { data, additionalInfo } = parsed.value;

  const userId = actor?.id ?? null;
  try {
    return await changeTransaction(deps, async (tx) => {
      // Checked in the transaction: its statements run prepared there (decision 217), and a refusal
      // only rolls back a transaction that has written nothing. The new rows' ids are taken beside the
      // checks (a refused save leaves a gap in the ids, as a rolled-back one always did).
      const [{ issues, facts }, ids] = await Promise.all([checkReferences(tx, data, null, deps.database), newOrderIds(tx, deps.database)]);
      issues.unshift(...statusMoveIssues(null, data.status));
      if (issues.length > 0) throw validationError(issues);
      const items = data.building_info.additional_items;
      const written = insertOrderRows(tx, deps.database, ids, {
        billing: addressValues(data.billing_address),
        shipping: addressValues(data.shipping_address),
        // every column a value (the statement is built once): no customer is null
        order: { ...orderValues(data, additionalInfo ?? ''), customerId: data.customer_id ?? null, createdBy: userId, updatedBy: userId },
        building: buildingValues(data, facts),
        items: items.map((item, i) => itemValues(item, i)),
      });
      const saved = await finishWrite(deps.database, tx, ids.order, 'created', null, userId, facts, written);
      sendDoorSequenceBump(tx, deps.database, data.door_number);
      // The order as this transaction leaves it: nothing written after this read changes its answer.
      announceChange(tx, { entity: 'order', id: ids.order, version: saved.version, action: 'created', by: userId, record: saved });
      return saved;
    });
  } catch (error) {
    throw mapOrderWriteError(error);
  }
}

/**
 * PUT /api/orders/{id}/: replaces the order's fields, addresses, building and items. `version`
 * must be the one the client read: a stale version answers 409 and changes nothing. The version
 * is bumped by the same UPDATE that checks it.
 */
export function updateOrder(deps: ChangeDeps, actor: Actor, id: number, raw: unknown): Promise<OrderView> {
  return saveUpdate(deps, actor, id, { raw });
}

/**
 * An update whose body is made from the order as the save's transaction reads it (PATCH lays its fields
 * over it): one read of the order, not one before the transaction and another in it.
 */
export function updateOrderFrom(deps: ChangeDeps, actor: Actor, id: number, bodyFor: (current: OrderView) => unknown): Promise<OrderView> {
  return saveUpdate(deps, actor, id, { bodyFor });
}

/** The UPDATE matched no row: the order is gone or at another version (told apart after the rollback). */
class OrderNotUpdated extends Error {}

async function saveUpdate(
  deps: ChangeDeps,
  actor: Actor,
  id: number,
  input: { raw: unknown } | { bodyFor: (current: OrderView) => unknown },
): Promise<OrderView> {
  const userId = actor?.id ?? null;
  try {
    return await changeTransaction(deps, async (tx) => {
      // Read and checked in the transaction: its statements run prepared there (decision 217), and a
      // refusal only rolls back a transaction that has written nothing.
      // A PUT's references are checked with this read, in the same round trip, when its body parses as if
      // the order had an invoice and a bill of lading (what an order has only lifts requirements): the ids
      // checked are the body's, whatever the order turns out to have.
      const early = 'raw' in input ? parseOrderWrite(input.raw, { hasInvoice: true, hasBol: true, requireVersion: true }) : null;
      const [[before], taxRate, earlyCheck] = await Promise.all([
        loadOrderRecords(tx, [id], deps.database),
        'bodyFor' in input ? salesTaxRate(tx, deps.database) : null,
        early?.ok ? checkReferences(tx, early.value.data, id, deps.database) : null,
      ]);
      if (!before) throw notFound();
      const raw = 'bodyFor' in input ? input.bodyFor(toOrderView(before, taxRate!)) : input.raw;
      const parsed = parseOrderWrite(raw, {
        hasInvoice: before.invoice !== null,
        hasBol: before.bol !== null,
        requireVersion: true,
      });
      const version = parsed.ok ? parsed.value.version : parsed.version;
      // A stale form is reported first: fixing its other errors would only end in this conflict.
      if (version !== null && version !== before.order.version) throw staleOrderError();
      if (!parsed.ok) throw validationError(parsed.issues);
      const { data, additionalInfo } = parsed.value;
      const { issues, facts } = earlyCheck ?? (await checkReferences(tx, data, id, deps.database));
      issues.unshift(...statusMoveIssues(before.order.status, data.status));
      if (issues.length > 0) throw validationError(issues);
      // Built once for each shape (decision 221): an absent customer_id keeps the stored customer.
      const { customerId, ...kept } = orderValues(data, additionalInfo ?? before.order.additionalInfo);
      const row = customerId === undefined ? { ...kept, updatedBy: userId } : { ...kept, customerId, updatedBy: userId };
      const name = customerId === undefined ? 'order_update' : 'order_update_customer';
      const building = buildingValues(data, facts);
      const items = data.building_info.additional_items;
      // Sent together, and run by PostgreSQL in this order (decision 227): the invoices' locks (a rename),
      // the UPDATE that checks the version and locks the row, then the addresses, building and items that
      // changed. `before` is what the save replaces once the UPDATE matched; if it did not, all of it is
      // rolled back. Their outcomes are read in the order sent (allInOrder), so a stale version is told as
      // such, not as what the statements after it ran into.
      const lock = renamesCustomer(before, data) ? lockInvoicesOfOrder(tx, deps.database, id) : null;
      const updated = inTransaction(tx, deps.database, `orders.${name}`, (db) => orderUpdate(db, row, name), (query) =>
        query.execute({ ...row, where_id: id, where_version: version! }),
      ).then((rows) => {
        if (rows.length === 0) throw new OrderNotUpdated();
        return rows[0]!;
      });
      const sent = [
        lock,
        updated,
        updateAddress(deps.database, tx, 'billing', before, data.billing_address),
        updateAddress(deps.database, tx, 'shipping', before, data.shipping_address),
        sameValues(before.building, building)
          ? null
          : inTransaction(tx, deps.database, 'orders.buildingUpsert', (db) => buildingUpsert(db, building), (query) =>
              query.execute({ ...building, orderId: id }),
            ),
        ...updateChangedItems(tx, deps.database, before.items, items),
      ];
      // The rare writes (an address the order did not have, items added or removed) are built per save
      // and go after these; the read-back then waits for them instead of going in the same round trip.
      const rare = before.order.billingAddressId === null || before.order.shippingAddressId === null || changesItemCount(before.items, items);
      let written: Promise<unknown> = allInOrder(sent);
      if (rare) {
        await written;
        await addMissingAddress(tx, id, 'billing', before, data.billing_address);
        await addMissingAddress(tx, id, 'shipping', before, data.shipping_address);
        await addOrRemoveItems(tx, id, before.items, items);
        written = Promise.resolve();
      }
      const saved = await finishWrite(deps.database, tx, id, 'updated', before, userId, facts, written, taxRate);
      if (data.door_number !== before.order.doorNumber) sendDoorSequenceBump(tx, deps.database, data.door_number);
      announceChange(tx, { entity: 'order', id, version: (await updated).version, action: 'updated', by: userId, record: saved });
      return saved;
    });
  } catch (error) {
    if (error instanceof OrderNotUpdated) {
      const [exists] = await deps.database.db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
      throw exists ? staleOrderError() : notFound();
    }
    throw mapOrderWriteError(error);
  }
}

/** An update's billing or shipping address replaced, when the order has one and it changed; sent at once. */
function updateAddress(
  database: Database,
  tx: Db,
  which: 'billing' | 'shipping',
  before: OrderRecord,
  address: OrderData['billing_address'],
): Promise<unknown> | null {
  const addressId = which === 'billing' ? before.order.billingAddressId : before.order.shippingAddressId;
  const values = addressValues(address);
  if (addressId === null || sameValues(which === 'billing' ? before.billing : before.shipping, values)) return null;
  return inTransaction(tx, database, 'orders.addressUpdate', (db) => addressUpdate(db, values), (query) =>
    query.execute({ ...values, where_id: addressId }),
  );
}

/** An update's billing or shipping address created and linked, when the order had none (older data). */
async function addMissingAddress(
  tx: Db,
  orderId: number,
  which: 'billing' | 'shipping',
  before: OrderRecord,
  address: OrderData['billing_address'],
): Promise<void> {
  const addressId = which === 'billing' ? before.order.billingAddressId : before.order.shippingAddressId;
  if (addressId !== null) return;
  const [created] = await tx.insert(addresses).values(addressValues(address)).returning({ id: addresses.id });
  await tx
    .update(orders)
    .set(which === 'billing' ? { billingAddressId: created!.id } : { shippingAddressId: created!.id })
    .where(eq(orders.id, orderId));
}

/** True when a save changes the billing or shipping name (the order's invoices' search text). */
function renamesCustomer(before: OrderRecord, data: OrderData): boolean {
  return before.billing?.name !== data.billing_address.name || before.shipping?.name !== data.shipping_address.name;
}

/**
 * DELETE /api/orders/{id}/: refused (409) while the order has an invoice. Its addresses,
 * building, items, bill of lading and files go with it; its history rows go too (ON DELETE
 * CASCADE), and one 'deleted' entry without an order keeps who deleted what, and when.
 */
export async function deleteOrder(deps: ChangeDeps, actor: Actor, id: number): Promise<void> {
  await changeTransaction(deps, async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!row) throw notFound();
    const [invoice] = await tx
      .select({ number: invoices.invoiceNumber })
      .from(invoiceOrders)
      .innerJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
      .where(eq(invoiceOrders.orderId, id))
      .limit(1);
    if (invoice) {
      throw new AppError(
        'CONFLICT',
        `This order has an invoice (#${invoice.number}) and cannot be deleted. Delete the invoice first.`,
      );
    }
    // Money taken on it stays on the books (decision 171), as an invoice's payments do (decision 127).
    const [deposit] = await tx.select({ id: orderDeposits.id }).from(orderDeposits).where(eq(orderDeposits.orderId, id)).limit(1);
    if (deposit) throw new AppError('CONFLICT', MESSAGES.orderHasDeposits);
    const addressIds = [row.billingAddressId, row.shippingAddressId].filter((v): v is number => v !== null);
    const fileIds = [row.blueprintFileId, row.doorPlacementFileId].filter((v): v is number => v !== null);
    const names = addressIds.length
      ? await tx
          .select({ id: addresses.id, name: addresses.name })
          .from(addresses)
          .where(inArray(addresses.id, addressIds))
      : [];
    const nameOf = (addressId: number | null) => names.find((n) => n.id === addressId)?.name ?? '';
    // Whatever it took from stock goes back before it goes (decision 259).
    await syncOrderStock(tx, id, null, actor?.id ?? null);
    await tx.delete(orders).where(eq(orders.id, id));
    announceChange(tx, { entity: 'order', id, version: row.version, action: 'deleted', by: actor?.id ?? null });
    if (addressIds.length) await tx.delete(addresses).where(inArray(addresses.id, addressIds));
    if (fileIds.length) await tx.delete(storedFiles).where(inArray(storedFiles.id, fileIds));
    await recordHistory(tx, {
      orderId: null,
      action: 'deleted',
      changes: {
        order_id: { old: id, new: null },
        door_number: { old: row.doorNumber, new: null },
        customer_name: {
          old: customerNameOf(nameOf(row.billingAddressId), nameOf(row.shippingAddressId)),
          new: null,
        },
        status: { old: row.status, new: null },
        date: { old: row.date, new: null },
      },
      userId: actor?.id ?? null,
    });
  });
}

/**
 * For other modules that change the order's own columns (e.g. the invoices module writing
 * orders.invoice_number): bumps the version in the caller's transaction, so a form opened before
 * the change is told it is stale (409) instead of silently writing its old value back.
 */
export async function bumpOrderVersion(tx: ChangeTx, orderId: number, userId: number | null): Promise<void> {
  const [bumped] = await tx
    .update(orders)
    .set({ version: sql`${orders.version} + 1`, updatedBy: userId })
    .where(eq(orders.id, orderId))
    .returning({ version: orders.version });
  if (bumped) announceChange(tx, { entity: 'order', id: orderId, version: bumped.version, action: 'updated', by: userId });
}
