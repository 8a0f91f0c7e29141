import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  closeSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { sql } from 'drizzle-orm';
import {
  acquireDataDirLock,
  createDb,
  createPgliteClient,
  LOCK_FILE_NAME,
  migrationsFolder,
  rowsOf,
  wrapPglite,
  type Database,
  type DataDirLock,
} from '@icehouse/db';
import { tableChecksums, type DatabaseChecksums } from './checksums';
import type { BlobStore } from '../../blobs';
import { readArchive, readManifest, referencedBlobs, writeArchive } from './archive';
import { setBlobsAside } from '../../blobs/set-aside';

/**
 * Backups of the whole database and of the blobs its stored files refer to (archive.ts: one tar
 * holding the database dump and the blobs). The database part:
 *
 * - PostgreSQL: `pg_dump --format=custom` (a .dump file), restored with
 *   `pg_restore --clean --if-exists --single-transaction` into the configured database.
 * - Embedded PGlite: the data folder as PGlite dumps it (`dumpDataDir('gzip')`, a .tar.gz). Taking it
 *   needs the data-folder lock, so the server must be stopped (PGlite is one process); restoring
 *   refuses while a server holds the folder, checks the archive opens first, and moves the
 *   previous contents aside (`<folder>.before-restore-<time>`) rather than deleting them.
 */

export type BackupKind = 'postgres' | 'pglite';

export interface BackupTarget {
  /** PostgreSQL connection URL; when unset, the embedded data folder is used. */
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** The blob folder, when it is one: inside the PGlite data folder it is kept out of the database dump. */
  blobDir?: string | undefined;
  /**
   * The blob store, opened when needed (a restore opens it only after the database is back: a
   * PGlite restore moves the data folder's contents, blob folder included, aside).
   */
  openBlobs?: () => Promise<BlobStore>;
}

export interface BlobsSummary {
  count: number;
  bytes: number;
  /** Blobs the database refers to that the store did not have (backed up without them). */
  missing: string[];
}

export interface BackupResult {
  kind: BackupKind;
  file: string;
  bytes: number;
  /** Rows per table at the time of the backup. */
  counts: Record<string, number>;
  /** The blobs the database refers to (SHA-256). */
  referencedBlobs: string[];
  /** The archive's blobs (backupDatabase only). */
  blobs?: BlobsSummary;
}

export interface RestoreResult {
  kind: BackupKind;
  file: string;
  counts: Record<string, number>;
  /** PGlite: where the folder's previous contents were moved. */
  previousDataMovedTo?: string;
  /** Blobs put back into the store (an archive of ours; an older plain dump has none). */
  blobs?: number;
}

export class BackupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BackupError';
  }
}

export const PG_TOOLS_MISSING =
  'The PostgreSQL client tools (pg_dump, pg_restore) were not found. Install them (Debian/Ubuntu: apt-get install postgresql-client) or put them on PATH.';

/** The default file name of a new backup: icehouse-<kind>-<UTC timestamp>.<dump|tar.gz>. */
export function defaultBackupName(kind: BackupKind, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
    .replace('T', '-');
  return `icehouse-${kind}-${stamp}.${kind === 'postgres' ? 'dump' : 'tar.gz'}`;
}

/**
 * What a backup file holds: an archive of ours (its manifest says), or, from its first bytes, a
 * plain pg_dump custom archive or a gzip PGlite dump (backups made before the blob store).
 */
export function detectBackupKind(file: string): BackupKind | null {
  const manifest = readManifest(file);
  if (manifest) return manifest.kind;
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(5);
    const n = readSync(fd, head, 0, 5, 0);
    if (n >= 5 && head.toString('latin1') === 'PGDMP') return 'postgres';
    if (n >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    return null;
  } finally {
    closeSync(fd);
  }
}

/** The default file name of a backup archive (database and blobs): icehouse-<kind>-<UTC timestamp>.tar. */
export function defaultArchiveName(kind: BackupKind, now = new Date()): string {
  return defaultBackupName(kind, now).replace(/\.(dump|tar\.gz)$/, '.tar');
}

function countsOf(checksums: DatabaseChecksums): Record<string, number> {
  return Object.fromEntries(Object.entries(checksums).map(([table, c]) => [table, c.rows]));
}

// ------------------------------------------------------------------------------------ PostgreSQL

/**
 * The connection URL without its password, and the environment that passes the password instead
 * (PGPASSWORD), so it never shows on a command line (`ps`).
 */
function pgConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  return { dbname: url.toString(), env };
}

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 30 * 60_000,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 20_000) stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === 'ENOENT' ? new BackupError(PG_TOOLS_MISSING, { cause: error }) : error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(
          new BackupError(
            `${command} failed (${signal ?? `exit ${code}`}): ${stderr.trim() || 'no message'}`,
          ),
        );
    });
  });
}

async function postgresChecksums(
  databaseUrl: string,
): Promise<{ checksums: DatabaseChecksums; blobs: string[] }> {
  const database = await createDb({ databaseUrl, poolMax: 1 });
  try {
    return { checksums: await tableChecksums(database.db), blobs: await referencedBlobs(database.db) };
  } finally {
    await database.close();
  }
}

