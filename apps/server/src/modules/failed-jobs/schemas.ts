import { z } from 'zod';
import { successAnswer } from '../../operations/answers';

/** A failed job, by its queue id. */
export const jobIdInput = z.object({ id: z.string().trim().min(1).max(64) });

export const failedJobSchema = z.object({
  id: z.string(),
  /** The queue (`render-document`, `send-email`...). */
  name: z.string(),
  /** What it does, in words. */
  label: z.string(),
  about: z
    .string()
    .nullable()
    .describe(
      'What this job is about: the document and the recipient ("Invoice #2042 to buyer@acme.example"); null when unknown',
    ),
  data: z.unknown(),
  /** The last attempt's error message. */
  error: z.string(),
  attempts: z.number().int(),
  created_on: z.string(),
  failed_on: z.string(),
});
export const failedJobsAnswer = z.object({ results: z.array(failedJobSchema) });

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const failedJobsAnswers = {
  'jobs.failed': failedJobsAnswer,
  'jobs.retry': successAnswer,
  'jobs.discard': successAnswer,
};
