import { z } from 'zod';
import { TEXT_LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { PURCHASING_MESSAGES as M } from '../purchasing';
import { flag, optionalDate, optionalEmail, optionalRef, optionalText, requiredRef, requiredText, scalar, addIssue, asText } from './fields';
import { optionalMoney, quantityField, requiredMoney } from './money-fields';

/** A whole number ≥ `min`, or null when blank. */
function optionalWhole(message: string, min: number) {
  return scalar.nullish().transform((v, ctx) => {
    const text = asText(v);
    if (text === '') return null;
    const n = Number(text);
    if (!Number.isSafeInteger(n) || n < min || n > 1_000_000) {
      addIssue(ctx, message);
      return null;
    }
    return n;
  });
}

/** The Suppliers form and POST/PUT /api/suppliers/. Phone is free text: suppliers may be abroad. */
export const supplierSchema = z.object({
  name: requiredText(M.supplierNameRequired, TEXT_LIMITS.line),
  contact: optionalText(TEXT_LIMITS.line),
  email: optionalEmail(MESSAGES.emailInvalid),
  phone: optionalText(TEXT_LIMITS.line),
  terms: optionalText(TEXT_LIMITS.line),
  notes: optionalText(TEXT_LIMITS.longText),
});
export type SupplierInput = z.input<typeof supplierSchema>;
export type SupplierData = z.output<typeof supplierSchema>;

/** How a component is bought: the Components screen's supplier fields. */
export const componentPurchasingSchema = z.object({
  preferred_supplier_id: optionalRef(M.supplierNotFound),
  supplier_part_number: optionalText(TEXT_LIMITS.line),
  last_price: optionalMoney({ invalid: M.lastPriceInvalid, negative: M.lastPriceNegative }),
  lead_time_days: optionalWhole(M.leadTimeInvalid, 0),
  pack_size: optionalWhole(M.packSizeInvalid, 1).transform((v) => v ?? 1),
});
export type ComponentPurchasingInput = z.input<typeof componentPurchasingSchema>;

const lineSchema = z.object({
  component_id: requiredRef(M.componentRequired, M.componentNotFound),
  quantity: quantityField({ invalid: M.quantityInvalid, whole: M.quantityInvalid, min: { value: 1, message: M.quantityInvalid } }),
  unit_cost: requiredMoney(M.unitCostInvalid, { invalid: M.unitCostInvalid, negative: M.unitCostNegative }),
});

/** A purchase order's editable fields: its lines (replaced whole), expected date and notes. */
export const purchaseOrderEditSchema = z
  .object({
    expected_date: optionalDate(),
    notes: optionalText(TEXT_LIMITS.longText),
    lines: z.array(lineSchema).max(500, M.tooManyLines),
  })
  .superRefine((po, ctx) => {
    if (po.lines.length === 0) addIssue(ctx, M.linesRequired, ['lines']);
    const seen = new Set<number>();
    po.lines.forEach((line, i) => {
      if (line.component_id && seen.has(line.component_id)) addIssue(ctx, M.componentTwice, ['lines', i, 'component_id']);
      seen.add(line.component_id);
    });
  });
export type PurchaseOrderEditInput = z.input<typeof purchaseOrderEditSchema>;

/** A receipt: the quantity received now per line (0 or blank: nothing), confirmed when over what was ordered. */
export const receiptSchema = z.object({
  lines: z
    .array(
      z.object({
        line_id: z.number().int().positive(),
        quantity: quantityField({
          invalid: M.receiveQuantityInvalid,
          whole: M.receiveQuantityInvalid,
          min: { value: 0, message: M.receiveQuantityInvalid },
          defaultValue: 0,
        }),
      }),
    )
    .max(500, M.tooManyLines),
  confirm_over_receipt: flag(false),
});
export type ReceiptInput = z.input<typeof receiptSchema>;
