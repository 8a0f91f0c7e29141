import type { FastifyRequest } from 'fastify';
import { combinedInvoiceSchema } from '@icehouse/domain';
import { defineRoute } from '../../rest/route';
import { idParams } from '../../rest/params';
import {
  createInvoiceBody,
  createdInvoiceAnswer,
  invoiceAnswer,
  invoiceListAnswer,
  invoiceListQuery,
  invoicePatchBody,
  deletedInvoiceListAnswer,
  deletedInvoiceListQuery,
} from './schemas';
import { listDeletedInvoices } from './deleted';
import {
  createCombinedInvoice,
  createInvoiceForOrder,
  deleteInvoice,
  discardNewInvoice,
  orderInvoiceNumbers,
  recreateInvoiceForOrder,
  updateInvoice,
} from './service';
import { getInvoice, listInvoices, type InvoiceListPage } from './views';
import { invoiceFilename, renderInvoicePdf } from './documents';
import { sendPdf } from './pdf-reply';
import { headerText } from '../../header-values';

const TAG = 'Invoices';

/** DRF-style page links: full URLs with the same query, page 1 without `page`. */
function pageUrl(req: FastifyRequest, page: number | null): string | null {
  if (page === null) return null;
  const url = new URL(req.url, `${req.protocol}://${req.host}`);
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

function restList(req: FastifyRequest, page: InvoiceListPage) {
  return { count: page.count, next: pageUrl(req, page.next_page), previous: pageUrl(req, page.previous_page), results: page.results };
}

export const invoicesRestRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/orders/{id}/create-invoice/',
    summary:
      "Create the order's invoice from the order (lines, terms, totals equal to the order's). 201 {id, invoice_number}; " +
      'when the order already has one, 200 with that invoice (never a second one). recreate=true rebuilds the existing ' +
      'invoice from the order instead. Refusals {detail, error}: 400 voided order, 404 no such order.',
    tag: TAG,
    access: 'user',
    params: idParams,
    body: createInvoiceBody,
    response: createdInvoiceAnswer,
    successStatus: 201,
    handler: async ({ deps, params, body, user, reply }) => {
      const result = body.recreate
        ? await recreateInvoiceForOrder(deps, user, params.id)
        : await createInvoiceForOrder(deps, user, params.id);
      return reply.code(result.created ? 201 : 200).send({ id: result.id, invoice_number: result.invoice_number });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/invoices/',
    summary:
      'Invoices, newest first (date, then id), 25 a page. search: invoice number or customer name (bill-to/ship-to, or ' +
      "an order's billing or shipping name) contains, any case. A page past the end is a 404.",
    tag: TAG,
    access: 'user',
    query: invoiceListQuery,
    response: invoiceListAnswer,
    handler: async ({ deps, query, req }) => restList(req, await listInvoices(deps, query)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/invoices/create-combined/',
    summary:
      'One invoice for several orders (at least 2; none voided or already invoiced; all tax exempt or none), answered as ' +
      'its PDF (attachment; filename="invoice-{number}.pdf"; headers X-Invoice-Id, X-Invoice-Number: percent-encoded UTF-8 past visible ASCII). Refusals 400 ' +
      '{order_ids: [...]} or {date: [...]}; orders billed to different customers 400 {confirm_mixed_customers: [...]} unless ' +
      'confirm_mixed_customers: true is sent. When the PDF cannot be made (503) the invoice is not kept.',
    tag: TAG,
    access: 'user',
    body: combinedInvoiceSchema,
    produces: 'application/pdf',
    successStatus: 201,
    handler: async ({ deps, body, user, reply }) => {
      const previous = await orderInvoiceNumbers(deps, body.order_ids);
      const created = await createCombinedInvoice(deps, user, body);
      let pdf: Buffer;
      try {
        ({ pdf } = await renderInvoicePdf(deps, created.id));
      } catch (error) {
        // Nothing to download: undo, so "try again" works.
        await discardNewInvoice(deps, user, created.id, previous).catch((err: unknown) =>
          deps.log.error({ err, invoiceId: created.id }, 'could not discard a combined invoice whose PDF failed'),
        );
        throw error;
      }
      // The number is user text: percent-encoded when not plain ASCII (a raw en dash threw after the commit).
      reply.header('x-invoice-id', String(created.id)).header('x-invoice-number', headerText(created.invoice_number));
      return sendPdf(reply, pdf, 'attachment', invoiceFilename(created.invoice_number), 201);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/invoices/deleted/',
    summary: 'Deleted invoices, newest deletion first, 25 a page: number, date, total, customer, orders, who deleted it and when. Their numbers are never reused.',
    tag: TAG,
    access: 'superuser',
    query: deletedInvoiceListQuery,
    response: deletedInvoiceListAnswer,
    handler: async ({ deps, query, req }) => {
      const page = await listDeletedInvoices(deps, query);
      return { count: page.count, next: pageUrl(req, page.next_page), previous: pageUrl(req, page.previous_page), results: page.results };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/invoices/{id}/',
    summary: 'The invoice: list fields, orders_data (full orders), line_items {items}, editable_data, totals, version',
    tag: TAG,
    access: 'user',
    params: idParams,
    response: invoiceAnswer,
    handler: ({ deps, params }) => getInvoice(deps, params.id),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/invoices/{id}/',
    summary:
      'Edit the invoice (invoice_number, date, editable_data; optional version -> 409 when stale). Totals are computed ' +
      'by the server. A number another invoice has: 400 {invoice_number}. Answers the updated invoice.',
    tag: TAG,
    access: 'user',
    params: idParams,
    body: invoicePatchBody,
    response: invoiceAnswer,
    // The registry reads a missing body as {}; a JSON null is not "no changes" but a bad body (400).
    handler: ({ deps, params, body, user, req }) => updateInvoice(deps, user, params.id, req.body === null ? null : body),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/invoices/{id}/',
    summary: 'Delete the invoice; its orders can be invoiced again. 409 while one of its orders is completed.',
    tag: TAG,
    access: 'user',
    params: idParams,
    successStatus: 204,
    handler: async ({ deps, params, user }) => {
      await deleteInvoice(deps, user, params.id);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/invoices/{id}/pdf/',
    summary: 'The invoice as a PDF (inline; filename="invoice-{number}.pdf"). 503 {detail} when no browser can be started.',
    tag: TAG,
    access: 'user',
    params: idParams,
    produces: 'application/pdf',
    handler: async ({ deps, params, reply }) => {
      const { pdf, filename } = await renderInvoicePdf(deps, params.id);
      return sendPdf(reply, pdf, 'inline', filename);
    },
  }),
];
