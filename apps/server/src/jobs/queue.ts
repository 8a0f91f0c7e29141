import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { Database } from '@icehouse/db/client';
import type { Logger } from 'pino';
import type { AppDeps, JobDefinition, JobQueue, JobState } from '../deps';
import { databaseAdapter, transactionAdapter } from './sql-adapter';
import { currentRequestId, runAsRequest } from '../request-context';

/**
 * Where a job's data carries the id of the request that queued it (its own schema never sees it: a zod
 * object drops keys it does not declare), so its run and its log lines name that request on any process.
 */
const REQUEST_ID_KEY = '$requestId';
const requestIdOf = (data: unknown): string | undefined => {
  const id = data && typeof data === 'object' ? (data as Record<string, unknown>)[REQUEST_ID_KEY] : undefined;
  return typeof id === 'string' ? id : undefined;
};
/** The job's data as its sender gave it (the Failed jobs screen shows it). */
const withoutRequestId = (data: unknown): unknown => {
  if (requestIdOf(data) === undefined) return data;
  const { [REQUEST_ID_KEY]: _omit, ...rest } = data as Record<string, unknown>;
  return rest;
};

/** pg-boss's tables live in a schema of their own, which pg-boss creates and migrates itself on start. */
export const JOBS_SCHEMA = 'pgboss';

export interface JobQueueOptions {
  database: Database;
  log: Logger;
  definitions: readonly JobDefinition[];
  /** Run workers in this instance (default true). Off: jobs are only queued (tools, most tests). */
  workers?: boolean;
  /** How often an idle worker looks for work (pg-boss minimum 0.5 s; default 2 s). */
  pollingIntervalSeconds?: number;
  /** How long stop() lets running jobs finish before they are failed (and so retried later); default 8 s. */
  shutdownTimeoutMs?: number;
}

export type { FailedJob, JobQueue, JobState, SendOptions } from '../deps';

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

function errorText(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output)
    return String((output as { message: unknown }).message);
  if (output === null || output === undefined) return '';
  return typeof output === 'string' ? output : JSON.stringify(output);
}

function rows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? Array.from(result) : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

/**
 * Creates a job's queue unless it exists. Several instances starting at once on a new database each find
 * it missing, and pg-boss's create_queue (partitions attached to one table) can deadlock between them:
 * PostgreSQL fails one whole; it looks again and tries again (a few times, a little later each).
 */
