import { createReadStream, createWriteStream, closeSync, openSync, readSync } from 'node:fs';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import type { Db } from '@icehouse/db/client';
import { rowsOf } from '@icehouse/db';
import type { BlobStore } from '../blobs';

/**
 * The backup file: a tar (uncompressed: the database part is compressed already, PDFs barely
 * compress) holding, in this order,
 *   icehouse-backup.json   the manifest (format, database kind, blob count)
 *   database.dump | database.tar.gz   the pg_dump archive or the PGlite data-folder dump
 *   blobs/<sha256>         every blob a stored_files or archived_documents row refers to, from the folder or the bucket
 * Written and read as streams, one entry at a time: memory stays bounded whatever the blobs weigh.
 */

export const MANIFEST_NAME = 'icehouse-backup.json';
export const ARCHIVE_FORMAT = 1;

export interface Manifest {
  format: number;
  kind: 'postgres' | 'pglite';
  database: string;
  blobs: number;
  createdAt: string;
}

/** The blobs the database refers to (rows whose bytes were already moved out of the database). */
export async function referencedBlobs(db: Db): Promise<string[]> {
  // An empty database (a safety backup before a restore) has no table; once the bytea column is dropped, every row counts.
  const columns = rowsOf<{ name: string }>(
    await db.execute(
      sql`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = 'stored_files'`,
    ),
  ).map((c) => c.name);
  if (!columns.includes('sha256')) return [];
  const onlyMoved = columns.includes('data') ? sql`where data is null` : sql``;
  // Archived documents keep their PDFs in the same store: their blobs are referenced too.
  const archived = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('public.archived_documents') is not null as present`),
  )[0]?.present
    ? sql`union select sha256 from archived_documents`
    : sql``;
  const result = await db.execute(
    sql`select sha256 from (select sha256 from stored_files ${onlyMoved} ${archived}) as referenced order by sha256`,
  );
  return rowsOf<{ sha256: string }>(result).map((r) => r.sha256);
}

async function addEntry(pack: tar.Pack, name: string, size: number, source: Readable): Promise<void> {
  const entry = pack.entry({ name, size, mode: 0o600 });
  await pipeline(source, entry);
}

/**
 * Writes the archive to `out`: the manifest, the database file, then each blob streamed from the
 * store. Answers the blobs written and those the store no longer had (the backup goes on without them).
 */
export async function writeArchive(
  out: string,
  manifest: Omit<Manifest, 'format' | 'blobs' | 'createdAt'>,
  databaseFile: { path: string; size: number },
  blobs: { store: BlobStore; sha256s: readonly string[] } | null,
): Promise<{ blobs: number; blobBytes: number; missing: string[] }> {
  const pack = tar.pack();
  const file = createWriteStream(out, { mode: 0o600 });
  const written = pipeline(pack, file);
  const missing: string[] = [];
  let count = 0;
  let blobBytes = 0;
  try {
    const sha256s = blobs?.sha256s ?? [];
    const full: Manifest = {
      format: ARCHIVE_FORMAT,
      ...manifest,
      blobs: sha256s.length,
      createdAt: new Date().toISOString(),
    };
    pack.entry({ name: MANIFEST_NAME, mode: 0o600 }, JSON.stringify(full, null, 2));
    await addEntry(pack, manifest.database, databaseFile.size, createReadStream(databaseFile.path));
    for (const sha256 of sha256s) {
      let opened: { size: number; stream: Readable };
      try {
        opened = await blobs!.store.open(sha256);
      } catch (error) {
        if ((error as Error).name !== 'BlobMissingError') throw error;
        missing.push(sha256);
        continue;
      }
      await addEntry(pack, `blobs/${sha256}`, opened.size, opened.stream);
      count += 1;
      blobBytes += opened.size;
    }
    pack.finalize();
    await written;
    return { blobs: count, blobBytes, missing };
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => {});
    throw error;
  }
}

/** The manifest when `file` is an archive of ours (a tar whose first entry is the manifest), else null. */
export function readManifest(file: string): Manifest | null {
  const fd = openSync(file, 'r');
  try {
    const header = Buffer.alloc(512);
    if (readSync(fd, header, 0, 512, 0) < 512) return null;
    const name = header.subarray(0, 100).toString('latin1').replace(/\0.*$/s, '');
    const magic = header.subarray(257, 262).toString('latin1');
    if (name !== MANIFEST_NAME || magic !== 'ustar') return null;
    const size = parseInt(header.subarray(124, 136).toString('latin1').replace(/\0.*$/s, '').trim(), 8);
    if (!Number.isFinite(size) || size <= 0 || size > 64 * 1024) return null;
    const body = Buffer.alloc(size);
    readSync(fd, body, 0, size, 512);
    const manifest = JSON.parse(body.toString('utf8')) as Manifest;
    return manifest.format === ARCHIVE_FORMAT && (manifest.kind === 'postgres' || manifest.kind === 'pglite')
      ? manifest
      : null;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads the archive entry by entry, handing each to `onEntry` (which must consume or drain its
 * stream); entries it does not want are skipped by returning false.
 */
export async function readArchive(
  file: string,
  onEntry: (name: string, stream: Readable) => Promise<boolean>,
): Promise<void> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), extract);
  // A broken archive fails the loop below; its rejections are observed here, thrown from the loop.
  reading.catch(() => undefined);
  for await (const item of extract) {
    const entry = item as unknown as Readable & { header: { name: string } };
    // tar-stream's entries are streamx streams (no readableEnded): listen for the end before reading.
    const ended = once(entry, 'end');
    ended.catch(() => undefined);
    const used = await onEntry(entry.header.name, entry);
    if (!used) entry.resume();
    await ended;
  }
  await reading;
}
