import { z } from 'zod';
import { TEXT_LIMITS, boundedString, invoicePatchSchema } from '@icehouse/domain';
import { orderAnswer } from '../orders/schemas';

/**
 * Schemas of the invoices API: inputs the domain does not own (list query, the create-invoice
 * body, tRPC inputs) and the answers (for the OpenAPI document). The PATCH body is validated by
 * the service with the domain's invoicePatchSchema, after merging it over the stored invoice.
 */

// ------------------------------------------------------------------------------------- inputs

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const INTEGER = 'A valid integer is required.';

/** GET /api/invoices/?search=&page= */
export const invoiceListQuery = z.object({
  search: z.preprocess(blankToUndefined, boundedString(TEXT_LIMITS.search).optional()),
  page: z.preprocess(blankToUndefined, z.coerce.number({ error: INTEGER }).int(INTEGER).min(1, INTEGER).max(1_000_000, INTEGER).optional()),
});

/** tRPC invoices.list */
export const invoiceListInput = z
  .object({
    search: boundedString(TEXT_LIMITS.search).nullish(),
    page: z.number().int().min(1).nullish(),
  })
  .nullish();

/** POST /api/orders/{id}/create-invoice/ */
export const createInvoiceBody = z.object({
  return_json: z.unknown().optional().describe('Accepted for compatibility; the answer is always JSON'),
  recreate: z
    .boolean()
    .optional()
    .describe('true: when the order has an invoice, rebuild its lines and terms from the order (keeps number, date, payments)'),
});

export const invoiceIdInput = z.object({ id: z.number().int().positive() });
/** GET /api/invoices/deleted/?page= and invoices.deleted */
export const deletedInvoiceListQuery = invoiceListQuery.pick({ page: true });
export const deletedInvoiceListInput = z.object({ page: z.number().int().min(1).nullish() }).nullish();
export const createForOrderInput = z.object({ orderId: z.number().int().positive(), recreate: z.boolean().optional() });

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function patchJsonSchema(): Record<string, unknown> {
  try {
    const json = z.toJSONSchema(invoicePatchSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    delete json.$schema;
    const properties = { ...((json.properties as Record<string, unknown> | undefined) ?? {}) };
    properties.version = { type: 'integer', description: 'The version you read; stale -> 409. Optional.' };
    return { ...json, properties };
  } catch {
    return { type: 'object' };
  }
}

export interface InvoicePatchBody {
  invoice_number?: unknown;
  date?: unknown;
  editable_data?: unknown;
  version?: unknown;
}

/** The PATCH body: only its shape (an object) is checked here; the service validates the fields. */
export const invoicePatchBody = z
  .custom<InvoicePatchBody>(isPlainObject, { message: 'Send the changes as a JSON object.' })
  .meta({
    description:
      'Any of invoice_number, date, editable_data (the keys of editable_data sent replace the stored ones), ' +
      'and optionally the version read (stale -> 409). Totals are computed by the server.',
    ...patchJsonSchema(),
  });

export const invoiceUpdateInput = z.object({ id: z.number().int().positive(), data: invoicePatchBody });

// ------------------------------------------------------------------------------------ answers

const money = z.string().describe('Decimal with two places, e.g. "1250.00"');
const date = z.string().describe('YYYY-MM-DD');

export const createdInvoiceAnswer = z.object({ id: z.number().int(), invoice_number: z.string() });

const lineAnswer = z.object({
  id: z.number().int(),
  quantity: z.number(),
  description: z.string(),
  price_each: money,
  amount: money.describe('quantity x price_each, rounded to cents'),
  is_freight: z.boolean().nullable().describe('Set on lines made from an order; null on lines typed by hand (a description containing "freight" then decides)'),
});

const addressAnswer = z.object({
  name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  country: z.string(),
});

export const invoiceListRowAnswer = z.object({
  id: z.number().int(),
  invoice_number: z.string(),
  date,
  customer_name: z.string(),
  order_number: z.string().describe("The order's door number, or the door numbers joined with ', '"),
  order_count: z.number().int(),
  orders: z.array(z.number().int()),
  total_amount: money,
  has_manual_edits: z.boolean(),
  is_combined: z.boolean(),
});

export const invoiceListAnswer = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(invoiceListRowAnswer),
});

export const deletedInvoiceListAnswer = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(
    z.object({
      invoice_number: z.string(),
      date,
      total_amount: money,
      customer_name: z.string(),
      order_number: z.string().describe("Its orders' door numbers joined with ', '"),
      deleted_by: z.string().nullable().describe('Username of who deleted it (null: unknown)'),
      deleted_at: z.string().describe('ISO 8601 timestamp'),
    }),
  ),
});

export const invoiceAnswer = invoiceListRowAnswer.extend({
  orders_data: z.array(orderAnswer),
  line_items: z.object({ items: z.array(lineAnswer) }),
  editable_data: z.object({
    bill_to: addressAnswer,
    ship_to: addressAnswer,
    po_job_name: z.string(),
    ship_date: date.nullable(),
    ship_via: z.string(),
    terms: z.string(),
    due_date: date.nullable(),
    tax_exempt: z.boolean(),
    tax_rate: money,
    discount: money,
    discount_is_percentage: z.boolean(),
    payments_credits: money,
    line_items: z.array(lineAnswer),
  }),
  totals: z.object({
    subtotal: money,
    discount_amount: money,
    tax_amount: money,
    total: money,
    payments_credits: money,
    balance_due: money,
  }),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
