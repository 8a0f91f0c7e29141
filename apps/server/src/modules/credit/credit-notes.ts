import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  MESSAGE_TEMPLATES,
  MESSAGES,
  creditNoteNumberOf,
  creditNoteTotals,
  creditableOf,
  lineAmount,
  roundCents,
  toDecimal,
  toMoneyString,
  type CreditNoteFormData,
} from '@icehouse/domain';
import { isUniqueViolation, nextNumber } from '@icehouse/db';
import { creditNoteLines, creditNotes, invoicePayments, invoices, users } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import type { ChangeDeps, DbDeps, SessionUser } from '../../deps';
import { announceChange, changeTransaction } from '../../changes';
import { recordLedgerEntry } from '../payments/ledger';
import type { creditNoteAnswer, creditNoteIssuedAnswer, invoiceCreditNotesAnswer } from './schemas';

/**
 * Credit notes (decision 172): issued against an invoice, never edited, numbered CN-1001.. from the
 * credit_note_number sequence (allocated in the issuing transaction; a rolled-back one leaves a gap,
 * never a reuse; the unique number backs it). The note's total reaches the invoice as one ledger
 * entry of kind credit_note, so the invoice's balance, status, the customer's balance and the aging
 * follow from the ledger as for a payment; the invoice's own total stays as issued. Tax on the
 * credited lines is reversed at the invoice's rate by the domain's creditNoteTotals.
 */

export type CreditNoteView = z.output<typeof creditNoteAnswer>;

const INVOICE_NOT_FOUND = 'Invoice not found.';
export const CREDIT_NOTE_SEQUENCE = 'credit_note_number';

const voidEntries = alias(invoicePayments, 'void_entry');
const voiders = alias(users, 'voider');
const noteColumns = {
  note: creditNotes,
  invoiceNumber: invoices.invoiceNumber,
  billTo: invoices.billTo,
  username: users.username,
  paymentId: invoicePayments.id,
  voidPaymentId: voidEntries.id,
  voidedBy: voiders.username,
};

