import {
  addDays,
  addMonths,
  daysBetween,
  isIsoDate,
  monthLabel,
  monthStartOf,
  weekdayOf,
} from '@icehouse/domain';

/**
 * The calendar's arithmetic on calendar dates (YYYY-MM-DD, the domain's helpers, no time zone):
 * weeks run Sunday to Saturday (as US staff read a calendar); a month view shows the whole weeks
 * that hold the month (28 to 42 days, inside the server's 62-day limit).
 */
export type CalendarView = 'month' | 'week';

export interface CalendarPeriod {
  view: CalendarView;
  /** The date the view is about (any day of it). */
  anchor: string;
  /** First and last day shown, both included. */
  start: string;
  end: string;
  /** The days shown, in weeks of 7. */
  weeks: string[][];
}

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

const weekStartOf = (date: string) => addDays(date, -weekdayOf(date));

export function periodOf(view: CalendarView, anchor: string): CalendarPeriod {
  let start: string;
  let end: string;
  if (view === 'week') {
    start = weekStartOf(anchor);
    end = addDays(start, 6);
  } else {
    const first = monthStartOf(anchor);
    const last = addDays(`${addMonths(anchor.slice(0, 7), 1)}-01`, -1);
    start = weekStartOf(first);
    end = addDays(weekStartOf(last), 6);
  }
  const days = Array.from({ length: daysBetween(start, end) + 1 }, (_, i) => addDays(start, i));
  const weeks = Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));
  return { view, anchor, start, end, weeks };
}

/** The anchor one period earlier (-1) or later (+1): the first of the month, or the same weekday. */
export function stepAnchor(view: CalendarView, anchor: string, step: -1 | 1): string {
  return view === 'week' ? addDays(anchor, 7 * step) : `${addMonths(anchor.slice(0, 7), step)}-01`;
}

/** The period's heading: "November 2026", or the week's first and last day. */
export function periodTitle(
  period: CalendarPeriod,
  weekTitle: (start: string, end: string) => string,
): string {
  return period.view === 'month'
    ? monthLabel(period.anchor.slice(0, 7))
    : weekTitle(period.start, period.end);
}

/** The view and anchor from the URL (?view=week&date=2026-11-23); anything else gives month / today. */
export function readCalendarParams(
  params: URLSearchParams,
  today: string,
): { view: CalendarView; anchor: string } {
  const view = params.get('view') === 'week' ? 'week' : 'month';
  const date = params.get('date') ?? '';
  return { view, anchor: isIsoDate(date) ? date : today };
}
