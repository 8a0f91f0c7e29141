import { z } from 'zod';
import { MESSAGES, isIsoDate } from '@icehouse/domain';
import { idField } from '../../operations/input';
import { reportDateRange } from '../reports/schemas';

/** Inputs and answers of make to order (bill of materials, costing, margin report). */

const money = z.string().describe('Decimal with two places, e.g. "1250.00"');
const moneyOrNull = money.nullable();
const blank = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const isoDate = z.preprocess(blank, z.string().refine(isIsoDate, MESSAGES.dateInvalid).optional());

export const productionOrderInput = z.object({ id: idField });

export const bomAnswer = z.object({
  kind: z.enum(['components', 'simple', 'custom', 'no_product', 'product_missing']),
  kind_label: z.string(),
  product_id: z.number().int().nullable(),
  product_description: z.string().nullable(),
  units: z.number().int(),
  lines: z.array(
    z.object({
      component_id: z.number().int(),
      name: z.string(),
      quantity_per_unit: z.number().int(),
      quantity: z.number().int(),
      unit_cost: money,
      line_cost: money,
    }),
  ),
  door_type: z.string().nullable(),
  door_cladding: z.string().nullable(),
  additional_items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  missing_components: z.array(z.number().int()),
  materials_cost: moneyOrNull.describe('Σ line costs at the current component costs; null when not known (see kind)'),
});

export const orderBomAnswer = z.object({
  order_id: z.number().int(),
  door_number: z.string(),
  bill_of_materials: bomAnswer,
});

export const orderCostingAnswer = orderBomAnswer.extend({
  price_before_tax: money.describe('Subtotal (freight included) less the discount, as the order stands'),
  cost_recorded: z.boolean().describe('False for an order not saved since costs were recorded: the current cost is used'),
  cost_at_save: moneyOrNull.describe('Materials cost when the order was last saved'),
  saved_at: z.string().nullable(),
  cost_now: moneyOrNull.describe('Materials cost at the components’ current costs'),
  cost_changed: z.boolean().describe('True when the cost at save and the cost now differ'),
  margin: moneyOrNull.describe('price_before_tax − cost_at_save (or cost_now when not recorded)'),
  margin_percent: z.string().nullable(),
  margin_now: moneyOrNull.describe('price_before_tax − cost_now'),
  margin_now_percent: z.string().nullable(),
});

export const MAX_MARGIN_REPORT_DAYS = 3660;
export const MARGIN_GROUPS = ['month', 'product'] as const;

/** Orders dated from..to (default: this calendar year), by month or by product. */
export const marginReportInput = z
  .object({
    from: isoDate.describe('First order date, YYYY-MM-DD (default: 1 January this year)'),
    to: isoDate.describe('Last order date, YYYY-MM-DD (default: 31 December this year)'),
    group: z.preprocess(blank, z.enum(MARGIN_GROUPS, { error: 'Choose month or product.' }).optional()),
  })
  .nullish()
  .transform((v, ctx) => {
    const { from, to } = reportDateRange(v, ctx, MAX_MARGIN_REPORT_DAYS);
    return { from, to, group: v?.group ?? 'month' };
  });

const sums = {
  orders: z.number().int().describe('Orders (not voided) dated in the range with a known cost'),
  price_before_tax: money,
  materials_cost: money,
  margin: money,
  margin_percent: z.string().nullable(),
  unknown_cost_orders: z
    .number()
    .int()
    .describe('Orders left out: custom, no product, simple product without components, or not saved since costs were recorded'),
};

export const marginReportAnswer = z.object({
  from: z.string(),
  to: z.string(),
  group: z.enum(MARGIN_GROUPS),
  rows: z.array(
    z.object({
      key: z.string().describe('2026-03 (month) or the product id (product)'),
      label: z.string().describe('March 2026, or the product description'),
      ...sums,
    }),
  ),
  total: z.object(sums),
});
