import { eq } from 'drizzle-orm';
import { bumpSequence } from '@icehouse/db';
import { billsOfLading, invoices } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';

/**
 * The one place where the importer writes rows itself rather than through a service: facts of the
 * source that no service takes as given, because in daily use the product decides them.
 *
 * - A bill of lading's number: the BOL service allocates the next one. The sequence is moved to just
 *   below the source's number first (`bolNumberBefore`), so on an empty target the service hands out
 *   the source's number itself; only when it could not (the number was taken here already, or the
 *   source's is not numeric) is the number written here.
 * - An unedited invoice's date and due date: creating an invoice dates it today, and the invoice PATCH
 *   that could change them marks the invoice as edited by hand, which the source's was not.
 * - An unedited invoice that says something else than the one the service makes from the imported order
 *   (its terms came from a customer record, or the order changed after it was invoiced): its content is
 *   saved through the invoice PATCH (lines, totals and history by the service), and only the "edited by
 *   hand" mark the PATCH sets is taken off again here.
 *
 * Numbers typed here still go through the unique constraints, so a clash refuses the record (reported)
 * instead of making a duplicate.
 */

const NUMERIC = /^[0-9]{1,15}$/;

/** Makes the BOL sequence hand out `bolNumber` next, when it is numeric and not behind the sequence. */
export async function bolNumberBefore(tx: Db, bolNumber: string): Promise<void> {
  if (NUMERIC.test(bolNumber)) await bumpSequence(tx, 'bol_number', Number(bolNumber) - 1);
}

/** The source's BOL number on the BOL the service made, when the service handed out another one. */
export async function keepBolNumber(tx: Db, bolId: number, bolNumber: string): Promise<void> {
  await tx.update(billsOfLading).set({ bolNumber }).where(eq(billsOfLading.id, bolId));
  if (NUMERIC.test(bolNumber)) await bumpSequence(tx, 'bol_number', Number(bolNumber));
}

/** The source's date and due date on an invoice the service made today, without marking it edited. */
export async function keepInvoiceDates(tx: Db, invoiceId: number, dates: { date: string; dueDate: string | null }): Promise<void> {
  await tx.update(invoices).set({ date: dates.date, dueDate: dates.dueDate }).where(eq(invoices.id, invoiceId));
}

/** Takes off the "edited by hand" mark a PATCH set on an invoice the source had not edited. */
export async function keepUnedited(tx: Db, invoiceId: number): Promise<void> {
  await tx.update(invoices).set({ hasManualEdits: false }).where(eq(invoices.id, invoiceId));
}
