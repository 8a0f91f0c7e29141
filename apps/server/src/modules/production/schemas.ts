import { z } from 'zod';
import {
  BOARD_STATUSES,
  MATERIALS_DEFAULT_STATUSES,
  MATERIALS_MESSAGES,
  MATERIALS_STATUSES,
  MESSAGES,
  addDays,
  isIsoDate,
  nextShipWeek,
  todayIso,
  shipWeekOf,
} from '@icehouse/domain';
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
  materials_cost: moneyOrNull.describe(
    'Σ line costs at the current component costs; null when not known (see kind)',
  ),
});

export const orderBomAnswer = z.object({
  order_id: z.number().int(),
  door_number: z.string(),
  bill_of_materials: bomAnswer,
});

export const orderCostingAnswer = orderBomAnswer.extend({
  price_before_tax: money.describe('Subtotal (freight included) less the discount, as the order stands'),
  cost_recorded: z
    .boolean()
    .describe('False for an order not saved since costs were recorded: the current cost is used'),
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
    .describe(
      'Orders left out: custom, no product, simple product without components, or not saved since costs were recorded',
    ),
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

// ------------------------------------------------------------------------ the shop board

/** The shop board's input and answer (board.ts makes the board). */

/** Any day of the week to show (default: this week); the board's week is the ship week, Sunday to Saturday. */
export const boardInput = z
  .object({
    week: z
      .preprocess(blank, z.string().refine(isIsoDate, MESSAGES.dateInvalid).optional())
      .describe('A day of the week, YYYY-MM-DD (default today)'),
  })
  .nullish()
  .transform((v) => {
    return shipWeekOf(v?.week ?? todayIso());
  });

/** One order on the board. */
const boardCard = z.object({
      id: z.number().int(),
      version: z.number().int(),
      door_number: z.string(),
      customer_name: z.string(),
      building: z.string(),
      ship_date: z.string().nullable(),
      status: z.enum(BOARD_STATUSES),
      next_possible_status: z.string().nullable(),
      missing_requirements: z.array(z.string()),
    });

export const boardAnswer = z.object({
  from: z.string(),
  to: z.string(),
  capacity: z
    .number()
    .int()
    .nullable()
    .describe("Company Information's weekly capacity in units (null: not set)"),
  units: z.number().int().describe('Units (orders) shipping this week'),
  over_capacity: z.boolean().describe('True when units exceed the capacity'),
  cards: z.array(boardCard).describe('The orders shipping this week, in the four working statuses'),
  unscheduled: z
    .array(boardCard)
    .describe('Orders pending, processed or scheduled to ship with no ship date yet: on every week, not counted in units'),
});

// -------------------------------------------------- materials per ship week, components on hand

/** Inputs and answers of the materials per ship week and the components' on-hand figures. */

export const MAX_MATERIALS_DAYS = 366;

/** Ship dates from..to (default: next ship week, Sunday to Saturday); statuses as a list or comma-separated. */
export const materialsInput = z
  .object({
    from: isoDate.describe('First ship date, YYYY-MM-DD (default: next Sunday)'),
    to: isoDate.describe('Last ship date, YYYY-MM-DD (default: the Saturday after)'),
    statuses: z
      .preprocess(
        (v) =>
          typeof v === 'string' ? (v.trim() === '' ? undefined : v.split(',').map((s) => s.trim())) : v,
        z
          .array(z.enum(MATERIALS_STATUSES, { error: MATERIALS_MESSAGES.statusesInvalid }))
          .min(1, MATERIALS_MESSAGES.statusesInvalid)
          .optional(),
      )
      .describe(
        'Which statuses count, e.g. processed,scheduled_to_ship (default: pending, processed, scheduled_to_ship)',
      ),
  })
  .nullish()
  .transform((v, ctx) => {
    const week = nextShipWeek(todayIso());
    const from = v?.from ?? (v?.to ? addDays(v.to, -6) : week.from);
    const to = v?.to ?? addDays(from, 6);
    if (to < from) ctx.addIssue({ code: 'custom', message: MESSAGES.reportRangeOrder, path: ['to'] });
    else if (to > addDays(from, MAX_MATERIALS_DAYS - 1))
      ctx.addIssue({ code: 'custom', message: MATERIALS_MESSAGES.rangeTooLong, path: ['to'] });
    return { from, to, statuses: [...new Set(v?.statuses ?? MATERIALS_DEFAULT_STATUSES)] };
  });

export const materialsAnswer = z.object({
  from: z.string(),
  to: z.string(),
  statuses: z.array(z.enum(MATERIALS_STATUSES)),
  orders: z.number().int().describe('Orders shipping in the range with those statuses'),
  rows: z.array(
    z.object({
      component_id: z.number().int(),
      name: z.string(),
      needed: z.number().int(),
      consumed: z.number().int().describe('Of needed, what orders at the consumption status have already taken from stock'),
      unit_cost: money,
      total_cost: money,
      on_hand: z.number().int().describe('The stock ledger’s sum (below 0 when parts were used that the ledger did not have)'),
      on_order: z.number().int().describe('Open purchase orders’ lines not yet received'),
      next_expected_date: z.string().nullable().describe('The soonest expected date of those purchase orders'),
      available: z.number().int().describe('on hand + on order − (needed − consumed)'),
      to_buy: z.number().int().describe('What available lacks (−available), never below 0'),
      to_buy_cost: money,
      orders: z.array(
        z.object({
          order_id: z.number().int(),
          door_number: z.string(),
          quantity: z.number().int(),
          consumed: z.boolean().describe('Its parts already taken from stock'),
        }),
      ),
      purchase_orders: z.array(
        z.object({
          purchase_order_id: z.number().int(),
          number: z.string(),
          supplier_name: z.string(),
          status: z.string(),
          expected_date: z.string().nullable(),
          quantity: z.number().int().describe('Ordered and not yet received'),
        }),
      ),
    }),
  ),
  total_cost: money,
  to_buy_cost: money,
  orders_without_materials: z.array(
    z.object({ order_id: z.number().int(), door_number: z.string(), kind_label: z.string() }),
  ),
});

export const onHandList = z.array(z.object({ component_id: z.number().int(), on_hand: z.number().int() }));

export const setOnHandInput = z.object({
  id: idField,
  on_hand: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: MATERIALS_MESSAGES.onHandInvalid })
      .int(MATERIALS_MESSAGES.onHandInvalid)
      .min(0, MATERIALS_MESSAGES.onHandInvalid)
      .max(2_147_483_647, MATERIALS_MESSAGES.onHandTooLarge),
  ),
});

export const onHandAnswer = z.object({ component_id: z.number().int(), on_hand: z.number().int() });

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const productionAnswers = {
  'production.billOfMaterials': orderBomAnswer,
  'production.board': boardAnswer,
  'production.costing': orderCostingAnswer,
  'production.marginReport': marginReportAnswer,
  'production.materials': materialsAnswer,
  'production.onHand': onHandList,
  'production.setOnHand': onHandAnswer,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const productionRestAnswers = {
  'GET /api/production/board/': productionAnswers['production.board'],
  'GET /api/production/materials/': productionAnswers['production.materials'],
  'GET /api/production/on-hand/': productionAnswers['production.onHand'],
  'GET /api/production/orders/{id}/bill-of-materials/': productionAnswers['production.billOfMaterials'],
  'GET /api/production/orders/{id}/costing/': productionAnswers['production.costing'],
  'GET /api/reports/margin/': productionAnswers['production.marginReport'],
  'PUT /api/production/on-hand/{id}/': productionAnswers['production.setOnHand'],
};
