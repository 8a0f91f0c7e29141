import { Decimal as BaseDecimal } from 'decimal.js';

/**
 * Exact money arithmetic. Amounts never pass through JS float arithmetic: everything is read into
 * a Decimal, and rounding to cents is always half up (ties away from zero: 0.005 -> 0.01,
 * -0.005 -> -0.01).
 *
 * A private Decimal constructor (40 significant digits, half-up) so we never mutate the global
 * decimal.js configuration another package may rely on. Its instances are ordinary decimal.js
 * Decimals and mix freely with instances from the default constructor.
 */
export const Decimal = BaseDecimal.clone({ precision: 40, rounding: BaseDecimal.ROUND_HALF_UP });
export type Decimal = BaseDecimal;

export type MoneyInput = string | number | null | undefined | Decimal;

// Plain decimal notation only: no "Infinity", "NaN", hex or binary literals that decimal.js accepts.
const NUMERIC_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The value as a Decimal, or null when it is not a finite number (blank, text, NaN, Infinity). */
export function parseMoney(v: unknown): Decimal | null {
  if (BaseDecimal.isDecimal(v)) return v.isFinite() ? new Decimal(v) : null;
  if (typeof v === 'number') return Number.isFinite(v) ? new Decimal(v) : null;
  if (typeof v === 'bigint') return new Decimal(v.toString());
  if (typeof v === 'string') {
    const text = v.trim();
    return NUMERIC_TEXT.test(text) ? new Decimal(text) : null;
  }
  return null;
}

/** The value as a Decimal; anything non-numeric counts as 0 (orders spec §9). */
export function toDecimal(v: unknown): Decimal {
  return parseMoney(v) ?? new Decimal(0);
}

/** Round half up to cents. Non-numeric input is 0. */
export function roundCents(v: unknown): Decimal {
  const rounded = toDecimal(v).toDecimalPlaces(2, BaseDecimal.ROUND_HALF_UP);
  // Normalise -0 so it never prints as "-0.00".
  return rounded.isZero() ? new Decimal(0) : rounded;
}

/** Sum of amounts, each read as cents. */
export function addMoney(...values: unknown[]): Decimal {
  return values.reduce<Decimal>((sum, v) => sum.plus(roundCents(v)), new Decimal(0));
}

/** A line amount: price (read as cents) × quantity, rounded to cents. */
export function multiplyQty(price: unknown, quantity: unknown): Decimal {
  return roundCents(roundCents(price).times(toDecimal(quantity)));
}

/** `percent`% of an amount (read as cents), rounded to cents. The percentage itself is not rounded. */
export function percentOf(amount: unknown, percent: unknown): Decimal {
  return roundCents(roundCents(amount).times(toDecimal(percent)).dividedBy(100));
}

// Text already in the wire format (as PostgreSQL prints a numeric(12,2)): no leading zeros, two places.
const MONEY_TEXT = /^-?(?:0|[1-9]\d*)\.\d\d$/;

/** Wire format used by the REST API and the database: two places, no separators ("1250.00"). */
export function toMoneyString(v: unknown): string {
  // Lists and reports format thousands of stored amounts: text already in this form is the answer
  // (except "-0.00", which is "0.00"), without a Decimal built and rounded.
  if (typeof v === 'string' && MONEY_TEXT.test(v)) return v === '-0.00' ? '0.00' : v;
  return roundCents(v).toFixed(2);
}

/** Display format: "$1,234.50", "-$5.00". */
export function formatMoney(v: unknown): string {
  const cents = roundCents(v);
  const [whole = '0', fraction = '00'] = cents.abs().toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents.isNegative() ? '-' : ''}$${grouped}.${fraction}`;
}

/**
 * What a money input shows after blur: two decimals when it holds a number, empty stays empty,
 * and text that is not a number is left as typed so the validation message can point at it.
 */
export function formatTwoDecimals(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' && v.trim() === '') return '';
  const parsed = parseMoney(v);
  return parsed === null ? String(v) : toMoneyString(parsed);
}
