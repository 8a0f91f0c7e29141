import { eq, inArray } from 'drizzle-orm';
import {
  dueDateForTerms,
  toDecimal,
  toMoneyString,
  type InvoiceLineItem,
  type InvoiceTotals,
} from '@icehouse/domain';
import { customers, invoiceLineItems, invoiceOrders, invoices, orders } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { bumpOrderVersion } from '../orders/order-write';
import type { ChangeTx } from '../../changes';
import { recordHistory } from '../orders/history';
import type { InvoiceDraft } from './draft';
import type { lockOrders } from './numbers';

/** Storing an invoice: its row and lines, and its number in its orders' Invoice Number field (with history). */

interface InvoiceContent {
  invoiceNumber: string;
  date: string;
  draft: InvoiceDraft;
  isCombined: boolean;
  userId: number | null;
}

export async function insertLines(
  tx: Db,
  invoiceId: number,
  lines: readonly InvoiceLineItem[],
): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(invoiceLineItems).values(
    lines.map((l, position) => ({
      invoiceId,
      position,
      quantity: toDecimal(l.quantity).toFixed(2),
      description: l.description,
      priceEach: toMoneyString(l.price_each),
      isFreight: l.is_freight ?? null,
    })),
  );
}

export function totalsColumns(t: InvoiceTotals) {
  return {
    subtotal: t.subtotal,
    taxableSubtotal: t.taxableSubtotal,
    discountAmount: t.discountAmount,
    taxAmount: t.taxAmount,
    totalAmount: t.total,
    balanceDue: t.balanceDue,
  };
}

export function draftColumns(d: InvoiceDraft) {
  return {
    billTo: d.billTo,
    shipTo: d.shipTo,
    poJobName: d.poJobName,
    shipDate: d.shipDate,
    shipVia: d.shipVia,
    terms: d.terms,
    taxExempt: d.taxExempt,
    taxRate: d.taxRate,
    discount: d.discount,
    discountIsPercentage: d.discountIsPercentage,
  };
}

/**
 * The draft with its customer's payment terms (decision 175): the terms of the first of these orders'
 * customers that has some; else the draft's own (the default).
 */
export async function withCustomerTerms(
  tx: Db,
  draft: InvoiceDraft,
  orderIds: readonly number[],
): Promise<InvoiceDraft> {
  if (orderIds.length === 0) return draft;
  const rows = await tx
    .select({ orderId: orders.id, terms: customers.paymentTerms })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(inArray(orders.id, [...orderIds]));
  const byOrder = new Map(rows.map((r) => [r.orderId, r.terms.trim()]));
  const terms = orderIds.map((id) => byOrder.get(id) ?? '').find((t) => t !== '');
  return terms ? { ...draft, terms } : draft;
}

/** A new invoice: its customer's terms, and the due date they give from its date (the domain's dueDateForTerms). */
export async function insertInvoice(
  tx: Db,
  orderIds: readonly number[],
  content: InvoiceContent,
): Promise<number> {
  const c = { ...content, draft: await withCustomerTerms(tx, content.draft, orderIds) };
  const [invoice] = await tx
    .insert(invoices)
    .values({
      invoiceNumber: c.invoiceNumber,
      date: c.date,
      ...draftColumns(c.draft),
      dueDate: dueDateForTerms(c.draft.terms, c.date),
      paymentsCredits: '0.00',
      ...totalsColumns(c.draft.totals),
      hasManualEdits: false,
      isCombined: c.isCombined,
      createdBy: c.userId,
    })
    .returning({ id: invoices.id });
  const invoiceId = invoice!.id;
  await tx.insert(invoiceOrders).values(orderIds.map((orderId) => ({ invoiceId, orderId })));
  await insertLines(tx, invoiceId, c.draft.lines);
  return invoiceId;
}

type LockedOrder = Awaited<ReturnType<typeof lockOrders>>[number];

/**
 * The orders now show the invoice's number in their Invoice Number field (as the seed and the
 * previous server did); an order whose field changes gets a new version and the history says so.
 */
export async function recordInvoiceOnOrders(
  tx: ChangeTx,
  locked: readonly LockedOrder[],
  invoiceId: number,
  invoiceNumber: string,
  userId: number | null,
): Promise<void> {
  for (const o of locked) {
    if (o.invoiceNumber !== invoiceNumber) {
      await tx.update(orders).set({ invoiceNumber }).where(eq(orders.id, o.id));
      await bumpOrderVersion(tx, o.id, userId);
    }
    await recordHistory(tx, {
      orderId: o.id,
      invoiceId,
      action: 'invoice_created',
      changes: {
        invoice_number: { old: null, new: invoiceNumber },
        ...(locked.length > 1
          ? {
              combined_with: { old: null, new: locked.filter((x) => x.id !== o.id).map((x) => x.doorNumber) },
            }
          : {}),
      },
      userId,
    });
  }
}

export async function existingInvoiceOf(
  tx: Db,
  orderId: number,
): Promise<{ id: number; invoiceNumber: string } | null> {
  const [row] = await tx
    .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber })
    .from(invoiceOrders)
    .innerJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
    .where(eq(invoiceOrders.orderId, orderId))
    .limit(1);
  return row ?? null;
}

/** Orders on an invoice: oldest first (date, then id). */
export function sortedForInvoice<T extends { id: number; date: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
}
