import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import {
  createDb,
  createPgliteClient,
  migrationsFolder as defaultMigrationsFolder,
  wrapPglite,
  type Database,
} from './client';
import type { PgliteWorkerClient } from './pglite-remote';
import * as schema from './schema/index';

/**
 * Test databases, one clean migrated database per test file (or per test
 * with reset()):
 *
 * - `TEST_DATABASE_URL` set: a database of its own per vitest worker on that
 *   server (`icehouse_test_<package>_<worker>`), dropped and re-created and
 *   migrated once per worker process; reset() truncates every app table.
 * - otherwise: an in-memory PGlite loaded from a migrated template (dumped once
 *   and cached in the OS temp folder, keyed by the migrations' content), which
 *   opens in ~0.5 s instead of ~2 s for a fresh one (about 3 s and 5 s on a loaded
 *   machine). With `reuse`, one a file closed is handed to the next file of the
 *   same process instead, emptied as on PostgreSQL.
 */

export interface TestDatabase {
  database: Database;
  /** Empties every app table (RESTART IDENTITY CASCADE), number_sequences included. */
  reset(): Promise<void>;
}

export interface OpenTestDatabaseOptions {
  /** Default: process.env.TEST_DATABASE_URL. Pass '' to force PGlite. */
  testDatabaseUrl?: string;
  migrationsFolder?: string;
  /** PGlite only: cache the migrated template in the OS temp folder (default true). */
  diskCache?: boolean;
  /**
   * PGlite only: more set-up baked into the template after the migrations (the server installs the job
   * queue's own schema there, so each test file does not pay for it). `key` names it in the cache key.
   */
  templateSetup?: { key: string; run(database: Database): Promise<void> };
  /**
   * PGlite only: when a file closes its database, keep the instance running and hand it to the next file
   * of this process that opens one, emptied (truncateAll) with its session settings reset: the same as a
   * PostgreSQL worker's database, and seconds faster than a new instance from the template. The closed
   * handle refuses every statement, as a closed database does.
   */
  reuse?: boolean;
}

/** Every table of the app schema, quoted, for TRUNCATE. */
export const APP_TABLES: readonly string[] = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => `"${getTableName(table)}"`);

export async function truncateAll(database: Database): Promise<void> {
  await database.db.execute(sql.raw(`truncate table ${APP_TABLES.join(', ')} restart identity cascade`));
  // The job queue's jobs (pg-boss's own schema, installed by the app on start): emptied, never dropped,
  // so the schema, its version row and the queues stay as pg-boss made them.
  await database.db.execute(
    sql.raw(
      `do $$ begin if to_regclass('pgboss.job') is not null then truncate table pgboss.job; end if; ` +
        `if to_regclass('pgboss.archive') is not null then truncate table pgboss.archive; end if; end $$`,
    ),
  );
}

export async function openTestDatabase(opts: OpenTestDatabaseOptions = {}): Promise<TestDatabase> {
  const url = opts.testDatabaseUrl ?? process.env.TEST_DATABASE_URL ?? '';
  const folder = opts.migrationsFolder ?? defaultMigrationsFolder();
  const database = url
    ? await openPostgresTestDatabase(url, folder)
    : await openPgliteTestDatabase(folder, opts);
  return { database, reset: () => truncateAll(database) };
}

// ---------------------------------------------------------------- PostgreSQL

/** Per worker process: the URL of its prepared (created + migrated) database. */
const preparedPostgres = new Map<string, Promise<string>>();

function workerId(): string {
  return process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '0';
}

/** Database name for this package and worker, e.g. icehouse_test_db_1. */
export function testDatabaseName(): string {
  const pkg = path
    .basename(process.cwd())
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 20);
  // A short hash of the full path keeps two checkouts (e.g. CI's clone and a working copy) apart.
  const checkout = createHash('sha1').update(process.cwd()).digest('hex').slice(0, 6);
  return `icehouse_test_${pkg}_${checkout}_${workerId().replace(/[^0-9a-z]/gi, '')}`;
}

async function openPostgresTestDatabase(baseUrl: string, folder: string): Promise<Database> {
  const key = `${baseUrl}|${folder}`;
  let prepared = preparedPostgres.get(key);
  const fresh = !prepared;
  if (!prepared) {
    prepared = preparePostgres(baseUrl, folder);
    preparedPostgres.set(key, prepared);
    prepared.catch(() => preparedPostgres.delete(key));
  }
  const url = await prepared;
  const database = await createDb({ databaseUrl: url, migrationsFolder: folder, poolMax: 10 });
  // A database already used by an earlier file in this process: hand it over empty.
  if (!fresh) await truncateAll(database);
  return database;
}

