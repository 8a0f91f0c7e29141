import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  acquireDataDirLock,
  createPgliteClient,
  LOCK_FILE_NAME,
  migrationsFolder,
  rowsOf,
  wrapPglite,
  type Database,
  type DataDirLock,
} from '@icehouse/db';
import { tableChecksums } from './checksums';
import { referencedBlobs } from './archive';
import { setBlobsAside } from '../blobs/set-aside';
import { BackupError, countsOf, type BackupResult, type RestoreResult } from './results';

/**
 * The embedded (PGlite) part of a backup: the data folder as PGlite dumps it (`dumpDataDir('gzip')`,
 * a .tar.gz). Taking it needs the data-folder lock, so the server must be stopped (PGlite is one
 * process); restoring refuses while a server holds the folder, checks the archive opens first, and
 * moves the previous contents aside (`<folder>.before-restore-<time>`) rather than deleting them.
 */

async function withDataDirLock<T>(dataDir: string, work: (lock: DataDirLock) => Promise<T>): Promise<T> {
  // Throws DataDirLockedError (naming the server's PID) while a server holds the folder.
  const lock = acquireDataDirLock(dataDir);
  try {
    return await work(lock);
  } finally {
    lock.release();
  }
}

export async function backupPglite(
  dataDir: string,
  out: string,
  options: { blobDir?: string | undefined } = {},
): Promise<BackupResult> {
  const dir = path.resolve(dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION')))
    throw new BackupError(`${dataDir} holds no database to back up.`);
  return withDataDirLock(dir, async () => {
    const client = await createPgliteClient(dir);
    try {
      const database = wrapPglite(client, { migrationsFolder: migrationsFolder() });
      const counts = countsOf(await tableChecksums(database.db));
      const blobs = await referencedBlobs(database.db);
      // PGlite dumps every file of its folder, in memory: a blob folder inside it stays out (archived apart).
      const archive = await setBlobsAside(dir, options.blobDir, () => client.dumpDataDir('gzip'));
      mkdirSync(path.dirname(out), { recursive: true });
      const partial = `${out}.partial`;
      writeFileSync(partial, new Uint8Array(await archive.arrayBuffer()));
      renameSync(partial, out);
      return {
        kind: 'pglite' as const,
        file: out,
        bytes: statSync(out).size,
        counts,
        referencedBlobs: blobs,
      };
    } finally {
      await client.close();
    }
  });
}

/** Opens a PGlite archive in memory: proves it is a database of this app before anything is replaced. */
async function checkPgliteArchive(archive: Blob): Promise<void> {
  let database: Database | null = null;
  try {
    const client = await createPgliteClient(undefined, { loadDataDir: archive });
    database = wrapPglite(client, { migrationsFolder: migrationsFolder() });
    const rows = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    if (!rows[0] || rows[0].n < 1) throw new Error('no migrations recorded');
  } catch (cause) {
    throw new BackupError('The file is not a backup of this app’s embedded database (it does not open).', {
      cause,
    });
  } finally {
    await database?.close();
  }
}

export async function restorePglite(dataDir: string, file: string, now = new Date()): Promise<RestoreResult> {
  const dir = path.resolve(dataDir);
  const archive = new Blob([readFileSync(file)]);
  return withDataDirLock(dir, async (lock) => {
    await checkPgliteArchive(archive);
    // Keep what was there (minus our lock file) beside the folder, never delete it.
    let previousDataMovedTo: string | undefined;
    const existing = readdirSync(dir).filter((name) => name !== LOCK_FILE_NAME);
    if (existing.length) {
      previousDataMovedTo = `${dir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
      mkdirSync(previousDataMovedTo, { recursive: true });
      for (const name of existing) renameSync(path.join(dir, name), path.join(previousDataMovedTo, name));
    }
    const client = await createPgliteClient(dir, { loadDataDir: archive });
    let counts: Record<string, number>;
    try {
      counts = countsOf(
        await tableChecksums(wrapPglite(client, { migrationsFolder: migrationsFolder() }).db),
      );
    } finally {
      await client.close();
    }
    // The archive carries the lock file of the process that took the backup: put ours back, so
    // releasing it leaves the folder unlocked.
    writeFileSync(lock.path, JSON.stringify(lock.info));
    return { kind: 'pglite' as const, file, counts, ...(previousDataMovedTo ? { previousDataMovedTo } : {}) };
  });
}
