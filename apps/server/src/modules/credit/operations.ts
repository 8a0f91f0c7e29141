import { defineBinaryOperation, defineOperation, operationSet } from '../../operations/define';
import { sendArchivedPdf } from '../documents/reply';
import { listDocuments } from '../documents/archive';
import { documentList } from '../documents/schemas';
import {
  applyCreditInput,
  creditAppliedAnswer,
  creditNoteAnswer,
  creditNoteIssuedAnswer,
  creditRefundedAnswer,
  customerCreditAnswer,
  depositRecordedAnswer,
  invoiceCreditNotesAnswer,
  invoiceIdInput,
  issueCreditNoteInput,
  orderDepositsAnswer,
  orderIdInput,
  recordDepositInput,
  recordIdInput,
  refundCreditInput,
  refundDepositInput,
} from './schemas';
import { getDeposit, listOrderDeposits, recordDeposit, refundDeposit } from '../deposits/deposits';
import { getCreditNote, issueCreditNote, listInvoiceCreditNotes } from './credit-notes';
import { creditNotePdf } from './credit-note-pdf';
import { applyCredit, getCustomerCredit, refundCredit } from './customer-credit';

const TAG = 'Deposits and credit';

/** Deposits, credit notes and customer credit (decisions 170-175). */
export const creditOperations = operationSet('credit', {
  orderDeposits: defineOperation({
    kind: 'query',
    access: 'user',
    input: orderIdInput,
    output: orderDepositsAnswer,
    run: ({ deps, input }) => listOrderDeposits(deps, input.orderId),
    rest: {
      method: 'GET',
      path: '/api/orders/{id}/deposits/',
      summary:
        "The order's deposit account, oldest first: deposits (+), refunds, and the amounts moved onto its invoice or applied " +
        'elsewhere (−); held = what it still holds (on a voided order: owed to the customer until refunded or applied).',
      tag: TAG,
      params: { id: 'orderId' },
    },
  }),
  recordDeposit: defineOperation({
    kind: 'mutation',
    access: 'user',
    input: recordDepositInput,
    output: depositRecordedAnswer,
    run: ({ deps, user, input }) => recordDeposit(deps, user, input.orderId, input.data),
    rest: {
      method: 'POST',
      path: '/api/orders/{id}/deposits/',
      summary:
        'Record a deposit on an order before it is invoiced: amount (> 0, two places), date (at most a year ahead), method, ' +
        "reference, note; at most what the order still needs (its total less what it holds: the account's deposit_limit), " +
        'else 400 {amount} naming it. 201 {deposit, order}. When the order is invoiced, what it holds moves onto the ' +
        "invoice's payments. 409 on a voided or already invoiced order (nothing recorded).",
      tag: TAG,
      params: { id: 'orderId' },
      body: 'data',
      successStatus: 201,
      answers: { 409: 'The order is voided, or already invoiced (record the payment on its invoice)' },
    },
  }),
  refundDeposit: defineOperation({
    kind: 'mutation',
    access: 'user',
    input: refundDepositInput,
    output: depositRecordedAnswer,
    run: ({ deps, user, input }) => refundDeposit(deps, user, input.orderId, input.data),
    rest: {
      method: 'POST',
      path: '/api/orders/{id}/deposits/refund/',
      summary:
        'Pay back money the order holds: amount (> 0, at most what it holds: else 400 {amount}), date, method, reference, reason (required). 201 {deposit, order}.',
      tag: TAG,
      params: { id: 'orderId' },
      body: 'data',
      successStatus: 201,
    },
  }),
  deposit: defineOperation({
    kind: 'query',
    access: 'user',
    input: recordIdInput,
    output: depositRecordedAnswer,
    run: ({ deps, input }) => getDeposit(deps, input.id),
    rest: {
      method: 'GET',
      path: '/api/deposits/{id}/',
      summary:
        "One entry of an order's deposit account with the order's account (the deposit.recorded event's body).",
      tag: TAG,
    },
  }),
  invoiceCreditNotes: defineOperation({
    kind: 'query',
    access: 'user',
    input: invoiceIdInput,
    output: invoiceCreditNotesAnswer,
    run: ({ deps, input }) => listInvoiceCreditNotes(deps, input.invoiceId),
    rest: {
      method: 'GET',
      path: '/api/invoices/{id}/credit-notes/',
      summary:
        "The invoice's credit notes, oldest first, with its total as issued, what was credited and what may still be credited.",
      tag: TAG,
      params: { id: 'invoiceId' },
    },
  }),
  issueCreditNote: defineOperation({
    kind: 'mutation',
    access: 'user',
    input: issueCreditNoteInput,
    output: creditNoteIssuedAnswer,
    run: ({ deps, user, input }) => issueCreditNote(deps, user, input.invoiceId, input.data),
    rest: {
      method: 'POST',
      path: '/api/invoices/{id}/credit-notes/',
      summary:
        'Issue a credit note against the invoice: date, reason (required), line_items [{quantity, description, price_each, is_freight}]. ' +
        "Tax on the credited lines is reversed at the invoice's rate; numbered CN-1001 onwards, never reused. Its total is entered in " +
        "the invoice's payments (kind credit_note); the invoice's total stays as issued. 201 {credit_note, invoice}. A total above what " +
        'remains creditable (total − earlier credit notes; payments received do not lower it, and a credit note past the balance ' +
        "due leaves the customer that much in credit): 400 {line_items}, nothing issued.",
      tag: TAG,
      params: { id: 'invoiceId' },
      body: 'data',
      successStatus: 201,
    },
  }),
  creditNote: defineOperation({
    kind: 'query',
    access: 'user',
    input: recordIdInput,
    output: creditNoteAnswer,
    run: ({ deps, input }) => getCreditNote(deps, input.id),
    rest: {
      method: 'GET',
      path: '/api/credit-notes/{id}/',
      summary: 'One credit note with its lines and totals.',
      tag: TAG,
    },
  }),
  creditNoteDocuments: defineOperation({
    kind: 'query',
    access: 'user',
    input: recordIdInput,
    output: documentList,
    run: async ({ deps, input }) => ({ results: await listDocuments(deps, 'credit_note', input.id) }),
  }),
  creditNotePdf: defineBinaryOperation({
    kind: 'query',
    access: 'user',
    input: recordIdInput,
    trpc: false,
    run: ({ deps, user, input }) => creditNotePdf(deps, input.id, user.id),
    rest: {
      method: 'GET',
      path: '/api/credit-notes/{id}/pdf/',
      summary:
        'The credit note as a PDF (inline; filename="credit-note-{number}.pdf"): its current archived version. Strong ETag; ' +
        'If-None-Match -> 304. 503 {detail} when no browser can be started.',
      tag: TAG,
      produces: 'application/pdf',
      reply: (pdf, reply) => sendArchivedPdf(reply, pdf, 'inline'),
    },
  }),
  customerCredit: defineOperation({
    kind: 'query',
    access: 'user',
    input: recordIdInput,
    output: customerCreditAnswer,
    run: ({ deps, input }) => getCustomerCredit(deps, input.id),
    rest: {
      method: 'GET',
      path: '/api/customers/{id}/credit/',
      summary:
        "The customer's credit (overpaid invoices plus voided orders' deposits), where it sits, their open invoices and payment terms.",
      tag: TAG,
    },
  }),
  applyCredit: defineOperation({
    kind: 'mutation',
    access: 'user',
    input: applyCreditInput,
    output: creditAppliedAnswer,
    run: ({ deps, user, input }) => applyCredit(deps, user, input.id, input.data),
    rest: {
      method: 'POST',
      path: '/api/customers/{id}/credit/apply/',
      summary:
        "Apply credit to another of the customer's invoices: source_invoice_id (an overpaid invoice) or source_order_id (a voided " +
        'order holding deposits), invoice_id, amount (> 0, at most the credit there and the balance due), date. Recorded as a pair ' +
        "of entries. 201 {applied, source_payment, source_deposit, credit}. 400 naming the field for another customer's records or too much.",
      tag: TAG,
      body: 'data',
      successStatus: 201,
    },
  }),
  refundCredit: defineOperation({
    kind: 'mutation',
    access: 'user',
    input: refundCreditInput,
    output: creditRefundedAnswer,
    run: ({ deps, user, input }) => refundCredit(deps, user, input.id, input.data),
    rest: {
      method: 'POST',
      path: '/api/customers/{id}/credit/refund/',
      summary:
        'Refund credit: source_invoice_id or source_order_id (a voided order), amount (> 0, at most the credit there), date, method, ' +
        'reference, reason (required). 201 {payment, deposit, credit}.',
      tag: TAG,
      body: 'data',
      successStatus: 201,
    },
  }),
});
