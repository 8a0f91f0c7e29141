import {
  additionalItemsTotal,
  calculateInvoiceTotals,
  calculateOrderPrice,
  lineAmount,
  toMoneyString,
  type InvoiceLineItem,
} from '@icehouse/domain';
import type {
  BillOfLadingDocument,
  InvoiceDocument,
  InvoiceLine,
  OrderPrintDocument,
  PdfCompany,
} from '../src/pdf/templates/types';
import { resolveRemitTo } from '../src/pdf/templates/layout';

/**
 * Realistic documents for tests and the benchmark. Amounts are computed the way callers must:
 * with the domain's helpers, never in the templates.
 */

export const sampleCompany: PdfCompany = {
  name: 'North Star Ice House Co.',
  street: '1200 Industrial Pkwy',
  city: 'Duluth',
  state: 'MN',
  zip_code: '55802',
  phone: '(218) 555-0142',
  fax: '(218) 555-0143',
  email: 'orders@northstaricehouse.com',
  website: 'www.northstaricehouse.com',
};

export const sampleCompanyInfo = {
  ...sampleCompany,
  remit_payment_name: 'North Star Ice House Co. - Receivables',
  remit_payment_street: 'PO Box 4410',
  remit_payment_city: 'Duluth',
  remit_payment_state: 'MN',
  remit_payment_zip_code: '55804-4410',
};

const customerAddress = {
  name: 'Lakeside Bait & Tackle',
  street: '48 Harbor View Rd',
  city: 'Two Harbors',
  state: 'MN',
  zip_code: '55616',
  country: 'US',
};

const shipAddress = {
  name: 'Lakeside Bait & Tackle - Store 2',
  street: '7715 Highway 61',
  city: 'Silver Bay',
  state: 'MN',
  zip_code: '55614',
  country: 'US',
};

export const sampleInvoiceLines: InvoiceLineItem[] = [
  {
    quantity: 1,
    description: 'Walk-in Cooler (Freezer/Cooler Unit) - Size: 8x10, Thickness: 4 in',
    price_each: '8450.00',
  },
  { quantity: 1, description: 'Door Cladding: Diamond Plate', price_each: '325.00' },
  { quantity: 2, description: 'LED Light Kit', price_each: '89.50' },
  { quantity: 3, description: 'Galvanized Shelving Unit', price_each: '145.00' },
  { quantity: 1, description: 'Freight', price_each: '650.00', is_freight: true },
];

/** An invoice with the domain's totals: 10% discount, 8.25% tax, $1,000.00 paid. */
export function sampleInvoice(
  overrides: Partial<InvoiceDocument> = {},
  lines = sampleInvoiceLines,
): InvoiceDocument {
  const totals = calculateInvoiceTotals({
    lineItems: lines,
    discount: '10',
    discountIsPercentage: true,
    taxRate: '8.25',
    taxExempt: false,
    paymentsCredits: '1000.00',
  });
  const lineItems: InvoiceLine[] = lines.map((line) => ({
    quantity: line.quantity,
    description: line.description,
    price_each: line.price_each,
    amount: lineAmount(line.quantity, line.price_each),
  }));
  return {
    company: sampleCompany,
    remit_to: resolveRemitTo(sampleCompanyInfo),
    invoice_number: 'INV-10427',
    date: '2025-03-14',
    bill_to: customerAddress,
    ship_to: shipAddress,
    po_job_name: 'PO 5521 / Silver Bay cooler',
    ship_date: '2025-03-21',
    ship_via: 'Customer Pickup',
    terms: 'Due on receipt',
    due_date: '2025-03-14',
    line_items: lineItems,
    totals: {
      subtotal: totals.subtotal,
      discount_amount: totals.discountAmount,
      discount_label: 'Discount (10%)',
      tax_rate: '8.25',
      tax_amount: totals.taxAmount,
      tax_exempt: false,
      total: totals.total,
      payments_credits: '1000.00',
      balance_due: totals.balanceDue,
    },
    order_numbers: ['24-1187'],
    note: 'Thank you for your business.',
    ...overrides,
  };
}

