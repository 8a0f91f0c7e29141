import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  balanceDueOf,
  creditNoteNumberOf,
  creditNoteTotals,
  creditableOf,
  creditOf,
  depositsHeldOf,
  roundCents,
  toDecimal,
  toMoneyString,
  type DepositKind,
  type InvoiceLineInput,
  type PaymentKind,
  type PaymentMethod,
} from '@icehouse/domain';
import { nextNumber } from '../sequences';
import {
  creditNoteLines,
  creditNotes,
  invoiceLineItems,
  invoiceOrders,
  invoicePayments,
  invoices,
  orderDeposits,
  orders,
} from '../schema/index';
import { usernameOf, type SeedContext } from './context';

/**
 * The demo's money, written by the rules the server's services keep (the db package cannot call them):
 * apps/server/src/modules/payments/ledger.ts (recordLedgerEntry) and credit/*.ts, decisions 075, 170-174.
 *
 * - Every ledger entry goes through recordLedgerEntry: the invoice's payments_credits is the sum of its
 *   entries read back after the insert, balance_due the domain's balanceDueOf, never below 0.
 * - Deposits are entries of the order's account (order_deposits), never below 0 (depositsHeldOf); invoicing
 *   moves what an order holds onto its invoice as a `deposit` ledger entry and the `invoiced` entry pointing
 *   at it, dated as the last deposit.
 * - A credit note takes its number from the credit_note_number sequence, its totals from creditNoteTotals at
 *   the invoice's rate, at most what remains creditable; its total is a `credit_note` ledger entry.
 * - Customer credit is applied as a pair: − on the overpaid invoice and + on the other (paired_id), or the
 *   voided order's `applied` entry and the + entry it points at; at most the credit there and the target's
 *   balance due.
 *
 * A rule broken here throws: the demo is never written with figures the product would refuse.
 */

type Actor = number | null;

export interface LedgerEntry {
  invoiceId: number;
  kind: PaymentKind;
  date: string;
  amount: string;
  method: PaymentMethod;
  reference?: string;
  note?: string;
  reason?: string;
  creditNoteId?: number | null;
  pairedId?: number | null;
}

const moneyOf = async (ctx: SeedContext, invoiceId: number) => {
  const [row] = await ctx.tx
    .select({
      id: invoices.id,
      number: invoices.invoiceNumber,
      total: invoices.totalAmount,
      paid: invoices.paymentsCredits,
      balanceDue: invoices.balanceDue,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!row) throw new Error(`demo seed: no invoice #${invoiceId}`);
  return row;
};

/**
 * One ledger entry on an invoice, with its payments_credits (the entries' sum) and balance due kept.
 * `bumpVersion` false: an invoice being created takes its deposits at version 1 (as the server does).
 */
export async function recordLedgerEntry(
  ctx: SeedContext,
  actor: Actor,
  entry: LedgerEntry,
  at: Date,
  bumpVersion = true,
): Promise<{ id: number }> {
  const before = await moneyOf(ctx, entry.invoiceId);
  if (roundCents(before.paid).plus(roundCents(entry.amount)).isNegative())
    throw new Error(`demo seed: invoice ${before.number}'s payments would go below 0`);
  const [row] = await ctx.tx
    .insert(invoicePayments)
    .values({
      invoiceId: entry.invoiceId,
      kind: entry.kind,
      date: entry.date,
      amount: toMoneyString(entry.amount),
      method: entry.method,
      reference: entry.reference ?? '',
      note: entry.note ?? '',
      reason: entry.reason ?? '',
      creditNoteId: entry.creditNoteId ?? null,
      pairedId: entry.pairedId ?? null,
      recordedBy: actor,
      recordedByUsername: usernameOf(ctx, actor),
      recordedAt: at,
    })
    .returning({ id: invoicePayments.id });
  const [sum] = await ctx.tx
    .select({ sum: sql<string>`coalesce(sum(${invoicePayments.amount}), 0)::text` })
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, entry.invoiceId));
  const paid = toMoneyString(sum!.sum);
  await ctx.tx
    .update(invoices)
    .set({
      paymentsCredits: paid,
      balanceDue: balanceDueOf(before.total, paid),
      ...(bumpVersion ? { version: sql`${invoices.version} + 1`, updatedAt: at } : {}),
    })
    .where(eq(invoices.id, entry.invoiceId));
  ctx.summary.ledgerEntries++;
  return { id: row!.id };
}

/** What an order's deposit account holds (the sum of its entries). */
async function heldOn(ctx: SeedContext, orderId: number): Promise<string> {
  const rows = await ctx.tx
    .select({ amount: orderDeposits.amount })
    .from(orderDeposits)
    .where(eq(orderDeposits.orderId, orderId));
  return depositsHeldOf(rows.map((r) => r.amount));
}

export interface DepositEntry {
  orderId: number;
  kind: DepositKind;
  date: string;
  amount: string;
  method: PaymentMethod;
  reference?: string;
  note?: string;
  reason?: string;
  invoicePaymentId?: number | null;
}

