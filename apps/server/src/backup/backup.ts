import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  closeSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readArchive, readManifest, writeArchive } from './archive';
import { backupPostgres, restorePostgres } from './postgres-dump';
import { backupPglite, restorePglite } from './pglite-dump';
import {
  BackupError,
  type BackupKind,
  type BackupResult,
  type BackupTarget,
  type RestoreResult,
} from './results';

/**
 * Backups of the whole database and of the blobs its stored files refer to: one tar holding the
 * database dump and the blobs (archive.ts). The database part is postgres-dump.ts or pglite-dump.ts;
 * the types and the error are in results.ts, the words for the commands in describe.ts.
 */

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
