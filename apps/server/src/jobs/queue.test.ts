import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import postgres from 'postgres';
import type { FastifyInstance } from 'fastify';
import { createDb, type Database } from '@icehouse/db/client';
import { createTestApp } from '../../tests/test-app';
import { buildApp } from '../app';
import { defineJob } from './define';
import { testDatabaseUrl, waitFor } from '../../tests/wait-for-jobs';

/** What the test jobs did, by key: a real side effect each run leaves behind. */
const runs: { job: string; key: string }[] = [];
const failures = new Map<string, number>();

const recordJob = defineJob({
  name: 'test-record',
  label: 'Record a run',
  data: z.object({ key: z.string() }),
  retryLimit: 0,
  concurrency: 2,
  run: async ({ data }) => {
    runs.push({ job: 'test-record', key: data.key });
  },
});
const flakyJob = defineJob({
  name: 'test-flaky',
  label: 'Fail, then succeed',
  data: z.object({ key: z.string(), failTimes: z.number().int() }),
  retryLimit: 2,
  retryDelay: 0,
  retryBackoff: false,
  run: async ({ data }) => {
    const seen = failures.get(data.key) ?? 0;
    if (seen < data.failTimes) {
      failures.set(data.key, seen + 1);
      throw new Error(`attempt ${seen + 1} of ${data.key} failed`);
    }
    runs.push({ job: 'test-flaky', key: data.key });
  },
});
/** Both instances' deps objects that started a barrier job: the job waits until two instances hold one each. */
const barrierHolders = new Set<unknown>();
const barrierJob = defineJob({
  name: 'test-barrier',
  label: 'Wait for the other instance',
  data: z.object({ key: z.string() }),
  retryLimit: 0,
  run: async ({ deps }) => {
    barrierHolders.add(deps);
    await waitFor(() => barrierHolders.size >= 2, 20_000);
  },
});
const definitions = [recordJob, flakyJob, barrierJob];

let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  const test = await createTestApp({ jobs: { workers: true, pollingIntervalSeconds: 0.5, definitions } });
  app = test.app;
  database = test.database;
});
afterAll(async () => {
  await app?.close();
});

