import {
  CUSTOM_PRODUCT,
  defaultValidUntil,
  todayIso,
  type OrderInput,
  type OrderPriceResult,
} from '@icehouse/domain';
import {
  newOrderValues,
  priceOfValues,
  toFormValues,
  toSubmission,
  type SettingPriceLookup,
} from '../order-form/formValues';
import type { OrderFormValues, ProductRow } from '../order-form/types';
import type { QuoteView } from './types';

/**
 * The quote form's values: the order form's own values (decision 253: the same fields, pickers and conversions,
 * so a quote offers exactly what the order form offers), and Valid Until. What only an order has (door number,
 * status, invoice number) is in the values, unused, and never sent.
 */
export type QuoteFormValues = OrderFormValues & { valid_until: string };

export function emptyQuote(today = todayIso()): QuoteFormValues {
  return { ...newOrderValues(today), valid_until: defaultValidUntil(today) };
}

/**
 * A saved quote's fields back into the form, as the order form reads an order's (door prices' manual flags
 * included). A catalogue product's type is the product's when the quote does not carry it (one saved through the
 * API, or before decision 253), as the order form sets it on picking: the door type's price depends on it.
 */
export function valuesOfQuote(
  quote: QuoteView,
  settingPrice?: SettingPriceLookup,
  productById?: ReadonlyMap<number, ProductRow>,
): QuoteFormValues {
  const values = toFormValues({ ...quote.fields, date: quote.date }, settingPrice);
  const b = values.building_info;
  const product = typeof b.product === 'number' ? productById?.get(b.product) : undefined;
  const building_type = b.building_type ?? product?.building_type ?? null;
  return { ...values, building_info: { ...b, building_type }, valid_until: quote.valid_until };
}

/** The form as the API takes it: what the order form would send (its hidden fields left out), less the order's own fields. */
export function payloadOf(values: QuoteFormValues) {
  const {
    status: _status,
    door_number: _door,
    invoice_number: _invoice,
    has_invoice: _hasInvoice,
    has_bol: _hasBol,
    ...fields
  } = toSubmission(values) as OrderInput & Record<string, unknown>;
  // The order form sends Additional Info beside its schema's fields; so does the quote.
  return { ...fields, additional_info: values.additional_info, valid_until: values.valid_until };
}

/**
 * The quote's price as the form's values stand, by the order form's own rule (what a save would store). A quote
 * saved before decision 253 may lack its catalogue product's type: the product's own is used, as the server does.
 */
export function priceOfQuoteValues(
  values: QuoteFormValues,
  taxRate: string,
  productById: ReadonlyMap<number, ProductRow>,
): OrderPriceResult {
  const b = values.building_info;
  const product = typeof b.product === 'number' ? productById.get(b.product) : undefined;
  const buildingType = b.product === CUSTOM_PRODUCT ? b.building_type : (product?.building_type ?? b.building_type);
  return priceOfValues({ ...values, building_info: { ...b, building_type: buildingType } }, taxRate);
}

/**
 * The names of a quote's custom lines (no catalogue item: typed on the order form's "Add custom item", or free text
 * of a quote saved before decision 253): conversion carries them as the order's custom lines at their quoted price.
 */
export function customLinesOf(quote: Pick<QuoteView, 'fields'>): string[] {
  const info = quote.fields.building_info;
  const items = info && typeof info === 'object' ? (info as { additional_items?: unknown }).additional_items : undefined;
  if (!Array.isArray(items)) return [];
  return items.flatMap((i: unknown) => {
    const row = i && typeof i === 'object' ? (i as { item?: unknown; custom_item_name?: unknown }) : {};
    return row.item === null || row.item === undefined ? [typeof row.custom_item_name === 'string' ? row.custom_item_name : ''] : [];
  });
}
