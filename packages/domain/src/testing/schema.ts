import type { z } from 'zod';
import { zodIssuesToFieldErrors, type FieldErrors } from '../fieldErrors';

/** DRF-style errors of a parse, {} when it succeeds. */
export function errorsOf(schema: z.ZodType, input: unknown): FieldErrors {
  const result = schema.safeParse(input);
  return result.success ? {} : zodIssuesToFieldErrors(result.error);
}

/** The parsed value; fails the test with the field errors when invalid. */
export function parseOk<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success)
    throw new Error(`expected valid input, got ${JSON.stringify(zodIssuesToFieldErrors(result.error))}`);
  return result.data;
}
