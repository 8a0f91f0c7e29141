/** Readable names of the order's fields, for the history list and the stale-save notice. */

const LABELS: Record<string, string> = {
  status: 'Status',
  date: 'Date',
  ship_date: 'Ship Date',
  ship_via: 'Ship Via',
  invoice_number: 'Invoice Number',
  door_number: 'Door Number',
  eps_po_number: 'EPS PO Number',
  customer_po_job_name: 'Customer PO / Job Name',
  phone: 'Phone',
  po_delivery_date: 'PO Delivery Date',
  special_delivery_info: 'Special Delivery Information',
  notes: 'Order Notes',
  additional_info: 'Additional Info',
  freight_cost: 'Freight Cost',
  discount: 'Discount',
  discount_is_percentage: 'Discount is a percentage',
  tax_exempt: 'Tax Exempt',
  blueprint: 'Blueprint',
  door_placement_drawing: 'Door Drawing',
  door_placement: 'Door Drawing',
  name: 'Name',
  street: 'Street',
  city: 'City',
  state: 'State',
  zip_code: 'ZIP Code',
  country: 'Country',
  product: 'Product',
  price: 'Price',
  building_type: 'Building Type',
  building_description: 'Building Description',
  size: 'Size',
  custom_size: 'Size',
  thickness: 'Thickness',
  door_type: 'Door Type',
  door_type_price: 'Door Type Price',
  door_type_price_manual: 'Door Type Price',
  door_cladding: 'Door Cladding',
  door_cladding_price: 'Door Cladding Price',
  door_cladding_price_manual: 'Door Cladding Price',
  hinge_side: 'Hinge Side',
  roof_color: 'Roof Color',
  siding_color: 'Siding Color',
  item: 'Item',
  custom_item_name: 'Item',
  quantity: 'Quantity',
};

const GROUPS: Record<string, string> = {
  billing_address: 'Billing Address',
  shipping_address: 'Shipping Address',
};

function humanize(key: string): string {
  return key
    .split('_')
    .filter(Boolean)
    .map((word, i) => (i === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word))
    .join(' ');
}

/**
 * 'billing_address.name' -> 'Billing Address: Name';
 * 'building_info.additional_items[1].quantity' (or '.1.') -> 'Additional Item 2: Quantity';
 * 'building_info.door_placement' -> 'Door Information'.
 */
export function fieldLabel(path: string): string {
  const parts = path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean);
  const [head, ...rest] = parts;
  if (!head) return path;
  if (head === 'building_info') {
    if (rest[0] === 'additional_items') {
      const index = Number(rest[1]);
      const item = Number.isInteger(index) ? `Additional Item ${index + 1}` : 'Additional Items';
      const field = rest[2];
      return field ? `${item}: ${LABELS[field] ?? humanize(field)}` : item;
    }
    const field = rest[0];
    if (field === 'door_placement') return 'Door Information';
    return field ? (LABELS[field] ?? humanize(field)) : 'Building';
  }
  const group = GROUPS[head];
  if (group) {
    const field = rest[0];
    return field ? `${group}: ${LABELS[field] ?? humanize(field)}` : group;
  }
  if (head === 'door_placement') return 'Door Drawing';
  return LABELS[head] ?? humanize(head);
}

/** A value as the history shows it. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(blank)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== '')
      .map(([k, v]) => `${LABELS[k] ?? humanize(k)}: ${displayValue(v)}`)
      .join(', ');
  }
  return String(value);
}
