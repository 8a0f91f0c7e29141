import { defineBinaryOperation, defineOperation, operationSet } from '../../operations/define';
import { successAnswer } from '../../operations/answers';
import { restPage } from '../../rest/pages';
import { sendCsv } from '../../csv';
import { sendArchivedPdf } from '../documents/reply';
import { listDocuments } from '../documents/archive';
import { documentList } from '../documents/schemas';
import { convertQuote } from './convert';
import { duplicateQuote } from './duplicate';
import { quotePdf } from './documents';
import { documentLinkOperations } from '../links/operations';
import { listQuotes, quotesCsv } from './quote-list';
import { getQuote, quoteRow } from './quote-read';
import { createQuote, deleteQuote, markSent, updateQuote } from './quote-write';
import {
  customerAcceptInput,
  customerDeclineInput,
  customerQuoteAnswer,
  customerQuoteInput,
  quoteAnswer,
  quoteConvertInput,
  quoteIdInput,
  quoteListAnswer,
  quoteListInput,
  quoteListRestAnswer,
  quoteUpdateInput,
  quoteWriteInput,
} from './schemas';
import { CUSTOMER_LINKS_TAG, callerOf, refusals, tokenHeader } from '../links/customer-calls';
import { acceptQuote, customerQuote, customerQuotePdf, declineQuote } from './customer-page';

const TAG = 'Quotes';

/**
 * Quotes (decision 160) and their customer links (decision 161), for every signed-in user. What the
 * customer does through a link is in customer-operations.ts (public, no session).
 */
