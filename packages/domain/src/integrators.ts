import { z } from 'zod';
import { MESSAGES } from './messages';
import { TEXT_LIMITS } from './constants';
import { boundedString } from './schemas/fields';

/** What a personal API token may do: `read` only GET/HEAD; `read_write` anything its user may, never more. */
export const API_TOKEN_SCOPES = ['read', 'read_write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** An ISO 8601 date and time with an offset or Z (`2026-11-23T18:00:00Z`), or a plain date (midnight UTC). */
const ISO_TIMESTAMP =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/i;

/** Parses an ISO timestamp as integrators send it; null when it is not one. */
export function parseIsoTimestamp(text: string): Date | null {
  const trimmed = text.trim();
  if (!ISO_TIMESTAMP.test(trimmed)) return null;
  const date = new Date(trimmed.length === 10 ? `${trimmed}T00:00:00Z` : trimmed.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date and time without Z or an offset: which moment it means depends on a zone nobody named. */
const ZONELESS_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/i;

/**
 * A required ISO timestamp field (`updated_since`, `expires_at`). A time without a zone is refused with
 * a message saying so (decision 132), not read as UTC: a script sending its local time would otherwise
 * silently skip the changes of the hours between.
 */
export const isoTimestampField = () =>
  z.string({ error: MESSAGES.updatedSinceInvalid }).transform((text, ctx) => {
    const date = parseIsoTimestamp(text);
    if (!date) {
      const message = ZONELESS_TIMESTAMP.test(text.trim())
        ? MESSAGES.timestampZoneMissing
        : MESSAGES.updatedSinceInvalid;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return date;
  });

/** The "New token" form: a name, a scope and an optional expiry (a moment in the future). */
export const apiTokenCreateSchema = z.object({
  name: boundedString(TEXT_LIMITS.line).pipe(z.string().min(1, MESSAGES.tokenNameRequired)),
  scope: z.enum(API_TOKEN_SCOPES, { error: MESSAGES.optionInvalid }),
  expires_at: z
    .union([z.null(), z.literal(''), isoTimestampField()])
    .optional()
    .transform((v) => (v instanceof Date ? v : null))
    .refine((v) => v === null || v.getTime() > Date.now(), MESSAGES.tokenExpiryPast),
});
export type ApiTokenCreateInput = z.input<typeof apiTokenCreateSchema>;
