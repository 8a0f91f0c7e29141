import type { z } from 'zod';
import { creditOf, customerNameOf, invoiceBalanceAndStatus, lineAmount, toMoneyString, todayIso } from '@icehouse/domain';
import type { InvoiceAddress, invoiceLineItems, invoices } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import type { ListPage } from '../../operations/list-page';
import type { DbDeps } from '../../deps';
import { getOrders } from '../orders/order-read';
import { orderRefs, queriesOf, type InvoiceOrderRef, type ListedInvoice } from './read-queries';
import type { invoiceAddressAnswer, invoiceAnswer, invoiceListRowAnswer, lineAnswer } from './schemas';

/**
 * Reading invoices: a fixed number of queries for any number of invoices (no N+1), answered in
 * the REST shapes (snake_case, decimals "12.50", dates YYYY-MM-DD) that tRPC shares.
 */

export const INVOICE_NOT_FOUND = 'Invoice not found.';

// The answers' types are their output schemas' (schemas.ts): a view missing a field fails typecheck.
export type InvoiceLineView = z.output<typeof lineAnswer>;
export type InvoiceAddressView = z.output<typeof invoiceAddressAnswer>;
export type InvoiceView = z.output<typeof invoiceAnswer>;
export type EditableDataView = InvoiceView['editable_data'];
export type InvoiceTotalsView = InvoiceView['totals'];
export type InvoiceListRow = z.output<typeof invoiceListRowAnswer>;

/** A page of the list; each door shapes its links (page numbers, URLs). */
export type InvoiceListPage = ListPage<InvoiceListRow>;

type InvoiceRow = typeof invoices.$inferSelect;
type LineRow = typeof invoiceLineItems.$inferSelect;

const notFound = () => AppError.notFound(INVOICE_NOT_FOUND);

export function addressView(a: Partial<InvoiceAddress> | null | undefined): InvoiceAddressView {
  return {
    name: a?.name ?? '',
    street: a?.street ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
    zip_code: a?.zip_code ?? '',
    country: a?.country || 'US',
  };
}

export function lineView(l: LineRow): InvoiceLineView {
  return {
    id: l.id,
    quantity: Number(l.quantity),
    description: l.description,
    price_each: toMoneyString(l.priceEach),
    amount: lineAmount(l.quantity, l.priceEach),
    is_freight: l.isFreight,
  };
}


/** One row of the list (and the list fields of one invoice's answer). */
export function listRow(row: ListedInvoice, refs: readonly InvoiceOrderRef[], today = todayIso()): InvoiceListRow {
  const payment = invoiceBalanceAndStatus({ total: row.totalAmount, paid: row.paymentsCredits, dueDate: row.dueDate, today });
  return {
    id: row.id,
    invoice_number: row.invoiceNumber,
    date: row.date,
    customer_name: customerNameOf(row.billToName, row.shipToName),
    order_number: refs.map((r) => r.doorNumber).join(', '),
    order_count: refs.length,
    orders: refs.map((r) => r.orderId),
    total_amount: toMoneyString(row.totalAmount),
    has_manual_edits: row.hasManualEdits,
    is_combined: row.isCombined,
    updated_at: row.updatedAt.toISOString(),
    balance_due: payment.balanceDue,
    due_date: row.dueDate,
    status: payment.status,
  };
}

/** The stored invoice with its lines and orders (three queries), or null. Pass a transaction to read inside it. */
export async function loadInvoiceRecord(db: Db, id: number) {
  const queries = queriesOf(db);
  const [row] = await queries.byId.execute({ id });
  if (!row) return null;
  const [lines, refs] = await Promise.all([queries.lines.execute({ id }), orderRefs(db, [id])]);
  return { row, lines, orders: refs.get(id) ?? [] };
}

export type InvoiceRecord = NonNullable<Awaited<ReturnType<typeof loadInvoiceRecord>>>;

export function editableDataOf(row: InvoiceRow, lines: readonly LineRow[]): EditableDataView {
  return {
    bill_to: addressView(row.billTo),
    ship_to: addressView(row.shipTo),
    po_job_name: row.poJobName,
    ship_date: row.shipDate,
    ship_via: row.shipVia,
    terms: row.terms,
    due_date: row.dueDate,
    tax_exempt: row.taxExempt,
    tax_rate: toMoneyString(row.taxRate),
    discount: toMoneyString(row.discount),
    discount_is_percentage: row.discountIsPercentage,
    payments_credits: toMoneyString(row.paymentsCredits),
    line_items: lines.map(lineView),
  };
}

export function totalsOf(row: InvoiceRow): InvoiceTotalsView {
  return {
    subtotal: toMoneyString(row.subtotal),
    discount_amount: toMoneyString(row.discountAmount),
    tax_amount: toMoneyString(row.taxAmount),
    total: toMoneyString(row.totalAmount),
    payments_credits: toMoneyString(row.paymentsCredits),
    balance_due: toMoneyString(row.balanceDue),
    credit: creditOf(row.totalAmount, row.paymentsCredits),
  };
}

/** What an invoice's PDF shows of it: its own fields and its orders' door numbers (not the full orders). */
export type InvoiceForDocument = Pick<
  InvoiceView,
  'invoice_number' | 'date' | 'editable_data' | 'line_items' | 'totals' | 'version'
> & { order_numbers: string[] };

/**
 * The invoice for its PDF: three statements (the row, its lines, its orders' numbers), where getInvoice
 * also reads every order in full. Every download of an unchanged PDF builds its HTML to compare hashes
 * (decision 061), so this read is on that path.
 */
export async function getInvoiceForDocument(deps: DbDeps, id: number): Promise<InvoiceForDocument> {
  const record = await loadInvoiceRecord(deps.database.db, id);
  if (!record) throw notFound();
  const { row, lines } = record;
  return {
    invoice_number: row.invoiceNumber,
    date: row.date,
    editable_data: editableDataOf(row, lines),
    line_items: { items: lines.map(lineView) },
    totals: totalsOf(row),
    version: row.version,
    order_numbers: record.orders.map((o) => o.doorNumber),
  };
}

/** GET /api/invoices/{id}/: the invoice, its lines, editable data, totals and its full orders. */
export async function getInvoice(deps: DbDeps, id: number): Promise<InvoiceView> {
  const record = await loadInvoiceRecord(deps.database.db, id);
  if (!record) throw notFound();
  const ordersData = await getOrders(
    deps,
    record.orders.map((o) => o.orderId),
  );
  const { row, lines } = record;
  return {
    ...listRow({ ...row, billToName: row.billTo?.name ?? null, shipToName: row.shipTo?.name ?? null }, record.orders),
    orders_data: ordersData,
    line_items: { items: lines.map(lineView) },
    editable_data: editableDataOf(row, lines),
    totals: totalsOf(row),
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

