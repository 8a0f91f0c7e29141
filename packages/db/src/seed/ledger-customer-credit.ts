import { asc, eq } from 'drizzle-orm';
import { creditOf, roundCents, toMoneyString } from '@icehouse/domain';
import { invoiceOrders, orders } from '../schema/index';
import type { SeedContext } from './context';
import { moneyOf, recordLedgerEntry, type Actor } from './ledger';
import { heldOn, recordDepositEntry } from './ledger-deposits';

/**
 * Customer credit (ledger.ts): an overpaid invoice's credit or a voided order's deposit applied to another
 * invoice of the same customer, as a pair of entries; at most the credit there and the target's balance due.
 */

/** The customer an invoice's orders were taken for (credit moves only between one customer's records). */
async function customerOfInvoice(ctx: SeedContext, invoiceId: number): Promise<number | null> {
  const [row] = await ctx.tx
    .select({ customerId: orders.customerId })
    .from(invoiceOrders)
    .innerJoin(orders, eq(orders.id, invoiceOrders.orderId))
    .where(eq(invoiceOrders.invoiceId, invoiceId))
    .orderBy(asc(orders.id))
    .limit(1);
  return row?.customerId ?? null;
}

/** An overpaid invoice's credit applied to another invoice of the customer (credit/customer-credit.ts applyCredit). */
export async function applyInvoiceCredit(
  ctx: SeedContext,
  actor: Actor,
  move: { sourceInvoiceId: number; targetInvoiceId: number; amount: string; date: string },
  at: Date,
): Promise<void> {
  const [source, target] = [
    await moneyOf(ctx, move.sourceInvoiceId),
    await moneyOf(ctx, move.targetInvoiceId),
  ];
  const customer = await customerOfInvoice(ctx, source.id);
  if (customer === null || customer !== (await customerOfInvoice(ctx, target.id)))
    throw new Error('demo seed: credit applied between two customers');
  const available = creditOf(source.total, source.paid);
  if (
    roundCents(move.amount).greaterThan(available) ||
    roundCents(move.amount).greaterThan(target.balanceDue)
  )
    throw new Error(
      `demo seed: credit of ${move.amount} above ${available} available or ${target.balanceDue} due`,
    );
  const out = await recordLedgerEntry(
    ctx,
    actor,
    {
      invoiceId: source.id,
      kind: 'credit',
      date: move.date,
      amount: toMoneyString(roundCents(move.amount).negated()),
      method: 'other',
      note: `Credit applied to invoice ${target.number}`,
    },
    at,
  );
  await recordLedgerEntry(
    ctx,
    actor,
    {
      invoiceId: target.id,
      kind: 'credit',
      date: move.date,
      amount: move.amount,
      method: 'other',
      note: `Credit from invoice ${source.number}`,
      pairedId: out.id,
    },
    at,
  );
}

/** A voided order's deposit applied to another invoice of the customer (applyCredit from source_order_id). */
export async function applyVoidedDeposit(
  ctx: SeedContext,
  actor: Actor,
  move: { orderId: number; targetInvoiceId: number; amount: string; date: string },
  at: Date,
): Promise<void> {
  const [order] = await ctx.tx
    .select({ status: orders.status, door: orders.doorNumber, customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.id, move.orderId));
  const target = await moneyOf(ctx, move.targetInvoiceId);
  if (order?.status !== 'voided')
    throw new Error('demo seed: deposit credit from an order that is not voided');
  if (order.customerId === null || order.customerId !== (await customerOfInvoice(ctx, target.id)))
    throw new Error('demo seed: deposit credit applied to another customer');
  const held = await heldOn(ctx, move.orderId);
  if (roundCents(move.amount).greaterThan(held) || roundCents(move.amount).greaterThan(target.balanceDue))
    throw new Error(
      `demo seed: deposit credit of ${move.amount} above ${held} held or ${target.balanceDue} due`,
    );
  const applied = await recordLedgerEntry(
    ctx,
    actor,
    {
      invoiceId: target.id,
      kind: 'credit',
      date: move.date,
      amount: move.amount,
      method: 'other',
      note: `Deposit of voided order ${order.door} applied`,
    },
    at,
  );
  await recordDepositEntry(
    ctx,
    actor,
    {
      orderId: move.orderId,
      kind: 'applied',
      date: move.date,
      amount: toMoneyString(roundCents(move.amount).negated()),
      method: 'other',
      note: `Applied to invoice ${target.number}`,
      invoicePaymentId: applied.id,
    },
    at,
  );
}
