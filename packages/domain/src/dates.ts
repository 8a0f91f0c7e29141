/** Dates travel as ISO YYYY-MM-DD and are shown the way US staff read them (MM/DD/YYYY). */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date in YYYY-MM-DD form (rejects 2024-02-30). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** "2024-03-05" -> "03/05/2024"; blank gives ""; anything else is returned unchanged. */
export function formatUsDate(value: string | null | undefined): string {
  if (!value) return '';
  const datePart = value.slice(0, 10);
  if (!isIsoDate(datePart)) return value;
  const [y, m, d] = datePart.split('-');
  return `${m}/${d}/${y}`;
}

/** Today's local date as YYYY-MM-DD (the default date of a new order). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 3 -> "03": the dashboard opens /orders with a two-digit month. */
export function twoDigitMonth(month: number | string): string {
  return String(month).padStart(2, '0');
}

/** 'All Orders', '2024 Orders' or 'March 2024 Orders'. */
export function ordersListTitle(filter: {
  year?: string | number | null;
  month?: string | number | null;
}): string {
  const year = filter.year ? String(filter.year) : '';
  if (!year) return 'All Orders';
  const monthName = filter.month ? MONTH_NAMES[Number(filter.month) - 1] : undefined;
  return monthName ? `${monthName} ${year} Orders` : `${year} Orders`;
}
