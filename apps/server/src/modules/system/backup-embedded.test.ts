import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import tar from 'tar-stream';
import { rowsOf } from '@icehouse/db';
import { createDb } from '@icehouse/db/client';
import { storedFiles } from '@icehouse/db/schema';
import { waitFor } from '../../../tests/wait-for-jobs';
import { buildApp } from '../../app';
import { createFolderBlobStore } from '../../blobs';
import { installJobSchema } from '../../jobs/install';
import { readArchive } from '../../backup/archive';
import { folderBackupStore } from '../../backup/backup-store';
import { runBackupJob } from './jobs';

/**
 * The embedded install as it ships: a PGlite data folder with the blob folder inside it (`<DATA_DIR>/blobs`),
 * backed up by the server that holds it. The blob folder stays out of the database dump (moved aside for it
 * and back), the archive carries the blobs apart, and the backup verifies (decision 255).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'icehouse-embedded-backup-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The names inside the archive's database part (PGlite's gzip tar of its data folder). */
async function dumpEntries(archive: string): Promise<string[]> {
  const names: string[] = [];
  await readArchive(archive, async (name, stream) => {
    if (name !== 'database.tar.gz') return false;
    const extract = tar.extract();
    const listing = (async () => {
      for await (const entry of extract) {
        names.push((entry as unknown as { header: { name: string } }).header.name);
        (entry as unknown as NodeJS.ReadableStream).resume();
      }
    })();
    await pipeline(stream, createGunzip(), extract);
    await listing;
    return true;
  });
  return names;
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a scheduled backup of the embedded database', () => {
  it('keeps the blob folder out of the dump, carries its blobs apart, and verifies', async () => {
    const blobDir = path.join(dataDir, 'blobs');
    const database = await createDb({ dataDir });
    await database.migrate();
    await installJobSchema(database);
    const blobs = await createFolderBlobStore(blobDir);
    const put = await blobs.put((async function* () { yield Buffer.from('%PDF-1.4 a drawing in the data folder'); })());
    await database.db.insert(storedFiles).values({ filename: 'drawing.pdf', contentType: 'application/pdf', sizeBytes: put.size, sha256: put.sha256 });
    const backupsDir = path.join(blobDir, 'backups');
    const app = await buildApp({
      database,
      logger: pino({ level: 'silent' }),
      blobs,
      jobs: { workers: true, pollingIntervalSeconds: 0.5 },
      backups: { store: folderBackupStore(backupsDir), dataDir, blobDir },
    });
    try {
      await app.jobs.send(runBackupJob, { day: '2026-11-29' });
      const runs = async () =>
        rowsOf<{ status: string; error: string | null; file_name: string; blobs: number }>(
          await database.db.execute(sql`select status, error, file_name, blobs from backup_runs`),
        );
      await waitFor(async () => (await runs()).some((r) => r.status !== 'running'), 120_000);
      const [run] = await runs();
      expect(run).toMatchObject({ status: 'verified', error: null, blobs: 1 });
      // The blob folder is back where it was, with the blob and the archive in it.
      expect(existsSync(path.join(blobDir, put.sha256))).toBe(true);
      expect(existsSync(`${dataDir}.blobs-during-backup`)).toBe(false);
      expect(readdirSync(backupsDir)).toEqual([run!.file_name]);
      const entries = await dumpEntries(path.join(backupsDir, run!.file_name));
      expect(entries.some((n) => n.includes('PG_VERSION'))).toBe(true);
      expect(entries.filter((n) => n.includes('blobs'))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
