import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MESSAGE_TEMPLATES,
  MESSAGES,
  creditOf,
  roundCents,
  toMoneyString,
  type CreditApplyData,
  type CreditRefundData,
} from '@icehouse/domain';
import { customers, invoices, orders } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import type { ChangeDeps, DbDeps, SessionUser } from '../../deps';
import { changeTransaction, type ChangeTx } from '../../changes';
import { recordLedgerEntry, type PaymentView } from '../payments/ledger';
import { customerInvoiceIds } from '../ledger/invoice-owner';
import { depositsHeldByOrder } from '../ledger/deposits-held';
import { creditSources } from './credit-sources';
import {
  depositRecordedView,
  lockOrderForDeposits,
  recordDepositEntry,
  refundDepositIn,
} from '../deposits/deposits';
import type { creditAppliedAnswer, creditRefundedAnswer, customerCreditAnswer } from './schemas';

/**
 * Customer credit (decision 174): an invoice's overpayment, or the deposits of a voided order, applied
 * to another invoice of the same customer (a pair: the − entry where the credit was, the + entry of
 * kind credit on the invoice it pays, each naming the other) or refunded. Every amount is checked
 * under the locks of the records it moves money between, taken in one order (orders, then invoices by id).
 */

type CreditView = z.output<typeof customerCreditAnswer>;
const fail = (field: string, message: string) => AppError.validation({ [field]: [message] }, message);

async function customerOf(db: Db, id: number) {
  const [row] = await db
    .select({ id: customers.id, terms: customers.paymentTerms })
    .from(customers)
    .where(eq(customers.id, id));
  if (!row) throw AppError.notFound(MESSAGES.customerNotFound);
  return row;
}

/** GET /api/customers/{id}/credit/: the customer's credit, where it sits, and their open invoices. */
export async function getCustomerCredit(deps: DbDeps, customerId: number): Promise<CreditView> {
  const db = deps.database.db;
  const customer = await customerOf(db, customerId);
  const [{ credit, sources }, open] = await Promise.all([
    creditSources(db, customerId),
    db
      .select({
        id: invoices.id,
        number: invoices.invoiceNumber,
        due: invoices.balanceDue,
        dueDate: invoices.dueDate,
      })
      .from(invoices)
      .where(and(sql`${invoices.id} in ${customerInvoiceIds(customerId)}`, gt(invoices.balanceDue, '0')))
      .orderBy(asc(invoices.date), asc(invoices.id)),
  ]);
  return {
    customer_id: customerId,
    credit,
    sources,
    open_invoices: open.map((i) => ({
      invoice_id: i.id,
      invoice_number: i.number,
      balance_due: toMoneyString(i.due),
      due_date: i.dueDate,
    })),
    payment_terms: customer.terms,
  };
}

/** The customer's invoices among `ids`, locked in id order (FOR UPDATE); a foreign one answers a field error. */
async function lockCustomerInvoices(
  tx: Db,
  customerId: number,
  wanted: { id: number; field: string; message: string }[],
) {
  const ids = [...new Set(wanted.map((w) => w.id))].sort((a, b) => a - b);
  const rows = await tx
    .select()
    .from(invoices)
    .where(and(inArray(invoices.id, ids), sql`${invoices.id} in ${customerInvoiceIds(customerId)}`))
    .orderBy(asc(invoices.id))
    .for('update');
  for (const w of wanted) if (!rows.some((r) => r.id === w.id)) throw fail(w.field, w.message);
  return new Map(rows.map((r) => [r.id, r]));
}

/** A voided order of the customer, locked: the source of deposit credit. */
async function lockVoidedOrder(tx: Db, customerId: number, orderId: number) {
  const [owned] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  if (!owned) throw fail('source_order_id', MESSAGES.creditSourceNotCustomers);
  const order = await lockOrderForDeposits(tx, orderId);
  if (order.status !== 'voided') throw fail('source_order_id', MESSAGES.creditSourceOrderOpen);
  return order;
}

async function heldOn(tx: Db, orderId: number): Promise<string> {
  return (await depositsHeldByOrder(tx, [orderId])).get(orderId) ?? '0.00';
}

