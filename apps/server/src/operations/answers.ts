import { z } from 'zod';
import type { Logger } from 'pino';
import { AppError } from '../errors';

/**
 * Parses an answer by its output schema when answer checks are on (tests and development; off in
 * production by default because it costs a parse per answer). The caller still sends the original
 * value: the check never strips or transforms a field. A mismatch is a server bug: logged, and a
 * 500 whose detail names the operation and the fields.
 */
export function checkAnswer(operation: string, schema: z.ZodType, answer: unknown, log: Logger): void {
  const result = schema.safeParse(answer);
  if (result.success) return;
  const issues = result.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`).join('; ');
  log.error({ operation, issues: result.error.issues }, 'an answer does not match its output schema');
  throw new AppError('INTERNAL', `The answer of ${operation} does not match its output schema: ${issues}`);
}

/** The answer of a deletion or an action that has nothing else to say. */
export const successAnswer = z.object({ success: z.literal(true) });
/** No answer at all (tRPC sends no data). */
export const noAnswer = z.void();
