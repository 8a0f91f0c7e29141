import { formatUsDate } from '@icehouse/domain';

/** Texts of the ship schedule (none is in the spec: all ours); the dashboard chart's are in chartTexts.ts. */
export const SCHEDULE_TEXT = {
  title: 'Ship Schedule',
  description: 'Orders by ship date. Choose an order to open it.',
  previous: 'Previous',
  next: 'Next',
  today: 'Today',
  view: 'View',
  month: 'Month',
  week: 'Week',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousWeek: 'Previous week',
  nextWeek: 'Next week',
  loading: 'Loading...',
  loadError: 'Error loading the ship schedule. Please try again.',
  noOrders: 'No orders ship in this period.',
  weekTitle: (start: string, end: string) => `${formatUsDate(start)} – ${formatUsDate(end)}`,
  calendarCaption: (period: string) => `Orders shipping, ${period}`,
  dayLabel: (date: string, count: number) =>
    `${formatUsDate(date)}: ${count === 0 ? 'no orders' : count === 1 ? '1 order' : `${count} orders`}`,
  dayLoading: (date: string) => `${formatUsDate(date)}: loading orders`,
  openOrder: (door: string, customer: string, status: string) =>
    `Open order ${door}${customer ? `, ${customer}` : ''}, ${status}`,
} as const;

/** The ship schedule as a report: where the /reports shell lists it. */
export const SHIP_SCHEDULE_REPORT = {
  label: SCHEDULE_TEXT.title,
  to: '/reports/ship-schedule',
  description: SCHEDULE_TEXT.description,
} as const;
