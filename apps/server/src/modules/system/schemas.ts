import { z } from 'zod';

export const systemStatusSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['postgres', 'pglite']),
  version: z.string(),
});

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const systemAnswers = {
  'system.status': systemStatusSchema,
};