export async function backupPostgres(databaseUrl: string, out: string): Promise<BackupResult> {
  const { dbname, env } = pgConnection(databaseUrl);
  mkdirSync(path.dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  // No owners or grants: the dump restores into any database the restoring role owns.
  // The job queue's own schema (pg-boss: partitioned tables pg_restore --clean cannot drop) is not the
  // business's data: pg-boss recreates it at start; jobs queued at backup time are not restored (README).
  await run(
    'pg_dump',
    [
      '--format=custom',
      '--no-owner',
      '--no-acl',
      '--exclude-schema=pgboss',
      '--file',
      partial,
      '--dbname',
      dbname,
    ],
    env,
  );
  renameSync(partial, out);
  // Read after the dump: a blob referred to by a row the dump holds is in the list (rows added since are not in the dump).
  const after = await postgresChecksums(databaseUrl);
  return {
    kind: 'postgres',
    file: out,
    bytes: statSync(out).size,
    counts: countsOf(after.checksums),
    referencedBlobs: after.blobs,
  };
}

export async function restorePostgres(databaseUrl: string, file: string): Promise<RestoreResult> {
  const { dbname, env } = pgConnection(databaseUrl);
  // One transaction: a restore that fails half way leaves the database as it was.
  await run(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-acl',
      '--single-transaction',
      '--exit-on-error',
      '--dbname',
      dbname,
      file,
    ],
    env,
  );
  return { kind: 'postgres', file, counts: countsOf((await postgresChecksums(databaseUrl)).checksums) };
}

// ---------------------------------------------------------------------------------------- PGlite

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

// --------------------------------------------------------------------------------------- either

/**
 * The backup archive of the configured database and its blobs (archive.ts): the database dumped
 * to a temporary file, then the manifest, that file and each referenced blob streamed into `out`.
 */
export async function backupDatabase(target: BackupTarget, out: string): Promise<BackupResult> {
  const kind: BackupKind = target.databaseUrl ? 'postgres' : 'pglite';
  const work = mkdtempSync(path.join(tmpdir(), 'icehouse-backup-'));
  try {
    const dbFile = path.join(work, kind === 'postgres' ? 'database.dump' : 'database.tar.gz');
    const db = target.databaseUrl
      ? await backupPostgres(target.databaseUrl, dbFile)
      : await backupPglite(target.dataDir ?? './data', dbFile, { blobDir: target.blobDir });
    const store = db.referencedBlobs.length > 0 ? await target.openBlobs?.() : undefined;
    if (db.referencedBlobs.length > 0 && !store)
      throw new BackupError('The database refers to blobs but no blob store was given.');
    mkdirSync(path.dirname(out), { recursive: true });
    const partial = `${out}.partial`;
    const written = await writeArchive(
      partial,
      { kind, database: path.basename(dbFile) },
      { path: dbFile, size: db.bytes },
      store ? { store, sha256s: db.referencedBlobs } : null,
    );
    renameSync(partial, out);
    return {
      ...db,
      file: out,
      bytes: statSync(out).size,
      blobs: { count: written.blobs, bytes: written.blobBytes, missing: written.missing },
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function restoreArchive(target: BackupTarget, file: string): Promise<RestoreResult> {
  const work = mkdtempSync(path.join(tmpdir(), 'icehouse-restore-'));
  try {
    // 1. The database, from its entry copied out to a file.
    let dbFile: string | null = null;
    await readArchive(file, async (name, stream) => {
      if (name !== 'database.dump' && name !== 'database.tar.gz') return false;
      dbFile = path.join(work, name);
      await pipeline(stream, createWriteStream(dbFile));
      return true;
    });
    if (dbFile === null) throw new BackupError(`${file} holds no database.`);
    const result = target.databaseUrl
      ? await restorePostgres(target.databaseUrl, dbFile)
      : await restorePglite(target.dataDir ?? './data', dbFile);
    // 2. The blobs, into the store opened now (a PGlite restore has just moved an inner blob folder aside).
    let blobs = 0;
    const store = await target.openBlobs?.();
    await readArchive(file, async (name, stream: Readable) => {
      const sha256 = /^blobs\/([0-9a-f]{64})$/.exec(name)?.[1];
      if (!sha256 || !store) return false;
      await store.put(stream, { sha256 });
      blobs += 1;
      return true;
    });
    return { ...result, file, blobs };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function restoreDatabase(target: BackupTarget, file: string): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const kind = detectBackupKind(file);
  const wanted: BackupKind = target.databaseUrl ? 'postgres' : 'pglite';
  if (kind === null)
    throw new BackupError(
      `${file} is not a backup made by db:backup (neither a backup archive, a pg_dump archive nor a .tar.gz).`,
    );
  if (kind !== wanted) {
    throw new BackupError(
      kind === 'postgres'
        ? `${file} is a PostgreSQL backup: set DATABASE_URL to the database to restore it into.`
        : `${file} is a backup of the embedded database: unset DATABASE_URL (and set DATA_DIR) to restore it.`,
    );
  }
  if (readManifest(file)) return restoreArchive(target, file);
  // A plain dump of before the blob store: its files are in the database; the server moves them out at start.
  return target.databaseUrl
    ? restorePostgres(target.databaseUrl, file)
    : restorePglite(target.dataDir ?? './data', file);
}

// ------------------------------------------------------------------------------------ messages

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "12 orders, 5 invoices, 3 stored files, 4 users" from a backup's row counts. */
export function describeCounts(counts: Record<string, number>): string {
  const n = (table: string) => counts[table] ?? 0;
  return `${n('orders')} orders, ${n('invoices')} invoices, ${n('bills_of_lading')} bills of lading, ${n('stored_files')} stored files, ${n('users')} users`;
}

/** "3 blobs (1.2 MB)" and the missing ones, for the CLI. */
export function describeBlobs(blobs: BlobsSummary | undefined): string {
  if (!blobs) return '0 blobs';
  const text = `${blobs.count} blobs (${formatBytes(blobs.bytes)})`;
  return blobs.missing.length
    ? `${text}; ${blobs.missing.length} referenced blobs were missing from the store: ${blobs.missing.join(', ')}`
    : text;
}
