import type { z } from 'zod';
import { zodIssuesToFieldErrors, type IssueLike } from '@icehouse/domain';
import { AppError } from '../../errors';
import type { DbDeps } from '../../deps';

/** What the catalogue services need of the app: its database. */
export type { DbDeps };

/** The ending of the messages of a delete that a row saved meanwhile refused (the FK decided). */
export const STILL_IN_USE = 'It is still in use and cannot be deleted.';

/** Parses with a domain schema; any issue becomes a VALIDATION error with DRF-shaped field errors. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw AppError.validation(zodIssuesToFieldErrors(result.error));
  return result.data;
}

/** A VALIDATION error from issues found by the server itself (same shape as the schema's). */
export function validationError(issues: IssueLike[]): AppError {
  const fieldErrors = zodIssuesToFieldErrors({ issues });
  return AppError.validation(fieldErrors, issues.length === 1 ? issues[0]!.message : undefined);
}

/** Natural order for names and values: '8x10' before '10x12', case ignored. */
export const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
