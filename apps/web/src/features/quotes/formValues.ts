import {
  BUILDING_TYPE_LABELS,
  CUSTOM_PRODUCT,
  calculateOrderPrice,
  defaultValidUntil,
  orderPriceInputFromOrder,
  todayIso,
  type BuildingType,
  type MoneyInput,
  type OrderPriceResult,
  type OrderPricingContext,
} from '@icehouse/domain';
import type { QuoteView } from './types';

/** The quote form's values: the order form's fields by their wire names (decision 163), and Valid Until. */
export interface QuoteAddress {
  name: string;
  street: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
}
export interface QuoteItem {
  custom_item_name: string;
  item: number | null;
  quantity: string;
  price: string;
}
export interface QuoteFormValues {
  /** Fields of the order form this editor does not show (ship date, door type, colours...): kept as saved. */
  kept: { fields: Record<string, unknown>; building: Record<string, unknown> };
  date: string;
  valid_until: string;
  customer_id: number | null;
  customer_po_job_name: string;
  phone: string;
  notes: string;
  freight_cost: string;
  discount: string;
  discount_is_percentage: boolean;
  tax_exempt: boolean;
  billing_address: QuoteAddress;
  shipping_address: QuoteAddress;
  building_info: {
    product: string;
    building_type: string;
    building_description: string;
    price: string;
    door_cladding: number | null;
    door_cladding_price: string;
    additional_items: QuoteItem[];
  };
}

const address = (a?: Partial<QuoteAddress> | null): QuoteAddress => ({
  name: a?.name ?? '',
  street: a?.street ?? '',
  city: a?.city ?? '',
  state: a?.state ?? '',
  zip_code: a?.zip_code ?? '',
  country: a?.country ?? 'US',
});

export function emptyQuote(today = todayIso()): QuoteFormValues {
  return {
    kept: { fields: {}, building: {} },
    date: today,
    valid_until: defaultValidUntil(today),
    customer_id: null,
    customer_po_job_name: '',
    phone: '',
    notes: '',
    freight_cost: '0.00',
    discount: '0.00',
    discount_is_percentage: false,
    tax_exempt: false,
    billing_address: address(),
    shipping_address: address(),
    building_info: {
      product: '',
      building_type: '',
      building_description: '',
      price: '',
      door_cladding: null,
      door_cladding_price: '',
      additional_items: [],
    },
  };
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A saved quote's fields back into the form. */
export function valuesOfQuote(quote: QuoteView): QuoteFormValues {
  const f = quote.fields as Record<string, unknown> & {
    billing_address?: Partial<QuoteAddress>;
    shipping_address?: Partial<QuoteAddress>;
    building_info?: Record<string, unknown> & { additional_items?: Record<string, unknown>[] };
  };
  const b = f.building_info ?? {};
  return {
    kept: { fields: f, building: b },
    date: quote.date,
    valid_until: quote.valid_until,
    customer_id: typeof f.customer_id === 'number' ? f.customer_id : null,
    customer_po_job_name: text(f.customer_po_job_name),
    phone: text(f.phone),
    notes: text(f.notes),
    freight_cost: text(f.freight_cost),
    discount: text(f.discount),
    discount_is_percentage: f.discount_is_percentage === true,
    tax_exempt: f.tax_exempt === true,
    billing_address: address(f.billing_address),
    shipping_address: address(f.shipping_address),
    building_info: {
      product: text(b.product),
      building_type: text(b.building_type),
      building_description: text(b.building_description),
      price: text(b.price),
      door_cladding: typeof b.door_cladding === 'number' ? b.door_cladding : null,
      door_cladding_price: text(b.door_cladding_price),
      additional_items: (b.additional_items ?? []).map((i) => ({
        custom_item_name: text(i.custom_item_name),
        item: typeof i.item === 'number' ? i.item : null,
        quantity: text(i.quantity),
        price: text(i.price),
      })),
    },
  };
}

/** The form as the API takes it (the order form's wire shape). */
export function payloadOf(values: QuoteFormValues) {
  const { kept, ...shown } = values;
  const b = shown.building_info;
  return {
    ...kept.fields,
    ...shown,
    building_info: {
      ...kept.building,
      ...b,
      product: b.product === CUSTOM_PRODUCT ? CUSTOM_PRODUCT : b.product === '' ? null : Number(b.product),
      building_type: b.product === CUSTOM_PRODUCT ? b.building_type || null : null,
      price: b.price || null,
      door_cladding_price: b.door_cladding_price || null,
      additional_items: b.additional_items.map((i) => ({ ...i, quantity: i.quantity || '1' })),
    },
  };
}

/**
 * The quote's price as the form's values stand, by the order's rule (what a save would store): read from the
 * pricing fields alone, so the totals follow the prices as they are typed, before the rest of the form (a
 * bill-to name, say) is complete. A field that is not a number yet counts as nothing.
 */
export function priceOfQuoteValues(values: QuoteFormValues, context: OrderPricingContext): OrderPriceResult {
  const sent = payloadOf(values);
  const info = sent.building_info as typeof sent.building_info & { door_type_price?: MoneyInput };
  return calculateOrderPrice(
    orderPriceInputFromOrder(
      {
        freight_cost: sent.freight_cost,
        discount: sent.discount,
        discount_is_percentage: sent.discount_is_percentage,
        tax_exempt: sent.tax_exempt,
        building_info: {
          price: info.price,
          door_type_price: info.door_type_price,
          door_cladding_price: info.door_cladding_price,
          additional_items: info.additional_items,
        },
      },
      context,
    ),
  );
}

export const BUILDING_TYPE_OPTIONS = Object.entries(BUILDING_TYPE_LABELS) as [BuildingType, string][];
