import { z } from 'zod';
import { LIMITS, ORDER_STATUSES, TEXT_LIMITS, type BuildingType, type OrderStatus } from '../constants';
import {
  CUSTOM_PRODUCT,
  isBuildingType,
  needsSizeAndThickness,
  requiresBuildingDescription,
} from '../building';
import { isValidPhone } from '../inputMasks';
import { MESSAGES } from '../messages';
import { toDecimal } from '../money';
import { REQUIREMENT_MESSAGES, unmetRequirements } from '../status';
import { addressSchema, billingAddressSchema } from './address';
import {
  FORMAT_BOUNDED,
  addIssue,
  flag,
  optionalDate,
  optionalRef,
  optionalText,
  requiredDate,
  requiredText,
  textProblem,
} from './fields';
import { PRICE_RULES, moneyOrZero, optionalMoney, quantityField } from './money-fields';

/**
 * The order as the form submits it and as POST/PUT /api/orders/ receive it (orders spec §5).
 * Unknown and read-only fields (id, status_display, has_bol's details, ...) are dropped.
 */

const scalarOrOption = z.union([
  z.string(),
  z.number(),
  z.object({ value: z.union([z.string(), z.number()]).nullish() }),
]);

/** 'custom' or a product id; accepts an option {value}. */
const productField = scalarOrOption.nullish().transform((v, ctx): number | typeof CUSTOM_PRODUCT | null => {
  const raw = v !== null && typeof v === 'object' ? v.value : v;
  const text = raw === null || raw === undefined ? '' : String(raw).trim();
  if (text === '') {
    addIssue(ctx, MESSAGES.productRequired);
    return null;
  }
  if (text.toLowerCase() === CUSTOM_PRODUCT) return CUSTOM_PRODUCT;
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id <= 0) {
    addIssue(ctx, MESSAGES.optionInvalid);
    return null;
  }
  return id;
});

/** The status, given plainly or as the form's option {value}. */
const statusField = z
  .union([z.string(), z.object({ value: z.string().nullish() })])
  .nullish()
  .transform((v, ctx): OrderStatus => {
    const raw = (v !== null && typeof v === 'object' ? v.value : v)?.trim() ?? '';
    if (raw === '') addIssue(ctx, MESSAGES.statusRequired);
    else if (!(ORDER_STATUSES as readonly string[]).includes(raw)) addIssue(ctx, MESSAGES.statusInvalid);
    else return raw as OrderStatus;
    return 'pending';
  });

/** A phone number: blank, or (XXX) XXX-XXXX (the order form's rule; customers reuse it). */
export const phoneField = z
  .string()
  .nullish()
  .transform((v, ctx) => {
    const text = (v ?? '').trim();
    const problem = textProblem(text, FORMAT_BOUNDED);
    if (problem) addIssue(ctx, problem);
    else if (text !== '' && !isValidPhone(text)) addIssue(ctx, MESSAGES.phoneInvalid);
    return text;
  });

export const additionalItemSchema = z
  .object({
    item: optionalRef(),
    custom_item_name: optionalText(TEXT_LIMITS.line),
    quantity: quantityField({
      invalid: MESSAGES.quantityInvalid,
      whole: MESSAGES.quantityWhole,
      min: { value: LIMITS.quantityMin, message: MESSAGES.quantityMin },
      defaultValue: LIMITS.quantityMin,
    }),
    price: moneyOrZero(PRICE_RULES),
  })
  .superRefine((row, ctx) => {
    if (row.item === null && row.custom_item_name === '')
      addIssue(ctx, MESSAGES.additionalItemRequired, ['item']);
  });

