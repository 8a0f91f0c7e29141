import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { rowsOf } from '@icehouse/db';
import { createDb, type Db } from '@icehouse/db/client';
import { testDatabaseName } from '@icehouse/db/testing';
import { storedFiles } from '@icehouse/db/schema';
import { createTestApp } from '../../../tests/test-app';
import { startS3Server } from '../../../tests/s3-server';
import { waitFor } from '../../../tests/wait-for-jobs';
import { buildApp } from '../../app';
import { folderBackupStore, s3BackupStore } from '../../backup/backup-store';
import { runBackupJob } from './jobs';
import { claimScheduledRun } from './backup-runs';

/**
 * The backup job into the S3-compatible server the blob tests use (its blobs in the same bucket), and two
 * instances on one PostgreSQL racing for the same day's backup: one backup is taken (decision 255).
 */

const postgresUrl = () => {
  if (!process.env.TEST_DATABASE_URL) return undefined;
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${testDatabaseName()}`;
  return url.toString();
};

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server('icehouse-backup-test');
});
afterAll(async () => {
  await s3?.close();
});

const runsOf = async (database: { db: Db }) =>
  rowsOf<{ id: number; status: string; file_name: string | null; error: string | null; scheduled_for: string | null }>(
    await database.db.execute(sql`select id, status, file_name, error, scheduled_for::text as scheduled_for from backup_runs order by id`),
  );

describe('a backup into the S3-compatible store', () => {
  it('is uploaded under the backups prefix beside the blobs, read back and verified', async () => {
    const blobs = s3.store('blobs/');
    const test = await createTestApp({
      blobs,
      jobs: { workers: true, pollingIntervalSeconds: 0.5 },
      backups: { store: s3BackupStore(blobs.client, s3.bucket, 'blobs/backups/'), databaseUrl: postgresUrl() },
    });
    try {
      await test.reset();
      // A stored file with its blob in the bucket: the archive must carry it.
      const put = await blobs.put((async function* () { yield Buffer.from('%PDF-1.4 a drawing'); })());
      await test.database.db
        .insert(storedFiles)
        .values({ filename: 'drawing.pdf', contentType: 'application/pdf', sizeBytes: put.size, sha256: put.sha256 });
      await test.app.jobs.send(runBackupJob, { day: '2026-11-29' });
      await waitFor(async () => (await runsOf(test.database)).some((r) => r.status === 'verified' || r.status === 'failed'), 120_000);
      const [run] = await runsOf(test.database);
      expect(run).toMatchObject({ status: 'verified', error: null, scheduled_for: '2026-11-29' });
      const listed = await blobs.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'blobs/backups/' }));
      expect(listed.Contents?.map((o) => o.Key)).toEqual([`blobs/backups/${run!.file_name}`]);
      const [counted] = rowsOf<{ blobs: number }>(await test.database.db.execute(sql`select blobs from backup_runs`));
      expect(counted!.blobs).toBe(1);
    } finally {
      await test.app.close();
    }
  });
});

describe.skipIf(!postgresUrl())('two instances on one PostgreSQL', () => {
  it('each sending the day’s backup job: one backup is taken, the other job does nothing', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'icehouse-backups-race-'));
    const store = folderBackupStore(folder);
    const url = postgresUrl()!;
    const test = await createTestApp({ jobs: { workers: true, pollingIntervalSeconds: 0.5 }, backups: { store, databaseUrl: url } });
    const secondDb = await createDb({ databaseUrl: url, poolMax: 4 });
    const second = await buildApp({
      database: secondDb,
      logger: pino({ level: 'silent' }),
      blobs: test.blobs,
      jobs: { workers: true, pollingIntervalSeconds: 0.5 },
      backups: { store, databaseUrl: url },
    });
    try {
      await test.reset();
      // The day's job is stately: a second send while one waits is dropped, so the second instance's job
      // exists once the first is running, and then its worker takes it at once (the first one's is busy).
      const first = await test.app.jobs.send(runBackupJob, { day: '2026-11-30' }, { singletonKey: 'backup-2026-11-30' });
      await waitFor(async () => (await runsOf(test.database)).some((r) => r.status === 'running'), 60_000);
      const secondJob = await second.jobs.send(runBackupJob, { day: '2026-11-30' }, { singletonKey: 'backup-2026-11-30' });
      expect([first, secondJob].every((id) => id !== null)).toBe(true);
      await waitFor(async () => {
        const states = rowsOf<{ state: string }>(
          await test.database.db.execute(sql`select state::text as state from pgboss.job where name = 'run-backup'`),
        );
        return states.length === 2 && states.every((s) => s.state === 'completed');
      }, 180_000);
      // And the claim itself, raced from both instances' connections for a day nobody has taken.
      const claims = await Promise.all([
        claimScheduledRun({ database: test.database }, '2026-12-01', 'job-a'),
        claimScheduledRun({ database: secondDb }, '2026-12-01', 'job-b'),
      ]);
      expect(claims.filter((id) => id !== null)).toHaveLength(1);
      await test.database.db.execute(sql`delete from backup_runs where scheduled_for = '2026-12-01'`);
      const runs = await runsOf(test.database);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ status: 'verified', scheduled_for: '2026-11-30' });
      expect(readdirSync(folder).filter((n) => n.endsWith('.tar'))).toEqual([runs[0]!.file_name]);
    } finally {
      await second.close();
      await test.app.close();
    }
  });
});
