import { eq, sql } from 'drizzle-orm';
import {
  MESSAGES,
  UNVOID_STATUS,
  canUnvoid,
  canVoid,
  isOrderStatus,
  missingRequirements,
  nextStatus,
  statusLabel,
  type OrderStatus,
} from '@icehouse/domain';
import { invoiceOrders, orders } from '@icehouse/db/schema';
import { allInOrder, inTransaction, placeholdersToSet } from '../../prepared-query';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import { recordHistory } from './history';
import type { OrderView } from './views';
import { notFound, type Actor } from './service-common';
import { getOrderInTransaction } from './order-read';
import type { ChangeDeps } from '../../deps';
import { announceChange, changeTransaction, sendBeforeCommit, type ChangeTx } from '../../changes';
import { syncOrderStock } from '../stock/consumption';

/** An order's status moves: the next status (with its requirements), void and unvoid. */

/** A refused status move: 400 { detail, error, missing_requirements, current_status, next_possible_status }. */
function statusChangeError(message: string, current: OrderStatus, missing: string[] = []): AppError {
  return new AppError('VALIDATION', message, {
    details: {
      error: message,
      missing_requirements: missing,
      current_status: current,
      next_possible_status: nextStatus(current),
    },
  });
}

/** The statements of a status move, built once and run on its transaction (decision 221). */
function statusQueries(db: Db) {
  return {
    lock: db.select().from(orders).where(eq(orders.id, sql.placeholder('id'))).for('update').prepare('order_status_lock'),
    hasInvoice: db
      .select({ id: invoiceOrders.invoiceId })
      .from(invoiceOrders)
      .where(eq(invoiceOrders.orderId, sql.placeholder('id')))
      .limit(1)
      .prepare('order_status_has_invoice'),
    set: db
      .update(orders)
      .set({
        ...placeholdersToSet<typeof orders.$inferInsert>({ status: sql.placeholder('status'), updatedBy: sql.placeholder('userId') }),
        version: sql`${orders.version} + 1`,
      })
      .where(eq(orders.id, sql.placeholder('id')))
      .prepare('order_status_set'),
  };
}

const withStatusQueries = <R>(deps: ChangeDeps, tx: Db, run: (queries: ReturnType<typeof statusQueries>) => Promise<R>) =>
  inTransaction(tx, deps.database, 'orders.statusMove', statusQueries, run);

async function lockOrder(deps: ChangeDeps, tx: Db, id: number) {
  const [row] = await withStatusQueries(deps, tx, (q) => q.lock.execute({ id }));
  if (!row) throw notFound();
  return row;
}

/**
 * Sets the status (the version moves on) and reads the order back in the same round trip (the row is
 * locked, so the UPDATE matches it; decision 227), then sends the history entry with the announcement of
 * `action`, whose record is the order as the transaction leaves it, and answers it.
 */
async function setStatus(
  deps: ChangeDeps,
  tx: ChangeTx,
  id: number,
  move: { from: OrderStatus; to: OrderStatus; action: 'status_changed' | 'voided' | 'unvoided' },
  userId: number | null,
): Promise<OrderView> {
  const set = withStatusQueries(deps, tx, (q) => q.set.execute({ id, status: move.to, userId }));
  const [, view] = await allInOrder([set, getOrderInTransaction(deps, tx, id)]);
  // Its parts taken from stock at the shop's consumption status, given back on a move away (decision 259).
  await syncOrderStock(tx, id, move.to, userId);
  sendBeforeCommit(
    tx,
    recordHistory(tx, { orderId: id, action: move.action, changes: { status: { old: move.from, new: move.to } }, userId }, deps.database),
  );
  announceChange(tx, { entity: 'order', id, version: view.version, action: move.action, by: userId, record: view });
  return view;
}

/**
 * POST /api/orders/{id}/change-status/: only the move the server offers (next_possible_status),
 * and only when the order meets its requirements (completed needs an invoice).
 */
export async function changeOrderStatus(
  deps: ChangeDeps,
  actor: Actor,
  id: number,
  newStatus: string,
): Promise<OrderView> {
  const userId = actor?.id ?? null;
  return changeTransaction(deps, async (tx) => {
    // Pipelined: PostgreSQL runs them in order, so the invoice check runs with the row locked.
    const [row, hasInvoice] = await Promise.all([
      lockOrder(deps, tx, id),
      withStatusQueries(deps, tx, (q) => q.hasInvoice.execute({ id })).then((rows) => rows.length > 0),
    ]);
    if (newStatus === '')
      throw AppError.validation({ new_status: [MESSAGES.statusRequired] }, MESSAGES.statusRequired);
    if (!isOrderStatus(newStatus))
      throw AppError.validation({ new_status: [MESSAGES.statusInvalid] }, MESSAGES.statusInvalid);
    const current = row.status;
    const next = nextStatus(current);
    if (newStatus === current)
      throw statusChangeError(`The order is already ${statusLabel(current)}.`, current);
    if (next === null)
      throw statusChangeError(`A ${statusLabel(current)} order cannot change status.`, current);
    const facts = {
      eps_po_number: row.epsPoNumber,
      ship_date: row.shipDate,
      ship_via: row.shipViaId,
      has_invoice: hasInvoice,
    };
    if (newStatus !== next) {
      throw statusChangeError(
        `Cannot change status from ${statusLabel(current)} to ${statusLabel(newStatus)}: the next status is ${statusLabel(next)}.`,
        current,
        missingRequirements(facts, next),
      );
    }
    const missing = missingRequirements(facts, next);
    if (missing.length > 0)
      throw statusChangeError(`Missing requirements: ${missing.join(', ')}`, current, missing);
    return setStatus(deps, tx, id, { from: current, to: next, action: 'status_changed' }, userId);
  });
}

/** Void and unvoid: one locked move between two statuses, refused with `refusal` when the order is elsewhere. */
async function moveBetween(
  deps: ChangeDeps,
  actor: Actor,
  id: number,
  move: { allowed: (status: OrderStatus) => boolean; to: OrderStatus; action: 'voided' | 'unvoided'; refusal: string },
): Promise<OrderView> {
  const userId = actor?.id ?? null;
  return changeTransaction(deps, async (tx) => {
    const row = await lockOrder(deps, tx, id);
    if (!move.allowed(row.status)) throw statusChangeError(`${move.refusal} This order is ${statusLabel(row.status)}.`, row.status);
    return setStatus(deps, tx, id, { from: row.status, to: move.to, action: move.action }, userId);
  });
}

/** POST /api/orders/{id}/void/: pending -> voided. */
export function voidOrder(deps: ChangeDeps, actor: Actor, id: number): Promise<OrderView> {
  return moveBetween(deps, actor, id, { allowed: canVoid, to: 'voided', action: 'voided', refusal: 'Only pending orders can be voided.' });
}

/** POST /api/orders/{id}/unvoid/: voided -> pending. */
export function unvoidOrder(deps: ChangeDeps, actor: Actor, id: number): Promise<OrderView> {
  return moveBetween(deps, actor, id, { allowed: canUnvoid, to: UNVOID_STATUS, action: 'unvoided', refusal: 'Only voided orders can be unvoided.' });
}
