import { asc, eq, sql } from 'drizzle-orm';
import {
  creditNoteNumberOf,
  creditNoteTotals,
  creditableOf,
  roundCents,
  toDecimal,
  toMoneyString,
  type InvoiceLineInput,
} from '@icehouse/domain';
import { nextNumber } from '../sequences';
import { creditNoteLines, creditNotes, invoiceLineItems, invoices } from '../schema/index';
import { usernameOf, type SeedContext } from './context';
import { recordLedgerEntry, type Actor } from './ledger';

/** Credit notes (ledger.ts): numbered, at most what remains creditable, each a `credit_note` ledger entry. */

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

/** The invoice's lines as a credit note copies them (position order). */
export async function invoiceLinesOf(ctx: SeedContext, invoiceId: number) {
  return ctx.tx
    .select()
    .from(invoiceLineItems)
    .where(eq(invoiceLineItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceLineItems.position));
}
