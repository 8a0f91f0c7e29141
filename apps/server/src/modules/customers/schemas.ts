import { z } from 'zod';
import { ORDER_STATUSES, customerSchema, storedAddressSchema, type CustomerInput } from '@icehouse/domain';
import { idField } from '../../operations/input';
import {
  listPage,
  listPageSize,
  listText,
  pageAnswer,
  restPageAnswer,
  listUpdatedSince,
  listOrdering,
} from '../../operations/list-input';
import { successAnswer } from '../../operations/answers';

/**
 * Schemas of the customers API. The customer body is validated by the service with the
 * domain's customerSchema (plus the version on update), so REST and tRPC answer the same DRF-style
 * field errors, nested for billing_address and each ship_to item.
 */

// ------------------------------------------------------------------------------------- inputs

/** The list's filters: `?search=&page=` on REST, the same object on tRPC. */
export const customerListInput = z
  .object({
    search: listText().describe('Name, email, phone or billing city contains this (any case)'),
    page: listPage(),
    page_size: listPageSize(),
    updated_since: listUpdatedSince(),
    ordering: listOrdering(),
  })
  .nullish();

export const customerIdInput = z.object({ id: idField });

export type CustomerWriteInput = CustomerInput & { version?: number | string | null };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function customerBodyJsonSchema(): Record<string, unknown> {
  try {
    const json = z.toJSONSchema(customerSchema, { io: 'input', unrepresentable: 'any' }) as Record<
      string,
      unknown
    >;
    delete json.$schema;
    const properties = { ...((json.properties as Record<string, unknown> | undefined) ?? {}) };
    properties.version = {
      type: 'integer',
      description: 'The version you read with the customer. Required on update (PUT); stale -> 409.',
    };
    return { ...json, properties, required: ['name'] };
  } catch {
    return { type: 'object' };
  }
}

/** The customer body: only its shape (an object) is checked here; the service validates the fields. */
export const customerWriteInput = z
  .custom<CustomerWriteInput>(isPlainObject, { message: 'Send the customer as a JSON object.' })
  .meta({
    description:
      'A customer: name (the billing name), phone, email, billing_address {street, city, state, zip_code, country}, notes, ' +
      'ship_to [{id (kept when given), label, name, street, city, state, zip_code, country, is_default}] (the whole list: ' +
      'addresses left out are removed; at most one default, the first when none is marked), plus version on update.',
    ...customerBodyJsonSchema(),
  });

export const customerUpdateInput = z.object({ id: idField, data: customerWriteInput });

// ------------------------------------------------------------------------------------ answers

const money = z.string().describe('Decimal with two places, e.g. "1250.00"');
const date = z.string().describe('YYYY-MM-DD');

export const shipToAnswer = z.object({
  id: z.number().int(),
  label: z.string(),
  ...storedAddressSchema.shape,
  is_default: z.boolean(),
});

export const customerListRowAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  billing_address: storedAddressSchema.describe("The billing address; its name is the customer's name"),
  default_ship_to: shipToAnswer
    .nullable()
    .describe('The default ship-to address, or null when the customer has none'),
  order_count: z.number().int(),
  balance: money.describe(
    "Over all the customer's invoices: their totals minus their payments/credits (negative: a credit), as on the customer's page",
  ),
  version: z.number().int(),
  updated_at: z.string(),
});

export const customerListAnswer = pageAnswer(customerListRowAnswer);
export const customerListRestAnswer = restPageAnswer(customerListRowAnswer);

export const customerOrderAnswer = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  status_display: z.string(),
  date,
  door_number: z.string(),
  customer_po_job_name: z.string(),
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
});

export const customerInvoiceAnswer = z.object({
  id: z.number().int(),
  invoice_number: z.string(),
  date,
  due_date: date.nullable(),
  total_amount: money,
  payments_credits: money,
  balance_due: money,
});

export const customerAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  billing_address: storedAddressSchema.describe("The billing address; its name is the customer's name"),
  notes: z.string(),
  payment_terms: z
    .string()
    .describe('Terms each new invoice takes ("Net 30": due 30 days after its date); \'\' for the default'),
  ship_to: z.array(shipToAnswer),
  orders: z.array(customerOrderAnswer).describe('The newest orders (at most 100), newest first'),
  order_count: z.number().int(),
  invoices: z
    .array(customerInvoiceAnswer)
    .describe("Invoices of the customer's orders (at most 100), newest first"),
  invoice_count: z.number().int(),
  balance: z
    .object({
      invoiced: money,
      paid: money.describe(
        'Payments/credits on those invoices: payments, deposits moved onto them, credit notes, credit applied',
      ),
      deposits_held: money.describe(
        "Deposits still held on the customer's orders (not yet invoiced, or on a voided order)",
      ),
      balance: money.describe("invoiced − paid − deposits_held; negative: a credit in the customer's favour"),
      credit: money.describe(
        "Credit the customer may apply or be refunded: overpayments plus voided orders' deposits",
      ),
    })
    .describe(
      "Over all the customer's invoices and orders: what was invoiced, paid and held, and the difference",
    ),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const customersAnswers = {
  'customers.list': customerListAnswer,
  'customers.get': customerAnswer,
  'customers.create': customerAnswer,
  'customers.update': customerAnswer,
  'customers.delete': successAnswer,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const customersRestAnswers = {
  'GET /api/customers/': customerListRestAnswer,
  'GET /api/customers/{id}/': customersAnswers['customers.get'],
  'POST /api/customers/': customersAnswers['customers.create'],
  'PUT /api/customers/{id}/': customersAnswers['customers.update'],
  'DELETE /api/customers/{id}/': customersAnswers['customers.delete'],
};
