import type { z } from 'zod';
import type { JobDefinition } from '../deps';

export type { JobDefinition, JobRunInfo } from '../deps';

/**
 * Declares one kind of background job (the shape is described in src/deps.ts): in the `jobs.ts` of the
 * module it belongs to, listed in `src/jobs/all-jobs.ts`.
 */
export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}
