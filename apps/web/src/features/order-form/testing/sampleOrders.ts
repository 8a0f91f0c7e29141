/**
 * Test support for the order form: the catalogue (settings, products) and sample orders as the
 * server answers them (OrderView). Only tests import this file.
 */
import {
  CUSTOM_PRODUCT,
  calculateOrderPrice,
  orderPriceInputFromOrder,
  orderSchema,
  statusLabel,
  type OrderData,
} from '@icehouse/domain';
import type { OrderView, ProductRow, SettingRow } from '../types';

const CATEGORY_LABELS: Record<string, string> = {
  ship_via: 'Ship Via',
  size: 'Size',
  thickness: 'Thickness',
  door_type: 'Door Type',
  door_cladding: 'Door Cladding',
  hinge_side: 'Hinge Side',
  roof_color: 'Roof Color',
  siding_color: 'Siding Color',
  additional_item: 'Additional Item',
};

function setting(id: number, category: SettingRow['category'], value: string, price = '0.00'): SettingRow {
  return { id, category, category_display: CATEGORY_LABELS[category] ?? category, value, price };
}

export const SETTINGS: SettingRow[] = [
  setting(1, 'ship_via', 'Customer Pickup'),
  setting(2, 'ship_via', 'Freight Carrier'),
  setting(10, 'size', '8x10'),
  setting(11, 'size', '8x12'),
  setting(20, 'thickness', '4"'),
  setting(21, 'thickness', '6"'),
  setting(30, 'door_type', 'Standard Swing 36"', '850.00'),
  setting(31, 'door_type', 'Sliding Cooler Door', '1650.00'),
  setting(40, 'door_cladding', 'Galvalume', '125.00'),
  setting(41, 'door_cladding', 'Stainless Steel', '475.00'),
  setting(50, 'hinge_side', 'Left'),
  setting(51, 'hinge_side', 'Right'),
  setting(60, 'roof_color', 'Charcoal'),
  setting(70, 'siding_color', 'Polar White'),
  setting(80, 'additional_item', 'Strip Curtain', '165.00'),
  setting(81, 'additional_item', 'Interior LED Light', '85.00'),
  setting(82, 'additional_item', 'Rod Holder Set', '45.00'),
];

function product(
  id: number,
  description: string,
  building_type: ProductRow['building_type'],
  price: string,
): ProductRow {
  return {
    id,
    description,
    building_type,
    building_type_display: building_type,
    is_simple: true,
    price,
    components: [],
    calculated_price: price,
    total_cost: '0.00',
  };
}

export const PRODUCTS: ProductRow[] = [
  product(1, 'Walk-in Cooler 8x10', 'FREEZER_COOLER_UNIT', '8950.00'),
  product(2, 'Ice House Kit 8x16', 'ICE_HOUSE_KIT', '1000'),
  product(3, 'Cooler Door Kit', 'DOOR_ONLY', '415.6'),
];

const settingLabel = (id: number | null) =>
  id === null ? '' : (SETTINGS.find((s) => s.id === id)?.value ?? '');

function address(id: number, data: OrderData['billing_address']) {
  return { id, ...data };
}

/** A full order answer from validated order data, as the server builds it. */
export function orderView(
  id: number,
  data: OrderData,
  extra: Partial<OrderView> & { version?: number; additional_info?: string } = {},
  taxRate = '0.00',
): OrderView {
  const b = data.building_info;
  const items = b.additional_items.map((item, i) => ({ id: id * 100 + i, ...item }));
  const productType =
    typeof b.product === 'number' ? (PRODUCTS.find((p) => p.id === b.product)?.building_type ?? null) : null;
  const building_type = b.building_type ?? productType;
  const priced = calculateOrderPrice(
    orderPriceInputFromOrder(
      { ...data, building_info: { ...b, additional_items: items } },
      { taxRate, buildingType: building_type },
    ),
  );
  const hasInvoice = extra.invoice_details != null;
  const hasBol = extra.bill_of_lading_details != null;
  const view: OrderView = {
    id,
    status: data.status,
    status_display: statusLabel(data.status),
    has_bol: hasBol,
    has_invoice: hasInvoice,
    can_change_status: false,
    missing_requirements: [],
    next_possible_status: null,
    date: data.date,
    ship_date: data.ship_date,
    ship_via: data.ship_via === null ? null : { value: data.ship_via, label: settingLabel(data.ship_via) },
    invoice_number: data.invoice_number,
    door_number: data.door_number,
    special_delivery_info: data.special_delivery_info,
    customer_po_job_name: data.customer_po_job_name,
    freight_cost: data.freight_cost,
    discount: data.discount,
    discount_is_percentage: data.discount_is_percentage,
    tax_exempt: data.tax_exempt,
    phone: data.phone,
    eps_po_number: data.eps_po_number,
    po_delivery_date: data.po_delivery_date,
    notes: data.notes,
    additional_info: extra.additional_info ?? '',
    bol_number: null,
    customer_name: data.billing_address.name || data.shipping_address.name,
    customer_id: null,
    blueprint: null,
    blueprint_filename: null,
    door_placement_drawing: null,
    door_placement_filename: null,
    invoice_details: null,
    bill_of_lading_details: null,
    billing_address: address(id * 10 + 1, data.billing_address),
    shipping_address: address(id * 10 + 2, data.shipping_address),
    building_info: {
      id,
      order: id,
      product: b.product,
      is_custom: b.product === CUSTOM_PRODUCT,
      price: b.price,
      building_type,
      building_description: b.building_description,
      size: b.size,
      custom_size: b.custom_size,
      thickness: b.thickness,
      door_type: b.door_type,
      door_type_price: b.door_type_price,
      door_cladding: b.door_cladding,
      door_cladding_price: b.door_cladding_price,
      hinge_side: b.hinge_side,
      roof_color: b.roof_color,
      siding_color: b.siding_color,
      door_placement: b.door_placement,
      additional_items: items,
    },
    additional_items: items,
    totals: {
      subtotal: priced.subtotal,
      discount_amount: priced.discountAmount,
      tax_amount: priced.taxAmount,
      total: priced.total,
      tax_rate: taxRate,
    },
    version: 1,
    created_at: '2024-03-05T15:00:00.000Z',
    updated_at: '2024-03-05T15:00:00.000Z',
    ...extra,
  };
  return view;
}

/** The sample order's billing address. */
export const SAMPLE_BILLING = {
  name: 'Acme Cold Storage',
  street: '1 Main St',
  city: 'Duluth',
  state: 'MN',
  zip_code: '55802',
};

/** A valid saved order: a catalogue Walk-in Cooler for Acme, pending. */
export function sampleOrder(id = 7, overrides: Record<string, unknown> = {}, extra: Partial<OrderView> = {}) {
  const data = orderSchema.parse({
    status: 'pending',
    date: '2024-03-05',
    door_number: '1007',
    billing_address: SAMPLE_BILLING,
    shipping_address: { name: 'Acme Cold Storage' },
    building_info: { product: 1, price: '8950.00', building_type: 'FREEZER_COOLER_UNIT' },
    ...overrides,
  });
  return orderView(id, data, extra);
}
