/**
 * Test support: an in-memory stand-in for the server's invoices procedures and the invoice PDF
 * path (apps/server/src/modules/invoices), answering with the same shapes and the same domain
 * rules (invoicePatchSchema, calculateInvoiceTotals), so the screens are tested through the real
 * tRPC and HTTP clients. Only tests import this file.
 */
import {
  addMoney,
  balanceDueOf,
  calculateInvoiceTotals,
  creditOf,
  invoicePaymentStatus,
  paymentFormSchema,
  paymentKindOf,
  todayIso,
  invoicePatchSchema,
  lineAmount,
  PAYMENT_NOTES,
  toDecimal,
  toMoneyString,
  zodIssuesToFieldErrors,
} from '@icehouse/domain';
import { TrpcTestError, trpcInputs, type SeenRequest, type TrpcProcedure } from '../../test/fakeFetch';
import { STAFF, createFakeServer, type FakeServerOptions } from '../../test/fakeServer';
import type { FakeHandler } from '../../test/fakeFetch';
import type { InvoiceDetail, InvoiceListRow, InvoiceOrder } from './types';
import { SAMPLE_BILLING, sampleOrder } from '../order-form/testing';

type Editable = InvoiceDetail['editable_data'];
type Line = Editable['line_items'][number];

export interface FakeInvoiceFields {
  invoice_number?: string;
  date?: string;
  customer_name?: string;
  orders?: { id: number; door_number: string }[];
  has_manual_edits?: boolean;
  version?: number;
  editable?: Partial<Omit<Editable, 'line_items'>> & {
    line_items?: { quantity: number; description: string; price_each: string; is_freight?: boolean | null }[];
  };
}

const address = (name: string) => ({
  name,
  street: '12 Lake Rd',
  city: 'Duluth',
  state: 'MN',
  zip_code: '55802',
  country: 'US',
});

function lineViews(lines: NonNullable<FakeInvoiceFields['editable']>['line_items']): Line[] {
  return (lines ?? []).map((line, index) => ({
    id: index + 1,
    quantity: line.quantity,
    description: line.description,
    price_each: line.price_each,
    amount: lineAmount(line.quantity, line.price_each),
    is_freight: line.is_freight ?? null,
  }));
}

/** An order of an invoice, as orders_data carries it: the order form's sample order, completed and invoiced. */
function orderView(id: number, door: string, customer: string, date: string): InvoiceOrder {
  // Built as pending (the domain's order rules check a status's requirements), then given its status.
  return sampleOrder(
    id,
    {
      date,
      door_number: door,
      billing_address: { ...SAMPLE_BILLING, name: customer },
      shipping_address: { name: customer },
    },
    { status: 'completed', status_display: 'Completed', has_invoice: true },
  );
}

/** An invoice as invoices.get answers it; totals by the domain's rule. */
export function fakeInvoice(id: number, fields: FakeInvoiceFields = {}): InvoiceDetail {
  const customer = fields.customer_name ?? `Customer ${id}`;
  const date = fields.date ?? '2024-03-05';
  const orders = fields.orders ?? [{ id: 100 + id, door_number: String(1000 + id) }];
  const { line_items: lines, ...terms } = fields.editable ?? {};
  const editable: Editable = {
    bill_to: address(customer),
    ship_to: address(customer),
    po_job_name: '',
    ship_date: null,
    ship_via: '',
    terms: 'Due on receipt',
    due_date: null,
    tax_exempt: false,
    tax_rate: '0.00',
    discount: '0.00',
    discount_is_percentage: false,
    payments_credits: '0.00',
    ...terms,
    line_items: lineViews(lines ?? [{ quantity: 1, description: 'Walk-in cooler', price_each: '1000.00' }]),
  };
  return withTotals({
    id,
    invoice_number: fields.invoice_number ?? String(2000 + id),
    date,
    customer_name: customer,
    order_number: orders.map((o) => o.door_number).join(', '),
    order_count: orders.length,
    orders: orders.map((o) => o.id),
    orders_data: orders.map((o) => orderView(o.id, o.door_number, customer, date)),
    total_amount: '0.00',
    has_manual_edits: fields.has_manual_edits ?? false,
    is_combined: orders.length > 1,
    line_items: { items: editable.line_items },
    editable_data: editable,
    totals: {
      subtotal: '0.00',
      discount_amount: '0.00',
      tax_amount: '0.00',
      total: '0.00',
      payments_credits: '0.00',
      balance_due: '0.00',
      credit: '0.00',
    },
    balance_due: '0.00',
    due_date: null,
    status: 'paid',
    version: fields.version ?? 1,
    created_at: '2024-03-05T10:00:00.000Z',
    updated_at: '2024-03-05T10:00:00.000Z',
  });
}

