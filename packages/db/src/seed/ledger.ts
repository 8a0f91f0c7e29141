import { eq, sql } from 'drizzle-orm';
import {
  balanceDueOf,
  roundCents,
  toMoneyString,
  type PaymentKind,
  type PaymentMethod,
} from '@icehouse/domain';
import { invoicePayments, invoices } from '../schema/index';
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
 * The ledger entry is here; deposits in ledger-deposits.ts, credit notes in ledger-credit-notes.ts and
 * customer credit in ledger-customer-credit.ts.
 *
 * A rule broken here throws: the demo is never written with figures the product would refuse.
 */

export type Actor = number | null;

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

export const moneyOf = async (ctx: SeedContext, invoiceId: number) => {
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