export const buildingInfoSchema = z
  .object({
    product: productField,
    price: optionalMoney(PRICE_RULES),
    // Checked below with the custom-product rules, so a bad value gets one message, not two.
    building_type: z
      .union([z.string(), z.object({ value: z.string().nullish() })])
      .nullish()
      .transform((v) => (v !== null && typeof v === 'object' ? v.value : v)?.trim() || null),
    building_description: optionalText(TEXT_LIMITS.longText),
    size: optionalRef(),
    custom_size: optionalText(TEXT_LIMITS.line),
    thickness: optionalRef(),
    door_type: optionalRef(),
    door_type_price: optionalMoney(PRICE_RULES),
    door_cladding: optionalRef(),
    door_cladding_price: optionalMoney(PRICE_RULES),
    hinge_side: optionalRef(),
    roof_color: optionalRef(),
    siding_color: optionalRef(),
    door_placement: optionalText(TEXT_LIMITS.longText),
    additional_items: z
      .array(additionalItemSchema)
      .nullish()
      .transform((v) => v ?? []),
  })
  .superRefine((info, ctx) => {
    const type = info.building_type;
    if (type !== null && !isBuildingType(type)) {
      addIssue(ctx, MESSAGES.buildingTypeInvalid, ['building_type']);
      return;
    }
    if (info.product !== CUSTOM_PRODUCT) return;
    if (type === null) {
      addIssue(ctx, MESSAGES.buildingTypeRequiredForCustom, ['building_type']);
      return;
    }
    if (requiresBuildingDescription(type) && info.building_description === '') {
      addIssue(ctx, MESSAGES.buildingDescriptionRequired, ['building_description']);
    }
    if (needsSizeAndThickness(type)) {
      if (info.size === null && info.custom_size === '') addIssue(ctx, MESSAGES.sizeRequired, ['size']);
      if (info.thickness === null) addIssue(ctx, MESSAGES.thicknessRequired, ['thickness']);
    }
  })
  // Runs only when valid. is_custom follows the product choice, whatever the client sent.
  .transform((info) => ({
    ...info,
    building_type: info.building_type as BuildingType | null,
    is_custom: info.product === CUSTOM_PRODUCT,
  }));

export const orderSchema = z
  .object({
    status: statusField,
    date: requiredDate(MESSAGES.dateRequired),
    ship_date: optionalDate(),
    ship_via: optionalRef(),
    invoice_number: optionalText(TEXT_LIMITS.invoiceNumber),
    door_number: requiredText(MESSAGES.doorNumberRequired, TEXT_LIMITS.doorNumber),
    eps_po_number: optionalText(TEXT_LIMITS.epsPoNumber),
    customer_po_job_name: optionalText(TEXT_LIMITS.line),
    phone: phoneField,
    po_delivery_date: optionalDate(),
    special_delivery_info: optionalText(TEXT_LIMITS.longText),
    notes: optionalText(TEXT_LIMITS.longText),
    freight_cost: moneyOrZero(PRICE_RULES),
    discount: moneyOrZero({ invalid: MESSAGES.discountInvalid, negative: MESSAGES.discountNegative }),
    discount_is_percentage: flag(false),
    tax_exempt: flag(false),
    has_invoice: flag(false),
    has_bol: flag(false),
    /** The customer picked on the form: an id, null for none; absent keeps the stored one. */
    customer_id: optionalRef(MESSAGES.customerInvalid).optional(),
    billing_address: billingAddressSchema.prefault({}),
    shipping_address: addressSchema.prefault({}),
    building_info: buildingInfoSchema.prefault({}),
  })
  .superRefine((order, ctx) => {
    if (order.discount_is_percentage && toDecimal(order.discount).greaterThan(LIMITS.percentMax)) {
      addIssue(ctx, MESSAGES.discountPercentMax, ['discount']);
    }
    // Status requirements, each message on its own field.
    for (const key of unmetRequirements(order, order.status)) addIssue(ctx, REQUIREMENT_MESSAGES[key], [key]);
    if (order.status === 'completed' && !order.has_invoice) {
      addIssue(ctx, MESSAGES.completedWithoutInvoice, ['status']);
    }
  });

/** What the form holds / the API receives. */
export type OrderInput = z.input<typeof orderSchema>;
/** Normalised order: money as "1250.00", ids as numbers, blanks as '' or null. */
export type OrderData = z.output<typeof orderSchema>;
export type BuildingInfoData = z.output<typeof buildingInfoSchema>;
export type AdditionalItemData = z.output<typeof additionalItemSchema>;