async function createQueueOnce(boss: PgBoss, def: JobDefinition): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    if (await boss.getQueue(def.name)) return;
    try {
      await boss.createQueue(def.name, { name: def.name, policy: def.policy ?? 'standard' });
      return;
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, log } = options;
  const byName = new Map(options.definitions.map((d) => [d.name, d]));
  const runWorkers = options.workers ?? true;
  const boss = new PgBoss({
    db: databaseAdapter(database),
    schema: JOBS_SCHEMA,
    // Cron schedules are not used; maintenance (expiring jobs of dead workers, archiving) runs where workers do.
    schedule: false,
    supervise: runWorkers,
    migrate: true,
    // Failed jobs stay in the Failed jobs list for 30 days before pg-boss archives them.
    archiveFailedAfterSeconds: 30 * 24 * 3600,
    maintenanceIntervalSeconds: 60,
  });
  boss.on('error', (err) => log.warn({ err }, 'job queue error'));
  const workerIds = new Map<string, string[]>();
  let started: Promise<void> | null = null;
  let startedOk = false;
  let stopped = false;

  const definition = (name: string) => {
    const found = byName.get(name);
    if (!found) throw new Error(`Unknown job "${name}": list its definition in src/jobs/all-jobs.ts`);
    return found;
  };

  /** A failed job in words (its definition's describe); null when it cannot say (no describe, bad data, a failure). */
  const describeJob = async (name: string, data: unknown): Promise<string | null> => {
    const def = byName.get(name);
    const parsed = def?.describe ? def.data.safeParse(data) : null;
    if (!def?.describe || !parsed?.success) return null;
    try {
      return await def.describe({ database, data: parsed.data });
    } catch (err) {
      log.warn({ err, job: name }, 'could not describe a failed job');
      return null;
    }
  };

  const runOne = async (deps: AppDeps, def: JobDefinition, job: PgBoss.JobWithMetadata<unknown>) => {
    const data = def.data.parse(job.data);
    const started = Date.now();
    const reqId = requestIdOf(job.data);
    // The job's log lines (its own, through deps.log, and the queue's) name the request that queued it.
    const jobLog = reqId ? log.child({ reqId }) : log;
    const jobDeps = reqId ? { ...deps, log: deps.log.child({ reqId, job: def.name }) } : deps;
    try {
      await runAsRequest(reqId, () =>
        def.run({
          deps: jobDeps,
          data,
          job: { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit },
        }),
      );
      jobLog.info({ job: def.name, id: job.id, ms: Date.now() - started }, 'job done');
    } catch (err) {
      jobLog.warn({ err, job: def.name, id: job.id, attempt: job.retryCount + 1 }, 'job failed');
      deps.metrics.jobFailed(def.name);
      throw err;
    }
  };

  return {
    async send(job, data, opts = {}) {
      const def = definition(job.name);
      const requestId = currentRequestId();
      const parsed = def.data.parse(data) as object;
      const payload = requestId ? { ...parsed, [REQUEST_ID_KEY]: requestId } : parsed;
      return boss.send(def.name, payload, {
        retryLimit: def.retryLimit ?? 3,
        retryDelay: def.retryDelay ?? 10,
        retryBackoff: def.retryBackoff ?? true,
        expireInSeconds: def.expireInSeconds ?? 300,
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
        ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
        ...(opts.tx ? { db: transactionAdapter(opts.tx) } : {}),
      });
    },
    wake(job) {
      for (const id of workerIds.get(job.name) ?? []) boss.notifyWorker(id);
    },
    start(deps) {
      started ??= (async () => {
        await boss.start();
        for (const def of options.definitions) {
          await createQueueOnce(boss, def);
          if (!runWorkers) continue;
          const ids: string[] = [];
          for (let i = 0; i < (def.concurrency ?? 1); i += 1) {
            let id = '';
            id = await boss.work<unknown>(
              def.name,
              {
                batchSize: 1,
                includeMetadata: true,
                pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
              },
              async ([job]) => {
                if (!job) return;
                try {
                  await runOne(deps, def, job);
                } finally {
                  // pg-boss 10 waits the polling interval after every fetch, even one that found a job
                  // (one job per worker per interval: ~2 a second). A worker that found work looks again
                  // at once; only an empty fetch waits.
                  boss.notifyWorker(id);
                }
              },
            );
            ids.push(id);
          }
          workerIds.set(def.name, ids);
        }
        startedOk = true;
      })();
      return started;
    },
    async stop() {
      if (stopped || !started) return;
      stopped = true;
      await started.catch(() => undefined);
      await boss.stop({
        graceful: true,
        wait: true,
        close: false,
        timeout: options.shutdownTimeoutMs ?? 8000,
      });
    },
    async failed() {
      const result = await database.db.execute(sql`
        select id::text as id, name, data, output, retry_count, ${iso('created_on')} as created_on, ${iso('completed_on')} as failed_on
        from ${sql.raw(JOBS_SCHEMA)}.job where state = 'failed' order by completed_on desc, id limit 500`);
      const found = rows<{
        id: string;
        name: string;
        data: unknown;
        output: unknown;
        retry_count: number;
        created_on: string;
        failed_on: string | null;
      }>(result);
      return Promise.all(
        found.map(async (r) => ({
          id: r.id,
          name: r.name,
          label: byName.get(r.name)?.label ?? r.name,
          about: await describeJob(r.name, r.data),
          data: withoutRequestId(r.data),
          error: errorText(r.output),
          attempts: Number(r.retry_count) + 1,
          created_on: r.created_on,
          failed_on: r.failed_on ?? r.created_on,
        })),
      );
    },
    async retry(id) {
      const name = await failedJobName(database, id);
      if (!name) return false;
      await boss.retry(name, id);
      return true;
    },
    async discard(id) {
      const name = await failedJobName(database, id);
      if (!name) return false;
      await boss.deleteJob(name, id);
      return true;
    },
    async state(name, id) {
      const result = await database.db.execute(sql`
        select id::text as id, state::text as state, retry_count, ${iso('start_after')} as start_after, output
        from ${sql.raw(JOBS_SCHEMA)}.job where name = ${name} and id = ${id}::uuid`);
      const row = rows<{
        id: string;
        state: JobState['state'];
        retry_count: number;
        start_after: string;
        output: unknown;
      }>(result)[0];
      if (!row) return null;
      const failedOutput = row.state === 'failed' || row.state === 'retry' ? errorText(row.output) : '';
      return {
        id: row.id,
        state: row.state,
        retry_count: Number(row.retry_count),
        start_after: row.start_after,
        error: failedOutput || null,
      };
    },
    maintain: () => boss.maintain(),
    running: () => startedOk && !stopped,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function failedJobName(database: Database, id: string): Promise<string | null> {
  if (!UUID.test(id)) return null;
  const result = await database.db.execute(
    sql`select name from ${sql.raw(JOBS_SCHEMA)}.job where id = ${id}::uuid and state = 'failed'`,
  );
  return rows<{ name: string }>(result)[0]?.name ?? null;
}
