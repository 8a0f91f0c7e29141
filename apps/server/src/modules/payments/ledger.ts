import { alias } from 'drizzle-orm/pg-core';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  LINKED_PAYMENT_KINDS,
  MESSAGES,
  PAYMENT_NOTES,
  balanceDueOf,
  creditOf,
  invoicePaymentStatus,
  paymentKindOf,
  roundCents,
  toMoneyString,
  todayIso,
  type PaymentFormData,
  type PaymentKind,
  type PaymentMethod,
} from '@icehouse/domain';
import { isUniqueViolation } from '@icehouse/db';
import { invoicePayments, invoices, users } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import type { ChangeDeps, DbDeps, SessionUser } from '../../deps';
import type {
  invoicePaymentSummary,
  invoicePaymentsAnswer,
  paymentAnswer,
  paymentRecordedAnswer,
} from './schemas';
import { announceChange, changeTransaction, type ChangeTx } from '../../changes';

/**
 * The payments ledger (decisions 075-077). Every entry goes through
 * recordLedgerEntry: it locks the invoice, inserts the entry, and stores the new sum in
 * invoices.payments_credits with the balance (the domain's rule) and a new version, in the
 * caller's transaction. Entries are never edited or deleted; a mistake is reversed.
 */

export type PaymentView = z.output<typeof paymentAnswer>;
export type PaymentSummaryView = z.output<typeof invoicePaymentSummary>;
type PaymentRow = typeof invoicePayments.$inferSelect;
type InvoiceMoney = Pick<
  typeof invoices.$inferSelect,
  'id' | 'invoiceNumber' | 'totalAmount' | 'paymentsCredits' | 'dueDate' | 'version'
>;

const INVOICE_NOT_FOUND = 'Invoice not found.';

export function summaryOf(row: InvoiceMoney, today = todayIso()): PaymentSummaryView {
  return {
    invoice_id: row.id,
    invoice_number: row.invoiceNumber,
    total: toMoneyString(row.totalAmount),
    paid: toMoneyString(row.paymentsCredits),
    balance_due: balanceDueOf(row.totalAmount, row.paymentsCredits),
    credit: creditOf(row.totalAmount, row.paymentsCredits),
    status: invoicePaymentStatus({
      total: row.totalAmount,
      paid: row.paymentsCredits,
      dueDate: row.dueDate,
      today,
    }),
    due_date: row.dueDate,
    version: row.version,
  };
}

function paymentView(row: PaymentRow, reversedById: number | null, username: string | null): PaymentView {
  return {
    id: row.id,
    invoice_id: row.invoiceId,
    kind: row.kind,
    date: row.date,
    amount: toMoneyString(row.amount),
    method: row.method,
    reference: row.reference,
    note: row.note,
    reason: row.reason,
    reverses_id: row.reversesId,
    reversed_by_id: reversedById,
    recorded_by: username,
    recorded_at: row.recordedAt.toISOString(),
  };
}

const moneyColumns = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  totalAmount: invoices.totalAmount,
  paymentsCredits: invoices.paymentsCredits,
  dueDate: invoices.dueDate,
  version: invoices.version,
};

export interface LedgerEntry {
  invoiceId: number;
  kind: PaymentKind;
  date: string;
  amount: string;
  method: PaymentMethod;
  reference?: string;
  note?: string;
  reason?: string;
  reversesId?: number | null;
  /** kind credit_note: the credit note (decision 172). */
  creditNoteId?: number | null;
  /** kind credit: the other entry of the pair (decision 174). */
  pairedId?: number | null;
}

/** What to say when an entry would take the sum below 0: a field error on `amount`, or a 409. */
export type BelowZero = 'amount' | 'conflict';

/**
 * THE way an entry is recorded (payments, refunds, reversals, PATCH adjustments), inside `tx`.
 * Locks the invoice row (FOR UPDATE), so concurrent entries on one invoice queue and each sees
 * the sum of the ones before it; refuses a sum below 0 (spec: payments at least 0). It also announces
 * the entry (payment.recorded), so no way of recording one can skip the event.
 */
