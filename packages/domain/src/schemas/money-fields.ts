import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { Decimal, parseMoney, roundCents } from '../money';
import { addIssue, asText, scalar, type Ctx } from './fields';

/**
 * Money and quantity field builders (see fields.ts for the conventions). Apart from fields.ts
 * because they need decimal.js: a form without money fields (the sign-in form) then leaves it out
 * of its bundle.
 */

export interface MoneyRules {
  /** Shown when the value is not a number. */
  invalid: string;
  /** Shown when the value is below 0. */
  negative?: string;
  /** Inclusive bounds with their messages, checked after rounding to cents. */
  min?: { value: string; message: string };
  max?: { value: string; message: string };
  /** Shown for more than two decimal places; without it such values are rounded half up. */
  decimals?: string;
}

const MONEY_MAX = new Decimal(LIMITS.moneyMax);

/** Reads a money value: null when blank, otherwise a cents string; issues for bad values. */
function readMoney(v: string | number | null | undefined, ctx: Ctx, rules: MoneyRules): string | null {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
  const parsed = parseMoney(v);
  if (parsed === null) {
    addIssue(ctx, rules.invalid);
    return null;
  }
  if (rules.decimals && parsed.decimalPlaces() > 2) {
    addIssue(ctx, rules.decimals);
    return roundCents(parsed).toFixed(2);
  }
  // Inputs step by 0.01; more places are rounded half up rather than refused (unless `decimals`).
  const cents = roundCents(parsed);
  if (rules.negative && cents.isNegative()) addIssue(ctx, rules.negative);
  else if (rules.min && cents.lessThan(rules.min.value)) addIssue(ctx, rules.min.message);
  else if (rules.max && cents.greaterThan(rules.max.value)) addIssue(ctx, rules.max.message);
  else if (cents.abs().greaterThan(MONEY_MAX)) addIssue(ctx, MESSAGES.amountTooLarge);
  return cents.toFixed(2);
}

/** A money amount; blank gives null. */
export function optionalMoney(rules: MoneyRules) {
  return scalar.nullish().transform((v, ctx) => readMoney(v, ctx, rules));
}

/** A money amount; blank gives "0.00". */
export function moneyOrZero(rules: MoneyRules) {
  return scalar.nullish().transform((v, ctx) => readMoney(v, ctx, rules) ?? '0.00');
}

/** A money amount that must be given. */
export function requiredMoney(required: string, rules: MoneyRules) {
  return scalar.nullish().transform((v, ctx) => {
    const value = readMoney(v, ctx, rules);
    if (value === null && asText(v) === '') addIssue(ctx, required);
    return value ?? '0.00';
  });
}

/** A percentage 0–100 with two places (tax rates); blank gives "0.00". */
export function percentField(messages: { invalid: string; range: string }) {
  return moneyOrZero({
    invalid: messages.invalid,
    min: { value: '0', message: messages.range },
    max: { value: String(LIMITS.percentMax), message: messages.range },
  });
}

/** The price rules of the order form: blank allowed, a number, not negative. */
export const PRICE_RULES: MoneyRules = { invalid: MESSAGES.priceInvalid, negative: MESSAGES.priceNegative };

export interface QuantityRules {
  invalid: string;
  whole?: string;
  min?: { value: number; message: string };
  /** Used when the value is absent (undefined or null). */
  defaultValue?: number;
}

/** A quantity as a number. */
export function quantityField(rules: QuantityRules) {
  return scalar.nullish().transform((v, ctx) => {
    if ((v === null || v === undefined) && rules.defaultValue !== undefined) return rules.defaultValue;
    const parsed = parseMoney(v);
    if (parsed === null) {
      addIssue(ctx, rules.min && asText(v) === '' ? rules.min.message : rules.invalid);
      return rules.defaultValue ?? 0;
    }
    if (rules.whole && !parsed.isInteger()) addIssue(ctx, rules.whole);
    else if (rules.min && parsed.lessThan(rules.min.value)) addIssue(ctx, rules.min.message);
    return parsed.toNumber();
  });
}
