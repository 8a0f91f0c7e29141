import { combinedInvoiceSchema } from '@icehouse/domain';
import { defineBinaryOperation, defineOperation, operationSet } from '../../operations/define';
import { successAnswer } from '../../operations/answers';
import { restPage } from '../../rest/pages';
import {
  createdInvoiceAnswer,
  createForOrderAnswer,
  createForOrderInput,
  customerInvoiceAnswer,
  deletedInvoiceListAnswer,
  deletedInvoiceListInput,
  deletedInvoiceListRestAnswer,
  invoiceAnswer,
  invoiceIdInput,
  invoiceListAnswer,
  invoiceListInput,
  invoiceListRestAnswer,
  invoiceUpdateAnswer,
  invoiceUpdateInput,
} from './schemas';
import { createInvoiceForOrder, recreateInvoiceForOrder } from './invoice-of-order';
import { updateInvoice } from './invoice-update';
import { deleteInvoice } from './invoice-delete';
import { createCombinedInvoiceWithPdf } from './combined';
import { listDeletedInvoices } from './deleted';
import { headerText } from '../../header-values';
import { getInvoice } from './views';
import { listInvoices } from './list-query';
import { invoicePdf } from './documents';
import { sendArchivedPdf } from '../documents/reply';
import { renderInvoiceJob } from './jobs';
import { sendPdf } from '../documents/reply';
import { sendCsv } from '../../csv';
import { invoicesCsv } from './export';
import { documentLinkOperations } from '../links/operations';
import { customerInvoice, customerInvoicePdf, invoiceMustExist } from './customer-invoice';
import { CUSTOMER_LINKS_TAG, callerOf, refusals, tokenHeader } from '../links/customer-calls';

const TAG = 'Invoices';

