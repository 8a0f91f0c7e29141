import { z } from 'zod';
import { STOCK_MESSAGES, STOCK_MOVEMENT_SOURCES } from '@icehouse/domain';
import { idField } from '../../operations/input';

/** Schemas of the stock ledger (decision 261): on hand, on order, movements, adjustments. */

const money = z.string().describe('Decimal with two places, e.g. "1250.00"');
const isoDate = z.string().describe('YYYY-MM-DD');

// ------------------------------------------------------------------------------------- inputs

export const componentIdInput = z.object({ id: idField });

const wholeNumber = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*[+-]?\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: STOCK_MESSAGES.quantityInvalid })
    .int(STOCK_MESSAGES.quantityInvalid)
    .refine((n) => n !== 0, STOCK_MESSAGES.quantityInvalid)
    .refine((n) => Math.abs(n) <= 1_000_000, STOCK_MESSAGES.quantityTooLarge),
);

export const adjustmentSchema = z.object({
  quantity: wholeNumber.describe('Added to on hand (negative takes stock out), never 0'),
  reason: z
    .string({ error: STOCK_MESSAGES.reasonRequired })
    .trim()
    .min(1, STOCK_MESSAGES.reasonRequired)
    .max(200, STOCK_MESSAGES.reasonTooLong)
    .describe('Why (a count, damage, a sample): required'),
});
export const adjustStockInput = z.object({ id: idField, data: adjustmentSchema });

export const movementsCsvInput = z
  .object({ component_id: idField.optional().describe('Only this component (all when omitted)') })
  .nullish();

// ------------------------------------------------------------------------------------- answers

const onOrderLine = z.object({
  purchase_order_id: z.number().int(),
  number: z.string().describe('P-1001 onwards'),
  supplier_name: z.string(),
  status: z.string(),
  expected_date: isoDate.nullable(),
  quantity: z.number().int().describe('Ordered and not yet received'),
});

/** A component's stock: what GET /api/stock/{id}/ answers and the stock.* events carry. */
export const stockAnswer = z.object({
  component_id: z.number().int(),
  name: z.string(),
  on_hand: z.number().int().describe('The sum of its stock movements; below 0 when orders used parts the ledger did not have'),
  on_order: z.number().int().describe('Open purchase orders’ lines not yet received (drafts included)'),
  next_expected_date: isoDate.nullable().describe('The soonest expected date among them'),
  purchase_orders: z.array(onOrderLine),
});

export const stockListAnswer = z.array(stockAnswer.omit({ purchase_orders: true }));

export const movementAnswer = z.object({
  id: z.number().int(),
  component_id: z.number().int(),
  quantity: z.number().int().describe('+ into stock, − out of it'),
  on_hand_after: z.number().int().describe('On hand once this movement was written'),
  unit_cost: money.describe('The cost the movement was valued at (a receipt: the price paid)'),
  source: z.enum(STOCK_MOVEMENT_SOURCES),
  source_label: z.string(),
  reason: z.string(),
  order_id: z.number().int().nullable(),
  door_number: z.string().nullable().describe('The order’s door number (null once the order is deleted)'),
  purchase_order_id: z.number().int().nullable(),
  purchase_order_number: z.string().nullable(),
  user: z.string().nullable(),
  created_at: z.string().describe('ISO 8601 timestamp'),
});

export const movementsAnswer = z.object({
  component_id: z.number().int(),
  name: z.string(),
  on_hand: z.number().int(),
  movements: z.array(movementAnswer).describe('Newest first'),
});

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name (`src/operations/answer-schemas.ts` composes them). */
export const stockAnswers = {
  'stock.list': stockListAnswer,
  'stock.get': stockAnswer,
  'stock.movements': movementsAnswer,
  'stock.adjust': stockAnswer,
};

/** Each JSON REST route's answer. */
export const stockRestAnswers = {
  'GET /api/stock/': stockAnswers['stock.list'],
  'GET /api/stock/{id}/': stockAnswers['stock.get'],
  'GET /api/stock/{id}/movements/': stockAnswers['stock.movements'],
  'POST /api/stock/{id}/adjustments/': stockAnswers['stock.adjust'],
};
