import { MESSAGES } from '@icehouse/domain';
import { defineOperation, operationSet } from '../../operations/define';
import { successAnswer } from '../../operations/answers';
import { AppError } from '../../errors';
import { failedJobsAnswer, jobIdInput } from './schemas';

/** Superusers' Failed jobs screen: jobs that used up their retries (decision 060). */
export const jobsOperations = operationSet('jobs', {
  failed: defineOperation({
    kind: 'query',
    access: 'admin',
    output: failedJobsAnswer,
    run: async ({ deps }) => ({ results: await deps.jobs.failed() }),
  }),
  /** One more attempt for a failed job. */
  retry: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: jobIdInput,
    output: successAnswer,
    run: async ({ deps, input }) => {
      if (!(await deps.jobs.retry(input.id))) throw new AppError('NOT_FOUND', MESSAGES.failedJobNotFound);
      return { success: true as const };
    },
  }),
  /** Deletes a failed job (it will not run again). */
  discard: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: jobIdInput,
    output: successAnswer,
    run: async ({ deps, input }) => {
      if (!(await deps.jobs.discard(input.id))) throw new AppError('NOT_FOUND', MESSAGES.failedJobNotFound);
      return { success: true as const };
    },
  }),
});