function withTotals(invoice: InvoiceDetail): InvoiceDetail {
  const data = invoice.editable_data;
  const totals = calculateInvoiceTotals({
    lineItems: data.line_items.map((l) => ({ ...l, is_freight: l.is_freight ?? undefined })),
    discount: data.discount,
    discountIsPercentage: data.discount_is_percentage,
    taxRate: data.tax_rate,
    taxExempt: data.tax_exempt,
    paymentsCredits: data.payments_credits,
  });
  return {
    ...invoice,
    total_amount: totals.total,
    line_items: { items: data.line_items },
    totals: {
      subtotal: totals.subtotal,
      discount_amount: totals.discountAmount,
      tax_amount: totals.taxAmount,
      total: totals.total,
      payments_credits: data.payments_credits,
      balance_due: totals.balanceDue,
      credit: creditOf(totals.total, data.payments_credits),
    },
    balance_due: totals.balanceDue,
    due_date: data.due_date,
    status: invoicePaymentStatus({
      total: totals.total,
      paid: data.payments_credits,
      dueDate: data.due_date,
      today: todayIso(),
    }),
  };
}

/** The list row of an invoice. */
export function toListRow(invoice: InvoiceDetail): InvoiceListRow {
  return {
    id: invoice.id,
    invoice_number: invoice.invoice_number,
    date: invoice.date,
    customer_name: invoice.customer_name,
    order_number: invoice.order_number,
    order_count: invoice.order_count,
    orders: invoice.orders,
    total_amount: invoice.total_amount,
    has_manual_edits: invoice.has_manual_edits,
    is_combined: invoice.is_combined,
    updated_at: '2024-03-05T12:00:00.000Z',
    balance_due: invoice.balance_due,
    due_date: invoice.due_date,
    status: invoice.status,
  };
}