/** POST /api/customers/{id}/credit/apply/: moves credit onto another of the customer's invoices, as a pair of entries. */
export async function applyCredit(
  deps: ChangeDeps,
  actor: SessionUser,
  customerId: number,
  data: CreditApplyData,
): Promise<z.output<typeof creditAppliedAnswer>> {
  await customerOf(deps.database.db, customerId);
  const targetId = data.invoice_id!;
  const result = await changeTransaction(deps, async (tx: ChangeTx) => {
    const order =
      data.source_order_id !== null ? await lockVoidedOrder(tx, customerId, data.source_order_id) : null;
    const locked = await lockCustomerInvoices(tx, customerId, [
      { id: targetId, field: 'invoice_id', message: MESSAGES.creditTargetNotCustomers },
      ...(data.source_invoice_id !== null
        ? [
            {
              id: data.source_invoice_id,
              field: 'source_invoice_id',
              message: MESSAGES.creditSourceNotCustomers,
            },
          ]
        : []),
    ]);
    const target = locked.get(targetId)!;
    if (roundCents(data.amount).greaterThan(roundCents(target.balanceDue)))
      throw fail('amount', MESSAGES.creditAboveBalanceDue);

    if (order) {
      const available = await heldOn(tx, order.id);
      if (roundCents(data.amount).greaterThan(available))
        throw fail('amount', MESSAGE_TEMPLATES.creditAboveAvailable(available));
      const { payment: applied } = await recordLedgerEntry(tx, actor, {
        invoiceId: targetId,
        kind: 'credit',
        date: data.date,
        amount: data.amount,
        method: 'other',
        note: `Deposit of voided order ${order.doorNumber} applied`,
      });
      const depositId = await recordDepositEntry(tx, actor, {
        orderId: order.id,
        kind: 'applied',
        date: data.date,
        amount: toMoneyString(roundCents(data.amount).negated()),
        method: 'other',
        note: `Applied to invoice ${target.invoiceNumber}`,
        invoicePaymentId: applied.id,
      });
      return { applied, source_payment: null, depositId };
    }
    const source = locked.get(data.source_invoice_id!)!;
    const available = creditOf(source.totalAmount, source.paymentsCredits);
    if (roundCents(data.amount).greaterThan(available))
      throw fail('amount', MESSAGE_TEMPLATES.creditAboveAvailable(available));
    const { payment: out } = await recordLedgerEntry(tx, actor, {
      invoiceId: source.id,
      kind: 'credit',
      date: data.date,
      amount: toMoneyString(roundCents(data.amount).negated()),
      method: 'other',
      note: `Credit applied to invoice ${target.invoiceNumber}`,
    });
    const { payment: applied } = await recordLedgerEntry(tx, actor, {
      invoiceId: targetId,
      kind: 'credit',
      date: data.date,
      amount: data.amount,
      method: 'other',
      note: `Credit from invoice ${source.invoiceNumber}`,
      pairedId: out.id,
    });
    return { applied, source_payment: out as PaymentView | null, depositId: null };
  });
  return {
    applied: result.applied,
    source_payment: result.source_payment,
    source_deposit:
      result.depositId === null ? null : (await depositRecordedView(deps, result.depositId))!.deposit,
    credit: await getCustomerCredit(deps, customerId),
  };
}

/** POST /api/customers/{id}/credit/refund/: pays credit back, from an overpaid invoice (a refund entry) or a voided order's deposits. */
export async function refundCredit(
  deps: ChangeDeps,
  actor: SessionUser,
  customerId: number,
  data: CreditRefundData,
): Promise<z.output<typeof creditRefundedAnswer>> {
  await customerOf(deps.database.db, customerId);
  const result = await changeTransaction(deps, async (tx: ChangeTx) => {
    if (data.source_order_id !== null) {
      await lockVoidedOrder(tx, customerId, data.source_order_id);
      return { payment: null, depositId: await refundDepositIn(tx, actor, data.source_order_id, data) };
    }
    const locked = await lockCustomerInvoices(tx, customerId, [
      { id: data.source_invoice_id!, field: 'source_invoice_id', message: MESSAGES.creditSourceNotCustomers },
    ]);
    const source = locked.get(data.source_invoice_id!)!;
    const available = creditOf(source.totalAmount, source.paymentsCredits);
    if (roundCents(data.amount).greaterThan(available))
      throw fail('amount', MESSAGE_TEMPLATES.creditAboveAvailable(available));
    const { payment } = await recordLedgerEntry(tx, actor, {
      invoiceId: source.id,
      kind: 'refund',
      date: data.date,
      amount: toMoneyString(roundCents(data.amount).negated()),
      method: data.method,
      reference: data.reference,
      reason: data.reason,
      note: 'Customer credit refunded',
    });
    return { payment: payment as PaymentView | null, depositId: null as number | null };
  });
  return {
    payment: result.payment,
    deposit: result.depositId === null ? null : (await depositRecordedView(deps, result.depositId))!.deposit,
    credit: await getCustomerCredit(deps, customerId),
  };
}
