import { z } from 'zod';
import { PURCHASE_ORDER_STATUSES, componentPurchasingSchema, receiptSchema, supplierSchema } from '@icehouse/domain';
import { idField } from '../../operations/input';
import { listInt, listPage, listPageSize, listText, pageAnswer, restPageAnswer } from '../../operations/list-input';
import { noAnswer } from '../../operations/answers';
import { documentList } from '../documents/schemas';
import { emailLogEntry } from '../outbox/schemas';

/** Schemas of suppliers, purchase orders and receiving (decision 263). */

const money = z.string().describe('Decimal with two places, e.g. "12.50"');
const isoDate = z.string().describe('YYYY-MM-DD');

// ------------------------------------------------------------------------------------- answers

export const supplierAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  contact: z.string(),
  email: z.string(),
  phone: z.string(),
  terms: z.string(),
  notes: z.string(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const supplierListAnswer = z.array(supplierAnswer);

export const componentPurchasingAnswer = z.object({
  component_id: z.number().int(),
  name: z.string(),
  preferred_supplier_id: z.number().int().nullable(),
  preferred_supplier_name: z.string().nullable(),
  supplier_part_number: z.string(),
  last_price: money.nullable(),
  lead_time_days: z.number().int().nullable(),
  pack_size: z.number().int(),
});
export const componentPurchasingListAnswer = z.array(componentPurchasingAnswer);

export const purchaseOrderLineAnswer = z.object({
  id: z.number().int(),
  position: z.number().int(),
  component_id: z.number().int(),
  component_name: z.string(),
  supplier_part_number: z.string(),
  quantity: z.number().int(),
  received_quantity: z.number().int(),
  /** What is still to come (never below 0). */
  outstanding: z.number().int(),
  unit_cost: money,
  line_total: money,
});

export const purchaseOrderAnswer = z.object({
  id: z.number().int(),
  number: z.string(),
  supplier_id: z.number().int(),
  supplier_name: z.string(),
  supplier_email: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  expected_date: isoDate.nullable(),
  notes: z.string(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
  total: money,
  lines: z.array(purchaseOrderLineAnswer),
});

export const purchaseOrderListRow = purchaseOrderAnswer.omit({ lines: true }).extend({
  line_count: z.number().int(),
  outstanding: z.number().int().describe('Units still to come over every line'),
});
export const purchaseOrderListAnswer = pageAnswer(purchaseOrderListRow);
export const purchaseOrderListRestAnswer = restPageAnswer(purchaseOrderListRow);

export const draftAnswer = z.object({
  purchase_orders: z.array(purchaseOrderAnswer),
  without_supplier: z.array(z.object({ component_id: z.number().int(), name: z.string(), to_buy: z.number().int() })),
});

export const sendAnswer = z.object({ purchase_order: purchaseOrderAnswer, email: emailLogEntry });

// ------------------------------------------------------------------------------------- inputs

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const body = (description: string) =>
  z.custom<Record<string, unknown>>(isPlainObject, { message: 'Send a JSON object.' }).meta({ description, type: 'object' });

export const idInput = z.object({ id: idField });
export const supplierCreateInput = supplierSchema;
export const supplierUpdateInput = z.object({ id: idField, data: supplierSchema });
export const componentPurchasingInput = z.object({ id: idField, data: componentPurchasingSchema });

export const purchaseOrderListInput = z
  .object({
    search: listText().describe('Purchase order number or supplier name contains this (any case)'),
    status: z
      .preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(PURCHASE_ORDER_STATUSES).optional())
      .describe('Only purchase orders of this status'),
    supplier_id: listInt(1, 2_147_483_647).describe('Only this supplier\'s purchase orders'),
    page: listPage(),
    page_size: listPageSize(),
  })
  .nullish();

export const draftInput = z.object({
  from: isoDate.refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), 'Enter a date as YYYY-MM-DD.'),
  to: isoDate.refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), 'Enter a date as YYYY-MM-DD.'),
});

export const purchaseOrderUpdateInput = z.object({
  id: idField,
  data: body('{version, expected_date, notes, lines: [{component_id, quantity, unit_cost}]}: the lines replace the old ones'),
});

export const sendInput = z.object({
  id: idField,
  data: z
    .object({
      to: z.string().max(2000).optional().describe('Addresses, comma separated; default the supplier\'s email'),
      cc: z.string().max(2000).optional(),
      subject: z.string().max(300).optional(),
      body: z.string().max(20_000).optional(),
    })
    .nullish(),
});

export const receiveInput = z.object({ id: idField, data: receiptSchema });

// ------------------------------------------------------------------------ each call's answer

export const purchasingAnswers = {
  'purchasing.suppliers': supplierListAnswer,
  'purchasing.supplier': supplierAnswer,
  'purchasing.createSupplier': supplierAnswer,
  'purchasing.updateSupplier': supplierAnswer,
  'purchasing.deleteSupplier': noAnswer,
  'purchasing.components': componentPurchasingListAnswer,
  'purchasing.updateComponent': componentPurchasingAnswer,
  'purchasing.list': purchaseOrderListAnswer,
  'purchasing.get': purchaseOrderAnswer,
  'purchasing.draft': draftAnswer,
  'purchasing.update': purchaseOrderAnswer,
  'purchasing.delete': noAnswer,
  'purchasing.markSent': purchaseOrderAnswer,
  'purchasing.send': sendAnswer,
  'purchasing.cancel': purchaseOrderAnswer,
  'purchasing.receive': purchaseOrderAnswer,
  'purchasing.documents': documentList,
};

export const purchasingRestAnswers = {
  'GET /api/suppliers/': supplierListAnswer,
  'GET /api/suppliers/{id}/': supplierAnswer,
  'POST /api/suppliers/': supplierAnswer,
  'PUT /api/suppliers/{id}/': supplierAnswer,
  'DELETE /api/suppliers/{id}/': noAnswer,
  'GET /api/components/purchasing/': componentPurchasingListAnswer,
  'PUT /api/components/{id}/purchasing/': componentPurchasingAnswer,
  'GET /api/purchase-orders/': purchaseOrderListRestAnswer,
  'GET /api/purchase-orders/{id}/': purchaseOrderAnswer,
  'POST /api/purchase-orders/draft/': draftAnswer,
  'PUT /api/purchase-orders/{id}/': purchaseOrderAnswer,
  'DELETE /api/purchase-orders/{id}/': noAnswer,
  'POST /api/purchase-orders/{id}/mark-sent/': purchaseOrderAnswer,
  'POST /api/purchase-orders/{id}/send/': sendAnswer,
  'POST /api/purchase-orders/{id}/cancel/': purchaseOrderAnswer,
  'POST /api/purchase-orders/{id}/receive/': purchaseOrderAnswer,
};
