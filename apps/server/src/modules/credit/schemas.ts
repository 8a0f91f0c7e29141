import { z } from 'zod';
import {
  creditApplySchema,
  creditNoteFormSchema,
  creditNoteVoidSchema,
  creditRefundSchema,
} from '@icehouse/domain';
import { idField } from '../../operations/input';
import { invoicePaymentSummary, paymentAnswer } from '../payments/schemas';
import { depositAnswer } from '../deposits/schemas';
import { documentList } from '../documents/schemas';

/** Schemas of credit notes and customer credit (decisions 170-175): inputs from the domain, answers here. */

const money = z.string().describe('Decimal with two places, e.g. "1250.00"');
const date = z.string().describe('YYYY-MM-DD');

// ------------------------------------------------------------------------------------- inputs

export const invoiceIdInput = z.object({ invoiceId: idField });
export const recordIdInput = z.object({ id: idField });
export const issueCreditNoteInput = z.object({ invoiceId: idField, data: creditNoteFormSchema });
export const voidCreditNoteInput = z.object({ id: idField, data: creditNoteVoidSchema });
export const applyCreditInput = z.object({ id: idField, data: creditApplySchema });
export const refundCreditInput = z.object({ id: idField, data: creditRefundSchema });

// ------------------------------------------------------------------------------------- answers

export const creditNoteLineAnswer = z.object({
  quantity: z.number().describe("A whole number, as on the invoice's lines"),
  description: z.string(),
  price_each: money,
  amount: money,
  is_freight: z.boolean().nullable(),
});

export const creditNoteAnswer = z.object({
  id: z.number().int(),
  credit_note_number: z.string().describe('CN-1001 onwards, never reused'),
  invoice_id: z.number().int(),
  invoice_number: z.string(),
  customer_name: z.string(),
  date,
  reason: z.string(),
  line_items: z.array(creditNoteLineAnswer),
  tax_rate: z.string(),
  tax_exempt: z.boolean(),
  subtotal: money,
  taxable_subtotal: money,
  tax_amount: money.describe('The tax reversed on the credited lines'),
  total: money,
  payment_id: z.number().int().nullable().describe("Its entry in the invoice's payments ledger"),
  created_by: z.string().nullable(),
  created_at: z.string(),
  voided: z.boolean().describe('Voided: its entry reversed in the ledger; the note stays'),
  void_date: date.nullable().describe('The day the void takes effect (null unless voided)'),
  void_reason: z.string(),
  void_payment_id: z
    .number()
    .int()
    .nullable()
    .describe("The void's entry in the invoice's payments ledger (kind credit_note_void, − the note's total)"),
  voided_by: z.string().nullable(),
  voided_at: z.string().nullable(),
});

/** An invoice's credit notes, with what may still be credited. */
export const invoiceCreditNotesAnswer = z.object({
  invoice_id: z.number().int(),
  invoice_number: z.string(),
  total: money.describe("The invoice's total as issued (credit notes never change it)"),
  credited: money.describe("The credit notes' totals, voided ones left out"),
  creditable: money.describe('What may still be credited: total − credited'),
  tax_rate: z.string().describe("The invoice's tax rate (percent): a new note's tax is reversed at it"),
  tax_exempt: z.boolean(),
  results: z.array(creditNoteAnswer),
});

export const creditNoteIssuedAnswer = z.object({
  credit_note: creditNoteAnswer,
  invoice: invoicePaymentSummary,
});

/** Where a customer's credit sits: an overpaid invoice, or a voided order holding deposits. */
export const creditSourceAnswer = z.object({
  kind: z.enum(['invoice', 'voided_order']),
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  order_id: z.number().int().nullable(),
  door_number: z.string().nullable(),
  amount: money,
});

export const customerCreditAnswer = z.object({
  customer_id: z.number().int(),
  credit: money.describe("The customer's credit: overpayments plus the deposits of voided orders"),
  sources: z.array(creditSourceAnswer),
  /** Open invoices the credit may be applied to. */
  open_invoices: z.array(
    z.object({
      invoice_id: z.number().int(),
      invoice_number: z.string(),
      balance_due: money,
      due_date: date.nullable(),
    }),
  ),
  payment_terms: z.string(),
});

/** Applying credit: the two entries of the pair (the − side on the source invoice, or the voided order's deposit entry). */
export const creditAppliedAnswer = z.object({
  applied: paymentAnswer.describe('The + entry on the invoice the credit pays'),
  source_payment: paymentAnswer
    .nullable()
    .describe('The − entry on the overpaid invoice (null for a deposit source)'),
  source_deposit: depositAnswer
    .nullable()
    .describe("The voided order's deposit entry (null for an invoice source)"),
  credit: customerCreditAnswer,
});

export const creditRefundedAnswer = z.object({
  payment: paymentAnswer.nullable(),
  deposit: depositAnswer.nullable(),
  credit: customerCreditAnswer,
});

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const creditAnswers = {
  'credit.invoiceCreditNotes': invoiceCreditNotesAnswer,
  'credit.issueCreditNote': creditNoteIssuedAnswer,
  'credit.voidCreditNote': creditNoteIssuedAnswer,
  'credit.creditNote': creditNoteAnswer,
  'credit.creditNoteDocuments': documentList,
  'credit.customerCredit': customerCreditAnswer,
  'credit.applyCredit': creditAppliedAnswer,
  'credit.refundCredit': creditRefundedAnswer,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const creditRestAnswers = {
  'GET /api/invoices/{id}/credit-notes/': creditAnswers['credit.invoiceCreditNotes'],
  'POST /api/invoices/{id}/credit-notes/': creditAnswers['credit.issueCreditNote'],
  'GET /api/credit-notes/{id}/': creditAnswers['credit.creditNote'],
  'POST /api/credit-notes/{id}/void/': creditAnswers['credit.voidCreditNote'],
  'GET /api/customers/{id}/credit/': creditAnswers['credit.customerCredit'],
  'POST /api/customers/{id}/credit/apply/': creditAnswers['credit.applyCredit'],
  'POST /api/customers/{id}/credit/refund/': creditAnswers['credit.refundCredit'],
};
