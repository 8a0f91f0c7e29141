import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PgliteWorkerClient, type Database } from '@icehouse/db/client';
import { rowsOf } from '@icehouse/db';
import { sql } from 'drizzle-orm';
import type { BlobStore } from '../blobs/store';
import { setBlobsAside } from '../blobs/set-aside';
import { referencedBlobs, writeArchive } from './archive';
import { checksumQuery, checksumsOf, listTables, tableChecksums, type DatabaseChecksums } from './checksums';
import { pgConnection, run } from './postgres-dump';
import { BackupError, type BackupKind, type BlobsSummary } from './results';

/**
 * A backup taken by the running server (the scheduled backup, decision 255), in the same archive as
 * `db:backup` (archive.ts), with the checksums of the database exactly as the dump holds it, so that
 * restoring the archive can be checked against them while the shop keeps working:
 * - PostgreSQL: pg_dump runs on a snapshot exported by a repeatable-read transaction, and the checksums
 *   and the referenced blobs are read in that same transaction.
 * - Embedded: the checksum query and PGlite's data-folder dump are handed to the database's thread in one
 *   go, so no other statement runs between them (it runs one at a time, in order). A blob folder inside
 *   the data folder is moved aside for the dump (PGlite would read every file of it into memory), with the
 *   blob store paused meanwhile.
 */
export interface LiveBackupSource {
  database: Database;
  blobs: BlobStore;
  /** PostgreSQL: the URL pg_dump connects with (the server's DATABASE_URL). */
  databaseUrl?: string | undefined;
  /** Embedded: the data folder and the blob folder, when they are folders. */
  dataDir?: string | undefined;
  blobDir?: string | undefined;
  /** Holds the blob store's calls while `work` runs (blobs/pausable.ts). */
  pauseBlobs?: <T>(work: () => Promise<T>) => Promise<T>;
}

export interface LiveBackup {
  kind: BackupKind;
  bytes: number;
  /** The database as the archive holds it, table by table. */
  checksums: DatabaseChecksums;
  blobs: BlobsSummary;
}

/** The embedded database's thread client, when `database` is the embedded one. */
function pgliteClientOf(database: Database): PgliteWorkerClient | null {
  const client = (database as Database & { client?: unknown }).client;
  return client instanceof PgliteWorkerClient ? client : null;
}

async function dumpPostgres(source: LiveBackupSource, file: string) {
  const url = source.databaseUrl;
  if (!url) throw new BackupError('No database URL to back up from (DATABASE_URL).');
  return source.database.db.transaction(
    async (tx) => {
      const snapshot = rowsOf<{ id: string }>(await tx.execute(sql`select pg_export_snapshot() as id`))[0]!.id;
      const { dbname, env } = pgConnection(url);
      // As db:backup dumps (postgres-dump.ts), on this transaction's snapshot.
      await run(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-acl', '--exclude-schema=pgboss', `--snapshot=${snapshot}`, '--file', file, '--dbname', dbname],
        env,
      );
      return { checksums: await tableChecksums(tx), sha256s: await referencedBlobs(tx) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function dumpPglite(source: LiveBackupSource, client: PgliteWorkerClient, file: string) {
  const names = await listTables(source.database.db);
  const dump = async () => {
    // Both sent before either is answered: the thread runs them one after the other, nothing between.
    const [result, archive] = await Promise.all([client.query<{ name: string; n: number; h: string }>(checksumQuery(names)), client.dumpDataDir('gzip')]);
    writeFileSync(file, new Uint8Array(await archive.arrayBuffer()));
    return checksumsOf(result.rows);
  };
  const { dataDir, blobDir } = source;
  const inside = dataDir && blobDir && !path.relative(path.resolve(dataDir), path.resolve(blobDir)).startsWith('..');
  // Only a blob folder inside the data folder is moved aside, and only then are the store's calls held.
  const checksums = inside
    ? await (source.pauseBlobs ?? ((work: () => Promise<DatabaseChecksums>) => work()))(() => setBlobsAside(dataDir, blobDir, dump))
    : await dump();
  // Read after the dump: rows only ever add blobs, so every blob the dump refers to is in this list.
  return { checksums, sha256s: await referencedBlobs(source.database.db) };
}

/** Writes the archive of the running database and its blobs to `out`. */
export async function takeLiveBackup(source: LiveBackupSource, out: string): Promise<LiveBackup> {
  const kind: BackupKind = source.database.kind;
  const work = mkdtempSync(path.join(tmpdir(), 'icehouse-live-backup-'));
  try {
    const dbFile = path.join(work, kind === 'postgres' ? 'database.dump' : 'database.tar.gz');
    const client = pgliteClientOf(source.database);
    if (kind === 'pglite' && !client) throw new BackupError('The embedded database cannot be dumped from here.');
    const dumped = kind === 'postgres' ? await dumpPostgres(source, dbFile) : await dumpPglite(source, client!, dbFile);
    const written = await writeArchive(
      out,
      { kind, database: path.basename(dbFile) },
      { path: dbFile, size: statSync(dbFile).size },
      { store: source.blobs, sha256s: dumped.sha256s },
    );
    return {
      kind,
      bytes: statSync(out).size,
      checksums: dumped.checksums,
      blobs: { count: written.blobs, bytes: written.blobBytes, missing: written.missing },
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
