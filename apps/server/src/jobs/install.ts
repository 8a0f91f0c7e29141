import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type { Database } from '@icehouse/db/client';
import { JOBS_SCHEMA } from './queue';
import { databaseAdapter } from './sql-adapter';

/** The installed pg-boss version (part of the test template's cache key). */
export function pgBossVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('pg-boss/package.json') as { version: string }).version;
}

/**
 * Lets pg-boss install (or migrate) its schema in `database` and stops: what the app's start does first.
 * For the PGlite test template, so each test file opens a database where this is already done.
 */
export async function installJobSchema(database: Database): Promise<void> {
  const boss = new PgBoss({
    db: databaseAdapter(database),
    schema: JOBS_SCHEMA,
    schedule: false,
    supervise: false,
    migrate: true,
  });
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: false });
}