async function noteViews(db: Db, where: ReturnType<typeof eq>): Promise<CreditNoteView[]> {
  const rows = await db
    .select(noteColumns)
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .leftJoin(users, eq(users.id, creditNotes.createdBy))
    .leftJoin(invoicePayments, eq(invoicePayments.creditNoteId, creditNotes.id))
    .leftJoin(voidEntries, eq(voidEntries.reversesId, invoicePayments.id))
    .leftJoin(voiders, eq(voiders.id, creditNotes.voidedBy))
    .where(where)
    .orderBy(asc(creditNotes.date), asc(creditNotes.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(creditNoteLines)
    .where(
      sql`${creditNoteLines.creditNoteId} in (${sql.join(
        rows.map((r) => sql`${r.note.id}`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(creditNoteLines.position), asc(creditNoteLines.id));
  return rows.map(({ note: n, invoiceNumber, billTo, username, paymentId, voidPaymentId, voidedBy }) => ({
    id: n.id,
    credit_note_number: n.creditNoteNumber,
    invoice_id: n.invoiceId,
    invoice_number: invoiceNumber,
    customer_name: billTo.name ?? '',
    date: n.date,
    reason: n.reason,
    line_items: lines
      .filter((l) => l.creditNoteId === n.id)
      .map((l) => ({
        // A number, as an invoice line's quantity is (a whole number by the line rules): 1, not "1.00".
        quantity: Number(l.quantity),
        description: l.description,
        price_each: toMoneyString(l.priceEach),
        amount: lineAmount(l.quantity, l.priceEach),
        is_freight: l.isFreight,
      })),
    tax_rate: toDecimal(n.taxRate).toFixed(2),
    tax_exempt: n.taxExempt,
    subtotal: toMoneyString(n.subtotal),
    taxable_subtotal: toMoneyString(n.taxableSubtotal),
    tax_amount: toMoneyString(n.taxAmount),
    total: toMoneyString(n.totalAmount),
    payment_id: paymentId,
    created_by: username ?? (n.createdByUsername || null),
    created_at: n.createdAt.toISOString(),
    voided: n.voidedAt !== null,
    void_date: n.voidDate,
    void_reason: n.voidReason,
    void_payment_id: voidPaymentId,
    voided_by: n.voidedAt === null ? null : (voidedBy ?? (n.voidedByUsername || null)),
    voided_at: n.voidedAt?.toISOString() ?? null,
  }));
}

/** GET /api/credit-notes/{id}/ (and the credit_note.created event's body). */
export async function getCreditNote(deps: DbDeps, id: number): Promise<CreditNoteView> {
  const [note] = await noteViews(deps.database.db, eq(creditNotes.id, id));
  if (!note) throw AppError.notFound(MESSAGES.creditNoteNotFound);
  return note;
}

/** The credit notes' total on an invoice so far; a voided note credits nothing. */
async function creditedOn(db: Db, invoiceId: number): Promise<string> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${creditNotes.totalAmount}), 0)::text` })
    .from(creditNotes)
    .where(and(eq(creditNotes.invoiceId, invoiceId), isNull(creditNotes.voidedAt)));
  return toMoneyString(row?.sum ?? 0);
}

/** GET /api/invoices/{id}/credit-notes/: the invoice's credit notes, oldest first, with what may still be credited. */
export async function listInvoiceCreditNotes(
  deps: DbDeps,
  invoiceId: number,
): Promise<z.output<typeof invoiceCreditNotesAnswer>> {
  const db = deps.database.db;
  const [invoice] = await db
    .select({
      id: invoices.id,
      number: invoices.invoiceNumber,
      total: invoices.totalAmount,
      taxRate: invoices.taxRate,
      taxExempt: invoices.taxExempt,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!invoice) throw AppError.notFound(INVOICE_NOT_FOUND);
  const credited = await creditedOn(db, invoiceId);
  return {
    invoice_id: invoice.id,
    invoice_number: invoice.number,
    total: toMoneyString(invoice.total),
    credited,
    creditable: creditableOf(invoice.total, credited),
    tax_rate: toDecimal(invoice.taxRate).toFixed(2),
    tax_exempt: invoice.taxExempt,
    results: await noteViews(db, eq(creditNotes.invoiceId, invoiceId)),
  };
}

/**
 * POST /api/invoices/{id}/credit-notes/: issues a credit note. Under the invoice's lock (the ledger's
 * own), so two notes at once each see the other: one above what remains creditable is refused
 * (400 on line_items, naming what remains) and nothing is written.
 */
export async function issueCreditNote(
  deps: ChangeDeps,
  actor: SessionUser,
  invoiceId: number,
  data: CreditNoteFormData,
): Promise<z.output<typeof creditNoteIssuedAnswer>> {
  try {
    return await changeTransaction(deps, async (tx) => {
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
      if (!invoice) throw AppError.notFound(INVOICE_NOT_FOUND);
      const totals = creditNoteTotals({
        lines: data.line_items,
        taxRate: invoice.taxRate,
        taxExempt: invoice.taxExempt,
      });
      if (!roundCents(totals.total).greaterThan(0))
        throw AppError.validation({ line_items: [MESSAGES.creditNoteZero] }, MESSAGES.creditNoteZero);
      const creditable = creditableOf(invoice.totalAmount, await creditedOn(tx, invoiceId));
      if (roundCents(totals.total).greaterThan(creditable)) {
        const message = MESSAGE_TEMPLATES.creditNoteAboveCreditable(creditable);
        throw AppError.validation({ line_items: [message] }, message);
      }
      const number = creditNoteNumberOf(await nextNumber(tx, CREDIT_NOTE_SEQUENCE));
      const [note] = await tx
        .insert(creditNotes)
        .values({
          creditNoteNumber: number,
          invoiceId,
          date: data.date,
          reason: data.reason,
          taxRate: invoice.taxRate,
          taxExempt: invoice.taxExempt,
          subtotal: totals.subtotal,
          taxableSubtotal: totals.taxableSubtotal,
          taxAmount: totals.taxAmount,
          totalAmount: totals.total,
          createdBy: actor.id,
          createdByUsername: actor.username,
        })
        .returning({ id: creditNotes.id });
      await tx.insert(creditNoteLines).values(
        data.line_items.map((l, position) => ({
          creditNoteId: note!.id,
          position,
          quantity: toDecimal(l.quantity).toFixed(2),
          description: l.description,
          priceEach: toMoneyString(l.price_each),
          isFreight: l.is_freight ?? null,
        })),
      );
      const { invoice: summary } = await recordLedgerEntry(tx, actor, {
        invoiceId,
        kind: 'credit_note',
        date: data.date,
        amount: totals.total,
        method: 'other',
        reference: number,
        note: `Credit note ${number}`,
        reason: data.reason,
        creditNoteId: note!.id,
      });
      announceChange(tx, {
        entity: 'credit_note',
        id: note!.id,
        version: null,
        action: 'created',
        by: actor.id,
      });
      return {
        credit_note: await getCreditNote({ database: { ...deps.database, db: tx } }, note!.id),
        invoice: summary,
      };
    });
  } catch (error) {
    // The sequence hands out each number once; a number taken another way (an import) is a 409, never a reuse.
    if (isUniqueViolation(error, 'credit_notes_credit_note_number_key'))
      throw new AppError('CONFLICT', 'That credit note number is taken; try again.');
    throw error;
  }
}