/** One entry of an order's deposit account; the account never goes below 0. */
export async function recordDepositEntry(
  ctx: SeedContext,
  actor: Actor,
  entry: DepositEntry,
  at: Date,
): Promise<number> {
  const held = await heldOn(ctx, entry.orderId);
  if (roundCents(held).plus(roundCents(entry.amount)).isNegative())
    throw new Error(`demo seed: order #${entry.orderId}'s deposits would go below 0`);
  const [row] = await ctx.tx
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
      recordedBy: actor,
      recordedByUsername: usernameOf(ctx, actor),
      recordedAt: at,
    })
    .returning({ id: orderDeposits.id });
  ctx.summary.depositEntries++;
  return row!.id;
}

/**
 * Invoicing: what each order holds moves onto the new invoice (credit/deposits.ts moveDepositsOntoInvoice):
 * a `deposit` ledger entry dated as the order's last deposit, with its method and reference, and the
 * order's `invoiced` entry pointing at it.
 */
export async function moveDepositsOntoInvoice(
  ctx: SeedContext,
  actor: Actor,
  orders_: readonly { id: number; doorNumber: string }[],
  invoiceId: number,
  at: Date,
): Promise<void> {
  for (const order of orders_) {
    const amount = await heldOn(ctx, order.id);
    if (!roundCents(amount).greaterThan(0)) continue;
    const [last] = await ctx.tx
      .select()
      .from(orderDeposits)
      .where(and(eq(orderDeposits.orderId, order.id), eq(orderDeposits.kind, 'deposit')))
      .orderBy(desc(orderDeposits.date), desc(orderDeposits.id))
      .limit(1);
    const entry = {
      date: last!.date,
      method: last!.method,
      reference: last!.reference,
    };
    const payment = await recordLedgerEntry(
      ctx,
      actor,
      { invoiceId, kind: 'deposit', amount, ...entry, note: `Deposits on order ${order.doorNumber}` },
      at,
      false,
    );
    await recordDepositEntry(
      ctx,
      actor,
      {
        orderId: order.id,
        kind: 'invoiced',
        amount: toMoneyString(roundCents(amount).negated()),
        ...entry,
        invoicePaymentId: payment.id,
      },
      at,
    );
  }
}

/** A credit note against an invoice (credit/credit-notes.ts issueCreditNote). */
export async function issueCreditNote(
  ctx: SeedContext,
  actor: Actor,
  invoiceId: number,
  note: { date: string; reason: string; lines: readonly InvoiceLineInput[] },
  at: Date,
): Promise<{ id: number; number: string; total: string }> {
  const [invoice] = await ctx.tx.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) throw new Error(`demo seed: no invoice #${invoiceId}`);
  const totals = creditNoteTotals({
    lines: note.lines,
    taxRate: invoice.taxRate,
    taxExempt: invoice.taxExempt,
  });
  const [credited] = await ctx.tx
    .select({ sum: sql<string>`coalesce(sum(${creditNotes.totalAmount}), 0)::text` })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId));
  const creditable = creditableOf(invoice.totalAmount, credited!.sum);
  if (!roundCents(totals.total).greaterThan(0) || roundCents(totals.total).greaterThan(creditable))
    throw new Error(
      `demo seed: a credit note of ${totals.total} on invoice ${invoice.invoiceNumber} (creditable ${creditable})`,
    );
  const number = creditNoteNumberOf(await nextNumber(ctx.tx, 'credit_note_number'));
  const [row] = await ctx.tx
    .insert(creditNotes)
    .values({
      creditNoteNumber: number,
      invoiceId,
      date: note.date,
      reason: note.reason,
      taxRate: invoice.taxRate,
      taxExempt: invoice.taxExempt,
      subtotal: totals.subtotal,
      taxableSubtotal: totals.taxableSubtotal,
      taxAmount: totals.taxAmount,
      totalAmount: totals.total,
      createdBy: actor,
      createdByUsername: usernameOf(ctx, actor),
      createdAt: at,
    })
    .returning({ id: creditNotes.id });
  await ctx.tx.insert(creditNoteLines).values(
    note.lines.map((l, position) => ({
      creditNoteId: row!.id,
      position,
      quantity: toDecimal(l.quantity).toFixed(2),
      description: l.description ?? '',
      priceEach: toMoneyString(l.price_each),
      isFreight: l.is_freight ?? null,
    })),
  );
  await recordLedgerEntry(
    ctx,
    actor,
    {
      invoiceId,
      kind: 'credit_note',
      date: note.date,
      amount: totals.total,
      method: 'other',
      reference: number,
      note: `Credit note ${number}`,
      reason: note.reason,
      creditNoteId: row!.id,
    },
    at,
  );
  ctx.summary.creditNotes++;
  return { id: row!.id, number, total: totals.total };
}

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

/** The invoice's lines as a credit note copies them (position order). */
export async function invoiceLinesOf(ctx: SeedContext, invoiceId: number) {
  return ctx.tx
    .select()
    .from(invoiceLineItems)
    .where(eq(invoiceLineItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceLineItems.position));
}
