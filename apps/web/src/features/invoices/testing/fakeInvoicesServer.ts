/**
 * Test support: an in-memory stand-in for the server's invoices procedures and the invoice PDF
 * path (apps/server/src/modules/invoices), answering with the same shapes and the same domain
 * rules (invoicePatchSchema, calculateInvoiceTotals), so the screens are tested through the real
 * tRPC and HTTP clients. Only tests import this file.
 */
import {
  addMoney,
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
import { TrpcTestError, trpcInputs, type SeenRequest, type TrpcProcedure } from '../../../test/fakeFetch';
import { STAFF, createFakeServer, type FakeServerOptions } from '../../../test/fakeServer';
import type { FakeHandler } from '../../../test/fakeFetch';
import type { InvoiceDetail } from '../types';
import { paymentSummary, toListRow, withTotals } from './fakeInvoice';
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
    // Credit notes (decision 172): none, unless a test says otherwise.
    'credit.invoiceCreditNotes': (input) => {
      const invoice = find(asRecord(input).invoiceId);
      return {
        invoice_id: invoice.id,
        invoice_number: invoice.invoice_number,
        total: invoice.totals.total,
        credited: '0.00',
        creditable: invoice.totals.total,
        tax_rate: invoice.editable_data.tax_rate,
        tax_exempt: invoice.editable_data.tax_exempt,
        results: [],
      };
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
