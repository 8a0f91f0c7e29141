import { z } from 'zod';
import { LIMITS } from '../constants';
import { isIsoDate } from '../dates';
import { MESSAGES } from '../messages';
import { Decimal, parseMoney, roundCents } from '../money';

/**
 * Field builders shared by every form schema.
 *
 * Each field accepts the loose shapes forms and integrators send (string or number, null for
 * blank, {value, label} options) and normalises them: text trimmed, money to "1250.00", ids to
 * numbers. Their issues are marked `continue: true`, so the cross-field rules of a form still
 * run and the user sees every problem at once, not one round at a time.
 */

type Ctx = z.core.$RefinementCtx<unknown>;

export function addIssue(ctx: Ctx, message: string, path?: PropertyKey[]): void {
  ctx.addIssue({ code: 'custom', message, continue: true, ...(path ? { path } : {}) });
}

const scalar = z.union([z.string(), z.number()]);
const option = z.object({ value: scalar.nullish(), label: z.string().nullish() });

const asText = (v: string | number | null | undefined): string =>
  v === null || v === undefined ? '' : String(v).trim();

/** Trimmed text, '' when blank. */
export function optionalText(max?: number) {
  return scalar.nullish().transform((v, ctx) => {
    const text = asText(v);
    if (max !== undefined && text.length > max) addIssue(ctx, MESSAGES.textTooLong);
    return text;
  });
}

/** Trimmed text that must not be blank. */
export function requiredText(message: string, max?: { length: number; message: string }) {
  return scalar.nullish().transform((v, ctx) => {
    const text = asText(v);
    if (text === '') addIssue(ctx, message);
    else if (max && text.length > max.length) addIssue(ctx, max.message);
    return text;
  });
}

/** Text kept exactly as typed (passwords). Blank is ''. */
export function rawText() {
  return z
    .string()
    .nullish()
    .transform((v) => v ?? '');
}

export function flag(defaultValue: boolean) {
  return z
    .boolean()
    .nullish()
    .transform((v) => v ?? defaultValue);
}

/** A YYYY-MM-DD date that must be given. */
export function requiredDate(message: string) {
  return z
    .string()
    .nullish()
    .transform((v, ctx) => {
      const text = asText(v);
      if (text === '') addIssue(ctx, message);
      else if (!isIsoDate(text)) addIssue(ctx, MESSAGES.dateInvalid);
      return text;
    });
}

/** A YYYY-MM-DD date or null when blank. */
export function optionalDate() {
  return z
    .string()
    .nullish()
    .transform((v, ctx) => {
      const text = asText(v);
      if (text === '') return null;
      if (!isIsoDate(text)) addIssue(ctx, MESSAGES.dateInvalid);
      return text;
    });
}

export interface MoneyRules {
  /** Shown when the value is not a number. */
  invalid: string;
  /** Shown when the value is below 0. */
  negative?: string;
  /** Inclusive bounds with their messages, checked after rounding to cents. */
  min?: { value: string; message: string };
  max?: { value: string; message: string };
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
  // Inputs step by 0.01; more places are rounded half up rather than refused.
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

function toId(v: unknown): number | null | undefined {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** A setting (or other record) id; accepts 12, "12" or an option {value: 12}. Blank gives null. */
export function optionalRef(invalid: string = MESSAGES.optionInvalid) {
  return z
    .union([scalar, option])
    .nullish()
    .transform((v, ctx) => {
      const raw = v !== null && typeof v === 'object' ? v.value : v;
      const id = toId(raw);
      if (id === undefined) {
        addIssue(ctx, invalid);
        return null;
      }
      return id;
    });
}

/** A record id that must be given. */
export function requiredRef(required: string, invalid: string = MESSAGES.optionInvalid) {
  return z
    .union([scalar, option])
    .nullish()
    .transform((v, ctx) => {
      const raw = v !== null && typeof v === 'object' ? v.value : v;
      const id = toId(raw);
      if (id === null) addIssue(ctx, required);
      else if (id === undefined) addIssue(ctx, invalid);
      return id ?? 0;
    });
}

/** One of a fixed set of values that must be given. */
export function requiredChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  required: string,
  invalid: string,
) {
  return z
    .union([z.string(), option])
    .nullish()
    .transform((v, ctx): T[number] => {
      const raw = asText(v !== null && typeof v === 'object' ? (v.value ?? null) : v);
      if (raw === '') addIssue(ctx, required);
      else if (!(values as readonly string[]).includes(raw)) addIssue(ctx, invalid);
      else return raw as T[number];
      return values[0];
    });
}

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

const EMAIL = z.email();

/** An email address or '' when blank. */
export function optionalEmail(message: string) {
  return scalar.nullish().transform((v, ctx) => {
    const text = asText(v);
    if (text !== '' && !EMAIL.safeParse(text).success) addIssue(ctx, message);
    return text;
  });
}

/** A US state code (at most 2 characters), upper-cased. */
export function stateCode(message: string) {
  return scalar.nullish().transform((v, ctx) => {
    const text = asText(v).toUpperCase();
    if (text.length > LIMITS.stateMaxLength) addIssue(ctx, message);
    return text;
  });
}