/** `count` numbered lines ('Line item 001 ...'), for documents that span pages. */
export function manyInvoiceLines(count: number): InvoiceLineItem[] {
  return Array.from({ length: count }, (_, i) => ({
    quantity: (i % 4) + 1,
    description: `Line item ${String(i + 1).padStart(3, '0')} - Insulated panel 4 in x 8 ft`,
    price_each: toMoneyString(12.5 + (i % 9) * 3.25),
  }));
}

export function sampleBol(overrides: Partial<BillOfLadingDocument> = {}): BillOfLadingDocument {
  return {
    company: sampleCompany,
    bol_number: 'BOL-2025-0311',
    date: '2025-03-21',
    free_on_board: 'Duluth, MN',
    consignee: shipAddress,
    consignee_phone: '(218) 555-0199',
    bill_to: customerAddress,
    order: {
      door_number: '24-1187',
      customer_po_job_name: 'PO 5521 / Silver Bay cooler',
      eps_po_number: 'EPS-88213',
      ship_via: 'Northland Freight Lines',
      ship_date: '2025-03-21',
    },
    building: {
      description: 'Walk-in Cooler',
      building_type: 'FREEZER_COOLER_UNIT',
      size: '8x10',
      thickness: '4 in',
      door_type: '36 in Walk-in Door',
      hinge_side: 'Left',
      door_cladding: 'Diamond Plate',
      roof_color: 'White',
      siding_color: 'Tan',
    },
    items: [
      { quantity: 2, description: 'LED Light Kit' },
      { quantity: 3, description: 'Galvanized Shelving Unit' },
    ],
    special_delivery_info: 'Call 30 minutes before arrival.\nForklift on site; deliver to the rear dock.',
    ...overrides,
  };
}

export function sampleOrderPrint(overrides: Partial<OrderPrintDocument> = {}): OrderPrintDocument {
  const items = [
    { quantity: 2, item: 'LED Light Kit', price: '89.50' },
    { quantity: 3, item: 'Galvanized Shelving Unit', price: '145.00' },
  ];
  const itemsTotal = additionalItemsTotal(items);
  const price = calculateOrderPrice({
    buildingPrice: '8450.00',
    doorCladdingPrice: '325.00',
    additionalItemsTotal: itemsTotal,
    freightCost: '650.00',
    discount: '250.00',
    discountIsPercentage: false,
    taxRate: '8.25',
    taxExempt: false,
    isDoorOnly: false,
  });
  return {
    company: sampleCompany,
    door_number: '24-1187',
    status: 'scheduled_to_ship',
    date: '2025-03-03',
    ship_date: '2025-03-21',
    ship_via: 'Northland Freight Lines',
    eps_po_number: 'EPS-88213',
    customer_po_job_name: 'PO 5521 / Silver Bay cooler',
    po_delivery_date: '2025-03-24',
    invoice_number: 'INV-10427',
    bol_number: 'BOL-2025-0311',
    customer_name: 'Lakeside Bait & Tackle',
    phone: '(218) 555-0177',
    billing_address: customerAddress,
    shipping_address: shipAddress,
    building: {
      description: 'Walk-in Cooler',
      building_type: 'FREEZER_COOLER_UNIT',
      size: '8x10',
      thickness: '4 in',
      door_type: '36 in Walk-in Door',
      hinge_side: 'Left',
      door_cladding: 'Diamond Plate',
      roof_color: 'White',
      siding_color: 'Tan',
      price: '8450.00',
      door_cladding_price: '325.00',
    },
    door_information: 'Door centered on the 8 ft wall, 18 in from the left corner.\nStrip curtain inside.',
    notes: 'Customer wants the serial plate on the outside of the door frame.',
    special_delivery_info: 'Call 30 minutes before arrival.',
    freight_cost: '650.00',
    additional_items: items.map((item) => ({ ...item, amount: lineAmount(item.quantity, item.price) })),
    totals: {
      additional_items_total: itemsTotal,
      subtotal: price.subtotal,
      discount_amount: price.discountAmount,
      discount_label: 'Discount',
      tax_rate: '8.25',
      tax_amount: price.taxAmount,
      tax_exempt: false,
      total: price.total,
    },
    drawings: [
      { label: 'Blueprint', filename: 'silver-bay-cooler-plan.pdf' },
      { label: 'Door Drawing', filename: 'door-placement-24-1187.pdf' },
    ],
    printed_at: '2025-03-14',
    ...overrides,
  };
}
