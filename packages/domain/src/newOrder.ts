import { DEFAULT_ORDER_STATUS } from './status';
import { emptyAddress } from './schemas/address';
import type { OrderInput } from './schemas/order';

/** A new order's starting values: today's date, status pending, country US (orders spec §4). */
export function newOrderDefaults(today: string): OrderInput {
  return {
    status: DEFAULT_ORDER_STATUS,
    date: today,
    door_number: '',
    freight_cost: '0.00',
    discount: '0.00',
    discount_is_percentage: false,
    tax_exempt: false,
    has_invoice: false,
    has_bol: false,
    billing_address: emptyAddress(),
    shipping_address: emptyAddress(),
    building_info: { product: null, price: null, additional_items: [] },
  };
}

/** Fields a copy must not inherit: documents, files and numbers that belong to the original. */
const CLEARED_ON_DUPLICATE = [
  'blueprint',
  'blueprint_filename',
  'door_placement_drawing',
  'door_placement_filename',
  'invoice_details',
  'bill_of_lading_details',
  'bol_number',
] as const;

function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    // `order` inside building_info is the original order's id.
    if (key === 'id' || key === 'order') continue;
    out[key] = withoutIds(v);
  }
  return out;
}

/**
 * The copy made by DUPLICATE ORDER: status pending, a fresh door number, no invoice or bill of
 * lading, no blueprint or door drawing, every id removed, so it saves as a new order.
 */
export function duplicateOrder<T extends object>(order: T, doorNumber: string): T {
  const copy = withoutIds(order) as Record<string, unknown>;
  for (const key of CLEARED_ON_DUPLICATE) if (key in copy) copy[key] = null;
  if ('invoice_number' in copy) copy.invoice_number = '';
  return {
    ...copy,
    status: DEFAULT_ORDER_STATUS,
    door_number: doorNumber,
    has_invoice: false,
    has_bol: false,
  } as T;
}
