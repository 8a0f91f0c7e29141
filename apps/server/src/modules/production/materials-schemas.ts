import { z } from 'zod';
import { MATERIALS_DEFAULT_STATUSES, MATERIALS_MESSAGES, MATERIALS_STATUSES, MESSAGES, addDays, isIsoDate, nextShipWeek, todayIso } from '@icehouse/domain';
import { idField } from '../../operations/input';

/** Inputs and answers of the materials per ship week and the components' on-hand figures. */

const money = z.string().describe('Decimal with two places, e.g. "1250.00"');
const blank = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const isoDate = z.preprocess(blank, z.string().refine(isIsoDate, MESSAGES.dateInvalid).optional());
export const MAX_MATERIALS_DAYS = 366;

/** Ship dates from..to (default: next week, Monday to Sunday); statuses as a list or comma-separated. */
export const materialsInput = z
  .object({
    from: isoDate.describe('First ship date, YYYY-MM-DD (default: next Monday)'),
    to: isoDate.describe('Last ship date, YYYY-MM-DD (default: the Sunday after)'),
    statuses: z
      .preprocess(
        (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.split(',').map((s) => s.trim())) : v),
        z.array(z.enum(MATERIALS_STATUSES, { error: MATERIALS_MESSAGES.statusesInvalid })).min(1, MATERIALS_MESSAGES.statusesInvalid).optional(),
      )
      .describe('Which statuses count, e.g. processed,scheduled_to_ship (default: pending, processed, scheduled_to_ship)'),
  })
  .nullish()
  .transform((v, ctx) => {
    const week = nextShipWeek(todayIso());
    const from = v?.from ?? (v?.to ? addDays(v.to, -6) : week.from);
    const to = v?.to ?? addDays(from, 6);
    if (to < from) ctx.addIssue({ code: 'custom', message: MESSAGES.reportRangeOrder, path: ['to'] });
    else if (to > addDays(from, MAX_MATERIALS_DAYS - 1)) ctx.addIssue({ code: 'custom', message: MATERIALS_MESSAGES.rangeTooLong, path: ['to'] });
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
      unit_cost: money,
      total_cost: money,
      on_hand: z.number().int(),
      to_buy: z.number().int().describe('needed − on hand, never below 0'),
      to_buy_cost: money,
      orders: z.array(z.object({ order_id: z.number().int(), door_number: z.string(), quantity: z.number().int() })),
    }),
  ),
  total_cost: money,
  to_buy_cost: money,
  orders_without_materials: z.array(z.object({ order_id: z.number().int(), door_number: z.string(), kind_label: z.string() })),
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