export const invoicesOperations = operationSet('invoices', {
  list: defineOperation({
    kind: 'query',
    access: 'books',
    input: invoiceListInput,
    output: invoiceListAnswer,
    run: ({ deps, input }) => listInvoices(deps, input ?? {}),
    rest: {
      method: 'GET',
      path: '/api/invoices/',
      summary:
        'Invoices, newest first (date, then id), 25 a page (page_size: 1 to 100). search: invoice number or customer name (bill-to/ship-to, or ' +
        "an order's billing or shipping name) contains, any case. A page past the end is a 404. Incremental sync: " +
        'updated_since (ISO 8601 timestamp; invoices changed at or after it, inclusive) and/or ordering=updated_at ' +
        '(oldest change first) or -updated_at order the rows by (updated_at, id); each row carries updated_at.',
      tag: TAG,
      query: true,
      shape: restPage,
      output: invoiceListRestAnswer,
    },
  }),
  /** The list as a CSV download: the same search, every matching invoice (not a page). */
  exportCsv: defineBinaryOperation({
    kind: 'query',
    access: 'books',
    input: invoiceListInput,
    trpc: false,
    run: async ({ deps, input }) => invoicesCsv(deps, input ?? {}),
    rest: {
      method: 'GET',
      path: '/api/invoices/export.csv',
      summary:
        "The invoices list as CSV (UTF-8 with BOM; ISO dates; decimals with a dot; text cells starting with = + - @ prefixed with '): " +
        'the list search, every matching invoice with its totals, payments and balance, newest first, streamed.',
      tag: TAG,
      query: true,
      produces: 'text/csv',
      reply: ({ stream, filename }, reply) => sendCsv(reply, stream, filename),
    },
  }),
  /** Superusers: the record of deleted invoices, whose numbers are never reused (decision 011). */
  deleted: defineOperation({
    kind: 'query',
    access: 'admin',
    input: deletedInvoiceListInput,
    output: deletedInvoiceListAnswer,
    run: ({ deps, input }) => listDeletedInvoices(deps, input ?? {}),
    rest: {
      method: 'GET',
      path: '/api/invoices/deleted/',
      summary:
        'Deleted invoices, newest deletion first, 25 a page (page_size: 1 to 100): number, date, total, customer, orders, who deleted it and when. Their numbers are never reused.',
      tag: TAG,
      query: true,
      shape: restPage,
      output: deletedInvoiceListRestAnswer,
    },
  }),
  get: defineOperation({
    kind: 'query',
    access: 'books',
    input: invoiceIdInput,
    output: invoiceAnswer,
    run: ({ deps, input }) => getInvoice(deps, input.id),
    rest: {
      method: 'GET',
      path: '/api/invoices/{id}/',
      summary:
        'The invoice: list fields, orders_data (full orders), line_items {items}, editable_data, totals, version',
      tag: TAG,
    },
  }),
  update: defineOperation({
    kind: 'mutation',
    access: 'books',
    input: invoiceUpdateInput,
    output: invoiceUpdateAnswer,
    run: ({ deps, user, input }) => updateInvoice(deps, user, input.id, input.data),
    rest: {
      method: 'PATCH',
      path: '/api/invoices/{id}/',
      summary:
        'Edit the invoice (invoice_number, date, editable_data; optional version -> 409 when stale). Totals are computed ' +
        'by the server. A number another invoice has: 400 {invoice_number}. Answers the updated invoice. payments_credits is ' +
        "the payments ledger's sum: setting it to another value records one adjustment entry for the difference, answered " +
        'in payment_adjustment (null otherwise). The due date follows the date and the terms (Net N: N days after the date) ' +
        'when either changes, until a PATCH sets editable_data.due_date to another value: that due date is then kept.',
      tag: TAG,
      body: 'data',
      answers: { 409: 'The invoice was changed by someone else since the version sent; or a payments_credits change would take the paid sum below 0' },
    },
  }),
  delete: defineOperation({
    kind: 'mutation',
    access: 'books',
    input: invoiceIdInput,
    output: successAnswer,
    run: async ({ deps, user, input }) => {
      await deleteInvoice(deps, user, input.id);
      return { success: true as const };
    },
    rest: {
      method: 'DELETE',
      path: '/api/invoices/{id}/',
      summary:
        'Delete the invoice; its orders can be invoiced again. 409 while it has payments recorded (any ledger entry, also reversed ones: they stay on the books) or one of its orders is completed.',
      tag: TAG,
      successStatus: 204,
      answers: { 409: 'The invoice cannot be deleted as it stands ({detail} says why and what to do instead)' },
    },
  }),
  /** The order's invoice: made now ({created: true}) or the one it has ({created: false}); recreate rebuilds it from the order. */
  createForOrder: defineOperation({
    kind: 'mutation',
    access: 'books',
    input: createForOrderInput,
    output: createForOrderAnswer,
    run: async ({ deps, user, input }) => {
      const answer = await (input.recreate ? recreateInvoiceForOrder(deps, user, input.orderId) : createInvoiceForOrder(deps, user, input.orderId));
      // Its pre-render was queued with the change: this instance's worker starts on it now.
      deps.jobs.wake(renderInvoiceJob);
      return answer;
    },
    rest: {
      method: 'POST',
      path: '/api/orders/{id}/create-invoice/',
      summary:
        "Create the order's invoice from the order (lines, terms, totals equal to the order's). 201 {id, invoice_number}; " +
        'when the order already has one, 200 with that invoice (never a second one). recreate=true rebuilds the existing ' +
        'invoice from the order instead. Refusals {detail, error}: 400 voided order, 404 no such order.',
      tag: TAG,
      params: { id: 'orderId' },
      body: true,
      successStatus: 201,
      answers: { 409: 'No free invoice number could be found: try again' },
      status: (answer) => (answer.created ? 201 : 200),
      shape: (answer) => ({ id: answer.id, invoice_number: answer.invoice_number }),
      output: createdInvoiceAnswer,
    },
  }),
  /** One invoice for several orders, answered as its PDF (REST only; the web downloads it as a blob). */
  createCombined: defineBinaryOperation({
    kind: 'mutation',
    access: 'books',
    input: combinedInvoiceSchema,
    trpc: false,
    run: ({ deps, user, input }) => createCombinedInvoiceWithPdf(deps, user, input),
    rest: {
      method: 'POST',
      path: '/api/invoices/create-combined/',
      summary:
        'One invoice for several orders (at least 2; none voided or already invoiced; all tax exempt or none), answered as ' +
        'its PDF (attachment; filename="invoice-{number}.pdf"; headers X-Invoice-Id, X-Invoice-Number: percent-encoded UTF-8 past visible ASCII). Refusals 400 ' +
        '{order_ids: [...]} or {date: [...]}; orders billed to different customers 400 {confirm_mixed_customers: [...]} unless ' +
        'confirm_mixed_customers: true is sent. When the PDF cannot be made (503) the invoice is not kept.',
      tag: TAG,
      body: true,
      produces: 'application/pdf',
      successStatus: 201,
      answers: { 409: 'No free invoice number could be found: try again' },
      // The number is user text: percent-encoded when not plain ASCII (a raw en dash threw after the commit).
      reply: (created, reply) =>
        sendPdf(
          reply
            .header('x-invoice-id', String(created.id))
            .header('x-invoice-number', headerText(created.invoice_number)),
          created.pdf,
          'attachment',
          created.filename,
          201,
        ),
    },
  }),
  pdf: defineBinaryOperation({
    kind: 'query',
    access: 'books',
    input: invoiceIdInput,
    trpc: false,
    run: ({ deps, user, input }) => invoicePdf(deps, input.id, user.id),
    rest: {
      method: 'GET',
      path: '/api/invoices/{id}/pdf/',
      summary:
        'The invoice as a PDF (inline; filename="invoice-{number}.pdf"): its current archived version, rendered only when ' +
        'something on it changed. Strong ETag (the SHA-256 of the bytes); If-None-Match -> 304. 503 {detail} when no browser can be started.',
      tag: TAG,
      produces: 'application/pdf',
      reply: (pdf, reply) => sendArchivedPdf(reply, pdf, 'inline'),
    },
  }),
  /** Customer links to the invoice (decisions 161, 210): the quote's calls, for this document. */
  ...documentLinkOperations({ type: 'invoice', noun: 'invoice', path: '/api/invoices/{id}/', tag: TAG, access: 'books', exists: invoiceMustExist }),
});

