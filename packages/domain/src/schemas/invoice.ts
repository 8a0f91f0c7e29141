import { z } from 'zod';
import { DEFAULT_INVOICE_TERMS, LIMITS, TEXT_LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { toDecimal } from '../money';
import { addressSchema } from './address';
import { addIssue, flag, optionalDate, optionalText, requiredDate, requiredText } from './fields';
import { PRICE_RULES, moneyOrZero, percentField, quantityField } from './money-fields';

/**
 * Invoice editor (invoices spec §5): editable_data, the PATCH body, and the combined invoice.
 * A line takes the spec's minimums for prices and quantities (orders spec §9: quantity a whole
 * number, at least 1; price at least 0 with two decimals): a credit goes in Payments/Credits.
 */

export const invoiceLineItemSchema = z.object({
  quantity: quantityField({
    invalid: MESSAGES.quantityInvalid,
    whole: MESSAGES.quantityWhole,
    min: { value: LIMITS.quantityMin, message: MESSAGES.quantityMin },
    defaultValue: LIMITS.quantityMin,
  }),
  description: optionalText(TEXT_LIMITS.invoiceLineDescription),
  price_each: moneyOrZero({ ...PRICE_RULES, decimals: MESSAGES.priceDecimals }),
  /** Set on lines made from an order (see invoice.ts); absent on lines typed by hand. */
  is_freight: z
    .boolean()
    .nullish()
    .transform((v) => v ?? undefined),
});

export const invoiceEditableDataSchema = z
  .object({
    bill_to: addressSchema.prefault({}),
    ship_to: addressSchema.prefault({}),
    po_job_name: optionalText(TEXT_LIMITS.line),
    ship_date: optionalDate(),
    ship_via: optionalText(TEXT_LIMITS.line),
    terms: optionalText(TEXT_LIMITS.line).transform((v) => v || DEFAULT_INVOICE_TERMS),
    due_date: optionalDate(),
    tax_exempt: flag(false),
    tax_rate: percentField({ invalid: MESSAGES.taxRateInvalid, range: MESSAGES.taxRateRange }),
    discount: moneyOrZero({ invalid: MESSAGES.discountInvalid, negative: MESSAGES.discountNegative }),
    discount_is_percentage: flag(false),
    payments_credits: moneyOrZero({ invalid: MESSAGES.paymentsInvalid, negative: MESSAGES.paymentsNegative }),
    line_items: z
      .array(invoiceLineItemSchema)
      .nullish()
      .transform((v) => v ?? []),
  })
  .superRefine((data, ctx) => {
    if (data.discount_is_percentage && toDecimal(data.discount).greaterThan(LIMITS.percentMax)) {
      addIssue(ctx, MESSAGES.discountPercentMax, ['discount']);
    }
  });

/** PATCH /api/invoices/{id}/: every part optional, but what is sent must be valid. */
export const invoicePatchSchema = z.object({
  invoice_number: requiredText(MESSAGES.invoiceNumberRequired, TEXT_LIMITS.invoiceNumber).optional(),
  date: requiredDate(MESSAGES.dateRequired).optional(),
  editable_data: invoiceEditableDataSchema.optional(),
});

/**
 * POST /api/invoices/create-combined/: at least two distinct orders and a date.
 * confirm_mixed_customers (optional, ours): true once the user has confirmed that orders billed to
 * different customers share one invoice; without it the server refuses such a combination
 * (400 {confirm_mixed_customers}: decision 012).
 */
export const combinedInvoiceSchema = z.object({
  order_ids: z
    .array(z.union([z.string(), z.number()]))
    .nullish()
    .transform((ids, ctx) => {
      const out: number[] = [];
      (ids ?? []).forEach((raw, i) => {
        const id = typeof raw === 'number' ? raw : Number(raw.trim() || NaN);
        if (!Number.isSafeInteger(id) || id <= 0) addIssue(ctx, MESSAGES.orderIdInvalid, [i]);
        else out.push(id);
      });
      if (new Set(out).size !== out.length) addIssue(ctx, MESSAGES.combinedInvoiceDuplicateOrders);
      else if (out.length < LIMITS.combinedInvoiceMinOrders) addIssue(ctx, MESSAGES.combinedInvoiceMinOrders);
      return out;
    }),
  date: requiredDate(MESSAGES.dateRequired),
  confirm_mixed_customers: flag(false),
});

export type InvoiceLineItemInput = z.input<typeof invoiceLineItemSchema>;
export type InvoiceLineItemData = z.output<typeof invoiceLineItemSchema>;
export type InvoiceEditableDataInput = z.input<typeof invoiceEditableDataSchema>;
export type InvoiceEditableData = z.output<typeof invoiceEditableDataSchema>;
export type InvoicePatchInput = z.input<typeof invoicePatchSchema>;
export type InvoicePatchData = z.output<typeof invoicePatchSchema>;
export type CombinedInvoiceInput = z.input<typeof combinedInvoiceSchema>;
export type CombinedInvoiceData = z.output<typeof combinedInvoiceSchema>;
