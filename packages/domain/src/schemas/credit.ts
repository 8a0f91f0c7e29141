import { z } from 'zod';
import { todayIso } from '../dates';
import { LIMITS, TEXT_LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { Decimal, parseMoney } from '../money';
import { PAYMENT_METHODS, latestPaymentDate } from '../payments';
import {
  addIssue,
  asText,
  optionalRef,
  optionalText,
  requiredChoice,
  requiredDate,
  requiredText,
  scalar,
} from './fields';
import { invoiceLineItemSchema } from './invoice';

/** Deposits, credit notes and customer credit (decisions 170-175): the forms' and the API's inputs. */

const MONEY_MAX = new Decimal(LIMITS.moneyMax);
/** Lines one credit note may carry. */
export const CREDIT_NOTE_LINES_MAX = 200;

/** An amount above 0 with at most two places, as "125.00". */
const positiveAmount = (positive: string) =>
  scalar.nullish().transform((v, ctx) => {
    if (asText(v) === '') {
      addIssue(ctx, MESSAGES.paymentAmountRequired);
      return '0.00';
    }
    const parsed = parseMoney(v);
    if (parsed === null) addIssue(ctx, MESSAGES.paymentAmountInvalid);
    else if (parsed.decimalPlaces() > 2) addIssue(ctx, MESSAGES.priceDecimals);
    else if (!parsed.greaterThan(0)) addIssue(ctx, positive);
    else if (parsed.greaterThan(MONEY_MAX)) addIssue(ctx, MESSAGES.amountTooLarge);
    else return parsed.toFixed(2);
    return '0.00';
  });

const notTooLate = (data: { date: string }, ctx: z.RefinementCtx) => {
  if (data.date && data.date > latestPaymentDate(todayIso()))
    addIssue(ctx, MESSAGES.paymentDateTooLate, ['date']);
};

/** A deposit on an order (before it is invoiced): amount above 0, date, method, reference, note. */
export const depositFormSchema = z
  .object({
    amount: positiveAmount(MESSAGES.depositAmountPositive),
    date: requiredDate(MESSAGES.dateRequired),
    method: requiredChoice(PAYMENT_METHODS, MESSAGES.paymentMethodRequired, MESSAGES.paymentMethodInvalid),
    reference: optionalText(TEXT_LIMITS.line),
    note: optionalText(TEXT_LIMITS.longText),
  })
  .superRefine(notTooLate);
export type DepositFormInput = z.input<typeof depositFormSchema>;
export type DepositFormData = z.output<typeof depositFormSchema>;

/** A credit note against an invoice: its date, reason and the lines credited (the invoice's line rules). */
export const creditNoteFormSchema = z
  .object({
    date: requiredDate(MESSAGES.dateRequired),
    reason: requiredText(MESSAGES.creditNoteReasonRequired, TEXT_LIMITS.line),
    line_items: z
      .array(invoiceLineItemSchema)
      .max(CREDIT_NOTE_LINES_MAX, MESSAGES.creditNoteTooManyLines)
      .nullish()
      .transform((v) => v ?? []),
  })
  .superRefine((data, ctx) => {
    notTooLate(data, ctx);
    if (data.line_items.length === 0) addIssue(ctx, MESSAGES.creditNoteLinesRequired, ['line_items']);
  });
/**
 * Voiding a credit note (decision 249): the day it takes effect (not after the latest payment date; the
 * server refuses one before the note's own date) and why. The note stays; its entry is reversed.
 */
export const creditNoteVoidSchema = z
  .object({
    date: requiredDate(MESSAGES.dateRequired),
    reason: requiredText(MESSAGES.creditNoteVoidReasonRequired, TEXT_LIMITS.line),
  })
  .superRefine(notTooLate);
export type CreditNoteVoidInput = z.input<typeof creditNoteVoidSchema>;
export type CreditNoteVoidData = z.output<typeof creditNoteVoidSchema>;
export type CreditNoteFormInput = z.input<typeof creditNoteFormSchema>;
export type CreditNoteFormData = z.output<typeof creditNoteFormSchema>;

/** Where a customer's credit comes from: an invoice's overpayment, or the deposits held on a voided order. */
const creditSource = {
  source_invoice_id: optionalRef(),
  source_order_id: optionalRef(),
};
const oneSource = (
  data: { source_invoice_id: number | null; source_order_id: number | null },
  ctx: z.RefinementCtx,
) => {
  if ((data.source_invoice_id === null) === (data.source_order_id === null))
    addIssue(ctx, MESSAGES.creditSourceRequired, ['source_invoice_id']);
};

/** Applying a customer's credit to another of their invoices (a pair of ledger entries). */
export const creditApplySchema = z
  .object({
    ...creditSource,
    invoice_id: optionalRef(),
    amount: positiveAmount(MESSAGES.creditAmountPositive),
    date: requiredDate(MESSAGES.dateRequired),
  })
  .superRefine((data, ctx) => {
    oneSource(data, ctx);
    notTooLate(data, ctx);
    if (data.invoice_id === null) addIssue(ctx, MESSAGES.creditTargetRequired, ['invoice_id']);
    else if (data.invoice_id === data.source_invoice_id)
      addIssue(ctx, MESSAGES.creditTargetSame, ['invoice_id']);
  });
export type CreditApplyInput = z.input<typeof creditApplySchema>;
export type CreditApplyData = z.output<typeof creditApplySchema>;

const refundFields = {
  amount: positiveAmount(MESSAGES.creditAmountPositive),
  date: requiredDate(MESSAGES.dateRequired),
  method: requiredChoice(PAYMENT_METHODS, MESSAGES.paymentMethodRequired, MESSAGES.paymentMethodInvalid),
  reference: optionalText(TEXT_LIMITS.line),
  reason: requiredText(MESSAGES.refundReasonRequired, TEXT_LIMITS.line),
};

/** Refunding what an order's deposits hold (money paid back): amount, date, method, reference, reason. */
export const depositRefundSchema = z.object(refundFields).superRefine(notTooLate);
export type DepositRefundInput = z.input<typeof depositRefundSchema>;
export type DepositRefundData = z.output<typeof depositRefundSchema>;

/** Refunding a customer's credit (money paid back), from an overpaid invoice or a voided order's deposits. */
export const creditRefundSchema = z.object({ ...creditSource, ...refundFields }).superRefine((data, ctx) => {
  oneSource(data, ctx);
  notTooLate(data, ctx);
});
export type CreditRefundInput = z.input<typeof creditRefundSchema>;
export type CreditRefundData = z.output<typeof creditRefundSchema>;
