import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { createDb, createPgliteClient, migrationsFolder, wrapPglite, type Database } from '@icehouse/db/client';
import { readArchive, readManifest } from './archive';
import { diffChecksums, tableChecksums, type DatabaseChecksums } from './checksums';
import { pgConnection, run } from './postgres-dump';
import { BackupError } from './results';

/**
 * Proves a stored backup restores (decision 255): the archive read whole (a truncated or altered one fails
 * here), each blob's bytes hashing to its name and as many as the manifest says, then the database part
 * restored into a scratch database (PostgreSQL: a new database on the same server, dropped afterwards;
 * embedded: a scratch folder, removed afterwards) whose every table must match the checksums taken with
 * the dump: same rows, same content.
 */
export interface Verified {
  tables: number;
  rows: number;
  blobs: number;
}

async function restoredChecksumsPostgres(databaseUrl: string, dumpFile: string): Promise<DatabaseChecksums> {
  const url = new URL(databaseUrl);
  const scratch = `${decodeURIComponent(url.pathname.slice(1)).slice(0, 30)}_verify_${randomBytes(4).toString('hex')}`;
  // The server's own database serves to create and drop the scratch one (it must not be connected to).
  const admin = await createDb({ databaseUrl, poolMax: 1 });
  try {
    await admin.db.execute(sql.raw(`create database "${scratch}"`));
    url.pathname = `/${scratch}`;
    let database: Database | null = null;
    try {
      const { dbname, env } = pgConnection(url.toString());
      await run('pg_restore', ['--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', '--dbname', dbname, dumpFile], env);
      database = await createDb({ databaseUrl: url.toString(), poolMax: 1 });
      return await tableChecksums(database.db);
    } finally {
      await database?.close();
      await admin.db.execute(sql.raw(`drop database if exists "${scratch}" with (force)`));
    }
  } finally {
    await admin.close();
  }
}

async function restoredChecksumsPglite(dumpFile: string): Promise<DatabaseChecksums> {
  const folder = mkdtempSync(path.join(tmpdir(), 'icehouse-verify-'));
  try {
    const client = await createPgliteClient(folder, { loadDataDir: new Blob([readFileSync(dumpFile)], { type: 'application/x-gzip' }) });
    const database = wrapPglite(client, { migrationsFolder: migrationsFolder() });
    try {
      return await tableChecksums(database.db);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function verifyArchive(
  file: string,
  expected: DatabaseChecksums,
  options: { databaseUrl?: string | undefined },
): Promise<Verified> {
  const manifest = readManifest(file);
  if (!manifest) throw new BackupError('The stored backup is not a backup archive (its manifest does not read).');
  const work = mkdtempSync(path.join(tmpdir(), 'icehouse-verify-archive-'));
  try {
    let dumpFile: string | null = null;
    let blobs = 0;
    try {
      await readArchive(file, async (name, stream) => {
        if (name === manifest.database) {
          dumpFile = path.join(work, name);
          await pipeline(stream, createWriteStream(dumpFile));
          return true;
        }
        const sha256 = /^blobs\/([0-9a-f]{64})$/.exec(name)?.[1];
        if (!sha256) return false;
        const hash = createHash('sha256');
        for await (const chunk of stream) hash.update(chunk as Buffer);
        if (hash.digest('hex') !== sha256) throw new BackupError(`The blob ${sha256} in the backup does not match its hash.`);
        blobs += 1;
        return true;
      });
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(`The stored backup does not read to its end: ${(error as Error).message}`, { cause: error });
    }
    if (dumpFile === null) throw new BackupError('The stored backup holds no database.');
    if (blobs !== manifest.blobs) throw new BackupError(`The stored backup holds ${blobs} blobs; its manifest says ${manifest.blobs}.`);
    let restored: DatabaseChecksums;
    try {
      restored =
        manifest.kind === 'postgres'
          ? await restoredChecksumsPostgres(options.databaseUrl ?? '', dumpFile)
          : await restoredChecksumsPglite(dumpFile);
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(`The stored backup does not restore: ${(error as Error).message}`, { cause: error });
    }
    const differ = diffChecksums(expected, restored);
    if (differ.length)
      throw new BackupError(`The restored backup differs from the database it was taken from in: ${differ.join(', ')}.`);
    const rows = Object.values(restored).reduce((sum, t) => sum + t.rows, 0);
    return { tables: Object.keys(restored).length, rows, blobs };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
