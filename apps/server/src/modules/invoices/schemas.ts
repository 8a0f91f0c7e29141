import { z } from 'zod';
import {
  INVOICE_STATUSES,
  invoicePatchSchema,
  invoiceStatusFilter,
  storedAddressSchema,
} from '@icehouse/domain';
import { idField } from '../../operations/input';
import { listOrdering, listPage, listPageSize, listText, listUpdatedSince, pageAnswer, restPageAnswer } from '../../operations/list-input';
import { orderAnswer } from '../orders/schemas';
import { paymentAnswer } from '../payments/schemas';
import { successAnswer } from '../../operations/answers';
import { customerLinkAnswer, customerLinkCreatedAnswer, customerLinkEventsAnswer, customerLinksAnswer } from '../links/schemas';

/**
 * Schemas of the invoices operations: inputs the domain does not own and the answers (their one
 * description: typed for the web, documented, checked in tests). The PATCH body is validated by
 * the service with the domain's invoicePatchSchema, after merging it over the stored invoice.
 */

// ------------------------------------------------------------------------------------- inputs

/** The list's filters: `?search=&page=` on REST, the same object on tRPC. */
export const invoiceListInput = z
  .object({
    search: listText(),
    /** The derived payment status (invoicePaymentStatus): unpaid, partially_paid, paid or overdue. */
    status: invoiceStatusFilter.optional(),
    page: listPage(),
    page_size: listPageSize(),
    updated_since: listUpdatedSince(),
    ordering: listOrdering(),
  })
  .nullish();

export const invoiceIdInput = z.object({ id: idField });

/** Create the invoice of one order (`POST /api/orders/{id}/create-invoice/` takes recreate and return_json in its body). */
export const createForOrderInput = z.object({
  orderId: idField,
  return_json: z.unknown().optional().describe('Accepted for compatibility; the answer is always JSON'),
  recreate: z
    .boolean()
    .optional()
    .describe(
      'true: when the order has an invoice, rebuild its lines and terms from the order (keeps number, date, payments)',
    ),
});

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function patchJsonSchema(): Record<string, unknown> {
  try {
    const json = z.toJSONSchema(invoicePatchSchema, { io: 'input', unrepresentable: 'any' }) as Record<
      string,
      unknown
    >;
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

export const invoiceUpdateInput = z.object({ id: idField, data: invoicePatchBody });

// ------------------------------------------------------------------------------------ answers

const money = z.string().describe('Decimal with two places, e.g. "1250.00"');
const date = z.string().describe('YYYY-MM-DD');

export const createdInvoiceAnswer = z.object({ id: z.number().int(), invoice_number: z.string() });
/** tRPC also says whether it was made now (false: the order already had it). */
export const createForOrderAnswer = createdInvoiceAnswer.extend({ created: z.boolean() });

export const lineAnswer = z.object({
  id: z.number().int(),
  quantity: z.number(),
  description: z.string(),
  price_each: money,
  amount: money.describe('quantity x price_each, rounded to cents'),
  is_freight: z
    .boolean()
    .nullable()
    .describe(
      'Set on lines made from an order; null on lines typed by hand (a description containing "freight" then decides)',
    ),
});

export const invoiceAddressAnswer = storedAddressSchema;

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
  updated_at: z.string().describe('ISO 8601 timestamp of the last change (the cursor of updated_since)'),
  balance_due: money.describe('total − payments, never below 0'),
  due_date: date.nullable().describe('When the balance is due (null: no due date set)'),
  status: z
    .enum(INVOICE_STATUSES)
    .describe('Derived: unpaid, partially_paid, paid, overdue (a balance past its due date)'),
});

export const invoiceListAnswer = pageAnswer(invoiceListRowAnswer);
export const invoiceListRestAnswer = restPageAnswer(invoiceListRowAnswer);

