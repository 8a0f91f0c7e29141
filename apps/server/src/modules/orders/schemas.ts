import { z } from 'zod';
import { MESSAGES, ORDER_STATUSES, orderSchema, storedAddressSchema, type OrderInput } from '@icehouse/domain';
import { idField } from '../../operations/input';
import { listBool, listInt, listOrdering, listPage, listPageSize, listText, listUpdatedSince, pageAnswer, restPageAnswer } from '../../operations/list-input';
import { successAnswer } from '../../operations/answers';

/**
 * Schemas of the orders API: the inputs the domain does not own (list filters, status change,
 * file kinds) and the answers (for the OpenAPI document). The order body itself is validated by
 * the service with the domain's orderSchema (see parseOrderWrite in validation.ts), because the
 * server must judge it with facts the client cannot be trusted with (whether an invoice exists).
 */

// ------------------------------------------------------------------------------------- inputs

/** What POST /api/orders/, PUT /api/orders/{id}/ and tRPC orders.create / orders.update take. */
export type OrderWriteInput = OrderInput & {
  /** The version read with the order: required on update, ignored on create. */
  version?: number | string | null;
  /** Free text of the form's Additional Info section; absent keeps the stored text. */
  additional_info?: string | null;
};

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The order body as JSON Schema (from the domain's orderSchema), for the docs only; `partial`: PATCH's. */
function orderBodyJsonSchema(partial = false): Record<string, unknown> {
  try {
    const json = z.toJSONSchema(orderSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    delete json.$schema;
    const properties = { ...((json.properties as Record<string, unknown> | undefined) ?? {}) };
    delete properties.has_invoice;
    delete properties.has_bol;
    properties.version = { type: 'integer', description: 'The version you read with the order. Required on update (PUT); stale -> 409.' };
    properties.additional_info = { type: 'string', description: 'Additional Info text; absent keeps the stored text.' };
    if (partial) {
      properties.version = { type: 'integer', description: 'The version you read (or send it in If-Match). Stale -> 409.' };
      return { ...json, properties, required: [] };
    }
    return { ...json, properties, required: ['date', 'door_number', 'status'] };
  } catch {
    return { type: 'object' };
  }
}

/**
 * The order body. Only its shape (an object) is checked here; the service validates the fields
 * with the domain's orderSchema and answers field errors in the DRF shape. has_invoice and
 * has_bol are read-only: the server uses what it knows.
 */
export const orderWriteInput = z
  .custom<OrderWriteInput>(isPlainObject, { message: 'Send the order as a JSON object.' })
  .meta({
    description:
      'An order as GET /api/orders/{id}/ answers it (read-only fields are ignored): status, date, door_number, ' +
      'billing_address, shipping_address, building_info with additional_items, ... plus version on update.',
    ...orderBodyJsonSchema(),
  });

export const orderIdInput = z.object({ id: idField });
export const orderUpdateInput = z.object({ id: idField, data: orderWriteInput });

/** PATCH's body: any of the order's fields, plus the version read (or If-Match); see order-patch.ts. */
export const orderPatchBody = z
  .custom<Partial<OrderWriteInput>>(isPlainObject, { message: 'Send the order as a JSON object.' })
  .meta({
    description:
      'The fields to change, as GET /api/orders/{id}/ names them (billing_address, shipping_address and building_info ' +
      'field by field; building_info.additional_items as a whole list), plus version (or If-Match). Fields not sent keep their values.',
    ...orderBodyJsonSchema(true),
  });
export const orderPatchInput = z.object({ id: idField, data: orderPatchBody });

/** The list's filters, one schema for both doors (query strings on REST); all optional. */
export const orderListInput = z
  .object({
    year: listInt(1, 9999),
    month: listInt(1, 12, 'Select a valid month (1-12).'),
    status: z.preprocess(
      (v: string | null | undefined) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      z.enum(ORDER_STATUSES, { error: MESSAGES.statusInvalid }).optional(),
    ),
    customer: listText(),
    serial: listText(),
    page: listPage(),
    page_size: listPageSize(),
    include_voided: listBool(),
    updated_since: listUpdatedSince(),
    ordering: listOrdering(),
  })
  .nullish();

/** The status to move to, plainly or as the form's option {value}. */
const newStatusField = z
  .union([z.string(), z.object({ value: z.string().nullish() })])
  .nullish()
  .transform((v) => (v !== null && typeof v === 'object' ? v.value : v)?.trim() ?? '');
export const changeStatusInput = z.object({ id: idField, new_status: newStatusField });


// ------------------------------------------------------------------------------------ answers

const money = z.string().describe('Decimal with two places, e.g. "1250.00"');
const date = z.string().describe('YYYY-MM-DD');
const choice = z.object({ value: z.string(), label: z.string() });

export const addressAnswer = z.object({ id: z.number().int(), ...storedAddressSchema.shape });

export const additionalItemAnswer = z.object({
  id: z.number().int(),
  item: z.number().int().nullable().describe('Setting id (category additional_item), or null for a custom item'),
  custom_item_name: z.string(),
  quantity: z.number().int(),
  price: money,
});

export const buildingInfoAnswer = z.object({
  id: z.number().int(),
  order: z.number().int(),
  product: z.union([z.number().int(), z.literal('custom')]).nullable(),
  is_custom: z.boolean(),
  price: money.nullable(),
  building_type: z.string().nullable(),
  building_description: z.string(),
  size: z.number().int().nullable(),
  custom_size: z.string(),
  thickness: z.number().int().nullable(),
  door_type: z.number().int().nullable(),
  door_type_price: money.nullable(),
  door_cladding: z.number().int().nullable(),
  door_cladding_price: money.nullable(),
  hinge_side: z.number().int().nullable(),
  roof_color: z.number().int().nullable(),
  siding_color: z.number().int().nullable(),
  door_placement: z.string(),
  additional_items: z.array(additionalItemAnswer),
});

const statusFields = {
  status: z.enum(ORDER_STATUSES),
  status_display: z.string(),
  has_bol: z.boolean(),
  has_invoice: z.boolean(),
  can_change_status: z.boolean(),
  missing_requirements: z.array(z.string()).describe('What the order lacks for next_possible_status'),
  next_possible_status: z.enum(ORDER_STATUSES).nullable(),
};

export const invoiceDetailsAnswer = z.object({ id: z.number().int(), invoice_number: z.string(), date }).nullable();

export const orderAnswer = z.object({
  id: z.number().int(),
  ...statusFields,
  date,
  ship_date: date.nullable(),
  ship_via: z.object({ value: z.number().int(), label: z.string() }).nullable(),
  invoice_number: z.string(),
  door_number: z.string(),
  special_delivery_info: z.string(),
  customer_po_job_name: z.string(),
  freight_cost: money,
  discount: money,
  discount_is_percentage: z.boolean(),
  tax_exempt: z.boolean(),
  phone: z.string(),
  eps_po_number: z.string(),
  po_delivery_date: date.nullable(),
  notes: z.string(),
  additional_info: z.string(),
  bol_number: z.string().nullable(),
  customer_name: z.string(),
  customer_id: z.number().int().nullable().describe('The customer the order is for, or null'),
  blueprint: z.string().nullable().describe('URL that serves the PDF'),
  blueprint_filename: z.string().nullable(),
  door_placement_drawing: z.string().nullable().describe('URL that serves the PDF'),
  door_placement_filename: z.string().nullable(),
  invoice_details: invoiceDetailsAnswer,
  bill_of_lading_details: z.object({ bill_of_lading_number: z.string(), date, free_on_board: z.string() }).nullable(),
  billing_address: addressAnswer.nullable(),
  shipping_address: addressAnswer.nullable(),
  building_info: buildingInfoAnswer.nullable(),
  additional_items: z.array(additionalItemAnswer).describe('Same list as building_info.additional_items'),
  totals: z.object({ subtotal: money, discount_amount: money, tax_amount: money, total: money, tax_rate: money }),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const orderListRowAnswer = z.object({
  id: z.number().int(),
  ...statusFields,
  date,
  customer_name: z.string(),
  door_number: z.string(),
  invoice_details: invoiceDetailsAnswer,
  updated_at: z.string().describe('ISO 8601 timestamp of the last change (the cursor of updated_since)'),
  deposits_held: money.describe(
    "What the order's deposit account holds (deposits − refunds − amounts moved onto invoices), as the order form shows it",
  ),
});

export const orderListAnswer = pageAnswer(orderListRowAnswer);
export const orderListRestAnswer = restPageAnswer(orderListRowAnswer);

/** The list screen in one call; `orders.next` is a page number on tRPC, a list-view URL on REST. */
const initialData = <Next extends z.ZodType>(next: Next) =>
  z.object({
    years: z.array(z.number().int()),
    statuses: z.array(choice),
    orders: z.object({ count: z.number().int(), results: z.array(orderListRowAnswer), next }),
  });
export const initialDataAnswer = initialData(z.number().int().nullable());
export const initialDataRestAnswer = initialData(z.string().nullable());

export const byMonthAnswer = z.array(
  z.object({ year: z.number().int(), month: z.number().int(), month_name: z.string(), total_orders: z.number().int() }),
);

export const doorNumberAnswer = z.object({ door_number: z.string() });

export const historyAnswer = z.array(
  z.object({
    id: z.number().int(),
    action: z.string(),
    changes: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })).nullable(),
    user: z.object({ id: z.number().int(), username: z.string() }).nullable(),
    created_at: z.string(),
  }),
);

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const ordersAnswers = {
  'orders.get': orderAnswer,
  'orders.create': orderAnswer,
  'orders.update': orderAnswer,
  'orders.patch': orderAnswer,
  'orders.delete': successAnswer,
  'orders.list': orderListAnswer,
  'orders.initialData': initialDataAnswer,
  'orders.byMonth': byMonthAnswer,
  'orders.nextDoorNumber': doorNumberAnswer,
  'orders.changeStatus': orderAnswer,
  'orders.void': orderAnswer,
  'orders.unvoid': orderAnswer,
  'orders.history': historyAnswer,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const ordersRestAnswers = {
  'GET /api/orders/{id}/': ordersAnswers['orders.get'],
  'POST /api/orders/': ordersAnswers['orders.create'],
  'PUT /api/orders/{id}/': ordersAnswers['orders.update'],
  'PATCH /api/orders/{id}/': ordersAnswers['orders.patch'],
  'DELETE /api/orders/{id}/': ordersAnswers['orders.delete'],
  'GET /api/orders/': orderListRestAnswer,
  'GET /api/orders/list-view/': orderListRestAnswer,
  'GET /api/orders/initial_data/': initialDataRestAnswer,
  'GET /api/orders/by-month/': ordersAnswers['orders.byMonth'],
  'GET /api/orders/get-next-door-number/': ordersAnswers['orders.nextDoorNumber'],
  'POST /api/orders/{id}/change-status/': ordersAnswers['orders.changeStatus'],
  'POST /api/orders/{id}/void/': ordersAnswers['orders.void'],
  'POST /api/orders/{id}/unvoid/': ordersAnswers['orders.unvoid'],
  'GET /api/orders/{id}/history/': ordersAnswers['orders.history'],
};
