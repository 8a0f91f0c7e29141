import { z } from 'zod';
import { MESSAGES, ORDER_STATUSES, TEXT_LIMITS, boundedString, orderSchema, type OrderInput } from '@icehouse/domain';

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

/** The order body as JSON Schema (from the domain's orderSchema), for the docs only. */
function orderBodyJsonSchema(): Record<string, unknown> {
  try {
    const json = z.toJSONSchema(orderSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    delete json.$schema;
    const properties = { ...((json.properties as Record<string, unknown> | undefined) ?? {}) };
    delete properties.has_invoice;
    delete properties.has_bol;
    properties.version = { type: 'integer', description: 'The version you read with the order. Required on update (PUT); stale -> 409.' };
    properties.additional_info = { type: 'string', description: 'Additional Info text; absent keeps the stored text.' };
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

export const orderIdInput = z.object({ id: z.number().int().positive() });
export const orderUpdateInput = z.object({ id: z.number().int().positive(), data: orderWriteInput });

const INTEGER = 'A valid integer is required.';
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const queryInt = (min: number, max: number, message = INTEGER) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional());
const queryText = () => z.preprocess(blankToUndefined, boundedString(TEXT_LIMITS.search).optional());
const queryBool = () =>
  z.preprocess(
    blankToUndefined,
    z
      .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'True', 'False', 'yes', 'no'])], { error: 'Must be a valid boolean.' })
      .transform((v) => v === true || v === 'true' || v === 'True' || v === '1' || v === 'yes')
      .optional(),
  );

/** Query of GET /api/orders/list-view/ and /api/orders/initial_data/ (all optional). */
export const orderListQuery = z.object({
  year: queryInt(1, 9999),
  month: queryInt(1, 12, 'Select a valid month (1-12).'),
  status: z.preprocess(blankToUndefined, z.enum(ORDER_STATUSES, { error: MESSAGES.statusInvalid }).optional()),
  customer: queryText(),
  serial: queryText(),
  page: queryInt(1, 1_000_000),
  include_voided: queryBool(),
});

/** The same filters for tRPC (typed for the web client). */
export const orderListInput = z
  .object({
    year: z.number().int().min(1).max(9999).nullish(),
    month: z.number().int().min(1).max(12).nullish(),
    status: z.enum(ORDER_STATUSES, { error: MESSAGES.statusInvalid }).nullish(),
    customer: boundedString(TEXT_LIMITS.search).nullish(),
    serial: boundedString(TEXT_LIMITS.search).nullish(),
    page: z.number().int().min(1).nullish(),
    include_voided: z.boolean().nullish(),
  })
  .nullish();

/** The status to move to, plainly or as the form's option {value}. */
const newStatusField = z
  .union([z.string(), z.object({ value: z.string().nullish() })])
  .nullish()
  .transform((v) => (v !== null && typeof v === 'object' ? v.value : v)?.trim() ?? '');
export const changeStatusBody = z.object({ new_status: newStatusField });
export const changeStatusInput = z.object({ id: z.number().int().positive(), new_status: newStatusField });

export const ORDER_FILE_KINDS = ['blueprint', 'door_placement'] as const;
export type OrderFileKind = (typeof ORDER_FILE_KINDS)[number];
export const removeFileInput = z.object({ id: z.number().int().positive(), kind: z.enum(ORDER_FILE_KINDS) });

// ------------------------------------------------------------------------------------ answers

const money = z.string().describe('Decimal with two places, e.g. "1250.00"');
const date = z.string().describe('YYYY-MM-DD');
const choice = z.object({ value: z.string(), label: z.string() });

export const addressAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  country: z.string(),
});

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
});

export const orderListAnswer = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(orderListRowAnswer),
});

export const initialDataAnswer = z.object({
  years: z.array(z.number().int()),
  statuses: z.array(choice),
  orders: z.object({ count: z.number().int(), results: z.array(orderListRowAnswer), next: z.string().nullable() }),
});

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

export const blueprintAnswer = z.object({ blueprint: z.string().nullable(), blueprint_filename: z.string().nullable() });
export const doorPlacementAnswer = z.object({
  door_placement_drawing: z.string().nullable(),
  door_placement_filename: z.string().nullable(),
});
