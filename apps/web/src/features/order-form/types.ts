import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '@icehouse/server/trpc';
import type { Address } from '@icehouse/domain';

/** Shapes the order form works with: the server's answers (by type only) and the form's own values. */

type Client = TRPCClient<AppRouter>;

/** A full order as `orders.get` answers it. */
export type OrderView = Awaited<ReturnType<Client['orders']['get']['query']>>;
export type HistoryEntry = Awaited<ReturnType<Client['orders']['history']['query']>>[number];
export type SettingRow = Awaited<ReturnType<Client['catalogue']['settings']['list']['query']>>[number];
export type ProductRow = Awaited<ReturnType<Client['catalogue']['products']['list']['query']>>[number];
export type Choice = Awaited<ReturnType<Client['lookups']['countries']['query']>>[number];

export type ProductValue = number | 'custom' | null;

/** An address block as the form edits it: the domain's address shape (every field text). */
export type AddressValues = Address;

export interface ItemValues {
  /** A setting id of category additional_item, or null for a custom item. */
  item: number | null;
  custom_item_name: string;
  /** As typed (a whole number, at least 1). */
  quantity: string;
  price: string;
}

export interface BuildingValues {
  product: ProductValue;
  price: string;
  /** The custom building's type; for a catalogue product its type, kept in step when chosen. */
  building_type: string | null;
  building_description: string;
  size: number | null;
  custom_size: string;
  thickness: number | null;
  door_type: number | null;
  door_type_price: string;
  /** Form-only: the user typed the price (it no longer follows the door type's). */
  door_type_price_manual: boolean;
  door_cladding: number | null;
  door_cladding_price: string;
  door_cladding_price_manual: boolean;
  hinge_side: number | null;
  roof_color: number | null;
  siding_color: number | null;
  /** The Door Information text. */
  door_placement: string;
  additional_items: ItemValues[];
}

/** Everything the form holds. Money and quantities as text, options as ids, blanks as '' or null. */
export interface OrderFormValues {
  status: string;
  date: string;
  ship_date: string;
  ship_via: number | null;
  invoice_number: string;
  door_number: string;
  eps_po_number: string;
  customer_po_job_name: string;
  phone: string;
  po_delivery_date: string;
  special_delivery_info: string;
  notes: string;
  additional_info: string;
  freight_cost: string;
  discount: string;
  discount_is_percentage: boolean;
  tax_exempt: boolean;
  /** Read-only facts of the order, which the status rules look at. */
  has_invoice: boolean;
  has_bol: boolean;
  /** The customer picked, or null; the addresses stay the order's own copies. */
  customer_id: number | null;
  billing_address: AddressValues;
  shipping_address: AddressValues;
  building_info: BuildingValues;
}

export type FileKind = 'blueprint' | 'door_placement';

/** A PDF attached to the order (uploaded), as the form shows it. */
export interface StoredFile {
  url: string;
  filename: string;
}

export interface Option<V extends string | number = number> {
  value: V;
  label: string;
  /** Settings and products carry a price ("850.00"). */
  price?: string | null;
  isDisabled?: boolean;
  /** Why the option is disabled (shown with it). */
  disabledReason?: string | null;
}
