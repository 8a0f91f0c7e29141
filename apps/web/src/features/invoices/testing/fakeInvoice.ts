/**
 * Test support: fake invoices (InvoiceDetail and list rows) with their totals, balance and payment
 * status worked out by the same domain rules as the server (calculateInvoiceTotals). Only tests
 * import this file.
 */
import {
  balanceDueOf,
  calculateInvoiceTotals,
  creditOf,
  invoicePaymentStatus,
  lineAmount,
  todayIso,
} from '@icehouse/domain';
import type { InvoiceDetail, InvoiceListRow, InvoiceOrder } from '../types';
import { SAMPLE_BILLING, sampleOrder } from '../../order-form/testing/sampleOrders';

type Editable = InvoiceDetail['editable_data'];
type Line = Editable['line_items'][number];

export interface FakeInvoiceFields {
  invoice_number?: string;
  date?: string;
  customer_name?: string;
  orders?: { id: number; door_number: string }[];
  has_manual_edits?: boolean;
  version?: number;
  editable?: Partial<Omit<Editable, 'line_items'>> & {
    line_items?: { quantity: number; description: string; price_each: string; is_freight?: boolean | null }[];
  };
}

const address = (name: string) => ({
  name,
  street: '12 Lake Rd',
  city: 'Duluth',
  state: 'MN',
  zip_code: '55802',
  country: 'US',
});

function lineViews(lines: NonNullable<FakeInvoiceFields['editable']>['line_items']): Line[] {
  return (lines ?? []).map((line, index) => ({
    id: index + 1,
    quantity: line.quantity,
    description: line.description,
    price_each: line.price_each,
    amount: lineAmount(line.quantity, line.price_each),
    is_freight: line.is_freight ?? null,
  }));
}

/** An order of an invoice, as orders_data carries it: the order form's sample order, completed and invoiced. */
function orderView(id: number, door: string, customer: string, date: string): InvoiceOrder {
  // Built as pending (the domain's order rules check a status's requirements), then given its status.
  return sampleOrder(
    id,
    {
      date,
      door_number: door,
      billing_address: { ...SAMPLE_BILLING, name: customer },
      shipping_address: { name: customer },
    },
    { status: 'completed', status_display: 'Completed', has_invoice: true },
  );
}

/** An invoice as invoices.get answers it; totals by the domain's rule. */
export function fakeInvoice(id: number, fields: FakeInvoiceFields = {}): InvoiceDetail {
  const customer = fields.customer_name ?? `Customer ${id}`;
  const date = fields.date ?? '2024-03-05';
  const orders = fields.orders ?? [{ id: 100 + id, door_number: String(1000 + id) }];
  const { line_items: lines, ...terms } = fields.editable ?? {};
  const editable: Editable = {
    bill_to: address(customer),
    ship_to: address(customer),
    po_job_name: '',
    ship_date: null,
    ship_via: '',
    terms: 'Due on receipt',
    due_date: null,
    tax_exempt: false,
    tax_rate: '0.00',
    discount: '0.00',
    discount_is_percentage: false,
    payments_credits: '0.00',
    ...terms,
    line_items: lineViews(lines ?? [{ quantity: 1, description: 'Walk-in cooler', price_each: '1000.00' }]),
  };
  return withTotals({
    id,
    invoice_number: fields.invoice_number ?? String(2000 + id),
    date,
    customer_name: customer,
    order_number: orders.map((o) => o.door_number).join(', '),
    order_count: orders.length,
    orders: orders.map((o) => o.id),
    orders_data: orders.map((o) => orderView(o.id, o.door_number, customer, date)),
    total_amount: '0.00',
    has_manual_edits: fields.has_manual_edits ?? false,
    is_combined: orders.length > 1,
    line_items: { items: editable.line_items },
    editable_data: editable,
    totals: {
      subtotal: '0.00',
      discount_amount: '0.00',
      tax_amount: '0.00',
      total: '0.00',
      payments_credits: '0.00',
      balance_due: '0.00',
      credit: '0.00',
    },
    balance_due: '0.00',
    due_date: null,
    status: 'paid',
    version: fields.version ?? 1,
    created_at: '2024-03-05T10:00:00.000Z',
    updated_at: '2024-03-05T10:00:00.000Z',
  });
}

/** The invoice with its totals, balance and status worked out by the domain rules. */
export function withTotals(invoice: InvoiceDetail): InvoiceDetail {
  const data = invoice.editable_data;
  const totals = calculateInvoiceTotals({
    lineItems: data.line_items.map((l) => ({ ...l, is_freight: l.is_freight ?? undefined })),
    discount: data.discount,
    discountIsPercentage: data.discount_is_percentage,
    taxRate: data.tax_rate,
    taxExempt: data.tax_exempt,
    paymentsCredits: data.payments_credits,
  });
  return {
    ...invoice,
    total_amount: totals.total,
    line_items: { items: data.line_items },
    totals: {
      subtotal: totals.subtotal,
      discount_amount: totals.discountAmount,
      tax_amount: totals.taxAmount,
      total: totals.total,
      payments_credits: data.payments_credits,
      balance_due: totals.balanceDue,
      credit: creditOf(totals.total, data.payments_credits),
    },
    balance_due: totals.balanceDue,
    due_date: data.due_date,
    status: invoicePaymentStatus({
      total: totals.total,
      paid: data.payments_credits,
      dueDate: data.due_date,
      today: todayIso(),
    }),
  };
}

/** The list row of an invoice. */
export function toListRow(invoice: InvoiceDetail): InvoiceListRow {
  return {
    id: invoice.id,
    invoice_number: invoice.invoice_number,
    date: invoice.date,
    customer_name: invoice.customer_name,
    order_number: invoice.order_number,
    order_count: invoice.order_count,
    orders: invoice.orders,
    total_amount: invoice.total_amount,
    has_manual_edits: invoice.has_manual_edits,
    is_combined: invoice.is_combined,
    updated_at: '2024-03-05T12:00:00.000Z',
    balance_due: invoice.balance_due,
    due_date: invoice.due_date,
    status: invoice.status,
  };
}

/** The money summary the payments procedures answer with. */
export function paymentSummary(invoice: InvoiceDetail) {
  const paid = invoice.editable_data.payments_credits;
  return {
    invoice_id: invoice.id,
    invoice_number: invoice.invoice_number,
    total: invoice.total_amount,
    paid,
    balance_due: balanceDueOf(invoice.total_amount, paid),
    credit: creditOf(invoice.total_amount, paid),
    status: invoice.status,
    due_date: invoice.editable_data.due_date,
    version: invoice.version,
  };
}
