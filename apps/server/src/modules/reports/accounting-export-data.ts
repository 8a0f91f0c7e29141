import { and, asc, count, eq, gte, inArray, lte, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  isFreightLine,
  type AccountingExportInput,
  type ExportLine,
  type PaymentKind,
} from '@icehouse/domain';
import {
  addresses,
  creditNoteLines,
  creditNotes,
  invoiceLineItems,
  invoicePayments,
  invoices,
  orderDeposits,
  orders,
} from '@icehouse/db/schema';
import type { DbDeps } from '../../deps';
import { invoiceCustomerName } from '../ledger/invoice-owner';

/**
 * What the accountant export reads for from..to (decision 205): the invoices and credit notes dated in
 * the range with their lines, the credit notes voided in it (decision 249), the invoice ledger entries and the order deposit entries dated in it,
 * as the domain's plain records. Reads only.
 */

export interface Range {
  from: string;
  to: string;
}

/** How many records the range holds (the export refuses an empty range and one over its limit). */
export async function accountingRecordCount(deps: DbDeps, r: Range): Promise<number> {
  const db = deps.database.db;
  const counts = await Promise.all([
    db
      .select({ n: count() })
      .from(invoices)
      .where(and(gte(invoices.date, r.from), lte(invoices.date, r.to))),
    db
      .select({ n: count() })
      .from(creditNotes)
      .where(and(gte(creditNotes.date, r.from), lte(creditNotes.date, r.to))),
    db
      .select({ n: count() })
      .from(invoicePayments)
      .where(and(gte(invoicePayments.date, r.from), lte(invoicePayments.date, r.to))),
    db
      .select({ n: count() })
      .from(orderDeposits)
      .where(and(gte(orderDeposits.date, r.from), lte(orderDeposits.date, r.to))),
  ]);
  return counts.reduce((sum, [row]) => sum + Number(row?.n ?? 0), 0);
}

type LineRow = { quantity: string; description: string; priceEach: string; isFreight: boolean | null };
const exportLine = (l: LineRow): ExportLine => ({
  description: l.description,
  quantity: l.quantity,
  priceEach: l.priceEach,
  isFreight: isFreightLine({ description: l.description, is_freight: l.isFreight }),
});

function groupLines<K extends number>(rows: (LineRow & { owner: K })[]): Map<K, ExportLine[]> {
  const out = new Map<K, ExportLine[]>();
  for (const r of rows) {
    const list = out.get(r.owner) ?? [];
    list.push(exportLine(r));
    out.set(r.owner, list);
  }
  return out;
}