/** The money summary the payments procedures answer with. */
function paymentSummary(invoice: InvoiceDetail) {
  const paid = invoice.editable_data.payments_credits;
  return {
    invoice_id: invoice.id,
    invoice_number: invoice.invoice_number,
    total: invoice.total_amount,
    paid,
    balance_due: balanceDueOf(invoice.total_amount, paid),
    credit: creditOf(invoice.total_amount, paid),
    status: invoice.status,
    due_date: invoice.editable_data.due_date,
    version: invoice.version,
  };
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

const notFound = () =>
  new TrpcTestError({ message: 'Invoice not found.', code: 'NOT_FOUND', appCode: 'NOT_FOUND' });

/** The first bytes of every PDF the fake server answers with. */
export const PDF_BYTES = '%PDF-1.7\n% fake invoice\n';

export interface InvoicesServerOptions extends FakeServerOptions {
  invoices?: InvoiceDetail[];
  /** Rows per page of invoices.list. */
  pageSize?: number;
  /** Answer for GET /api/invoices/{id}/pdf/ (default: a small PDF). */
  pdf?: (id: number, request: SeenRequest) => Response | Promise<Response>;
}

/** The invoices procedures over an in-memory list (shared state, newest first as given). */
export interface FakePayment {
  id: number;
  invoice_id: number;
  kind: 'payment' | 'refund' | 'reversal' | 'adjustment' | 'opening';
  date: string;
  amount: string;
  method: 'check' | 'cash' | 'card' | 'ach' | 'wire' | 'other';
  reference: string;
  note: string;
  reason: string;
  reverses_id: number | null;
  reversed_by_id: number | null;
  recorded_by: string | null;
  recorded_at: string;
}

export function invoicesProcedures(
  state: { invoices: InvoiceDetail[]; payments?: FakePayment[] },
  pageSize = 25,
): Record<string, TrpcProcedure> {
  const find = (id: unknown) => {
    const invoice = state.invoices.find((i) => i.id === id);
    if (!invoice) throw notFound();
    return invoice;
  };
  return {
    'invoices.list': (input) => {
      const { search, page, status } = asRecord(input);
      const text = typeof search === 'string' ? search.trim().toLowerCase() : '';
      const matching = state.invoices
        .filter(
          (i) =>
            !text ||
            i.invoice_number.toLowerCase().includes(text) ||
            i.customer_name.toLowerCase().includes(text),
        )
        .filter((i) => !status || i.status === status);
      const number = typeof page === 'number' ? page : 1;
      const start = (number - 1) * pageSize;
      if (number > 1 && start >= matching.length) {
        throw new TrpcTestError({ message: 'Invalid page.', code: 'NOT_FOUND', appCode: 'NOT_FOUND' });
      }
      return {
        count: matching.length,
        next: start + pageSize < matching.length ? number + 1 : null,
        previous: number > 1 ? number - 1 : null,
        results: matching.slice(start, start + pageSize).map(toListRow),
      };
    },
    'invoices.get': (input) => find(asRecord(input).id),
    'invoices.update': (input) => {
      const { id, data: raw } = asRecord(input);
      const invoice = find(id);
      const data = asRecord(raw);
      if (data.version !== undefined && data.version !== invoice.version) {
        throw new TrpcTestError({
          message: 'This invoice was changed by someone else. Reload it and apply your changes again.',
          code: 'CONFLICT',
          appCode: 'CONFLICT',
        });
      }
      const parsed = invoicePatchSchema.safeParse({
        invoice_number: data.invoice_number,
        date: data.date,
        editable_data: { ...invoice.editable_data, ...asRecord(data.editable_data) },
      });
      if (!parsed.success) {
        throw new TrpcTestError({
          message: 'Validation failed.',
          code: 'BAD_REQUEST',
          appCode: 'VALIDATION',
          fieldErrors: zodIssuesToFieldErrors(parsed.error),
        });
      }
      const patch = parsed.data;
      const editable = patch.editable_data!;
      const updated = withTotals({
        ...invoice,
        invoice_number: patch.invoice_number ?? invoice.invoice_number,
        date: patch.date ?? invoice.date,
        customer_name: editable.bill_to.name || editable.ship_to.name,
        has_manual_edits: true,
        version: invoice.version + 1,
        editable_data: {
          ...editable,
          line_items: editable.line_items.map((l, index) => ({
            id: index + 1,
            quantity: l.quantity,
            description: l.description,
            price_each: l.price_each,
            amount: lineAmount(l.quantity, l.price_each),
            is_freight: l.is_freight ?? null,
          })),
        },
      });
      state.invoices = state.invoices.map((i) => (i.id === updated.id ? updated : i));
      // A changed payments_credits is recorded in the ledger as one adjustment (the difference), as the server does.
      const before = invoice.editable_data.payments_credits;
      const difference = toDecimal(editable.payments_credits).minus(toDecimal(before));
      let adjustment: FakePayment | null = null;
      if (!difference.isZero()) {
        adjustment = {
          id: (state.payments?.length ?? 0) + 1,
          invoice_id: invoice.id,
          kind: 'adjustment',
          date: todayIso(),
          amount: toMoneyString(difference),
          method: 'other',
          reference: '',
          note: PAYMENT_NOTES.adjustment(toMoneyString(before), toMoneyString(editable.payments_credits)),
          reason: '',
          reverses_id: null,
          reversed_by_id: null,
          recorded_by: 'staff',
          recorded_at: '2024-03-05T10:00:00.000Z',
        };
        state.payments = [...(state.payments ?? []), adjustment];
      }
      return { ...updated, payment_adjustment: adjustment };
    },
    'payments.forInvoice': (input) => {
      const invoice = find(asRecord(input).invoiceId);
      return {
        invoice: paymentSummary(invoice),
        results: state.payments?.filter((p) => p.invoice_id === invoice.id) ?? [],
      };
    },
    'payments.record': (input) => {
      const { invoiceId, data } = asRecord(input);
      const invoice = find(invoiceId);
      const parsed = paymentFormSchema.safeParse(data);
      if (!parsed.success) {
        throw new TrpcTestError({
          message: 'Validation failed.',
          code: 'BAD_REQUEST',
          appCode: 'VALIDATION',
          fieldErrors: zodIssuesToFieldErrors(parsed.error),
        });
      }
      const entry = {
        id: (state.payments?.length ?? 0) + 1,
        invoice_id: invoice.id,
        kind: paymentKindOf(parsed.data.amount),
        date: parsed.data.date,
        amount: parsed.data.amount,
        method: parsed.data.method,
        reference: parsed.data.reference,
        note: parsed.data.note,
        reason: parsed.data.reason,
        reverses_id: null,
        reversed_by_id: null,
        recorded_by: 'staff',
        recorded_at: '2024-03-05T10:00:00.000Z',
      };
      state.payments = [...(state.payments ?? []), entry];
      const paid = addMoney(invoice.editable_data.payments_credits, entry.amount);
      const updated = withTotals({
        ...invoice,
        version: invoice.version + 1,
        editable_data: { ...invoice.editable_data, payments_credits: paid.toFixed(2) },
      });
      state.invoices = state.invoices.map((i) => (i.id === updated.id ? updated : i));
      return { payment: entry, invoice: paymentSummary(updated) };
    },
    'invoices.delete': (input) => {
      const invoice = find(asRecord(input).id);
      state.invoices = state.invoices.filter((i) => i !== invoice);
      return { success: true };
    },
  };
}

export function pdfResponse(): Response {
  return new Response(PDF_BYTES, {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="invoice.pdf"' },
  });
}

const PDF_PATH = /^\/api\/invoices\/(\d+)\/pdf\/$/;

/** A signed-in staff member and the invoices procedures; the PDF path answered too. */
export function createInvoicesServer(options: InvoicesServerOptions = {}) {
  const state = { invoices: options.invoices ?? [] };
  const server = createFakeServer({
    session: STAFF,
    ...options,
    procedures: { ...invoicesProcedures(state, options.pageSize), ...options.procedures },
  });
  const handler: FakeHandler = (request) => {
    const match = PDF_PATH.exec(request.path);
    if (match) return options.pdf ? options.pdf(Number(match[1]), request) : pdfResponse();
    return server.handler(request);
  };
  return { handler, state };
}

/** The inputs a procedure was called with, in order. */
export function inputsOf(requests: SeenRequest[], procedure: string): unknown[] {
  return requests.flatMap((request) => {
    if (!request.path.startsWith('/trpc/')) return [];
    const names = decodeURIComponent(request.path.replace(/^\/trpc\//, '')).split(',');
    const inputs = trpcInputs(request);
    return names.flatMap((name, index) => (name === procedure ? [inputs[index]] : []));
  });
}
