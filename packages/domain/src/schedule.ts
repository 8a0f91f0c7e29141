import { z } from 'zod';
import { isIsoDate, MONTH_NAMES } from './dates';
import { MESSAGES } from './messages';
import { addMoney, toMoneyString } from './money';

/**
 * The ship schedule (orders by ship date) and the monthly figures (orders and invoiced revenue per
 * month). Business dates are calendar dates (YYYY-MM-DD, no time of day, no time
 * zone): the arithmetic below works on them in UTC so that no local offset or daylight-saving
 * change can move a day (decision 110).
 */

/** The longest range the ship schedule answers (a month view shows at most 6 weeks = 42 days). */
export const SHIP_SCHEDULE_MAX_DAYS = 62;
/** How many months the monthly figures cover, the current one included. */
export const MONTHLY_FIGURES_MONTHS = 12;

const DAY_MS = 86_400_000;
const utc = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** "2024-02-28" + 2 -> "2024-03-01" (a calendar date; negative days go back). */
export function addDays(iso: string, days: number): string {
  return isoOf(utc(iso) + days * DAY_MS);
}

/** Days from `start` to `end`, both calendar dates ("2024-01-01" to "2024-01-31" is 30). */
export function daysBetween(start: string, end: string): number {
  return Math.round((utc(end) - utc(start)) / DAY_MS);
}

/** The same day a year later (Feb 29 -> Mar 1). */
export function addOneYear(iso: string): string {
  const d = new Date(utc(iso));
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday, of a calendar date. */
export function weekdayOf(iso: string): number {
  return new Date(utc(iso)).getUTCDay();
}

/**
 * The ship week a calendar date is in: Sunday to Saturday, as the ship schedule's calendar shows weeks
 * (decision 245). The shop board, the materials list's default range and the demo data all read weeks this
 * way, so on a Sunday "this week" is the one that starts that day.
 */
export function shipWeekOf(iso: string): { from: string; to: string } {
  const from = addDays(iso, -weekdayOf(iso));
  return { from, to: addDays(from, 6) };
}

/** "2024-03-17" -> "2024-03-01". */
export function monthStartOf(iso: string): string {
  return `${iso.slice(0, 7)}-01`;
}

/** "2024-01" + -2 -> "2023-11": a YYYY-MM month moved by whole months. */
export function addMonths(month: string, months: number): string {
  const index = Number(month.slice(0, 4)) * 12 + (Number(month.slice(5, 7)) - 1) + months;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String(index - year * 12 + 1).padStart(2, '0')}`;
}

/** The `count` months that end with `through` (YYYY-MM), oldest first. */
export function monthsThrough(through: string, count: number = MONTHLY_FIGURES_MONTHS): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(through, i - count + 1));
}

/** "2024-03" -> "March 2024". */
export function monthLabel(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;
}

/** A YYYY-MM month whose 12-month window stays inside years 0001-9999 (PostgreSQL dates). */
const isWindowEnd = (v: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v) && v >= '0001-12' && v <= '9999-11';

/**
 * The ship schedule's range: `start` and `end` calendar dates, both included, end not before start,
 * at most SHIP_SCHEDULE_MAX_DAYS days. Field errors on the field they concern.
 */
export const shipScheduleRangeSchema = z
  .object({
    start: z.string({ error: MESSAGES.scheduleStartRequired }).trim(),
    end: z.string({ error: MESSAGES.scheduleEndRequired }).trim(),
  })
  .superRefine((range, ctx) => {
    const check = (key: 'start' | 'end', required: string) => {
      const value = range[key];
      if (value === '') ctx.addIssue({ code: 'custom', path: [key], message: required });
      else if (!isIsoDate(value))
        ctx.addIssue({ code: 'custom', path: [key], message: MESSAGES.dateInvalid });
      else return true;
      return false;
    };
    const startOk = check('start', MESSAGES.scheduleStartRequired);
    const endOk = check('end', MESSAGES.scheduleEndRequired);
    if (!startOk || !endOk) return;
    const days = daysBetween(range.start, range.end) + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['end'], message: MESSAGES.scheduleEndBeforeStart });
    else if (days > SHIP_SCHEDULE_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['end'],
        message: MESSAGES.scheduleRangeTooLong(SHIP_SCHEDULE_MAX_DAYS),
      });
  });
export type ShipScheduleRange = z.output<typeof shipScheduleRangeSchema>;

/** The month the monthly figures end with (YYYY-MM); blank means the current month. */
export const monthlyThroughSchema = z
  .string()
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (!v) return undefined;
    if (!isWindowEnd(v)) ctx.addIssue({ code: 'custom', message: MESSAGES.monthInvalid });
    return v;
  });

export interface MonthFigure {
  /** YYYY-MM */
  month: string;
  /** "March 2024" */
  label: string;
  orders: number;
  /** Invoiced revenue, two places ("1250.00"). */
  revenue: string;
}

export interface MonthlyFigures {
  months: MonthFigure[];
  total_orders: number;
  total_revenue: string;
}

/**
 * The figures of `months` (oldest first) from per-month rows, which may miss months and may hold
 * several rows for one month: a month with nothing is 0 orders and "0.00". Amounts are added as
 * exact decimals (addMoney), never floats.
 */
export function monthlyFigures(
  months: readonly string[],
  orderRows: readonly { month: string; orders: number }[],
  revenueRows: readonly { month: string; revenue: string }[],
): MonthlyFigures {
  const figures = months.map((month) => {
    const orders = orderRows.filter((r) => r.month === month).reduce((sum, r) => sum + r.orders, 0);
    const revenue = addMoney(...revenueRows.filter((r) => r.month === month).map((r) => r.revenue));
    return { month, label: monthLabel(month), orders, revenue: toMoneyString(revenue) };
  });
  return {
    months: figures,
    total_orders: figures.reduce((sum, f) => sum + f.orders, 0),
    total_revenue: toMoneyString(addMoney(...figures.map((f) => f.revenue))),
  };
}
