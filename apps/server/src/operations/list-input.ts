import { z } from 'zod';
import { MESSAGES, TEXT_LIMITS, boundedString, isoTimestampField } from '@icehouse/domain';
import { PAGE_SIZE_MAX } from './list-page';

/**
 * Fields of list filters, one schema for both doors: REST sends strings from the query string
 * (blank means absent), tRPC sends numbers, booleans or null. Each field's input type says what
 * the web may send; the output is a number, text or boolean, or undefined when absent.
 */
const INTEGER = 'A valid integer is required.';
const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

export const listInt = (min: number, max: number, message = INTEGER) =>
  z.preprocess(
    (v: number | string | null | undefined) => blankToUndefined(v),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );

export const listText = () =>
  z.preprocess((v: string | null | undefined) => blankToUndefined(v), boundedString(TEXT_LIMITS.search).optional());

export const listBool = () =>
  z.preprocess(
    (v: boolean | string | null | undefined) => blankToUndefined(v),
    z
      .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'True', 'False', 'yes', 'no'])], { error: 'Must be a valid boolean.' })
      .transform((v) => v === true || v === 'true' || v === 'True' || v === '1' || v === 'yes')
      .optional(),
  );

/**
 * Incremental sync: `updated_since` (an ISO timestamp: rows changed at or after it) and
 * `ordering=updated_at` (oldest change first; `-updated_at` newest first). Either one switches a list to
 * its sync order.
 */
export const listUpdatedSince = () => z.preprocess((v: string | null | undefined) => blankToUndefined(v), isoTimestampField().optional());
export const SYNC_ORDERINGS = ['updated_at', '-updated_at'] as const;
export const listOrdering = () =>
  z.preprocess(
    (v: string | null | undefined) => blankToUndefined(v),
    z.enum(SYNC_ORDERINGS, { error: MESSAGES.orderingInvalid }).optional(),
  );

/** `?page=`: 1 to 1,000,000 on both doors (a page past the end is a 404). */
export const listPage = () => listInt(1, 1_000_000);

/** `?page_size=`: rows per page, 1 to PAGE_SIZE_MAX (decision 130); absent, the list's own default. */
export const listPageSize = () => listInt(1, PAGE_SIZE_MAX, MESSAGES.pageSizeInvalid(PAGE_SIZE_MAX));

/** A list answer on tRPC: page numbers for next/previous (REST answers full URLs, see rest/pages.ts). */
export const pageAnswer = <Row extends z.ZodType>(row: Row) =>
  z.object({ count: z.number().int(), next: z.number().int().nullable(), previous: z.number().int().nullable(), results: z.array(row) });

/** The same list on REST: DRF page links (full URLs). */
export const restPageAnswer = <Row extends z.ZodType>(row: Row) =>
  z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(row) });
