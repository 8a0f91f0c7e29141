import { z } from 'zod';
import { MESSAGES } from '@icehouse/domain';
import { defineOperation, operationSet } from '../../operations/define';
import { AppError } from '../../errors';

const failedJobSchema = z.object({
  id: z.string(),
  /** The queue (`render-document`, `send-email`...). */
  name: z.string(),
  /** What it does, in words. */
  label: z.string(),
  data: z.unknown(),
  /** The last attempt's error message. */
  error: z.string(),
  attempts: z.number().int(),
  created_on: z.string(),
  failed_on: z.string(),
});

const jobIdInput = z.object({ id: z.string().trim().min(1).max(64) });

/** Superusers' Failed jobs screen: jobs that used up their retries (decision 060). */
export const jobsOperations = operationSet('jobs', {
  failed: defineOperation({
    kind: 'query',
    access: 'superuser',
    output: z.object({ results: z.array(failedJobSchema) }),
    run: async ({ deps }) => ({ results: await deps.jobs.failed() }),
  }),
  /** One more attempt for a failed job. */
  retry: defineOperation({
    kind: 'mutation',
    access: 'superuser',
    input: jobIdInput,
    output: z.object({ success: z.literal(true) }),
    run: async ({ deps, input }) => {
      if (!(await deps.jobs.retry(input.id))) throw new AppError('NOT_FOUND', MESSAGES.failedJobNotFound);
      return { success: true as const };
    },
  }),
  /** Deletes a failed job (it will not run again). */
  discard: defineOperation({
    kind: 'mutation',
    access: 'superuser',
    input: jobIdInput,
    output: z.object({ success: z.literal(true) }),
    run: async ({ deps, input }) => {
      if (!(await deps.jobs.discard(input.id))) throw new AppError('NOT_FOUND', MESSAGES.failedJobNotFound);
      return { success: true as const };
    },
  }),
});