async function preparePostgres(baseUrl: string, folder: string): Promise<string> {
  const name = testDatabaseName();
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
    // A test database need not outlive a crash of its server: a commit does not wait for its WAL to reach
    // the disk (a third of the time of a small write transaction here). What other sessions see and when
    // is unchanged, so locks, conflicts and races behave as in production.
    await admin.unsafe(`alter database "${name}" set synchronous_commit = off`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = await createDb({ databaseUrl: url, migrationsFolder: folder, poolMax: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return url;
}

// -------------------------------------------------------------------- PGlite

/** Per process: the migrated template as a tarball. */
const pgliteTemplates = new Map<string, Promise<Blob>>();

function pgliteVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    const entry = require.resolve('@electric-sql/pglite');
    const pkg = path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json');
    return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function templateCacheFile(folder: string, setupKey: string): string {
  const hash = createHash('sha256');
  hash.update(pgliteVersion());
  hash.update(setupKey);
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(folder, file);
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file);
    hash.update(readFileSync(full));
  }
  return path.join(tmpdir(), `icehouse-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Per process and template: an instance a file closed with `reuse`, waiting for the next file. */
const idlePglite = new Map<string, PgliteWorkerClient>();

async function openPgliteTestDatabase(folder: string, opts: OpenTestDatabaseOptions): Promise<Database> {
  const useDisk = opts.diskCache ?? true;
  const setup = opts.templateSetup;
  const key = `${folder}|${useDisk}|${setup?.key ?? ''}`;
  if (opts.reuse) {
    const spare = idlePglite.get(key);
    idlePglite.delete(key);
    const handed = spare ? await handOverEmpty(spare, key, folder) : null;
    if (handed) return handed;
    const database = await openPgliteTestDatabase(folder, { ...opts, reuse: false });
    return handOut((database as Database & { client: PgliteWorkerClient }).client, key, folder);
  }
  const template = pgliteTemplates.get(key);
  if (template) {
    const client = await createPgliteClient(undefined, { loadDataDir: await template });
    return wrapPglite(client, { migrationsFolder: folder });
  }

  const cacheFile = useDisk ? templateCacheFile(folder, setup?.key ?? '') : undefined;
  if (cacheFile && existsSync(cacheFile)) {
    const blob = Promise.resolve(new Blob([readFileSync(cacheFile)]));
    pgliteTemplates.set(key, blob);
    const client = await createPgliteClient(undefined, { loadDataDir: await blob });
    return wrapPglite(client, { migrationsFolder: folder });
  }

  // First open: migrate a fresh instance, keep its dump as the template, and use it.
  const client = await createPgliteClient(undefined);
  const database = wrapPglite(client, { migrationsFolder: folder });
  await database.migrate();
  if (setup) await setup.run(database);
  const dump = client.dumpDataDir('none');
  pgliteTemplates.set(key, dump);
  if (cacheFile) {
    const bytes = new Uint8Array(await (await dump).arrayBuffer());
    const tmp = `${cacheFile}.${process.pid}.${Date.now()}.tmp`;
    try {
      writeFileSync(tmp, bytes);
      renameSync(tmp, cacheFile); // atomic: concurrent workers never read a half-written file
    } catch {
      // a cache is only a cache
    }
  }
  return database;
}

/** An instance an earlier file closed, emptied for the next; null (and closed) if it cannot be. */
async function handOverEmpty(client: PgliteWorkerClient, key: string, folder: string): Promise<Database | null> {
  const database = handOut(client, key, folder);
  try {
    await client.exec('reset all');
    await truncateAll(database);
    return database;
  } catch {
    await client.close();
    return null;
  }
}

/**
 * `client` as a database whose close() hands the instance back for the next file (its own subscriptions
 * ended) instead of closing it. After that the handle refuses everything, as a closed database would.
 */
function handOut(client: PgliteWorkerClient, key: string, folder: string): Database {
  let released = false;
  const subscriptions = new Set<() => Promise<void>>();
  const release = async () => {
    if (released) return;
    released = true;
    await Promise.all([...subscriptions].map((unlisten) => unlisten().catch(() => undefined)));
    // A transaction left open would hold the next file's every statement: that instance is closed (in the
    // background: it waits for the transaction a while) and the next file gets a new one.
    if (client.inTransaction) void client.close().catch(() => undefined);
    else if (idlePglite.has(key)) await client.close();
    else idlePglite.set(key, client);
  };
  const handle = new Proxy(client, {
    get(target, property) {
      if (property === 'close') return release;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (released) throw new Error('The embedded database is closed');
        const result: unknown = value.apply(target, args);
        if (property !== 'listen') return result;
        return (result as Promise<() => Promise<void>>).then((unlisten) => {
          subscriptions.add(unlisten);
          return async () => {
            subscriptions.delete(unlisten);
            await unlisten();
          };
        });
      };
    },
  });
  return wrapPglite(handle, { migrationsFolder: folder });
}
