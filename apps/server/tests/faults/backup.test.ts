import { createHash } from 'node:crypto';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createDb, DataDirLockedError } from '@icehouse/db';
import { buildApp } from '../../src/app';
import { orderPayload } from '../orders-test-support';
import { openTestDatabase } from '@icehouse/db/testing';
import { tableChecksums } from '../../src/backup/checksums';
import { backupDatabase, detectBackupKind, restoreDatabase } from '../../src/backup/backup';
import { backupPglite, restorePglite } from '../../src/backup/pglite-dump';
import { backupPostgres, restorePostgres } from '../../src/backup/postgres-dump';
import { createFolderBlobStore, type BlobStore } from '../../src/blobs';
import { TINY_PDF } from '../orders-test-support';
import { fillWithData, tempDir, throwawayPostgres } from './backup-support';

/**
 * Backups restore into a fresh database and hold every order, invoice and stored file, identical
 * (every table's row count and checksum), and the blobs of the stored files, byte for byte. The
 * npm scripts themselves (db:backup, db:restore) are run by the faults suite (backup.faults.ts).
 */

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The blob's bytes, read back from a store. */
async function blobBytes(store: BlobStore, sha256: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of (await store.open(sha256)).stream) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('embedded database (PGlite)', () => {
  // Six PGlite opens (seed, backup, restore, plain backup and restore, reopen): slow on a loaded machine.
  it('backs up a data folder and restores it into a fresh one, identical; refuses while a server holds either', { timeout: 240_000 }, async () => {
    // The source folder: a migrated database full of data, written out and reopened as a real folder.
    const test = await openTestDatabase({ testDatabaseUrl: '' });
    const filled = await fillWithData(test.database);
    expect(filled.checksums.stored_files?.rows).toBe(1);
    expect(filled.checksums.orders?.rows).toBe(4);
    const tmp = tempDir('backup');
    cleanups.push(tmp.remove);
    const seed = path.join(tmp.dir, 'seed.tar.gz');
    const client = (test.database as unknown as { client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).client;
    writeFileSync(seed, new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer()));
    await filled.close();
    const source = path.join(tmp.dir, 'source');
    await restorePglite(source, seed);

    // The default layout: the blob folder inside the data folder.
    const sourceBlobs = await createFolderBlobStore(path.join(source, 'blobs'));
    await sourceBlobs.put(Readable.from([await blobBytes(filled.blobs, sha(TINY_PDF))]), { sha256: sha(TINY_PDF) });
    const file = path.join(tmp.dir, 'out', 'backup.tar');
    const backup = await backupDatabase({ dataDir: source, blobDir: sourceBlobs.location, openBlobs: async () => sourceBlobs }, file);
    expect(backup).toMatchObject({ kind: 'pglite', file, counts: { orders: 4, invoices: 1, stored_files: 1 } });
    expect(backup.blobs).toEqual({ count: 1, bytes: TINY_PDF.length, missing: [] });
    expect(detectBackupKind(file)).toBe('pglite');
    expect(await sourceBlobs.has(sha(TINY_PDF))).toBe(true); // set aside during the dump, back in place

    const target = path.join(tmp.dir, 'target');
    const targetBlobDir = path.join(target, 'blobs');
    const restored = await restoreDatabase(
      { dataDir: target, blobDir: targetBlobDir, openBlobs: () => createFolderBlobStore(targetBlobDir) },
      file,
    );
    expect(restored).toMatchObject({ counts: { orders: 4, invoices: 1, stored_files: 1 }, blobs: 1 });
    expect((await blobBytes(await createFolderBlobStore(targetBlobDir), sha(TINY_PDF))).equals(TINY_PDF)).toBe(true);
    // The database dump inside the archive does not hold the blob folder: a plain database restore has none.
    const plain = path.join(tmp.dir, 'plain.tar.gz');
    await backupPglite(source, plain, { blobDir: sourceBlobs.location });
    const plainTarget = path.join(tmp.dir, 'plain-target');
    await restorePglite(plainTarget, plain);
    expect(existsSync(path.join(plainTarget, 'blobs'))).toBe(false);
    const reopened = await createDb({ dataDir: target });
    try {
      await reopened.migrate();
      expect(await tableChecksums(reopened.db)).toEqual(filled.checksums);
      // While a server holds the folder: no restore over it, no backup of it.
      await expect(restorePglite(target, file)).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(backupPglite(target, path.join(tmp.dir, 'second.tar.gz'))).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await reopened.close();
    }

    expect(readdirSync(target)).not.toContain('.icehouse.lock');
  });

  it('refuses a file that is not a backup, and a backup of the other kind', async () => {
    const tmp = tempDir('backup-bad');
    cleanups.push(tmp.remove);
    const junk = path.join(tmp.dir, 'junk.tar.gz');
    writeFileSync(junk, Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3]));
    await expect(restoreDatabase({ dataDir: path.join(tmp.dir, 'data') }, junk)).rejects.toThrow(/does not open/);
    expect(existsSync(path.join(tmp.dir, 'data', 'PG_VERSION'))).toBe(false);
    const text = path.join(tmp.dir, 'notes.txt');
    writeFileSync(text, 'hello');
    await expect(restoreDatabase({ dataDir: path.join(tmp.dir, 'data') }, text)).rejects.toThrow(/not a backup/);
    const pgDump = path.join(tmp.dir, 'x.dump');
    writeFileSync(pgDump, 'PGDMP....');
    await expect(restoreDatabase({ dataDir: path.join(tmp.dir, 'data') }, pgDump)).rejects.toThrow(/PostgreSQL backup: set DATABASE_URL/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL (TEST_DATABASE_URL)', () => {
  it('pg_dump and pg_restore into a fresh database: identical, and it takes new rows', async () => {
    const tag = `${process.pid}_${Date.now() % 100_000}`;
    const source = await throwawayPostgres(`icehouse_backup_src_${tag}`);
    const target = await throwawayPostgres(`icehouse_backup_dst_${tag}`);
    cleanups.push(source.drop, target.drop);
    const database = await createDb({ databaseUrl: source.url, poolMax: 2 });
    await database.migrate();
    const filled = await fillWithData(database);
    await filled.close();

    const tmp = tempDir('backup-pg');
    cleanups.push(tmp.remove);
    const archive = path.join(tmp.dir, 'backup.tar');
    const fromArchive = await backupDatabase({ databaseUrl: source.url, openBlobs: async () => filled.blobs }, archive);
    expect(fromArchive.blobs).toEqual({ count: 1, bytes: TINY_PDF.length, missing: [] });
    expect(detectBackupKind(archive)).toBe('postgres');
    const targetBlobs = await createFolderBlobStore(path.join(tmp.dir, 'target-blobs'));
    const restoredArchive = await restoreDatabase({ databaseUrl: target.url, openBlobs: async () => targetBlobs }, archive);
    expect(restoredArchive).toMatchObject({ counts: { orders: 4, invoices: 1, stored_files: 1 }, blobs: 1 });
    expect((await blobBytes(targetBlobs, sha(TINY_PDF))).equals(TINY_PDF)).toBe(true);

    const file = path.join(tmp.dir, 'backup.dump');
    const backup = await backupPostgres(source.url, file);
    expect(backup).toMatchObject({ kind: 'postgres', counts: { orders: 4, invoices: 1, stored_files: 1 }, referencedBlobs: [sha(TINY_PDF)] });
    expect(detectBackupKind(file)).toBe('postgres');

    const restored = await restorePostgres(target.url, file);
    expect(restored.counts).toMatchObject({ orders: 4, invoices: 1, stored_files: 1 });
    const reopened = await createDb({ databaseUrl: target.url, poolMax: 2 });
    try {
      expect(await tableChecksums(reopened.db)).toEqual(filled.checksums);
      // Restoring again over the data (--clean) gives the same database.
      await restorePostgres(target.url, file);
      expect(await tableChecksums(reopened.db)).toEqual(filled.checksums);
    } finally {
      await reopened.close();
    }
    // The restored database is a working one: migrations recorded, sessions valid, identities continue.
    const restoredDb = await createDb({ databaseUrl: target.url, poolMax: 2 });
    await restoredDb.migrate();
    const app = await buildApp({ database: restoredDb, logger: pino({ level: 'silent' }), checkAnswers: true });
    try {
      const staff = filled.world.callers.staff;
      const res = await app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: { cookie: staff.cookie, 'x-csrftoken': staff.csrf, 'content-type': 'application/json' },
        payload: JSON.stringify(orderPayload(filled.world.cat, { door_number: '5555' })),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().id).toBe(5);
    } finally {
      await app.close();
    }
  });
});