export async function recordLedgerEntry(
  tx: ChangeTx,
  actor: Pick<SessionUser, 'id' | 'username'> | null,
  entry: LedgerEntry,
  belowZero: BelowZero = 'amount',
  /** false: the caller moves the version on itself (the invoice PATCH). */
  bumpVersion = true,
): Promise<{ payment: PaymentView; invoice: PaymentSummaryView }> {
  const [locked] = await tx
    .select(moneyColumns)
    .from(invoices)
    .where(eq(invoices.id, entry.invoiceId))
    .for('update');
  if (!locked) throw AppError.notFound(INVOICE_NOT_FOUND);
  const sum = roundCents(locked.paymentsCredits).plus(roundCents(entry.amount));
  if (sum.isNegative()) {
    if (belowZero === 'conflict') throw new AppError('CONFLICT', MESSAGES.paymentsBelowZero);
    throw AppError.validation({ amount: [MESSAGES.paymentsBelowZero] }, MESSAGES.paymentsBelowZero);
  }
  const [row] = await tx
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
      reversesId: entry.reversesId ?? null,
      creditNoteId: entry.creditNoteId ?? null,
      pairedId: entry.pairedId ?? null,
      recordedBy: actor?.id ?? null,
      recordedByUsername: actor?.username ?? '',
    })
    .returning();
  // The ledger's sum, read back under the lock (self-correcting should the stored sum ever drift).
  const [total] = await tx
    .select({ sum: sql<string>`coalesce(sum(${invoicePayments.amount}), 0)::text` })
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, entry.invoiceId));
  const paid = toMoneyString(total?.sum ?? sum);
  const [updated] = await tx
    .update(invoices)
    .set({
      paymentsCredits: paid,
      balanceDue: balanceDueOf(locked.totalAmount, paid),
      ...(bumpVersion ? { version: sql`${invoices.version} + 1` } : {}),
    })
    .where(eq(invoices.id, entry.invoiceId))
    .returning(moneyColumns);
  // Every ledger entry (payment, refund, reversal, adjustment) is one payment change: payment.recorded for integrators.
  announceChange(tx, {
    entity: 'payment',
    id: row!.id,
    version: null,
    action: 'recorded',
    by: actor?.id ?? null,
  });
  // The entry changed the invoice too (its payments, balance and version): an open editor of it must hear
  // so (its banner), and integrators get invoice.updated with the new balance. The PATCH that records an
  // adjustment announces its own invoice change.
  if (bumpVersion)
    announceChange(tx, {
      entity: 'invoice',
      id: entry.invoiceId,
      version: updated!.version,
      action: 'updated',
      by: actor?.id ?? null,
    });
  return { payment: paymentView(row!, null, actor?.username ?? null), invoice: summaryOf(updated!) };
}

/** POST /api/invoices/{id}/payments/: a payment (amount > 0) or a refund (< 0, with a reason). */
export async function recordPayment(
  deps: ChangeDeps,
  actor: SessionUser,
  invoiceId: number,
  data: PaymentFormData,
): Promise<z.output<typeof paymentRecordedAnswer>> {
  return changeTransaction(deps, (tx) =>
    recordLedgerEntry(tx, actor, {
      invoiceId,
      kind: paymentKindOf(data.amount),
      date: data.date,
      amount: data.amount,
      method: data.method,
      reference: data.reference,
      note: data.note,
      reason: data.reason,
    }),
  );
}

const reversals = alias(invoicePayments, 'reversals');

