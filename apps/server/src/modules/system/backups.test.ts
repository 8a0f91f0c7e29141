import { existsSync, mkdtempSync, readdirSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '@icehouse/db';
import { testDatabaseName } from '@icehouse/db/testing';
import type { Database } from '@icehouse/db/client';
import { createTestApp } from '../../../tests/test-app';
import { TestClient } from '../../../tests/client';
import { createStandardUsers, PASSWORD } from '../../../tests/users';
import { waitFor } from '../../../tests/wait-for-jobs';
import { parseMetrics, sampleOf, scrape as scrapeOver } from '../../../tests/metrics-scrape';
import { startMetricsServer, type MetricsServer } from '../../metrics/http';
import { folderBackupStore, type BackupStore } from '../../backup/backup-store';
import { takeLiveBackup } from '../../backup/live-backup';
import { createFolderBlobStore } from '../../blobs';
import { verifyArchive } from '../../backup/verify';
import { backupsAnswer } from './schemas';
import { scheduleDueBackup } from './backup-schedule';

/**
 * Scheduled backups (decision 255) on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL), into
 * a real folder: taken by the job, stored under backups/, read back and restored into a scratch database,
 * recorded, kept N, shown on the status call and in the metrics. A stored archive broken on purpose fails.
 */

const postgresUrl = () => {
  if (!process.env.TEST_DATABASE_URL) return undefined;
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${testDatabaseName()}`;
  return url.toString();
};

const folder = mkdtempSync(path.join(tmpdir(), 'icehouse-backups-test-'));
/** What the next put does to the stored file after writing it: nothing, or cut it in half. */
let breakStored: 'no' | 'truncate' = 'no';
const plain = folderBackupStore(folder);
const store: BackupStore = {
  ...plain,
  async put(name, file) {
    await plain.put(name, file);
    const stored = path.join(folder, name);
    if (breakStored === 'truncate') truncateSync(stored, Math.floor(statSync(stored).size / 2));
  },
};

let app: FastifyInstance;
let database: Database;
let admin: TestClient;
let staff: TestClient;
let metricsServer: MetricsServer;
beforeAll(async () => {
  const test = await createTestApp({
    jobs: { workers: true, pollingIntervalSeconds: 0.5 },
    backups: { store, databaseUrl: postgresUrl() },
  });
  app = test.app;
  database = test.database;
  await test.reset();
  await createStandardUsers(database);
  admin = new TestClient(app);
  await admin.login('admin', PASSWORD);
  staff = new TestClient(app);
  await staff.login('staff', PASSWORD);
  metricsServer = await startMetricsServer(app.metrics, '127.0.0.1', 0);
});
afterAll(async () => {
  await metricsServer?.close();
  await app?.close();
});
beforeEach(async () => {
  breakStored = 'no';
  await database.db.execute(sql`delete from backup_runs`);
  await database.db.execute(sql`delete from pgboss.job where name = 'run-backup'`);
});

async function overview() {
  const res = await admin.trpcQuery('system.backups');
  expect(res.statusCode, res.body).toBe(200);
  return backupsAnswer.parse((res.json() as { result: { data: unknown } }).result.data);
}

/** Back up now, then wait for the run to finish: its row as the status call shows it. */
async function backUpNow() {
  const started = await admin.trpcMutation('system.startBackup');
  expect(started.statusCode, started.body).toBe(200);
  const id = (started.json() as { result: { data: { id: number } } }).result.data.id;
  let run: Awaited<ReturnType<typeof overview>>['results'][number] | undefined;
  await waitFor(async () => {
    run = (await overview()).results.find((r) => r.id === id);
    return run?.status === 'verified' || run?.status === 'failed';
  }, 120_000);
  return run!;
}

const archives = () => readdirSync(folder).filter((name) => name.endsWith('.tar')).sort();

describe('backup settings', () => {
  it('default by database kind, are saved, refuse a bad time on its field, and are the admin’s only', async () => {
    const before = (await overview()).settings;
    expect(before).toEqual({ enabled: database.kind === 'pglite', enabled_by_default: true, time: '02:00', keep: 7 });
    const saved = await admin.trpcMutation('system.saveBackupSettings', { enabled: true, time: '23:15', keep: 3 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await overview()).settings).toEqual({ enabled: true, enabled_by_default: false, time: '23:15', keep: 3 });
    const bad = await admin.trpcMutation('system.saveBackupSettings', { enabled: true, time: '25:00', keep: 0 });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json() as { error: { data: { fieldErrors: Record<string, string[]> } } }).error.data.fieldErrors;
    expect(fields.time).toEqual(['Enter a time of day as HH:MM (24-hour), e.g. 02:00.']);
    expect(fields.keep).toEqual(['Keep between 1 and 365 backups.']);
    expect((await staff.trpcQuery('system.backups')).statusCode).toBe(403);
    expect((await staff.trpcMutation('system.startBackup')).statusCode).toBe(403);
  });
});

describe('a backup started now', () => {
  it('is stored under backups/, restored into a scratch database and verified, and shows in the metrics', async () => {
    // Over HTTP, as Prometheus scrapes METRICS_ADDRESS.
    const scrape = () => scrapeOver(metricsServer.url);
    expect((await scrape()).some((s) => s.name === 'icehouse_backup_last_success_timestamp_seconds')).toBe(false);
    const run = await backUpNow();
    expect(run.error).toBeNull();
    expect(run).toMatchObject({ status: 'verified', trigger: 'manual', removed: false });
    expect(run.file_name).toMatch(new RegExp(`^icehouse-${database.kind}-\\d{8}-\\d{6}Z-${run.id}\\.tar$`));
    expect(archives()).toEqual([run.file_name]);
    expect(run.size_bytes).toBe(statSync(path.join(folder, run.file_name!)).size);
    const users = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from users`))[0]!.n;
    expect(run.rows_checked).toBeGreaterThanOrEqual(users);
    const samples = await scrape();
    const labels = { database: database.kind };
    expect(sampleOf(samples, 'icehouse_backup_last_success_timestamp_seconds', labels)).toBe(Date.parse(run.finished_at!) / 1000);
    expect(sampleOf(samples, 'icehouse_backup_last_size_bytes', labels)).toBe(run.size_bytes);
  });

  it('fails verification when the stored archive is cut short: recorded, counted, and the archive not kept', async () => {
    const failuresBefore = sampleOf(parseMetrics(await app.metrics.registry.metrics()), 'icehouse_backup_failures_total');
    const kept = archives();
    breakStored = 'truncate';
    const run = await backUpNow();
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/does not read to its end|does not restore|differs/);
    expect(run.removed).toBe(true);
    expect(archives()).toEqual(kept);
    expect(sampleOf(parseMetrics(await app.metrics.registry.metrics()), 'icehouse_backup_failures_total')).toBe(failuresBefore + 1);
    // The queue retries it as it does its other jobs.
    const [job] = rowsOf<{ state: string }>(await database.db.execute(sql`select state::text as state from pgboss.job where name = 'run-backup'`));
    expect(job?.state).toBe('retry');
  });

  it('keeps exactly the newest N verified archives', async () => {
    const res = await admin.trpcMutation('system.saveBackupSettings', { enabled: true, time: '02:00', keep: 2 });
    expect(res.statusCode, res.body).toBe(200);
    for (const name of archives()) await store.delete(name);
    const runs = [await backUpNow(), await backUpNow(), await backUpNow()];
    expect(runs.map((r) => r.status)).toEqual(['verified', 'verified', 'verified']);
    // Retention runs once the last run is recorded as verified: wait for the job to be done with it.
    await waitFor(async () => (await overview()).results.find((r) => r.id === runs[0]!.id)?.removed === true);
    expect(archives()).toEqual([runs[1]!.file_name, runs[2]!.file_name].sort());
    expect((await overview()).results.filter((r) => r.removed).map((r) => r.id)).toEqual([runs[0]!.id]);
    expect(existsSync(path.join(folder, runs[0]!.file_name!))).toBe(false);
    // Three backups, each restored into a scratch database to be checked: about 20 s each on a loaded machine.
  }, 240_000);
});

