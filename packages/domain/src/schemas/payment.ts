import { z } from 'zod';
import { todayIso } from '../dates';
import { MESSAGES } from '../messages';
import { Decimal, parseMoney, toDecimal } from '../money';
import { INVOICE_STATUSES, PAYMENT_METHODS, latestPaymentDate } from '../payments';
import { LIMITS, TEXT_LIMITS } from '../constants';
import { addIssue, asText, optionalText, requiredChoice, requiredDate, scalar } from './fields';

const MONEY_MAX = new Decimal(LIMITS.moneyMax);

/** A non-zero amount with at most two places, as "125.00" (negative: a refund). */
const paymentAmount = scalar.nullish().transform((v, ctx) => {
  if (asText(v) === '') {
    addIssue(ctx, MESSAGES.paymentAmountRequired);
    return '0.00';
  }
  const parsed = parseMoney(v);
  if (parsed === null) addIssue(ctx, MESSAGES.paymentAmountInvalid);
  else if (parsed.decimalPlaces() > 2) addIssue(ctx, MESSAGES.priceDecimals);
  else if (parsed.isZero()) addIssue(ctx, MESSAGES.paymentAmountZero);
  else if (parsed.abs().greaterThan(MONEY_MAX)) addIssue(ctx, MESSAGES.amountTooLarge);
  else return parsed.toFixed(2);
  return '0.00';
});

/**
 * Recording a payment: amount (not 0, two places at most; negative is a refund and
 * needs a reason), date (at most a year from today), method (one of PAYMENT_METHODS), an
 * optional reference (a check number) and note.
 */
export const paymentFormSchema = z
  .object({
    amount: paymentAmount,
    date: requiredDate(MESSAGES.dateRequired),
    method: requiredChoice(PAYMENT_METHODS, MESSAGES.paymentMethodRequired, MESSAGES.paymentMethodInvalid),
    reference: optionalText(TEXT_LIMITS.line),
    note: optionalText(TEXT_LIMITS.longText),
    reason: optionalText(TEXT_LIMITS.line),
  })
  .superRefine((data, ctx) => {
    if (data.date && data.date > latestPaymentDate(todayIso()))
      addIssue(ctx, MESSAGES.paymentDateTooLate, ['date']);
    if (toDecimal(data.amount).isNegative() && !data.reason)
      addIssue(ctx, MESSAGES.refundReasonRequired, ['reason']);
  });

export type PaymentFormInput = z.input<typeof paymentFormSchema>;
export type PaymentFormData = z.output<typeof paymentFormSchema>;

/** Reversing an entry: an optional reason. */
export const paymentReverseSchema = z.object({ reason: optionalText(TEXT_LIMITS.line) });

/** The invoices list's status filter (blank: every invoice). */
export const invoiceStatusFilter = z
  .string()
  .nullish()
  .transform((v, ctx) => {
    const text = (v ?? '').trim();
    if (text === '') return null;
    if (!(INVOICE_STATUSES as readonly string[]).includes(text)) {
      addIssue(ctx, MESSAGES.invoiceStatusInvalid);
      return null;
    }
    return text as (typeof INVOICE_STATUSES)[number];
  });

/** A payments list/export's method filter (blank: every method). */
export const paymentMethodFilter = z
  .string()
  .nullish()
  .transform((v, ctx) => {
    const text = (v ?? '').trim();
    if (text === '') return null;
    if (!(PAYMENT_METHODS as readonly string[]).includes(text)) {
      addIssue(ctx, MESSAGES.paymentMethodInvalid);
      return null;
    }
    return text as (typeof PAYMENT_METHODS)[number];
  });
