import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { bumpSequence, isUniqueViolation, nextNumber, rowsOf } from '@icehouse/db';
import { orders } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';

/**
 * Invoice numbers (README "Invoice numbers"). Unique by constraint (invoices_invoice_number_key);
 * never reused: a deleted invoice's number stays in deleted_invoices and counts as taken below
 * (decision 011). Allocated inside the invoice's own transaction:
 *
 * 1. the Invoice Number typed on the order, when there is one and no invoice uses it yet
 *    (a numeric one moves the 'invoice_number' sequence past it, so the sequence never hands it out);
 * 2. otherwise the next number of the 'invoice_number' sequence ('1001', '1002', ...), skipping
 *    numbers an invoice already has or another order has typed.
 *
 * Two transactions may both find a typed number free; the unique constraint lets one win and the
 * other is retried (withInvoiceNumberRetry), finding the number taken and using the sequence.
 */

export const INVOICE_NUMBER_SEQUENCE = 'invoice_number';
const INVOICE_NUMBER_KEY = 'invoices_invoice_number_key';
/** Numbers up to 15 digits move the sequence (it is a bigint; longer ones are just text). */
const NUMERIC = /^[0-9]{1,15}$/;

export const INVOICE_NUMBER_TAKEN = 'An invoice with this number already exists.';
export const INVOICE_NUMBER_DELETED = 'This number belonged to an invoice that was deleted, and invoice numbers are never reused. Choose another number.';

export function isInvoiceNumberTaken(error: unknown): boolean {
  return isUniqueViolation(error, INVOICE_NUMBER_KEY);
}

/** A numeric invoice number moves the sequence past it (never backwards). */
export async function bumpInvoiceSequence(tx: Db, invoiceNumber: string): Promise<void> {
  if (!NUMERIC.test(invoiceNumber)) return;
  const n = Number(invoiceNumber);
  if (Number.isSafeInteger(n)) await bumpSequence(tx, INVOICE_NUMBER_SEQUENCE, n);
}

/**
 * Who holds this number: an invoice (other than `exceptInvoiceId`), a deleted invoice (its number
 * is never reused: decision 011), or nobody (null). One statement, so a deletion committing
 * meanwhile is seen whole (the invoice, or its record) and never as neither.
 */
export async function invoiceNumberHolder(tx: Db, invoiceNumber: string, exceptInvoiceId?: number): Promise<'invoice' | 'deleted' | null> {
  const except = exceptInvoiceId === undefined ? sql`` : sql` and id <> ${exceptInvoiceId}`;
  const result = await tx.execute(sql`
    select exists (select 1 from invoices where invoice_number = ${invoiceNumber}${except}) as invoice,
           exists (select 1 from deleted_invoices where invoice_number = ${invoiceNumber}) as deleted
  `);
  const row = rowsOf<{ invoice: boolean; deleted: boolean }>(result)[0];
  return row?.invoice ? 'invoice' : row?.deleted ? 'deleted' : null;
}

/** True when an invoice (other than `exceptInvoiceId`) has this number or a deleted one had it. */
export async function invoiceNumberInUse(tx: Db, invoiceNumber: string, exceptInvoiceId?: number): Promise<boolean> {
  return (await invoiceNumberHolder(tx, invoiceNumber, exceptInvoiceId)) !== null;
}

/** A number from the sequence is skipped when an invoice has it or another order has it typed. */
async function sequenceCandidateTaken(tx: Db, candidate: string, forOrderIds: readonly number[]): Promise<boolean> {
  if (await invoiceNumberInUse(tx, candidate)) return true;
  const typed = forOrderIds.length
    ? and(eq(orders.invoiceNumber, candidate), notInArray(orders.id, [...forOrderIds]))
    : eq(orders.invoiceNumber, candidate);
  const [row] = await tx.select({ id: orders.id }).from(orders).where(typed).limit(1);
  return row !== undefined;
}

/** Moves the sequence past the highest numeric invoice number, deleted ones included (after an import that did not). */
async function bumpPastExistingInvoices(tx: Db): Promise<void> {
  const result = await tx.execute(sql`
    select max(n)::text as max from (
      select invoice_number::numeric as n from invoices where invoice_number ~ '^[0-9]{1,15}$'
      union all
      select invoice_number::numeric from deleted_invoices where invoice_number ~ '^[0-9]{1,15}$'
    ) numbers
  `);
  const max = rowsOf<{ max: string | null }>(result)[0]?.max;
  if (max) await bumpSequence(tx, INVOICE_NUMBER_SEQUENCE, Number(max));
}

/**
 * The number of a new invoice for `forOrderIds` (see the rule above). `typed` is the Invoice
 * Number entered on the order(s), '' when none. Call inside the invoice's transaction.
 */
export async function allocateInvoiceNumber(tx: Db, typed: string, forOrderIds: readonly number[]): Promise<string> {
  const wanted = typed.trim();
  if (wanted !== '' && !(await invoiceNumberInUse(tx, wanted))) {
    await bumpInvoiceSequence(tx, wanted);
    return wanted;
  }
  for (let attempt = 0; attempt < 60; attempt++) {
    const candidate = String(await nextNumber(tx, INVOICE_NUMBER_SEQUENCE));
    if (!(await sequenceCandidateTaken(tx, candidate, forOrderIds))) return candidate;
    // A long run of taken numbers: jump past every numeric invoice number at once.
    if (attempt === 20) await bumpPastExistingInvoices(tx);
  }
  throw new AppError('CONFLICT', 'Could not find a free invoice number. Please try again.');
}

/**
 * Runs `work` (one whole transaction) again when it lost a race for an invoice number: the
 * retry sees the winner's number taken. Other errors pass through.
 */
export async function withInvoiceNumberRetry<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isInvoiceNumberTaken(error)) throw error;
    }
  }
}

/** Orders' ids in a stable order for locking (always ascending, so two lockers never deadlock). */
export async function lockOrders(tx: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]))
    .orderBy(orders.id)
    .for('update');
}