const deletedInvoiceRowAnswer = z.object({
  invoice_number: z.string(),
  date,
  total_amount: money,
  customer_name: z.string(),
  order_number: z.string().describe("Its orders' door numbers joined with ', '"),
  deleted_by: z.string().nullable().describe('Username of who deleted it (null: unknown)'),
  deleted_at: z.string().describe('ISO 8601 timestamp'),
});
/** The record of deleted invoices (decision 011), 25 a page (or page_size). */
export const deletedInvoiceListInput = z.object({ page: listPage(), page_size: listPageSize() }).optional();
export const deletedInvoiceListAnswer = pageAnswer(deletedInvoiceRowAnswer);
export const deletedInvoiceListRestAnswer = restPageAnswer(deletedInvoiceRowAnswer);

export const invoiceAnswer = invoiceListRowAnswer.extend({
  orders_data: z.array(orderAnswer),
  line_items: z.object({ items: z.array(lineAnswer) }),
  editable_data: z.object({
    bill_to: invoiceAddressAnswer,
    ship_to: invoiceAddressAnswer,
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
    credit: money.describe('An overpayment: payments − total when more was paid, else 0.00'),
  }),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

/**
 * The PATCH answer: the invoice, and the ledger entry the edit recorded when it set
 * editable_data.payments_credits to another value than the ledger's sum (null otherwise).
 */
export const invoiceUpdateAnswer = invoiceAnswer.extend({
  payment_adjustment: paymentAnswer
    .nullable()
    .describe('The adjustment entry recorded for a changed payments_credits (the difference), or null'),
});

/**
 * What a customer sees of an invoice through a link (decision 210): its key figures (the staff's
 * payments summary, the domain's balance and status rules) and how to pay; nothing of the staff's.
 */
export const customerInvoiceAnswer = z.object({
  invoice_number: z.string(),
  company_name: z.string(),
  customer_name: z.string(),
  date,
  due_date: date.nullable(),
  terms: z.string(),
  total: money,
  paid: money.describe('Payments and credits recorded on the invoice (the ledger\'s sum)'),
  credit: money.describe('paid − total when more was paid, else 0.00'),
  balance_due: money.describe('total − paid, never below 0'),
  status: z.enum(INVOICE_STATUSES),
  remit_to: z
    .object({ name: z.string(), street: z.string(), city: z.string(), state: z.string(), zip_code: z.string() })
    .describe('Where to send payment: the remit-to address of Company Information'),
});

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const invoicesAnswers = {
  'invoices.list': invoiceListAnswer,
  'invoices.deleted': deletedInvoiceListAnswer,
  'invoices.get': invoiceAnswer,
  'invoices.update': invoiceUpdateAnswer,
  'invoices.delete': successAnswer,
  'invoices.createForOrder': createForOrderAnswer,
  'invoices.links': customerLinksAnswer,
  'invoices.createLink': customerLinkCreatedAnswer,
  'invoices.revokeLink': customerLinkAnswer,
  'invoices.linkEvents': customerLinkEventsAnswer,
  'customerLinks.invoice': customerInvoiceAnswer,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const invoicesRestAnswers = {
  'GET /api/invoices/': invoiceListRestAnswer,
  'GET /api/invoices/deleted/': deletedInvoiceListRestAnswer,
  'GET /api/invoices/{id}/': invoicesAnswers['invoices.get'],
  'PATCH /api/invoices/{id}/': invoicesAnswers['invoices.update'],
  'DELETE /api/invoices/{id}/': invoicesAnswers['invoices.delete'],
  'POST /api/orders/{id}/create-invoice/': createdInvoiceAnswer,
  'GET /api/invoices/{id}/links/': invoicesAnswers['invoices.links'],
  'POST /api/invoices/{id}/links/': invoicesAnswers['invoices.createLink'],
  'POST /api/invoices/{id}/links/{linkId}/revoke/': invoicesAnswers['invoices.revokeLink'],
  'GET /api/invoices/{id}/link-events/': invoicesAnswers['invoices.linkEvents'],
  'GET /api/customer/invoices/{id}/': invoicesAnswers['customerLinks.invoice'],
};
