import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase } from '@icehouse/db/testing';
import { buildApp, type AppConfig } from '../src/app';
import { createFolderBlobStore, type BlobStore } from '../src/blobs';
import { installJobSchema, pgBossVersion } from '../src/jobs/install';

/**
 * A real app on a real migrated database (PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set), driven through app.inject() with no port, with a
 * blob store of its own (a new temporary folder unless one is given).
 */
export async function createTestApp(overrides: Partial<Omit<AppConfig, 'database'>> = {}) {
  // pg-boss installs its schema once into the PGlite template (on PostgreSQL: once per worker database).
  const testDb = await openTestDatabase({
    reuse: true,
    templateSetup: { key: `pg-boss-${pgBossVersion()}`, run: installJobSchema },
  });
  const blobs: BlobStore =
    overrides.blobs ??
    (await createFolderBlobStore(mkdtempSync(path.join(tmpdir(), 'icehouse-test-blobs-'))));
  const app: FastifyInstance = await buildApp({
    database: testDb.database,
    logger: pino({ level: 'silent' }),
    // Every answer of every test is parsed by its operation's output schema: a view that loses a field fails.
    checkAnswers: true,
    ...overrides,
    // Workers run only in tests that ask for them: elsewhere jobs are queued and left alone.
    jobs: { workers: false, ...overrides.jobs },
    blobs,
  });
  return { app, database: testDb.database, reset: testDb.reset, blobs };
}
