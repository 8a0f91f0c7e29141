import { z } from 'zod';
import { TEXT_LIMITS } from '../constants';
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

/**
 * What is wrong with a text, or null: NUL characters and lone surrogates (malformed UTF-16, which
 * would otherwise be stored as U+FFFD) are refused, and so is text longer than `max` characters
 * (code points). Every text field of every schema goes through this, so forms and server agree.
 */
export function textProblem(text: string, max: number): string | null {
  const bad = /[\0\p{Cs}]/u.exec(text);
  if (bad) {
    return bad[0] === '\0' ? MESSAGES.textNullCharacter : MESSAGES.textSurrogate(bad[0].charCodeAt(0));
  }
  // A code point is 1 or 2 UTF-16 units: count code points only between max and 2 × max units
  // (a hostile megabyte of text is refused without splitting it into an array of characters).
  if (text.length > max && (text.length > 2 * max || [...text].length > max))
    return MESSAGES.textTooLong(max);
  return null;
}

/**
 * The `max` for a field whose own format rule bounds its length more tightly (state, ZIP, phone):
 * textProblem then refuses only malformed text, and the rule's own message is the one answered.
 */
export const FORMAT_BOUNDED = Number.MAX_SAFE_INTEGER;

/** Trimmed text of at most `max` characters (TEXT_LIMITS), '' when blank. */
export function optionalText(max: number) {
  return scalar.nullish().transform((v, ctx) => {
    const text = asText(v);
    const problem = textProblem(text, max);
    if (problem) addIssue(ctx, problem);
    return text;
  });
}

/** Trimmed text of at most `max` characters (TEXT_LIMITS) that must not be blank. */
export function requiredText(message: string, max: number) {
  return scalar.nullish().transform((v, ctx) => {
    const text = asText(v);
    const problem = text === '' ? message : textProblem(text, max);
    if (problem) addIssue(ctx, problem);
    return text;
  });
}

/** Text kept exactly as typed (passwords), at most `max` characters. Blank is ''. */
export function rawText(max: number) {
  return z
    .string()
    .nullish()
    .transform((v, ctx) => {
      const text = v ?? '';
      const problem = textProblem(text, max);
      if (problem) addIssue(ctx, problem);
      return text;
    });
}

/**
 * A plain trimmed string of at most `max` characters, well formed (query parameters such as
 * search terms, where the loose shapes of the form fields are not wanted).
 */
export function boundedString(max: number) {
  return z
    .string()
    .trim()
    .superRefine((text, ctx) => {
      const problem = textProblem(text, max);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
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
    const problem = textProblem(text, TEXT_LIMITS.email);
    if (problem) addIssue(ctx, problem);
    else if (text !== '' && !EMAIL.safeParse(text).success) addIssue(ctx, message);
    return text;
  });
}

/** A US state code (at most 2 characters), upper-cased. */
export function stateCode(message: string) {
  return scalar.nullish().transform((v, ctx) => {
    const text = asText(v).toUpperCase();
    const problem = textProblem(text, FORMAT_BOUNDED);
    if (problem) addIssue(ctx, problem);
    else if (text.length > TEXT_LIMITS.state) addIssue(ctx, message);
    return text;
  });
}
