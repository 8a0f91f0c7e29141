import { z } from 'zod';
import { ORDER_STATUSES, monthlyThroughSchema, shipScheduleRangeSchema } from '@icehouse/domain';

/** Schemas of the schedule module: the ship schedule's range, the monthly figures' month, and the answers. */

const date = z.string().describe('YYYY-MM-DD');
const money = z.string().describe('Decimal with two places, e.g. "1250.00"');

/** `?start=YYYY-MM-DD&end=YYYY-MM-DD`, both included, at most 62 days (domain: shipScheduleRangeSchema). */
export const shipScheduleInput = shipScheduleRangeSchema;

export const shipScheduleOrderAnswer = z.object({
  id: z.number().int(),
  door_number: z.string(),
  customer_name: z.string().describe('Billing name, else shipping name (as the orders list)'),
  status: z.enum(ORDER_STATUSES),
  status_display: z.string(),
  date,
  ship_date: date,
});

export const shipScheduleAnswer = z.object({
  start: date,
  end: date,
  orders: z
    .array(shipScheduleOrderAnswer)
    .describe('By ship date, then door number; voided orders are left out'),
});

/** `?through=YYYY-MM`: the last of the 12 months (blank: the current month). */
export const monthlyFiguresInput = z.object({ through: monthlyThroughSchema }).nullish();

export const monthlyFiguresAnswer = z.object({
  through: z.string().describe('YYYY-MM: the last month'),
  months: z
    .array(
      z.object({
        month: z.string().describe('YYYY-MM'),
        label: z.string().describe('"March 2024"'),
        orders: z.number().int().describe('Orders dated in the month (voided not counted)'),
        revenue: money.describe('Sum of the totals of the invoices dated in the month'),
      }),
    )
    .describe('12 months, oldest first; a month with nothing is 0 and "0.00"'),
  total_orders: z.number().int(),
  total_revenue: money,
});

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const scheduleAnswers = {
  'schedule.shipSchedule': shipScheduleAnswer,
  'schedule.monthly': monthlyFiguresAnswer,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const scheduleRestAnswers = {
  'GET /api/reports/ship-schedule/': scheduleAnswers['schedule.shipSchedule'],
  'GET /api/reports/monthly/': scheduleAnswers['schedule.monthly'],
};
