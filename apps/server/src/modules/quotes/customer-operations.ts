import { defineBinaryOperation, defineOperation, operationSet } from '../../operations/define';
import { sendArchivedPdf } from '../documents/reply';
import { CUSTOMER_LINKS_TAG as TAG, callerOf, refusals, tokenHeader } from '../links/customer-calls';
import { acceptQuote, customerQuote, customerQuotePdf, declineQuote } from './customer-page';
import { customerAcceptInput, customerDeclineInput, customerQuoteAnswer, customerQuoteInput } from './schemas';

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
});
