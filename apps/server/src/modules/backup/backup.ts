import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readSync, closeSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

/**
 * Backups of the whole database, stored PDFs included (they live in the stored_files table):
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
}

export interface BackupResult {
  kind: BackupKind;
  file: string;
  bytes: number;
  /** Rows per table at the time of the backup. */
  counts: Record<string, number>;
}

export interface RestoreResult {
  kind: BackupKind;
  file: string;
  counts: Record<string, number>;
  /** PGlite: where the folder's previous contents were moved. */
  previousDataMovedTo?: string;
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
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z').replace('T', '-');
  return `icehouse-${kind}-${stamp}.${kind === 'postgres' ? 'dump' : 'tar.gz'}`;
}

/** What a backup file holds, from its first bytes: a pg_dump custom archive or a gzip (PGlite) archive. */
export function detectBackupKind(file: string): BackupKind | null {
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

function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 30 * 60_000): Promise<void> {
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
      else reject(new BackupError(`${command} failed (${signal ?? `exit ${code}`}): ${stderr.trim() || 'no message'}`));
    });
  });
}

async function postgresChecksums(databaseUrl: string): Promise<DatabaseChecksums> {
  const database = await createDb({ databaseUrl, poolMax: 1 });
  try {
    return await tableChecksums(database.db);
  } finally {
    await database.close();
  }
}

export async function backupPostgres(databaseUrl: string, out: string): Promise<BackupResult> {
  const { dbname, env } = pgConnection(databaseUrl);
  mkdirSync(path.dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  // No owners or grants: the dump restores into any database the restoring role owns.
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-acl', '--file', partial, '--dbname', dbname], env);
  renameSync(partial, out);
  return { kind: 'postgres', file: out, bytes: statSync(out).size, counts: countsOf(await postgresChecksums(databaseUrl)) };
}

export async function restorePostgres(databaseUrl: string, file: string): Promise<RestoreResult> {
  const { dbname, env } = pgConnection(databaseUrl);
  // One transaction: a restore that fails half way leaves the database as it was.
  await run(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', '--dbname', dbname, file],
    env,
  );
  return { kind: 'postgres', file, counts: countsOf(await postgresChecksums(databaseUrl)) };
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

export async function backupPglite(dataDir: string, out: string): Promise<BackupResult> {
  const dir = path.resolve(dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`${dataDir} holds no database to back up.`);
  return withDataDirLock(dir, async () => {
    const client = await createPgliteClient(dir);
    try {
      const database = wrapPglite(client, { migrationsFolder: migrationsFolder() });
      const counts = countsOf(await tableChecksums(database.db));
      const archive = await client.dumpDataDir('gzip');
      mkdirSync(path.dirname(out), { recursive: true });
      const partial = `${out}.partial`;
      writeFileSync(partial, new Uint8Array(await archive.arrayBuffer()));
      renameSync(partial, out);
      return { kind: 'pglite' as const, file: out, bytes: statSync(out).size, counts };
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
    const rows = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    if (!rows[0] || rows[0].n < 1) throw new Error('no migrations recorded');
  } catch (cause) {
    throw new BackupError('The file is not a backup of this app’s embedded database (it does not open).', { cause });
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
      counts = countsOf(await tableChecksums(wrapPglite(client, { migrationsFolder: migrationsFolder() }).db));
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

export async function backupDatabase(target: BackupTarget, out: string): Promise<BackupResult> {
  if (target.databaseUrl) return backupPostgres(target.databaseUrl, out);
  return backupPglite(target.dataDir ?? './data', out);
}

export async function restoreDatabase(target: BackupTarget, file: string): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const kind = detectBackupKind(file);
  const wanted: BackupKind = target.databaseUrl ? 'postgres' : 'pglite';
  if (kind === null) throw new BackupError(`${file} is not a backup made by db:backup (neither a pg_dump archive nor a .tar.gz).`);
  if (kind !== wanted) {
    throw new BackupError(
      kind === 'postgres'
        ? `${file} is a PostgreSQL backup: set DATABASE_URL to the database to restore it into.`
        : `${file} is a backup of the embedded database: unset DATABASE_URL (and set DATA_DIR) to restore it.`,
    );
  }
  return target.databaseUrl ? restorePostgres(target.databaseUrl, file) : restorePglite(target.dataDir ?? './data', file);
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
