import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '@icehouse/server/trpc';
import {
  DEFAULT_COUNTRY,
  DEFAULT_INVOICE_TERMS,
  formatTwoDecimals,
  newLineItem,
  type Address,
  type InvoicePatchData,
} from '@icehouse/domain';

type Client = TRPCClient<AppRouter>;

/** One row of invoices.list. */
export type InvoiceListRow = Awaited<ReturnType<Client['invoices']['list']['query']>>['results'][number];

/** What invoices.list takes. */
export type InvoiceListInput = NonNullable<Parameters<Client['invoices']['list']['query']>[0]>;

/** One row of invoices.deleted (superusers): a deleted invoice as recorded. */
export type DeletedInvoiceRow = Awaited<
  ReturnType<Client['invoices']['deleted']['query']>
>['results'][number];

/** An invoice as invoices.get (and invoices.update) answer it. */
export type InvoiceDetail = Awaited<ReturnType<Client['invoices']['get']['query']>>;

/** One of the invoice's orders (orders_data). */
export type InvoiceOrder = InvoiceDetail['orders_data'][number];

type ServerAddress = InvoiceDetail['editable_data']['bill_to'];

/** An address block as the editor edits it: the domain's address shape (every field text). */
export type AddressFormValues = Address;

/** A line as the editor edits it: numbers as the text typed. */
export interface LineFormValues {
  quantity: string;
  description: string;
  price_each: string;
  /** Kept from lines made from an order (the freight line says so); null on lines typed by hand. */
  is_freight: boolean | null;
}

export interface EditableFormValues {
  bill_to: AddressFormValues;
  ship_to: AddressFormValues;
  po_job_name: string;
  ship_date: string;
  ship_via: string;
  terms: string;
  due_date: string;
  tax_exempt: boolean;
  tax_rate: string;
  discount: string;
  discount_is_percentage: boolean;
  payments_credits: string;
  line_items: LineFormValues[];
}

/**
 * What the invoice editor edits. Shaped like the PATCH body (invoice_number, date, editable_data),
 * so the domain's invoicePatchSchema checks it as it is and the server's field errors
 * ('editable_data.line_items.0.quantity') name the form's fields directly.
 */
export interface InvoiceFormValues {
  invoice_number: string;
  date: string;
  editable_data: EditableFormValues;
}

/** What the form sends once the schema has checked and normalised it. */
export type InvoiceFormOutput = InvoicePatchData;

function addressValues(address: Partial<ServerAddress> | null | undefined): AddressFormValues {
  return {
    name: address?.name ?? '',
    street: address?.street ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    zip_code: address?.zip_code ?? '',
    country: address?.country || DEFAULT_COUNTRY,
  };
}

/** A new line (Add Item): quantity 1, no description, price 0 (invoices spec §3, §9). */
export function newLineValues(): LineFormValues {
  const line = newLineItem();
  return {
    quantity: String(line.quantity),
    description: line.description,
    price_each: line.price_each,
    is_freight: null,
  };
}

/** The stored invoice as the editor's starting values. */
export function toFormValues(invoice: InvoiceDetail): InvoiceFormValues {
  const data = invoice.editable_data;
  return {
    invoice_number: invoice.invoice_number,
    date: invoice.date,
    editable_data: {
      bill_to: addressValues(data.bill_to),
      ship_to: addressValues(data.ship_to),
      po_job_name: data.po_job_name ?? '',
      ship_date: data.ship_date ?? '',
      ship_via: data.ship_via ?? '',
      terms: data.terms || DEFAULT_INVOICE_TERMS,
      due_date: data.due_date ?? '',
      tax_exempt: data.tax_exempt,
      tax_rate: formatTwoDecimals(data.tax_rate),
      discount: formatTwoDecimals(data.discount),
      discount_is_percentage: data.discount_is_percentage,
      payments_credits: formatTwoDecimals(data.payments_credits),
      line_items: data.line_items.map((line) => ({
        quantity: String(line.quantity),
        description: line.description,
        price_each: formatTwoDecimals(line.price_each),
        is_freight: line.is_freight,
      })),
    },
  };
}

/** `invoice-{number}.pdf`, or `invoice-{id}.pdf` when the invoice has no number (invoices spec §7). */
export function invoiceFileName(invoice: { id: number; invoice_number?: string | null }): string {
  const number = (invoice.invoice_number ?? '').trim().replace(/[\\/:*?"<>|\s]+/g, '-');
  return `invoice-${number || invoice.id}.pdf`;
}

/** The REST path of an invoice's PDF. */
export function invoicePdfPath(id: number): string {
  return `/api/invoices/${id}/pdf/`;
}

/** The route's `:id` as an invoice id, or null when it is not one. */
export function invoiceIdParam(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}
