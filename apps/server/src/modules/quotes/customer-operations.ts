import type { FastifyRequest } from 'fastify';
import { defineBinaryOperation, defineOperation, operationSet } from '../../operations/define';
import { sendArchivedPdf } from '../documents/reply';
import { customerInvoice, customerInvoicePdf } from '../invoices/customer-invoice';
import { customerInvoiceAnswer } from '../invoices/schemas';
import { acceptQuote, customerQuote, customerQuotePdf, declineQuote } from './customer-page';
import { CUSTOMER_LINK_HEADER, type LinkCaller } from '../links/links';
import { customerAcceptInput, customerDeclineInput, customerQuoteAnswer, customerQuoteInput } from './schemas';

const TAG = 'Customer links';

export const tokenHeader = {
  name: 'X-Customer-Link',
  description: 'The token of the customer link (the part of its URL after #). Missing, wrong or tampered -> 404.',
  schema: { type: 'string' },
};

export const callerOf = (req: FastifyRequest): LinkCaller => {
  const header = req.headers[CUSTOMER_LINK_HEADER];
  return {
    token: Array.isArray(header) ? header[0] : header,
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
  };
};

export const refusals = {
  403: 'The link was revoked or has expired',
  404: 'No such link (wrong or tampered token), or the link is for another document',
  429: 'Too many calls through links from this address',
};

/**
 * What a customer does through a link (decision 161): public (no staff account, no session made or
 * read for anything), REST only, the token in a header. Each call is checked, counted and logged.
 * A quote's link views, downloads and answers it; an invoice's views and downloads it (decision 210).
 */
export const customerLinkOperations = operationSet('customerLinks', {
  quote: defineOperation({
    kind: 'query',
    access: 'public',
    input: customerQuoteInput,
    output: customerQuoteAnswer,
    trpc: false,
    run: ({ deps, req, input }) => customerQuote(deps, callerOf(req), input.id),
    rest: {
      method: 'GET',
      path: '/api/customer/quotes/{id}/',
      summary: "The quote a customer link opens: number, company, status, dates, lines, totals, the customer's answer (logged as a view).",
      tag: TAG,
      headers: [tokenHeader],
      answers: refusals,
    },
  }),
  quotePdf: defineBinaryOperation({
    kind: 'query',
    access: 'public',
    input: customerQuoteInput,
    trpc: false,
    run: ({ deps, req, input }) => customerQuotePdf(deps, callerOf(req), input.id),
    rest: {
      method: 'GET',
      path: '/api/customer/quotes/{id}/pdf/',
      summary: 'The quote as a PDF through a customer link (attachment; logged).',
      tag: TAG,
      produces: 'application/pdf',
      headers: [tokenHeader],
      answers: refusals,
      reply: (pdf, reply) => sendArchivedPdf(reply, pdf, 'attachment'),
    },
  }),
  accept: defineOperation({
    kind: 'mutation',
    access: 'public',
    input: customerAcceptInput,
    output: customerQuoteAnswer,
    trpc: false,
    run: ({ deps, req, input }) => acceptQuote(deps, callerOf(req), input.id, input.data),
    rest: {
      method: 'POST',
      path: '/api/customer/quotes/{id}/accept/',
      summary:
        'Accept the quote through a customer link: name (typed, required), version (the one shown). Recorded with the time and address. ' +
        '409 when it was accepted, declined, converted, has expired, or changed since the version shown.',
      tag: TAG,
      body: 'data',
      headers: [tokenHeader],
      answers: { ...refusals, 409: 'The quote can no longer be accepted (answered, converted, expired or changed since shown)' },
    },
  }),
  decline: defineOperation({
    kind: 'mutation',
    access: 'public',
    input: customerDeclineInput,
    output: customerQuoteAnswer,
    trpc: false,
    run: ({ deps, req, input }) => declineQuote(deps, callerOf(req), input.id, input.data),
    rest: {
      method: 'POST',
      path: '/api/customer/quotes/{id}/decline/',
      summary: 'Decline the quote through a customer link, with a comment. 409 as for accept.',
      tag: TAG,
      body: 'data',
      headers: [tokenHeader],
      answers: { ...refusals, 409: 'The quote can no longer be declined (answered, converted, expired or changed since shown)' },
    },
  }),
  invoice: defineOperation({
    kind: 'query',
    access: 'public',
    input: customerQuoteInput,
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
    input: customerQuoteInput,
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
