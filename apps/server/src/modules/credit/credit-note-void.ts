import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { MESSAGES, MESSAGE_TEMPLATES, roundCents, type CreditNoteVoidData } from '@icehouse/domain';
import { creditNotes, invoicePayments, invoices } from '@icehouse/db/schema';
import { AppError } from '../../errors';
import type { ChangeDeps, SessionUser } from '../../deps';
import { announceChange, changeTransaction } from '../../changes';
import { recordLedgerEntry } from '../payments/ledger';
import { getCreditNote } from './credit-notes';
import type { creditNoteIssuedAnswer } from './schemas';

/**
 * Voiding a credit note (decision 249): never a delete. The note stays, marked voided with the day, the
 * reason and who; its ledger entry is reversed by an entry of kind credit_note_void (− its total, dated the
 * void's day, `reverses_id` its entry), so the invoice's balance, the customer's balance, statements, aging,
 * credit and the exports all read the void from the one ledger, and what the note credited may be credited
 * again. In one transaction under the invoice's lock, as issuing is; a second void of the same note is refused
 * (the note's row is locked and read again, and the unique reverses_id backs it).
 */
export async function voidCreditNote(
  deps: ChangeDeps,
  actor: SessionUser,
  id: number,
  data: CreditNoteVoidData,
): Promise<z.output<typeof creditNoteIssuedAnswer>> {
  return changeTransaction(deps, async (tx) => {
    const [found] = await tx.select({ invoiceId: creditNotes.invoiceId }).from(creditNotes).where(eq(creditNotes.id, id));
    if (!found) throw AppError.notFound(MESSAGES.creditNoteNotFound);
    // The invoice first, as every ledger entry locks it (recordLedgerEntry locks it again: a no-op), then the note.
    await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, found.invoiceId)).for('update');
    const [note] = await tx.select().from(creditNotes).where(eq(creditNotes.id, id)).for('update');
    if (!note) throw AppError.notFound(MESSAGES.creditNoteNotFound);
    if (note.voidedAt !== null) throw new AppError('CONFLICT', MESSAGES.creditNoteAlreadyVoided);
    if (data.date < note.date) {
      const message = MESSAGE_TEMPLATES.creditNoteVoidBeforeNote(note.date);
      throw AppError.validation({ date: [message] }, message);
    }
    const [entry] = await tx
      .select({ id: invoicePayments.id })
      .from(invoicePayments)
      .where(and(eq(invoicePayments.creditNoteId, id), eq(invoicePayments.kind, 'credit_note')));
    if (!entry) throw new AppError('CONFLICT', MESSAGES.creditNoteNotFound);
    let summary;
    try {
      ({ invoice: summary } = await recordLedgerEntry(
        tx,
        actor,
        {
          invoiceId: note.invoiceId,
          kind: 'credit_note_void',
          date: data.date,
          amount: roundCents(note.totalAmount).negated().toFixed(2),
          method: 'other',
          reference: note.creditNoteNumber,
          note: `Voids credit note ${note.creditNoteNumber}`,
          reason: data.reason,
          reversesId: entry.id,
        },
        'conflict',
      ));
    } catch (error) {
      // The credit it gave was refunded or applied elsewhere: the payments would fall below 0.
      if (error instanceof AppError && error.code === 'CONFLICT' && error.message === MESSAGES.paymentsBelowZero)
        throw new AppError('CONFLICT', MESSAGES.creditNoteVoidBelowZero);
      throw error;
    }
    await tx
      .update(creditNotes)
      .set({
        voidDate: data.date,
        voidReason: data.reason,
        voidedBy: actor.id,
        voidedByUsername: actor.username,
        voidedAt: new Date(),
      })
      .where(eq(creditNotes.id, id));
    announceChange(tx, { entity: 'credit_note', id, version: null, action: 'voided', by: actor.id });
    return {
      credit_note: await getCreditNote({ database: { ...deps.database, db: tx } }, id),
      invoice: summary,
    };
  });
}
