import type { z } from 'zod';
import type { Database } from '@icehouse/db/client';
import type { AppDeps } from '../deps';

/**
 * One kind of background job: its queue name, the shape of its data (checked when sent and when run),
 * what a run does, and how failures are retried. Declared once (`defineJob`) and listed in
 * `src/jobs/all-jobs.ts`; the queue creates its pg-boss queue and worker from that list.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** pg-boss queue name: letters, digits, `-` and `_` (e.g. `render-document`). */
  name: string;
  /** Shown on the Failed jobs screen ("Render a document"). */
  label: string;
  data: S;
  /**
   * What one job is about, in words, for the Failed jobs screen ("Invoice #2042 to buyer@acme.example");
   * null when its record is gone. Without it the screen shows the job's data.
   */
  describe?(ctx: { database: Database; data: z.output<S> }): Promise<string | null>;
  /**
   * The work. Throwing fails this attempt: it is retried (retryLimit, backoff) and, when none is left,
   * stays in the Failed jobs list. It may run more than once (a crash after the work, before pg-boss
   * records it): make it idempotent (see docs/decisions/060-job-queue-pg-boss.md).
   */
  run(ctx: { deps: AppDeps; data: z.output<S>; job: JobRunInfo }): Promise<void>;
  /** Attempts after the first (default 3). */
  retryLimit?: number;
  /** Seconds before a retry (default 10); doubled each time with retryBackoff (default true). */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** An attempt still active after this long is taken for dead (its process crashed) and retried (default 300). */
  expireInSeconds?: number;
  /**
   * `standard`: every send is a job. `stately`: at most one queued and one running job per singletonKey
   * (a second send while one waits is dropped) - for "bring X up to date" work such as pre-rendering.
   */
  policy?: 'standard' | 'stately';
  /** Jobs a worker of this instance runs at once (default 1). */
  concurrency?: number;
}

export interface JobRunInfo {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}
