import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import postgres from 'postgres';
import type { Database } from '@icehouse/db/client';
import { buildApp } from '../../src/app';
import { createFolderBlobStore, type BlobStore } from '../../src/blobs';
import { tableChecksums, type DatabaseChecksums } from '../../src/backup/checksums';
import { createWorld, type World } from '../fuzz/world';

/** Helpers of the backup tests: temp folders, throwaway PostgreSQL databases, a database full of data. */

export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), `icehouse-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The machine's PostgreSQL (tests and CI use 127.0.0.1:5432, user postgres). */
export const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string, base = POSTGRES_ADMIN_URL): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates (or re-creates) an empty PostgreSQL database; returns its URL and a drop(). */
export async function throwawayPostgres(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  return {
    url: databaseUrl(name),
    async drop() {
      const conn = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
      try {
        await conn.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await conn.end({ timeout: 5 });
      }
    },
  };
}

/**
 * Fills `database` (migrated) through the app with the fuzz world: users, sessions, the catalogue,
 * four orders, an invoice, a stored PDF (blueprint, its bytes in `blobs`: a new temporary folder
 * unless given), a BOL. Answers its checksums; `close()` closes the app, and with it the database.
 */
export async function fillWithData(
  database: Database,
  blobs?: BlobStore,
): Promise<{ world: World; checksums: DatabaseChecksums; blobs: BlobStore; close(): Promise<void> }> {
  const store = blobs ?? (await createFolderBlobStore(mkdtempSync(path.join(tmpdir(), 'icehouse-fill-blobs-'))));
  // No job workers: a pre-render finishing after the checksums would add a row they do not count.
  const app = await buildApp({
    database,
    logger: pino({ level: 'silent' }),
    blobs: store,
    checkAnswers: true,
    jobs: { workers: false },
  });
  const world = await createWorld(app, database);
  const checksums = await tableChecksums(database.db);
  return { world, checksums, blobs: store, close: () => app.close() };
}
