import { addDays, monthStartOf, shipWeekOf } from '@icehouse/domain';
import { DEMO_CUSTOMERS, type DemoCustomer } from './data';
import type { SeedContext } from './context';
import type { SavedOrder } from './order-draft';

/**
 * The demo's story: what a newcomer should find on the screens the drawn history does not fill, dated
 * from today so it is always current.
 *
 * - Quotes in every status (draft, sent, accepted, declined, expired, converted to an order).
 * - Make to order: orders shipping this week (Monday to Sunday) and next, in every shop status, built
 *   from component products, so the shop board and the materials list (against the on-hand figures)
 *   show work.
 * - Quote to cash: deposits on open orders (one paid twice and the card payment refunded, later invoiced
 *   ahead of delivery; one moved onto its order's invoice when it shipped), credit notes, an overpaid invoice and a voided order's deposit applied as credit to another
 *   invoice, and DEMO_STATEMENT_CUSTOMER, whose statement for last month and this month lists invoices,
 *   payments, a deposit and credit notes.
 *
 * Its orders take the place of as many drawn ones (the demo keeps its order count); with fewer than
 * STORY_MIN_ORDERS orders asked for (the benchmark asks for none) there is no story.
 *
 * The story's parts: its orders (story-orders.ts) and their drafts (story-order-drafts.ts), its quotes
 * (story-quotes.ts), and its deposits, payments, credit and credit notes (story-deposits-and-credit.ts).
 * What they share is here.
 */

export const STORY_MIN_ORDERS = 30;
/** The customer whose statement for the default period (last month and this month) has entries of every kind. */
export const DEMO_STATEMENT_CUSTOMER = 'Mille Lacs Outfitters';
/** The customer with an overpaid invoice and a voided order's deposit, both applied to another invoice. */
export const DEMO_CREDIT_CUSTOMER = 'Leech Lake Marine';

/** The story's days, from today: this month, last month, this ship week's days and next week's (day 0 = Sunday). */
export function daysOf(today: string) {
  const thisMonth = monthStartOf(today);
  const lastMonth = monthStartOf(addDays(thisMonth, -1));
  // The ship week runs Sunday to Saturday (the board's and the schedule's): its day 0 is never after today.
  const weekStart = shipWeekOf(today).from;
  const latest = (a: string, b: string) => (a > b ? a : b);
  return {
    today,
    ago: (days: number) => addDays(today, -days),
    /** `days` ago, but not before the first of this month (so it is this month's, whatever today is). */
    thisMonth: (days: number) => latest(thisMonth, addDays(today, -days)),
    /** The first of last month + `days` (at most 27: every month has 28 days). */
    lastMonth: (days: number) => addDays(lastMonth, days),
    thisWeek: (day: number) => addDays(weekStart, day),
    nextWeek: (day: number) => addDays(weekStart, 7 + day),
  };
}

export const demoCustomer = (name: string): DemoCustomer => {
  const c = DEMO_CUSTOMERS.find((x) => x.name === name);
  if (!c) throw new Error(`demo seed: missing demo customer ${name}`);
  return c;
};

export const staffOf = (ctx: SeedContext) => ctx.userIds[1] ?? ctx.userIds[0]!;

export const byKey = (saved: readonly SavedOrder[], key: string): SavedOrder => {
  const o = saved.find((x) => x.plan.story?.key === key);
  if (!o) throw new Error(`demo seed: the story has no order ${key}`);
  return o;
};
