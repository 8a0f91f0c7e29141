import {
  CUSTOM_PRODUCT,
  DEFAULT_COUNTRY,
  emptyAddress,
  calculateOrderPrice,
  formatTwoDecimals,
  keepsDoorTypePrice,
  needsSizeAndThickness,
  newOrderDefaults,
  orderPriceInputFromOrder,
  showsBuildingDescription,
  showsBuildingPrice,
  type OrderInput,
  type OrderPriceResult,
} from '@icehouse/domain';
import type { AddressValues, BuildingValues, ItemValues, OrderFormValues, ProductValue } from './types';

/**
 * Conversions between the server's order, the form's values and what a save sends. No money is
 * computed here: totals come from the domain's calculateOrderPrice.
 */

type Loose = Record<string, unknown>;

const asRecord = (v: unknown): Loose => (v && typeof v === 'object' ? (v as Loose) : {});

function text(v: unknown): string {
  return v === null || v === undefined ? '' : String(v);
}

/** An option's id: 12, "12" or {value: 12}; null when blank or not an id. */
export function optionId(v: unknown): number | null {
  const raw = v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v;
  if (raw === null || raw === undefined || raw === '') return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** A money amount as the inputs show it: two decimals, blank stays blank. */
function money(v: unknown): string {
  return v === null || v === undefined ? '' : formatTwoDecimals(v);
}

function productValue(v: unknown): ProductValue {
  const raw = v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v;
  if (typeof raw === 'string' && raw.trim().toLowerCase() === CUSTOM_PRODUCT) return CUSTOM_PRODUCT;
  return optionId(raw);
}

export function emptyAddressValues(): AddressValues {
  return emptyAddress();
}

function addressValues(v: unknown): AddressValues {
  const a = asRecord(v);
  return {
    name: text(a.name),
    street: text(a.street),
    city: text(a.city),
    state: text(a.state),
    zip_code: text(a.zip_code),
    country: text(a.country) || DEFAULT_COUNTRY,
  };
}

export function emptyItemValues(): ItemValues {
  return { item: null, custom_item_name: '', quantity: '1', price: '' };
}

function itemValues(v: unknown): ItemValues {
  const i = asRecord(v);
  return {
    item: optionId(i.item),
    custom_item_name: text(i.custom_item_name),
    quantity: i.quantity === null || i.quantity === undefined ? '1' : String(i.quantity),
    price: money(i.price),
  };
}

/** The price an option (a setting) carries, by id; null when unknown. */
export type SettingPriceLookup = (id: number | null) => string | null;

/** A door price is manual when it differs from its option's price. */
function isManual(price: string, optionPrice: string | null): boolean {
  return price !== '' && optionPrice !== null && formatTwoDecimals(optionPrice) !== price;
}

/**
 * The form's values for an order as the server gives it, a copy made by duplicateOrder, or the
 * domain's new-order defaults. Unknown fields are ignored; missing ones get their blank value.
 */
export function toFormValues(
  source: unknown,
  settingPrice: SettingPriceLookup = () => null,
): OrderFormValues {
  const o = asRecord(source);
  const b = asRecord(o.building_info);
  const items = Array.isArray(b.additional_items)
    ? b.additional_items
    : Array.isArray(o.additional_items)
      ? o.additional_items
      : [];
  const doorType = optionId(b.door_type);
  const doorCladding = optionId(b.door_cladding);
  const doorTypePrice = money(b.door_type_price);
  const doorCladdingPrice = money(b.door_cladding_price);
  const building: BuildingValues = {
    product: productValue(b.product),
    price: money(b.price),
    building_type: typeof b.building_type === 'string' && b.building_type !== '' ? b.building_type : null,
    building_description: text(b.building_description),
    size: optionId(b.size),
    custom_size: text(b.custom_size),
    thickness: optionId(b.thickness),
    door_type: doorType,
    door_type_price: doorTypePrice,
    door_type_price_manual: isManual(doorTypePrice, settingPrice(doorType)),
    door_cladding: doorCladding,
    door_cladding_price: doorCladdingPrice,
    door_cladding_price_manual: isManual(doorCladdingPrice, settingPrice(doorCladding)),
    hinge_side: optionId(b.hinge_side),
    roof_color: optionId(b.roof_color),
    siding_color: optionId(b.siding_color),
    door_placement: text(b.door_placement),
    additional_items: items.map(itemValues),
  };
  const status = o.status && typeof o.status === 'object' ? asRecord(o.status).value : o.status;
  return {
    status: text(status) || 'pending',
    date: text(o.date),
    ship_date: text(o.ship_date),
    ship_via: optionId(o.ship_via),
    invoice_number: text(o.invoice_number),
    door_number: text(o.door_number),
    eps_po_number: text(o.eps_po_number),
    customer_po_job_name: text(o.customer_po_job_name),
    phone: text(o.phone),
    po_delivery_date: text(o.po_delivery_date),
    special_delivery_info: text(o.special_delivery_info),
    notes: text(o.notes),
    additional_info: text(o.additional_info),
    freight_cost: money(o.freight_cost),
    discount: money(o.discount),
    discount_is_percentage: o.discount_is_percentage === true,
    tax_exempt: o.tax_exempt === true,
    has_invoice: o.has_invoice === true,
    has_bol: o.has_bol === true,
    customer_id: typeof o.customer_id === 'number' ? o.customer_id : null,
    billing_address: o.billing_address ? addressValues(o.billing_address) : emptyAddressValues(),
    shipping_address: o.shipping_address ? addressValues(o.shipping_address) : emptyAddressValues(),
    building_info: building,
  };
}

/** The customer a new order starts with ("New order for this customer" on a customer's page). */
export interface NewOrderCustomer {
  id: number;
  name: string;
  phone: string;
  billing_address: AddressValues;
  /** The customer's default ship-to address, if any. */
  ship_to: AddressValues | null;
}

/**
 * A new order: today's date, status pending, country US (the domain's defaults); for a customer,
 * also their id, billing address, default ship-to address and phone, as picking them would.
 */
export function newOrderValues(today: string, customer?: NewOrderCustomer | null): OrderFormValues {
  const values = toFormValues(newOrderDefaults(today));
  if (!customer) return values;
  return {
    ...values,
    customer_id: customer.id,
    phone: customer.phone || values.phone,
    billing_address: addressValues({ ...customer.billing_address, name: customer.name }),
    shipping_address: customer.ship_to ? addressValues(customer.ship_to) : values.shipping_address,
  };
}

/**
 * What a save sends (and what validation judges): the form's values without the fields the form
 * does not show for this building, so a hidden field neither blocks a save nor reaches the server.
 * The form keeps them, so switching back shows what was typed.
 */
export function toSubmission(v: OrderFormValues): OrderInput {
  const b = v.building_info;
  const isCustom = b.product === CUSTOM_PRODUCT;
  const type = b.building_type;
  const sized = isCustom && needsSizeAndThickness(type);
  return {
    status: v.status,
    date: v.date,
    ship_date: v.ship_date,
    ship_via: v.ship_via,
    invoice_number: v.invoice_number,
    door_number: v.door_number,
    eps_po_number: v.eps_po_number,
    customer_po_job_name: v.customer_po_job_name,
    phone: v.phone,
    po_delivery_date: v.po_delivery_date,
    special_delivery_info: v.special_delivery_info,
    notes: v.notes,
    freight_cost: v.freight_cost,
    discount: v.discount,
    discount_is_percentage: v.discount_is_percentage,
    tax_exempt: v.tax_exempt,
    has_invoice: v.has_invoice,
    has_bol: v.has_bol,
    customer_id: v.customer_id,
    billing_address: { ...v.billing_address },
    shipping_address: { ...v.shipping_address },
    building_info: {
      product: b.product,
      price: showsBuildingPrice(isCustom, type) ? b.price : null,
      building_type: type,
      building_description: isCustom && showsBuildingDescription(type) ? b.building_description : '',
      size: sized ? b.size : null,
      custom_size: sized && b.size === null ? b.custom_size : '',
      thickness: sized ? b.thickness : null,
      door_type: b.door_type,
      door_type_price: b.door_type !== null && keepsDoorTypePrice(type) ? b.door_type_price : null,
      door_cladding: b.door_cladding,
      door_cladding_price: b.door_cladding !== null ? b.door_cladding_price : null,
      hinge_side: b.hinge_side,
      roof_color: isCustom ? b.roof_color : null,
      siding_color: isCustom ? b.siding_color : null,
      door_placement: b.door_placement,
      additional_items: b.additional_items.map((item) => ({
        item: item.item,
        custom_item_name: item.item === null ? item.custom_item_name : '',
        quantity: item.quantity,
        price: item.price,
      })),
    },
  };
}

/** The order's price as the form's values stand, by the domain's rule (what a save would store). */
export function priceOfValues(values: OrderFormValues, taxRate: string): OrderPriceResult {
  const sent = toSubmission(values);
  const info = sent.building_info ?? {};
  return calculateOrderPrice(
    orderPriceInputFromOrder(
      {
        freight_cost: sent.freight_cost as string,
        discount: sent.discount as string,
        discount_is_percentage: sent.discount_is_percentage,
        tax_exempt: sent.tax_exempt,
        building_info: {
          price: info.price as string | null,
          door_type_price: info.door_type_price as string | null,
          door_cladding_price: info.door_cladding_price as string | null,
          additional_items: values.building_info.additional_items,
        },
      },
      { taxRate, buildingType: values.building_info.building_type },
    ),
  );
}
