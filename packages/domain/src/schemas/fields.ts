import { z } from 'zod';
import { LIMITS } from '../constants';
import { isIsoDate } from '../dates';
import { MESSAGES } from '../messages';

/**
 * Field builders shared by every form schema.
 *
 * Each field accepts the loose shapes forms and integrators send (string or number, null for
 * blank, {value, label} options) and normalises them: text trimmed, money to "1250.00", ids to
 * numbers. Their issues are marked `continue: true`, so the cross-field rules of a form still
 * run and the user sees every problem at once, not one round at a time.
 */

export type Ctx = z.core.$RefinementCtx<unknown>;

export function addIssue(ctx: Ctx, message: string, path?: PropertyKey[]): void {
  ctx.addIssue({ code: 'custom', message, continue: true, ...(path ? { path } : {}) });
}

export const scalar = z.union([z.string(), z.number()]);
const option = z.object({ value: scalar.nullish(), label: z.string().nullish() });

export const asText = (v: string | number | null | undefined): string =>
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