/** What a customer does through an invoice's link (decisions 161, 210): views it and downloads it. */
export const invoiceCustomerOperations = operationSet('customerLinks', {
  invoice: defineOperation({
    kind: 'query',
    access: 'public',
    input: invoiceIdInput,
    output: customerInvoiceAnswer,
    trpc: false,
    run: ({ deps, req, input }) => customerInvoice(deps, callerOf(req), input.id),
    rest: {
      method: 'GET',
      path: '/api/customer/invoices/{id}/',
      summary:
        'The invoice a customer link opens: number, company, dates, terms, total, paid, credit, balance due, status and the ' +
        'remit-to address (logged as a view).',
      tag: CUSTOMER_LINKS_TAG,
      headers: [tokenHeader],
      answers: refusals,
    },
  }),
  invoicePdf: defineBinaryOperation({
    kind: 'query',
    access: 'public',
    input: invoiceIdInput,
    trpc: false,
    run: ({ deps, req, input }) => customerInvoicePdf(deps, callerOf(req), input.id),
    rest: {
      method: 'GET',
      path: '/api/customer/invoices/{id}/pdf/',
      summary: 'The invoice as a PDF through a customer link (attachment; logged).',
      tag: CUSTOMER_LINKS_TAG,
      produces: 'application/pdf',
      headers: [tokenHeader],
      answers: refusals,
      reply: (pdf, reply) => sendArchivedPdf(reply, pdf, 'attachment'),
    },
  }),
});
