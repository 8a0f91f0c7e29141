import { z } from 'zod';
import {
  INVOICE_STATUSES,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  MESSAGES,
  isIsoDate,
  paymentFormSchema,
  paymentMethodFilter,
  paymentReverseSchema,
} from '@icehouse/domain';
import { idField } from '../../operations/input';

/** Schemas of the payments operations: inputs from the domain, answers here. */

const money = z.string().describe('Decimal with two places, e.g. "1250.00"');
const date = z.string().describe('YYYY-MM-DD');

const blank = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const isoDate = z.preprocess(blank, z.string().refine(isIsoDate, MESSAGES.dateInvalid).optional());

/** The payments CSV's filters (decision 115): entries dated from..to (inclusive, each optional), one method. */
export const paymentExportInput = z
  .object({
    from: isoDate.describe('First day, YYYY-MM-DD (default: the first entry)'),
    to: isoDate.describe('Last day, YYYY-MM-DD (default: the last entry)'),
    method: paymentMethodFilter.describe('check, cash, card, ach, wire or other (blank: every method)'),
  })
  // On the object (not its nullish wrapper): REST validates a query string with the object schema.
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from)
      ctx.addIssue({ code: 'custom', message: MESSAGES.reportRangeOrder, path: ['to'] });
  })
  .nullish();

export const invoicePaymentsInput = z.object({ invoiceId: idField });
export const recordPaymentInput = z.object({ invoiceId: idField, data: paymentFormSchema });
export const reversePaymentInput = z.object({ id: idField, data: paymentReverseSchema.prefault({}) });

export const paymentAnswer = z.object({
  id: z.number().int(),
  invoice_id: z.number().int(),
  kind: z
    .enum(PAYMENT_KINDS)
    .describe(
      'payment (> 0), refund (< 0), reversal (negates reverses_id), adjustment (a PATCH of payments_credits), opening (carried over by the migration)',
    ),
  date,
  amount: money.describe('Positive pays, negative refunds or reverses'),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().describe('e.g. the check number'),
  note: z.string(),
  reason: z.string().describe('Why (required for a refund)'),
  reverses_id: z.number().int().nullable().describe('The entry this one reverses'),
  reversed_by_id: z.number().int().nullable().describe('The entry that reversed this one'),
  recorded_by: z.string().nullable().describe('Username of who recorded it (null: the system)'),
  recorded_at: z.string().describe('ISO 8601 timestamp'),
});

/** An invoice's money as the ledger makes it (the domain's balance and status rules). */
export const invoicePaymentSummary = z.object({
  invoice_id: z.number().int(),
  invoice_number: z.string(),
  total: money,
  paid: money.describe('Sum of the entries (= editable_data.payments_credits)'),
  balance_due: money.describe('total − paid, never below 0'),
  credit: money.describe('paid − total when more was paid, else 0.00'),
  status: z.enum(INVOICE_STATUSES),
  due_date: date.nullable(),
  version: z.number().int().describe("The invoice's version (a payment moves it on)"),
});

export const invoicePaymentsAnswer = z.object({
  invoice: invoicePaymentSummary,
  results: z.array(paymentAnswer),
});
export const paymentRecordedAnswer = z.object({ payment: paymentAnswer, invoice: invoicePaymentSummary });

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const paymentsAnswers = {
  'payments.forInvoice': invoicePaymentsAnswer,
  'payments.record': paymentRecordedAnswer,
  'payments.reverse': paymentRecordedAnswer,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const paymentsRestAnswers = {
  'GET /api/invoices/{id}/payments/': paymentsAnswers['payments.forInvoice'],
  'POST /api/invoices/{id}/payments/': paymentsAnswers['payments.record'],
  'POST /api/payments/{id}/reverse/': paymentsAnswers['payments.reverse'],
};