describe('the check of a backup', () => {
  it('passes for the checksums taken with the dump, and names the tables when the restored rows differ', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'icehouse-verify-test-')), 'archive.tar');
    const blobs = await createFolderBlobStore(mkdtempSync(path.join(tmpdir(), 'icehouse-verify-blobs-')));
    const taken = await takeLiveBackup({ database, blobs, databaseUrl: postgresUrl() }, file);
    const verified = await verifyArchive(file, taken.checksums, { databaseUrl: postgresUrl() });
    expect(verified.tables).toBe(Object.keys(taken.checksums).length);
    // As if the database had held one more user than the archive gives back.
    const users = taken.checksums.users!;
    const expected = { ...taken.checksums, users: { rows: users.rows + 1, md5: users.md5 } };
    await expect(verifyArchive(file, expected, { databaseUrl: postgresUrl() })).rejects.toThrow(
      'The restored backup differs from the database it was taken from in: users.',
    );
    // A backup and two restores.
  }, 240_000);
});

describe('the schedule', () => {
  it('sends the day’s job once its time has come on the server’s clock, and only once', async () => {
    await admin.trpcMutation('system.saveBackupSettings', { enabled: true, time: '02:00', keep: 7 });
    const deps = { database, jobs: app.jobs, log: pino({ level: 'silent' }) };
    // Workers off for this: the jobs stay queued where the test can count them.
    const early = new Date(2026, 10, 29, 1, 59);
    const due = new Date(2026, 10, 29, 2, 0);
    expect(await scheduleDueBackup(deps, early)).toBeNull();
    await app.jobs.stop();
    const sent = await scheduleDueBackup(deps, due);
    expect(sent).not.toBeNull();
    expect(await scheduleDueBackup(deps, new Date(2026, 10, 29, 2, 1))).toBeNull();
    const jobs = rowsOf<{ day: string }>(
      await database.db.execute(sql`select data->>'day' as day from pgboss.job where name = 'run-backup'`),
    );
    expect(jobs).toEqual([{ day: '2026-11-29' }]);
    await admin.trpcMutation('system.saveBackupSettings', { enabled: false, time: '02:00', keep: 7 });
    expect(await scheduleDueBackup(deps, new Date(2026, 10, 30, 3, 0))).toBeNull();
    expect((await overview()).next_at).toBeNull();
  });
});
