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
  invoiceCreditNotesAnswer,
  invoiceIdInput,
  issueCreditNoteInput,
  recordIdInput,
  refundCreditInput,
  voidCreditNoteInput,
} from './schemas';
import { getCreditNote, issueCreditNote, listInvoiceCreditNotes } from './credit-notes';
import { creditNotePdf } from './credit-note-pdf';
import { voidCreditNote } from './credit-note-void';
import { applyCredit, getCustomerCredit, refundCredit } from './customer-credit';

import { CREDIT_TAG as TAG } from '../deposits/operations';

/** Credit notes and customer credit (decisions 171-175); an order's deposits are `../deposits/operations.ts`. */
export const creditOperations = operationSet('credit', {
  invoiceCreditNotes: defineOperation({
    kind: 'query',
    access: 'books',
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
    access: 'books',
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
  voidCreditNote: defineOperation({
    kind: 'mutation',
    access: 'books',
    input: voidCreditNoteInput,
    output: creditNoteIssuedAnswer,
    run: ({ deps, user, input }) => voidCreditNote(deps, user, input.id, input.data),
    rest: {
      method: 'POST',
      path: '/api/credit-notes/{id}/void/',
      summary:
        'Void a credit note: date (the day it takes effect, not before the note), reason (required). Never a delete: the note ' +
        "stays, marked voided, and an entry of kind credit_note_void (− its total, reverses_id its entry) is added to the invoice's " +
        'payments, so the balance, statements, aging, credit and the exports read the void; what it credited may be credited again. ' +
        '200 {credit_note, invoice}. 400 {date} before the note, {reason} missing; 409 when already voided, or when its credit was ' +
        'since refunded or applied elsewhere (reverse that first); nothing written then.',
      tag: TAG,
      body: 'data',
    },
  }),
  creditNote: defineOperation({
    kind: 'query',
    access: 'books',
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
    access: 'books',
    input: recordIdInput,
    output: documentList,
    run: async ({ deps, input }) => ({ results: await listDocuments(deps, 'credit_note', input.id) }),
  }),
  creditNotePdf: defineBinaryOperation({
    kind: 'query',
    access: 'books',
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
    access: 'books',
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
    access: 'books',
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
    access: 'books',
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
