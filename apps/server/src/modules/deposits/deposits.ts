import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MESSAGE_TEMPLATES,
  MESSAGES,
  depositLimitOf,
  roundCents,
  toMoneyString,
  todayIso,
  type DepositFormData,
  type DepositRefundData,
} from '@icehouse/domain';
import { invoiceOrders, invoicePayments, invoices, orderDeposits, orders, users } from '@icehouse/db/schema';
import type { Database, Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import type { ChangeDeps, DbDeps, SessionUser } from '../../deps';
import { loadOrderViews } from '../orders/views';
import { announceChange, changeTransaction, type ChangeTx } from '../../changes';
import { recordLedgerEntry } from '../payments/ledger';
import { depositsHeldByOrder } from '../ledger/deposits-held';
import type { depositAnswer, depositRecordedAnswer, orderDepositsAnswer } from './schemas';

/**
 * Deposits (decision 171): money taken on an order before it is invoiced, kept in the order's deposit
 * account (order_deposits). Every entry locks the order row first (as invoicing does), so a deposit
 * and the order's invoice never cross: when the order is invoiced, what it holds moves onto the
 * invoice's payments ledger as one entry of kind deposit (and the account gets the matching −
 * entry), which reduces the balance due. A voided order's deposits are owed to the customer until
 * refunded or applied to another invoice (customer credit, decision 174).
 */

export type DepositView = z.output<typeof depositAnswer>;
type OrderDepositsView = z.output<typeof orderDepositsAnswer>;
type Actor = Pick<SessionUser, 'id' | 'username'> | null;
type DepositKind = (typeof orderDeposits.$inferSelect)['kind'];

const ORDER_NOT_FOUND = 'Order not found.';

const depositColumns = {
  entry: orderDeposits,
  doorNumber: orders.doorNumber,
  username: users.username,
  invoiceId: invoicePayments.invoiceId,
  invoiceNumber: invoices.invoiceNumber,
};

function depositView(r: {
  entry: typeof orderDeposits.$inferSelect;
  doorNumber: string;
  username: string | null;
  invoiceId: number | null;
  invoiceNumber: string | null;
}): DepositView {
  const e = r.entry;
  return {
    id: e.id,
    order_id: e.orderId,
    door_number: r.doorNumber,
    kind: e.kind,
    date: e.date,
    amount: toMoneyString(e.amount),
    method: e.method,
    reference: e.reference,
    note: e.note,
    reason: e.reason,
    invoice_payment_id: e.invoicePaymentId,
    invoice_id: r.invoiceId,
    invoice_number: r.invoiceNumber,
    recorded_by: r.username ?? (e.recordedByUsername || null),
    recorded_at: e.recordedAt.toISOString(),
  };
}

const depositRows = (db: Db) =>
  db
    .select(depositColumns)
    .from(orderDeposits)
    .innerJoin(orders, eq(orders.id, orderDeposits.orderId))
    .leftJoin(users, eq(users.id, orderDeposits.recordedBy))
    .leftJoin(invoicePayments, eq(invoicePayments.id, orderDeposits.invoicePaymentId))
    .leftJoin(invoices, eq(invoices.id, invoicePayments.invoiceId));

/**
 * What the order holds and the most a new deposit may be (decision 240): its total (the order's own
 * price, as its screen shows it) less what it holds; null when it takes no deposit (voided, or
 * invoiced: the payment then goes on its invoice). In a transaction, `inTransactionOf` is its database
 * (the order's reads built once, decision 218).
 */
async function depositPosition(db: Db, orderId: number, inTransactionOf?: Database) {
  const [[order], heldByOrder] = await Promise.all([
    loadOrderViews(db, [orderId], inTransactionOf),
    depositsHeldByOrder(db, [orderId]),
  ]);
  if (!order) throw AppError.notFound(ORDER_NOT_FOUND);
  const held = heldByOrder.get(orderId) ?? '0.00';
  const takesDeposits = order.status !== 'voided' && order.invoice_details === null;
  return { order, held, limit: takesDeposits ? depositLimitOf(order.totals.total, held) : null };
}

async function orderAccount(deps: DbDeps, orderId: number): Promise<Omit<OrderDepositsView, 'results'>> {
  const { order, held, limit } = await depositPosition(deps.database.db, orderId);
  return {
    order_id: orderId,
    order_status: order.status,
    held,
    owed_to_customer: order.status === 'voided' && roundCents(held).greaterThan(0),
    deposit_limit: limit,
  };
}

/** GET /api/orders/{id}/deposits/: the order's deposit account, oldest first, and what it holds. */
export async function listOrderDeposits(deps: DbDeps, orderId: number): Promise<OrderDepositsView> {
  const db = deps.database.db;
  const account = await orderAccount(deps, orderId);
  const rows = await depositRows(db)
    .where(eq(orderDeposits.orderId, orderId))
    .orderBy(asc(orderDeposits.date), asc(orderDeposits.id));
  return { ...account, results: rows.map(depositView) };
}

/** One entry with its order's account (the POST's answer and the deposit.recorded event's body). */
export async function depositRecordedView(
  deps: DbDeps,
  id: number,
): Promise<z.output<typeof depositRecordedAnswer> | null> {
  const db = deps.database.db;
  const [row] = await depositRows(db).where(eq(orderDeposits.id, id));
  if (!row) return null;
  return { deposit: depositView(row), order: await orderAccount(deps, row.entry.orderId) };
}

/** GET /api/deposits/{id}/. */
export async function getDeposit(deps: DbDeps, id: number) {
  const found = await depositRecordedView(deps, id);
  if (!found) throw AppError.notFound(MESSAGES.depositNotFound);
  return found;
}

/** The order row, locked (FOR UPDATE) for the rest of the transaction, with whether it has an invoice. */
export async function lockOrderForDeposits(tx: Db, orderId: number) {
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      customerId: orders.customerId,
      doorNumber: orders.doorNumber,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw AppError.notFound(ORDER_NOT_FOUND);
  const [invoice] = await tx
    .select({ id: invoiceOrders.invoiceId })
    .from(invoiceOrders)
    .where(eq(invoiceOrders.orderId, orderId));
  return { ...order, invoiceId: invoice?.id ?? null };
}

export interface DepositEntry {
  orderId: number;
  kind: DepositKind;
  date: string;
  amount: string;
  method: (typeof orderDeposits.$inferSelect)['method'];
  reference?: string;
  note?: string;
  reason?: string;
  invoicePaymentId?: number | null;
}

/**
 * THE way a deposit-account entry is written, inside `tx`, with the order already locked: refuses to
 * take the account below 0 (400 on amount, naming what it holds), inserts, announces deposit.recorded.
 */
export async function recordDepositEntry(tx: ChangeTx, actor: Actor, entry: DepositEntry): Promise<number> {
  const held = (await depositsHeldByOrder(tx, [entry.orderId])).get(entry.orderId) ?? '0.00';
  if (roundCents(held).plus(roundCents(entry.amount)).isNegative()) {
    const message = MESSAGE_TEMPLATES.creditAboveAvailable(held);
    throw AppError.validation({ amount: [message] }, message);
  }
  const [row] = await tx
    .insert(orderDeposits)
    .values({
      orderId: entry.orderId,
      kind: entry.kind,
      date: entry.date,
      amount: toMoneyString(entry.amount),
      method: entry.method,
      reference: entry.reference ?? '',
      note: entry.note ?? '',
      reason: entry.reason ?? '',
      invoicePaymentId: entry.invoicePaymentId ?? null,
      recordedBy: actor?.id ?? null,
      recordedByUsername: actor?.username ?? '',
    })
    .returning({ id: orderDeposits.id });
  announceChange(tx, {
    entity: 'deposit',
    id: row!.id,
    version: null,
    action: 'recorded',
    by: actor?.id ?? null,
  });
  return row!.id;
}

/**
 * POST /api/orders/{id}/deposits/: a deposit on an order not yet invoiced. A voided order (409) or an
 * invoiced one (409: the payment belongs on its invoice) is refused; so is an amount above what the
 * order still needs (400 on amount, naming it; decision 240). Nothing is written then. The order row
 * is locked first, so two deposits at once are checked one after the other against the limit.
 */
export async function recordDeposit(
  deps: ChangeDeps,
  actor: SessionUser,
  orderId: number,
  data: DepositFormData,
) {
  const id = await changeTransaction(deps, async (tx) => {
    const order = await lockOrderForDeposits(tx, orderId);
    if (order.status === 'voided') throw new AppError('CONFLICT', MESSAGES.depositOrderVoided);
    if (order.invoiceId !== null) throw new AppError('CONFLICT', MESSAGES.depositOrderInvoiced);
    const { limit } = await depositPosition(tx, orderId, deps.database);
    if (limit !== null && roundCents(data.amount).greaterThan(limit)) {
      const message = MESSAGE_TEMPLATES.depositAboveLimit(limit);
      throw AppError.validation({ amount: [message] }, message);
    }
    return recordDepositEntry(tx, actor, { orderId, kind: 'deposit', ...data });
  });
  return (await depositRecordedView(deps, id))!;
}

/** Paying back what an order holds, inside `tx` (the order locked here): the − entry of kind refund. */
export async function refundDepositIn(tx: ChangeTx, actor: Actor, orderId: number, data: DepositRefundData) {
  await lockOrderForDeposits(tx, orderId);
  return recordDepositEntry(tx, actor, {
    orderId,
    kind: 'refund',
    date: data.date,
    amount: toMoneyString(roundCents(data.amount).negated()),
    method: data.method,
    reference: data.reference,
    reason: data.reason,
  });
}

/** POST /api/orders/{id}/deposits/refund/: money paid back out of what the order holds (at most that). */
export async function refundDeposit(
  deps: ChangeDeps,
  actor: SessionUser,
  orderId: number,
  data: DepositRefundData,
) {
  const id = await changeTransaction(deps, (tx) => refundDepositIn(tx, actor, orderId, data));
  return (await depositRecordedView(deps, id))!;
}

/**
 * Invoicing: what each of these (locked) orders holds moves onto the new invoice, in the invoicing
 * transaction: a ledger entry of kind deposit on the invoice (dated as the last deposit, method and
 * reference of that deposit) and the − entry of kind invoiced on the order, pointing at it.
 */
export async function moveDepositsOntoInvoice(
  tx: ChangeTx,
  by: { id: number } | null,
  orderIds: readonly number[],
  invoiceId: number,
): Promise<void> {
  const held = await depositsHeldByOrder(tx, orderIds);
  if (![...held.values()].some((h) => roundCents(h).greaterThan(0))) return;
  const [user] = by
    ? await tx.select({ username: users.username }).from(users).where(eq(users.id, by.id))
    : [];
  const actor: Actor = by ? { id: by.id, username: user?.username ?? '' } : null;
  for (const orderId of orderIds) {
    const amount = held.get(orderId) ?? '0.00';
    if (!roundCents(amount).greaterThan(0)) continue;
    const [last] = await tx
      .select()
      .from(orderDeposits)
      .where(sql`${orderDeposits.orderId} = ${orderId} and ${orderDeposits.kind} = 'deposit'`)
      .orderBy(sql`${orderDeposits.date} desc, ${orderDeposits.id} desc`)
      .limit(1);
    const [door] = await tx.select({ door: orders.doorNumber }).from(orders).where(eq(orders.id, orderId));
    const { payment } = await recordLedgerEntry(
      tx,
      actor,
      {
        invoiceId,
        kind: 'deposit',
        date: last?.date ?? todayIso(),
        amount,
        method: last?.method ?? 'other',
        reference: last?.reference ?? '',
        note: `Deposits on order ${door?.door ?? orderId}`,
      },
      'amount',
      // A new invoice: created with its deposits, at version 1 (its creation is the one announcement).
      false,
    );
    await recordDepositEntry(tx, actor, {
      orderId,
      kind: 'invoiced',
      date: payment.date,
      amount: toMoneyString(roundCents(amount).negated()),
      method: payment.method,
      reference: payment.reference,
      invoicePaymentId: payment.id,
    });
  }
}
