import { and, asc, gte, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SALES_TAX_COLUMNS,
  addSalesTax,
  periodKeyOf,
  periodOf,
  salesTaxOfCreditNote,
  salesTaxOfCreditNoteVoid,
  sumSalesTaxOfInvoices,
  type SalesTaxAmounts,
  type ReportPeriod,
  type SalesTaxInvoice,
} from '@icehouse/domain';
import { creditNotes, invoices } from '@icehouse/db/schema';
import type { DbDeps } from '../../deps';
import type { salesTaxAnswer } from './schemas';

export type SalesTaxReport = z.output<typeof salesTaxAnswer>;

/**
 * Sales tax by period: each invoice dated in from..to contributes what the
 * domain's salesTaxOfInvoice makes of its stored totals (the invoice totals rule's own results:
 * subtotal, taxable subtotal, discount, tax, total), summed per period (sumSalesTaxOfInvoices) and
 * the periods with addSalesTax; each credit note dated in the period takes its salesTaxOfCreditNote off
 * (decision 172), its total in a column of its own (`credited`), and each void dated in the period gives
 * it back (salesTaxOfCreditNoteVoid, decision 249). Every period of the range has a row, empty ones included.
 */
export async function salesTaxReport(
  deps: DbDeps,
  input: { from: string; to: string; period: ReportPeriod },
): Promise<SalesTaxReport> {
  const rows = await deps.database.db
    .select({
      date: invoices.date,
      subtotal: invoices.subtotal,
      taxableSubtotal: invoices.taxableSubtotal,
      discountAmount: invoices.discountAmount,
      taxAmount: invoices.taxAmount,
      total: invoices.totalAmount,
      taxExempt: invoices.taxExempt,
    })
    .from(invoices)
    .where(and(gte(invoices.date, input.from), lte(invoices.date, input.to)))
    .orderBy(asc(invoices.date));
  // Credit notes count in the period they are dated in (decision 172), whatever their invoice's date; their
  // voids in the period the void is dated in (decision 249).
  const noteColumns = {
    date: creditNotes.date,
    subtotal: creditNotes.subtotal,
    taxableSubtotal: creditNotes.taxableSubtotal,
    taxAmount: creditNotes.taxAmount,
    total: creditNotes.totalAmount,
    taxExempt: creditNotes.taxExempt,
  };
  const notes = await deps.database.db
    .select(noteColumns)
    .from(creditNotes)
    .where(and(gte(creditNotes.date, input.from), lte(creditNotes.date, input.to)))
    .orderBy(asc(creditNotes.date));
  const voids = await deps.database.db
    .select({ ...noteColumns, date: sql<string>`${creditNotes.voidDate}` })
    .from(creditNotes)
    .where(and(gte(creditNotes.voidDate, input.from), lte(creditNotes.voidDate, input.to)))
    .orderBy(asc(creditNotes.voidDate));

  const periods = new Map<
    string,
    { start: string; end: string; items: SalesTaxInvoice[]; notes: SalesTaxAmounts[]; count: number; voids: number }
  >();
  // Every period of the range, in order.
  for (let day = input.from; day <= input.to;) {
    const p = periodOf(day, input.period);
    periods.set(p.key, { start: p.start, end: p.end, items: [], notes: [], count: 0, voids: 0 });
    day = nextDay(p.end);
  }
  for (const row of rows) periods.get(periodKeyOf(row.date, input.period))?.items.push(row);
  for (const note of notes) {
    const p = periods.get(periodKeyOf(note.date, input.period));
    p?.notes.push(salesTaxOfCreditNote(note));
    if (p) p.count += 1;
  }
  for (const v of voids) {
    const p = periods.get(periodKeyOf(v.date, input.period));
    p?.notes.push(salesTaxOfCreditNoteVoid(v));
    if (p) p.voids += 1;
  }
  const out = [...periods].map(([key, p]) => ({
    period: key,
    start: p.start,
    end: p.end,
    invoices: p.items.length,
    credit_notes: p.count,
    voided_credit_notes: p.voids,
    ...addSalesTax([sumSalesTaxOfInvoices(p.items), ...p.notes]),
  }));
  const total = {
    invoices: rows.length,
    credit_notes: notes.length,
    voided_credit_notes: voids.length,
    ...addSalesTax(out),
  };
  return { from: input.from, to: input.to, period: input.period, rows: out, total };
}

function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export const SALES_TAX_CSV_COLUMNS = SALES_TAX_COLUMNS;