export const quotesOperations = operationSet('quotes', {
  list: defineOperation({
    kind: 'query',
    access: 'sales',
    input: quoteListInput,
    output: quoteListAnswer,
    run: ({ deps, input }) => listQuotes(deps, input ?? {}),
    rest: {
      method: 'GET',
      path: '/api/quotes/',
      summary:
        'Quotes, newest first, 25 a page (page_size: 1 to 100). search: quote number or customer name contains (any case); ' +
        'status: draft, sent, accepted, declined, expired (an open quote past Valid Until) or converted; customer_id. A page past the end is a 404.',
      tag: TAG,
      query: true,
      shape: restPage,
      output: quoteListRestAnswer,
    },
  }),
  exportCsv: defineBinaryOperation({
    kind: 'query',
    access: 'sales',
    input: quoteListInput,
    trpc: false,
    run: async ({ deps, input }) => quotesCsv(deps, input ?? {}),
    rest: {
      method: 'GET',
      path: '/api/quotes/export.csv',
      summary:
        "The quotes list as CSV (UTF-8 with BOM; ISO dates; text cells starting with = + - @ prefixed with '): the list's filters, " +
        'every matching quote, newest first, streamed.',
      tag: TAG,
      query: true,
      produces: 'text/csv',
      reply: ({ stream, filename }, reply) => sendCsv(reply, stream, filename),
    },
  }),
  get: defineOperation({
    kind: 'query',
    access: 'sales',
    input: quoteIdInput,
    output: quoteAnswer,
    run: ({ deps, input }) => getQuote(deps, input.id),
    rest: {
      method: 'GET',
      path: '/api/quotes/{id}/',
      summary:
        "The quote: number, status, dates, the order form's fields, its lines and totals (the order's pricing rules), the customer's " +
        'acceptance or decline, the order it became, version.',
      tag: TAG,
    },
  }),
  create: defineOperation({
    kind: 'mutation',
    access: 'sales',
    input: quoteWriteInput,
    output: quoteAnswer,
    run: ({ deps, user, input }) => createQuote(deps, user, input),
    rest: {
      method: 'POST',
      path: '/api/quotes/',
      summary:
        "Create a draft quote with the next number (Q-1001...): the order form's fields without door number and status, and " +
        'valid_until. 201 with the quote; 400 {field: [...]} with the order form\'s messages.',
      tag: TAG,
      body: true,
      successStatus: 201,
    },
  }),
  update: defineOperation({
    kind: 'mutation',
    access: 'sales',
    input: quoteUpdateInput,
    output: quoteAnswer,
    run: ({ deps, user, input }) => updateQuote(deps, user, input.id, input.data),
    rest: {
      method: 'PUT',
      path: '/api/quotes/{id}/',
      summary:
        "Replace a draft or sent quote's fields (version required: missing -> 400 {version}, stale -> 409). An accepted, declined " +
        'or converted quote is not edited: 409 {detail} (make a new quote).',
      tag: TAG,
      body: 'data',
      answers: { 409: 'Stale version, or the customer has answered the quote (accepted or declined) or it was converted' },
    },
  }),
  delete: defineOperation({
    kind: 'mutation',
    access: 'sales',
    input: quoteIdInput,
    output: successAnswer,
    run: async ({ deps, user, input }) => {
      await deleteQuote(deps, user, input.id);
      return { success: true as const };
    },
    rest: {
      method: 'DELETE',
      path: '/api/quotes/{id}/',
      summary: 'Delete a draft quote (its number is not used again). 409 {detail} once it was sent.',
      tag: TAG,
      successStatus: 204,
      answers: { 409: 'The quote is not a draft' },
    },
  }),
  markSent: defineOperation({
    kind: 'mutation',
    access: 'sales',
    input: quoteIdInput,
    output: quoteAnswer,
    run: ({ deps, user, input }) => markSent(deps, user, input.id),
    rest: {
      method: 'POST',
      path: '/api/quotes/{id}/mark-sent/',
      summary: 'Mark the quote as sent (handed over, or sent by other means): a draft becomes sent; the time of sending is kept.',
      tag: TAG,
    },
  }),
  duplicate: defineOperation({
    kind: 'mutation',
    access: 'sales',
    input: quoteIdInput,
    output: quoteAnswer,
    run: ({ deps, user, input }) => duplicateQuote(deps, user, input.id),
    rest: {
      method: 'POST',
      path: '/api/quotes/{id}/duplicate/',
      summary:
        "A new draft quote with this quote's order-form fields and lines, whatever its status (revise a declined or expired " +
        'quote): the next number, dated today, valid for as many days as this one was, priced with today\'s sales tax rate. ' +
        '201 with the new quote; 400 {field: [...]} when something it refers to is gone from the catalogue. This quote is unchanged.',
      tag: TAG,
      successStatus: 201,
    },
  }),
  convert: defineOperation({
    kind: 'mutation',
    access: 'sales',
    input: quoteConvertInput,
    output: quoteAnswer,
    run: ({ deps, user, input }) => convertQuote(deps, user, input.id, input.data),
    rest: {
      method: 'POST',
      path: '/api/quotes/{id}/convert/',
      summary:
        "Convert an accepted quote to an order with the quote's fields and prices; the order takes door_number now (400 " +
        '{door_number} as on the order form). Answers the quote with order_id. 409 when the quote is not accepted or was converted already.',
      tag: TAG,
      body: 'data',
      answers: { 409: 'The quote is not accepted, or it was converted already' },
    },
  }),
  pdf: defineBinaryOperation({
    kind: 'query',
    access: 'sales',
    input: quoteIdInput,
    trpc: false,
    run: ({ deps, user, input }) => quotePdf(deps, input.id, user.id),
    rest: {
      method: 'GET',
      path: '/api/quotes/{id}/pdf/',
      summary:
        'The quote as a PDF (inline; filename="quote-{number}.pdf"): its current archived version, rendered only when something on ' +
        'it changed. Strong ETag; If-None-Match -> 304. 503 {detail} when no browser can be started.',
      tag: TAG,
      produces: 'application/pdf',
      reply: (pdf, reply) => sendArchivedPdf(reply, pdf, 'inline'),
    },
  }),
  documents: defineOperation({
    kind: 'query',
    access: 'sales',
    input: quoteIdInput,
    output: documentList,
    run: async ({ deps, input }) => ({ results: await listDocuments(deps, 'quote', input.id) }),
  }),
  ...documentLinkOperations({
    type: 'quote',
    noun: 'quote',
    path: '/api/quotes/{id}/',
    tag: TAG,
    access: 'sales',
    exists: async (db, id) => void (await quoteRow(db, id)),
  }),
});

/**
 * What a customer does through a link (decision 161): public (no staff account, no session made or
 * read for anything), REST only, the token in a header. Each call is checked, counted and logged.
 * A quote's link views, downloads and answers it (an invoice's: `../invoices/customer-operations.ts`).
 */
export const quoteCustomerOperations = operationSet('customerLinks', {
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
      tag: CUSTOMER_LINKS_TAG,
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
      tag: CUSTOMER_LINKS_TAG,
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
      tag: CUSTOMER_LINKS_TAG,
      body: 'data',
      headers: [tokenHeader],
      // The link's header authorises the answer: no cookie is read, so no CSRF token is asked.
      csrf: false,
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
      tag: CUSTOMER_LINKS_TAG,
      body: 'data',
      headers: [tokenHeader],
      // The link's header authorises the answer: no cookie is read, so no CSRF token is asked.
      csrf: false,
      answers: { ...refusals, 409: 'The quote can no longer be declined (answered, converted, expired or changed since shown)' },
    },
  }),
});