export async function accountingExportInput(deps: DbDeps, r: Range): Promise<AccountingExportInput> {
  const db = deps.database.db;
  const invoiceRows = await db
    .select()
    .from(invoices)
    .where(and(gte(invoices.date, r.from), lte(invoices.date, r.to)))
    .orderBy(asc(invoices.date), asc(invoices.id));
  const invoiceLines = invoiceRows.length
    ? groupLines(
        await db
          .select({
            owner: invoiceLineItems.invoiceId,
            quantity: invoiceLineItems.quantity,
            description: invoiceLineItems.description,
            priceEach: invoiceLineItems.priceEach,
            isFreight: invoiceLineItems.isFreight,
          })
          .from(invoiceLineItems)
          .where(
            inArray(
              invoiceLineItems.invoiceId,
              invoiceRows.map((i) => i.id),
            ),
          )
          .orderBy(asc(invoiceLineItems.invoiceId), asc(invoiceLineItems.position), asc(invoiceLineItems.id)),
      )
    : new Map<number, ExportLine[]>();

  const noteRows = await db
    .select({
      note: creditNotes,
      invoiceNumber: invoices.invoiceNumber,
      billTo: invoices.billTo,
      shipTo: invoices.shipTo,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    // Issued in the range, or voided in it (decision 249): the void is exported on its own day.
    .where(
      or(
        and(gte(creditNotes.date, r.from), lte(creditNotes.date, r.to)),
        and(gte(creditNotes.voidDate, r.from), lte(creditNotes.voidDate, r.to)),
      ),
    )
    .orderBy(asc(creditNotes.date), asc(creditNotes.id));
  const inRange = (d: string) => d >= r.from && d <= r.to;
  const exportNote = ({ note, invoiceNumber, ...inv }: (typeof noteRows)[number], date: string, reason: string) => ({
    number: note.creditNoteNumber,
    date,
    invoiceNumber,
    customer: invoiceCustomerName(inv),
    reason,
    taxExempt: note.taxExempt,
    lines: noteLines.get(note.id) ?? [],
    taxAmount: note.taxAmount,
    total: note.totalAmount,
  });
  const noteLines = noteRows.length
    ? groupLines(
        await db
          .select({
            owner: creditNoteLines.creditNoteId,
            quantity: creditNoteLines.quantity,
            description: creditNoteLines.description,
            priceEach: creditNoteLines.priceEach,
            isFreight: creditNoteLines.isFreight,
          })
          .from(creditNoteLines)
          .where(
            inArray(
              creditNoteLines.creditNoteId,
              noteRows.map((n) => n.note.id),
            ),
          )
          .orderBy(asc(creditNoteLines.creditNoteId), asc(creditNoteLines.position), asc(creditNoteLines.id)),
      )
    : new Map<number, ExportLine[]>();

  // A reversal's money went through the account of the entry it reverses; a credit's + side names
  // the invoice whose overpayment it was through its pair.
  const reversed = alias(invoicePayments, 'reversed');
  const paired = alias(invoicePayments, 'paired');
  const pairedInvoice = alias(invoices, 'paired_invoice');
  const ledgerRows = await db
    .select({
      entry: invoicePayments,
      invoiceNumber: invoices.invoiceNumber,
      billTo: invoices.billTo,
      shipTo: invoices.shipTo,
      reversesKind: reversed.kind,
      creditFromInvoice: pairedInvoice.invoiceNumber,
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .leftJoin(reversed, eq(reversed.id, invoicePayments.reversesId))
    .leftJoin(paired, eq(paired.id, invoicePayments.pairedId))
    .leftJoin(pairedInvoice, eq(pairedInvoice.id, paired.invoiceId))
    .where(and(gte(invoicePayments.date, r.from), lte(invoicePayments.date, r.to)))
    .orderBy(asc(invoicePayments.date), asc(invoicePayments.id));

  const billing = alias(addresses, 'billing');
  const shipping = alias(addresses, 'shipping');
  const depositRows = await db
    .select({
      entry: orderDeposits,
      orderNumber: orders.doorNumber,
      billingName: billing.name,
      shippingName: shipping.name,
    })
    .from(orderDeposits)
    .innerJoin(orders, eq(orders.id, orderDeposits.orderId))
    .leftJoin(billing, eq(billing.id, orders.billingAddressId))
    .leftJoin(shipping, eq(shipping.id, orders.shippingAddressId))
    .where(and(gte(orderDeposits.date, r.from), lte(orderDeposits.date, r.to)))
    .orderBy(asc(orderDeposits.date), asc(orderDeposits.id));

  return {
    invoices: invoiceRows.map((i) => ({
      number: i.invoiceNumber,
      date: i.date,
      dueDate: i.dueDate,
      terms: i.terms,
      customer: invoiceCustomerName(i),
      poJobName: i.poJobName,
      taxExempt: i.taxExempt,
      lines: invoiceLines.get(i.id) ?? [],
      discountAmount: i.discountAmount,
      taxAmount: i.taxAmount,
      total: i.totalAmount,
    })),
    creditNotes: noteRows.filter(({ note }) => inRange(note.date)).map((n) => exportNote(n, n.note.date, n.note.reason)),
    creditNoteVoids: noteRows
      .filter(({ note }) => note.voidDate !== null && inRange(note.voidDate))
      .sort((a, b) => (a.note.voidDate! < b.note.voidDate! ? -1 : a.note.voidDate! > b.note.voidDate! ? 1 : a.note.id - b.note.id))
      .map((n) => exportNote(n, n.note.voidDate!, n.note.voidReason)),
    ledger: ledgerRows.map(({ entry, invoiceNumber, reversesKind, creditFromInvoice, ...inv }) => ({
      id: entry.id,
      date: entry.date,
      kind: entry.kind,
      amount: entry.amount,
      method: entry.method,
      reference: entry.reference,
      invoiceNumber,
      customer: invoiceCustomerName(inv),
      reversesKind: (reversesKind ?? null) as PaymentKind | null,
      creditFromInvoice: creditFromInvoice ?? null,
    })),
    deposits: depositRows.map(({ entry, orderNumber, billingName, shippingName }) => ({
      id: entry.id,
      date: entry.date,
      kind: entry.kind,
      amount: entry.amount,
      method: entry.method,
      reference: entry.reference,
      orderNumber,
      customer: (billingName ?? '').trim() || (shippingName ?? '').trim(),
    })),
  };
}
