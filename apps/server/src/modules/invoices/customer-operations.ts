import { defineBinaryOperation, defineOperation, operationSet } from '../../operations/define';
import { sendArchivedPdf } from '../documents/reply';
import { CUSTOMER_LINKS_TAG as TAG, callerOf, refusals, tokenHeader } from '../links/customer-calls';
import { customerInvoice, customerInvoicePdf } from './customer-invoice';
import { customerInvoiceAnswer, invoiceIdInput } from './schemas';

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
      tag: TAG,
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
      tag: TAG,
      produces: 'application/pdf',
      headers: [tokenHeader],
      answers: refusals,
      reply: (pdf, reply) => sendArchivedPdf(reply, pdf, 'attachment'),
    },
  }),
});