describe('job queue (pg-boss over the app database)', () => {
  it('runs a job sent inside a committed transaction, and never one whose transaction rolled back', async () => {
    await database.db.transaction(async (tx) => {
      await app.jobs.send(recordJob, { key: 'committed' }, { tx });
    });
    await database.db
      .transaction(async (tx) => {
        await app.jobs.send(recordJob, { key: 'rolled-back' }, { tx });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    app.jobs.wake(recordJob);
    await waitFor(() => runs.some((r) => r.key === 'committed'));
    await app.jobs.send(recordJob, { key: 'after' });
    app.jobs.wake(recordJob);
    await waitFor(() => runs.some((r) => r.key === 'after'));
    expect(runs.filter((r) => r.key === 'rolled-back')).toEqual([]);
    const queued = await database.db.execute(
      sql`select count(*)::int as n from pgboss.job where data->>'key' = 'rolled-back'`,
    );
    expect(JSON.stringify(queued)).toContain('"n":0');
  });

  it('retries a failing job, and one that keeps failing lands in the failed list, from which it can be retried or discarded', async () => {
    await app.jobs.send(flakyJob, { key: 'recovers', failTimes: 1 });
    app.jobs.wake(flakyJob);
    await waitFor(() => runs.some((r) => r.key === 'recovers'));

    const id = await app.jobs.send(flakyJob, { key: 'keeps-failing', failTimes: 3 });
    await waitFor(async () => (await app.jobs.failed()).some((j) => j.id === id));
    const [failed] = (await app.jobs.failed()).filter((j) => j.id === id);
    expect(failed).toMatchObject({
      name: 'test-flaky',
      label: 'Fail, then succeed',
      attempts: 3,
      error: 'attempt 3 of keeps-failing failed',
    });
    expect(failed!.data).toEqual({ key: 'keeps-failing', failTimes: 3 });

    // A person's retry: one more attempt, which now succeeds.
    expect(await app.jobs.retry(id!)).toBe(true);
    await waitFor(() => runs.some((r) => r.key === 'keeps-failing'));
    expect((await app.jobs.failed()).some((j) => j.id === id)).toBe(false);

    const doomed = await app.jobs.send(flakyJob, { key: 'discarded', failTimes: 99 });
    await waitFor(async () => (await app.jobs.failed()).some((j) => j.id === doomed));
    expect(await app.jobs.discard(doomed!)).toBe(true);
    expect((await app.jobs.failed()).some((j) => j.id === doomed)).toBe(false);
    expect(await app.jobs.discard(doomed!)).toBe(false);
    expect(await app.jobs.retry('not-a-uuid')).toBe(false);
  });

  it('a worker that found a job looks for the next at once: a backlog drains without waiting a polling interval per job', async () => {
    // One worker polling every 2 minutes: were it to wait an interval after each job (pg-boss's own loop
    // does), the second of these jobs would run two minutes after the first.
    const backlogJob = defineJob({
      name: 'test-backlog',
      label: 'Drain a backlog',
      data: z.object({ key: z.string() }),
      retryLimit: 0,
      run: async ({ data }) => {
        runs.push({ job: 'test-backlog', key: data.key });
      },
    });
    const slow = await createTestApp({
      jobs: { workers: true, pollingIntervalSeconds: 120, definitions: [backlogJob] },
    });
    try {
      const keys = Array.from({ length: 10 }, (_, i) => `backlog-${i}`);
      for (const key of keys) await slow.app.jobs.send(backlogJob, { key });
      slow.app.jobs.wake(backlogJob);
      await waitFor(() => keys.every((key) => runs.some((r) => r.key === key)), 60_000);
      expect(runs.filter((r) => r.job === 'test-backlog')).toHaveLength(10);
    } finally {
      await slow.app.close();
    }
  });

  it('refuses a job whose definition is not listed, and data its schema refuses', async () => {
    const unlisted = defineJob({
      name: 'test-unlisted',
      label: 'x',
      data: z.object({}),
      run: async () => {},
    });
    await expect(app.jobs.send(unlisted, {})).rejects.toThrow(/all-jobs/);
    await expect(app.jobs.send(recordJob, { key: 1 } as unknown as { key: string })).rejects.toThrow();
  });
});

describe.skipIf(!testDatabaseUrl())('two app instances on one PostgreSQL', () => {
  it('start at once on a new database: one installs pg-boss and each queue, the others carry on (docker compose up)', async () => {
    const name = `icehouse_jobs_race_${process.pid}`;
    const admin = postgres(testDatabaseUrl()!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(testDatabaseUrl()!);
    url.pathname = `/${name}`;
    const start = async () =>
      buildApp({
        database: await createDb({ databaseUrl: url.toString() }),
        logger: pino({ level: 'silent' }),
        jobs: { workers: false, definitions },
      });
    try {
      const started = await Promise.allSettled([start(), start(), start()]);
      for (const result of started) if (result.status === 'fulfilled') await result.value.close();
      const outcomes = started.map((r) =>
        r.status === 'rejected' ? `${String(r.reason)} ${String((r.reason as Error).cause)}` : 'started',
      );
      expect(outcomes).toEqual(['started', 'started', 'started']);
    } finally {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    }
  });

  it('share the queue: both instances take jobs, and every job runs exactly once', async () => {
    const url = await testDatabaseUrl(database);
    const other = await buildApp({
      database: await createDb({ databaseUrl: url! }),
      logger: pino({ level: 'silent' }),
      checkAnswers: true,
      jobs: { workers: true, pollingIntervalSeconds: 0.5, definitions },
    });
    try {
      // One worker each: the first barrier job blocks its instance until the other instance takes the second.
      await app.jobs.send(barrierJob, { key: 'a' });
      await app.jobs.send(barrierJob, { key: 'b' });
      await waitFor(() => barrierHolders.size === 2, 20_000);

      const keys = Array.from({ length: 40 }, (_, i) => `shared-${i}`);
      for (const key of keys) await app.jobs.send(recordJob, { key });
      await waitFor(() => keys.every((key) => runs.some((r) => r.key === key)), 30_000);
      const shared = runs.filter((r) => r.key.startsWith('shared-'));
      expect(shared).toHaveLength(40);
      expect(new Set(shared.map((r) => r.key)).size).toBe(40);
    } finally {
      await other.close();
    }
  });
});
