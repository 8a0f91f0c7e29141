import { defineBinaryOperation, defineOperation, operationSet } from '../../operations/define';
import { sendCsv } from '../../csv';
import {
  invoicePaymentsAnswer,
  invoicePaymentsInput,
  paymentExportInput,
  paymentRecordedAnswer,
  recordPaymentInput,
  reversePaymentInput,
} from './schemas';
import { listInvoicePayments, recordPayment, reversePayment } from './ledger';
import { paymentsCsv } from './export';

const TAG = 'Payments';

/** Each invoice's payments ledger. */
export const paymentsOperations = operationSet('payments', {
  forInvoice: defineOperation({
    kind: 'query',
    access: 'books',
    input: invoicePaymentsInput,
    output: invoicePaymentsAnswer,
    run: ({ deps, input }) => listInvoicePayments(deps, input.invoiceId),
    rest: {
      method: 'GET',
      path: '/api/invoices/{id}/payments/',
      summary:
        "The invoice's payments ledger, oldest first, with its money: total, paid (the entries' sum = payments_credits), " +
        'balance_due (never below 0), credit (an overpayment), status (unpaid, partially_paid, paid, overdue).',
      tag: TAG,
      params: { id: 'invoiceId' },
    },
  }),
  /** Every invoice's ledger entries as a CSV download (decision 115). */
  exportCsv: defineBinaryOperation({
    kind: 'query',
    access: 'books',
    input: paymentExportInput,
    trpc: false,
    run: async ({ deps, input }) => paymentsCsv(deps, input ?? {}),
    rest: {
      method: 'GET',
      path: '/api/payments/export.csv',
      summary:
        "Every invoice's payments ledger as CSV (UTF-8 with BOM; ISO dates; decimals with a dot, refunds and reversals " +
        "negative; text cells starting with = + - @ prefixed with '): entries dated from..to (inclusive, each optional) " +
        'of one method (optional), with their invoice number and customer, newest first, streamed.',
      tag: TAG,
      query: true,
      produces: 'text/csv',
      reply: ({ stream, filename }, reply) => sendCsv(reply, stream, filename),
    },
  }),
  record: defineOperation({
    kind: 'mutation',
    access: 'books',
    input: recordPaymentInput,
    output: paymentRecordedAnswer,
    run: ({ deps, user, input }) => recordPayment(deps, user, input.invoiceId, input.data),
    rest: {
      method: 'POST',
      path: '/api/invoices/{id}/payments/',
      summary:
        'Record a payment: amount (not 0, two places; negative = a refund, which needs a reason), date (at most a year ahead), ' +
        'method (check, cash, card, ach, wire, other), reference, note. 201 {payment, invoice}. A refund past what was paid: 400 {amount}.',
      tag: TAG,
      params: { id: 'invoiceId' },
      body: 'data',
      successStatus: 201,
    },
  }),
  reverse: defineOperation({
    kind: 'mutation',
    access: 'books',
    input: reversePaymentInput,
    output: paymentRecordedAnswer,
    run: ({ deps, user, input }) => reversePayment(deps, user, input.id, input.data),
    rest: {
      method: 'POST',
      path: '/api/payments/{id}/reverse/',
      summary:
        'Reverse an entry: records its negation, dated today (optional reason). 201 {payment, invoice}. Entries are never edited. ' +
        '409 when it was already reversed, is itself a reversal, or would take the paid sum below 0.',
      tag: TAG,
      body: 'data',
      successStatus: 201,
      answers: { 409: 'The entry was already reversed, is itself a reversal, or its reversal would take the paid sum below 0' },
    },
  }),
});
