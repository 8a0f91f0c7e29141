import { INVOICE_TEXT } from './texts';

/** The editor's fields as its labels name them (the overwrite question lists them). */
const LABELS: Record<string, string> = {
  invoice_number: INVOICE_TEXT.invoiceNumber,
  date: INVOICE_TEXT.date,
  po_job_name: INVOICE_TEXT.poJobName,
  ship_date: INVOICE_TEXT.shipDate,
  ship_via: INVOICE_TEXT.via,
  terms: INVOICE_TEXT.terms,
  due_date: INVOICE_TEXT.dueDate,
  tax_exempt: INVOICE_TEXT.taxExempt,
  tax_rate: INVOICE_TEXT.taxRate,
  discount: INVOICE_TEXT.discount,
  discount_is_percentage: INVOICE_TEXT.discount,
  name: INVOICE_TEXT.name,
  street: INVOICE_TEXT.street,
  city: INVOICE_TEXT.city,
  state: INVOICE_TEXT.state,
  zip_code: INVOICE_TEXT.zip,
  country: INVOICE_TEXT.country,
};

/** A line's field, by its 1-based item number. */
const LINE_FIELDS: Record<string, (n: number) => string> = {
  quantity: INVOICE_TEXT.qtyOf,
  description: INVOICE_TEXT.descriptionOf,
  price_each: INVOICE_TEXT.priceEachOf,
};

const ADDRESSES: Record<string, string> = { bill_to: INVOICE_TEXT.billTo, ship_to: INVOICE_TEXT.shipTo };

/**
 * 'editable_data.bill_to.name' -> 'Bill To: Name'; 'editable_data.line_items.1.price_each' ->
 * 'Price Each of item 2'; 'date' -> 'Date'.
 */
export function invoiceFieldLabel(path: string): string {
  const parts = path.split('.').filter((part) => part !== 'editable_data');
  const [head, ...rest] = parts;
  if (!head) return path;
  const address = ADDRESSES[head];
  if (address) return rest[0] ? `${address}: ${LABELS[rest[0]] ?? rest[0]}` : address;
  if (head === 'line_items') {
    const index = Number(rest[0]);
    const field = rest[1] ? LINE_FIELDS[rest[1]] : undefined;
    return field && Number.isInteger(index) ? field(index + 1) : INVOICE_TEXT.lineItems;
  }
  return LABELS[head] ?? head;
}