/** POST /api/payments/{id}/reverse/: records the negating entry, dated today. Once per entry; a reversal is final. */
export async function reversePayment(
  deps: ChangeDeps,
  actor: SessionUser,
  id: number,
  data: { reason: string },
): Promise<z.output<typeof paymentRecordedAnswer>> {
  const db = deps.database.db;
  const [found] = await db
    .select({ invoiceId: invoicePayments.invoiceId })
    .from(invoicePayments)
    .where(eq(invoicePayments.id, id));
  if (!found) throw AppError.notFound(MESSAGES.paymentNotFound);
  try {
    return await changeTransaction(deps, async (tx) => {
      // The invoice lock first (as every entry takes it), then the entry and its reversal.
      await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.id, found.invoiceId))
        .for('update');
      const [original] = await tx
        .select({ entry: invoicePayments, reversedBy: reversals.id })
        .from(invoicePayments)
        .leftJoin(reversals, eq(reversals.reversesId, invoicePayments.id))
        .where(eq(invoicePayments.id, id));
      if (!original) throw AppError.notFound(MESSAGES.paymentNotFound);
      if (original.entry.kind === 'reversal') throw new AppError('CONFLICT', MESSAGES.reversalNotReversible);
      // A deposit moved onto the invoice, a credit note, applied credit: each belongs to another record too (decisions 171-174).
      if (LINKED_PAYMENT_KINDS.includes(original.entry.kind))
        throw new AppError('CONFLICT', MESSAGES.creditEntryNotReversible);
      if (original.reversedBy !== null) throw new AppError('CONFLICT', MESSAGES.paymentAlreadyReversed);
      return recordLedgerEntry(
        tx,
        actor,
        {
          invoiceId: original.entry.invoiceId,
          kind: 'reversal',
          date: todayIso(),
          amount: toMoneyString(roundCents(original.entry.amount).negated()),
          method: original.entry.method,
          reference: original.entry.reference,
          note: PAYMENT_NOTES.reversal(original.entry.id),
          reason: data.reason,
          reversesId: original.entry.id,
        },
        'conflict',
      );
    });
  } catch (error) {
    // Two reversals of one entry at once: the unique reverses_id lets one in.
    if (isUniqueViolation(error, 'invoice_payments_reverses_id_key'))
      throw new AppError('CONFLICT', MESSAGES.paymentAlreadyReversed);
    throw error;
  }
}

/** One ledger entry with its invoice's money, as POST /api/invoices/{id}/payments/ answers it (the payment.recorded event's body). */
export async function paymentRecordedView(
  db: Db,
  id: number,
): Promise<z.output<typeof paymentRecordedAnswer> | null> {
  const [found] = await db
    .select({ entry: invoicePayments, reversedBy: reversals.id, username: users.username })
    .from(invoicePayments)
    .leftJoin(reversals, eq(reversals.reversesId, invoicePayments.id))
    .leftJoin(users, eq(users.id, invoicePayments.recordedBy))
    .where(eq(invoicePayments.id, id));
  if (!found) return null;
  const [invoice] = await db
    .select(moneyColumns)
    .from(invoices)
    .where(eq(invoices.id, found.entry.invoiceId));
  return {
    payment: paymentView(
      found.entry,
      found.reversedBy,
      found.username ?? (found.entry.recordedByUsername || null),
    ),
    invoice: summaryOf(invoice!),
  };
}

/** GET /api/invoices/{id}/payments/: the invoice's money and its entries, oldest first. */
export async function listInvoicePayments(
  deps: DbDeps,
  invoiceId: number,
): Promise<z.output<typeof invoicePaymentsAnswer>> {
  const db = deps.database.db;
  const [invoice] = await db.select(moneyColumns).from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) throw AppError.notFound(INVOICE_NOT_FOUND);
  return { invoice: summaryOf(invoice), results: await ledgerEntries(deps, invoiceId) };
}

/** An invoice's ledger entries, oldest first (none for an invoice that does not exist). */
export async function ledgerEntries(deps: DbDeps, invoiceId: number) {
  const rows = await deps.database.db
    .select({ entry: invoicePayments, reversedBy: reversals.id, username: users.username })
    .from(invoicePayments)
    .leftJoin(reversals, eq(reversals.reversesId, invoicePayments.id))
    .leftJoin(users, eq(users.id, invoicePayments.recordedBy))
    .where(eq(invoicePayments.invoiceId, invoiceId))
    .orderBy(asc(invoicePayments.date), asc(invoicePayments.id));
  return rows.map((r) =>
    paymentView(r.entry, r.reversedBy, r.username ?? (r.entry.recordedByUsername || null)),
  );
}
