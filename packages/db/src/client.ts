import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { forwardingClient } from './forwarding-client';
import { onOpenTransaction, preparingTransactions } from './prepared-transactions';
import * as schema from './schema/index';
import { acquireDataDirLock, type DataDirLock } from './lock';
import { PgliteWorkerClient, type EmbeddedMemory } from './pglite-remote';

export { PgliteWorkerClient, DatabaseError, type EmbeddedMemory } from './pglite-remote';

export type Schema = typeof schema;

/** The drizzle database both drivers are seen as: services never care which one is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction handed to `db.transaction(async (tx) => ...)`. It is also a `Db`. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseKind = 'postgres' | 'pglite';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Applies the committed migrations (packages/db/drizzle) not applied yet. */
  migrate(): Promise<void>;
  /**
   * Throws if the database does not answer `select 1`. PostgreSQL: on a connection of its own, outside
   * the pool, so a pool whose connections are all busy (a burst of saves, locks) does not make a
   * healthy database look down or slow to a load balancer's probe. PGlite: answered at once when the
   * database's thread answered within the last 5 s (PGLITE_ANSWERED_WITHIN_MS); otherwise sent straight to
   * the thread, answered after the one statement running, not after every statement queued.
   */
  ping(): Promise<void>;
  /** Closes connections and, for PGlite, releases the data-folder lock. Idempotent. */
  close(): Promise<void>;
  memory?(): Promise<EmbeddedMemory>; // PGlite only: its thread's memory (WebAssembly in `external`), within the process's RSS
  /** PGlite only (postgres-js does not tell its pool's): the connection in use now, the statements queued behind it. */
  connections?(): { inUse: number; waiting: number };
  /**
   * PostgreSQL only: runs `work` with the statements of queries built on `db` (the pool) sent on the
   * transaction open in this async context, so a query built once serves every transaction (decision
   * 218). Not on PGlite: a statement outside its one open transaction would wait for that transaction.
   */
  onOpenTransaction?<T>(work: () => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only: replaces every pooled connection with a new pool (queries running on the old
   * ones fail). For a pool a driver fault has left unusable; see the server's main.ts.
   */
  resetConnections?(): Promise<void>;
  /**
   * Listens to NOTIFY on `channel`. PostgreSQL: on a dedicated connection of its own (outside the
   * pool), which reconnects by itself after it is lost (a restart, pg_terminate_backend) and calls
   * `onListening` again each time it listens anew: notifications sent while it was away are lost, so
   * the caller should treat it as "refetch everything". PGlite: on its one connection, on its thread (a
   * transaction's notifications arrive after its COMMIT, as on PostgreSQL). Resolves once listening.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>;
  /**
   * PGlite only: runs a script of several statements without parameters on the one connection (PGlite's
   * `exec`) and answers the rows of its last statement. For tools that bring their own SQL scripts (the
   * job queue's schema); PostgreSQL runs those through `db` (drizzle's `sql.raw`). Absent on PostgreSQL.
   */
  execScript?(script: string): Promise<unknown[]>;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  /** Called each time the channel is listened to: first, then after every reconnect. */
  onListening?(info: { reconnected: boolean }): void;
  /** The connection was lost (it is being re-made). */
  onLost?(error: unknown): void;
}

export interface Listening {
  /** Stops listening and closes the dedicated connection. */
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** PostgreSQL connection URL. When set, PostgreSQL is used; otherwise embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data folder (default './data', created if missing); 'memory://' for an in-memory database. */
  dataDir?: string;
  /** drizzle query logger: true for drizzle's console logger, or an object with logQuery(). */
  logger?: boolean | Logger;
  /** Where the committed migrations are; default: see migrationsFolder(). */
  migrationsFolder?: string;
  /** PostgreSQL pool size (default 10). */
  poolMax?: number;
}

export const DEFAULT_DATA_DIR = './data';
export const MEMORY_DATA_DIR = 'memory://';
const DEFAULT_POOL_MAX = 10;
/** pg_advisory_lock key serialising concurrent migrators (several app instances starting at once). */
const MIGRATION_LOCK_KEY = 7_426_150_001;

/**
 * The folder of committed SQL migrations: `<@icehouse/db package>/drizzle`.
 * Resolved through the package name (not import.meta.url) so it still works
 * when the server is bundled with esbuild and this code runs from elsewhere.
 */
export function migrationsFolder(): string {
  try {
    const require = createRequire(import.meta.url);
    const dir = path.join(path.dirname(require.resolve('@icehouse/db/package.json')), 'drizzle');
    if (existsSync(dir)) return dir;
  } catch {
    // fall through
  }
  try {
    const dir = fileURLToPath(new URL('../drizzle', import.meta.url));
    if (existsSync(dir)) return dir;
  } catch {
    // fall through
  }
  throw new Error(
    'Cannot find the @icehouse/db migrations folder (packages/db/drizzle): ' +
      'install @icehouse/db alongside the app or pass migrationsFolder to createDb().',
  );
}

/**
 * Opens the app database: PostgreSQL when `databaseUrl` is set, otherwise
 * embedded PGlite in `dataDir` (locked against a second process).
 * Does not migrate: call `migrate()`.
 */
export async function createDb(opts: CreateDbOptions = {}): Promise<Database> {
  const folder = opts.migrationsFolder ?? migrationsFolder();
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, { ...opts, migrationsFolder: folder });
  return openPgliteDir(opts.dataDir ?? DEFAULT_DATA_DIR, { ...opts, migrationsFolder: folder });
}

interface InternalOptions {
  logger?: boolean | Logger;
  migrationsFolder: string;
  poolMax?: number;
}

function openPostgres(url: string, opts: InternalOptions): Database {
  const connect = () =>
    postgres(url, {
      max: opts.poolMax ?? DEFAULT_POOL_MAX,
      connect_timeout: 10,
      // Seconds before a lost connection is tried again. postgres-js grows this to 20 s over repeated
      // failures, which keeps requests waiting (then failing) long after PostgreSQL is back: at most 1 s.
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
      onnotice: () => {},
      // Applies to named prepared statements only: drizzle's `.prepare(name)` (the orders list, an
      // order's records, by-month). Those are written to have one good plan for every value (page
      // size as a literal, text searches fenced: see the orders service), and planning a list's
      // six-table join for each call cost PostgreSQL ~1.2 ms, five times the query itself. Left to
      // itself (`auto`), PostgreSQL keeps planning them anew. Statements inside a transaction are
      // prepared too (decision 217: writes and look-ups by key, which generic plans suit); every other
      // statement is unnamed and planned for its own values.
      connection: { plan_cache_mode: 'force_generic_plan' },
    });
  let client = connect();
  // A transaction's statements run prepared (decision 217).
  let statements = preparingTransactions(client);
  const listeners = new Set<Listening>();
  // drizzle holds a forwarder, not the pool itself: resetConnections() can swap the pool under it.
  const db = drizzlePostgres(forwardingClient(() => statements), { schema, logger: opts.logger ?? false });
  let closed = false;
  let resetting: Promise<void> | null = null;
  /** The health probe's own connection (made on the first ping). */
  let pinger: postgres.Sql | null = null;
  return {
    db: db as Db,
    kind: 'postgres',
    async migrate() {
      // One dedicated connection so the session-level advisory lock covers the whole run.
      const conn = postgres(url, { max: 1, connect_timeout: 10, onnotice: () => {} });
      try {
        await conn`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        try {
          await migratePostgres(drizzlePostgres(conn, { schema }), {
            migrationsFolder: opts.migrationsFolder,
          });
        } finally {
          await conn`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
        }
      } finally {
        await conn.end({ timeout: 5 });
      }
    },
    async ping() {
      pinger ??= postgres(url, { max: 1, connect_timeout: 10, idle_timeout: 60, onnotice: () => {} });
      await pinger`select 1`;
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((l) => l.close()));
      await pinger?.end({ timeout: 5 }).catch(() => undefined);
      await resetting;
      await client.end({ timeout: 5 });
    },
    async listen(channel, handlers) {
      const listening = await listenPostgres(url, channel, handlers);
      const tracked: Listening = {
        close: async () => {
          listeners.delete(tracked);
          await listening.close();
        },
      };
      listeners.add(tracked);
      return tracked;
    },
    onOpenTransaction,
    resetConnections() {
      if (closed) return Promise.resolve();
      resetting ??= (async () => {
        const previous = client;
        const next = connect();
        // drizzle sets up its type handling (dates as text, JSON as given) on the client it is handed:
        // hand it the new pool as it was handed the first (the drizzle object itself is not needed).
        drizzlePostgres(next, { schema });
        client = next;
        statements = preparingTransactions(next);
        await previous.end({ timeout: 5 }).catch(() => undefined);
      })().finally(() => {
        resetting = null;
      });
      return resetting;
    },
  };
}

/** Delay before listening again after the connection was lost: 50 ms doubling to 1 s. */
const relistenDelay = (attempt: number) => Math.min(50 * 2 ** attempt, 1000);

/**
 * LISTEN on a connection of its own, re-made after every loss. postgres-js's own `listen` re-listens
 * once after a loss and gives up silently if the database is still down; this one keeps trying.
 */
async function listenPostgres(url: string, channel: string, handlers: ListenHandlers): Promise<Listening> {
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let attempt = 0;
  let listened = false;
  const quoted = `"${channel.replace(/"/g, '""')}"`;
  // postgres-js delivers NOTIFY through `onnotify` (not in its typings; its own `listen` uses it).
  const onnotify = (name: string, payload: string) => {
    if (name === channel) handlers.onNotify(payload);
  };
  const conn = postgres(url, {
    ...({ onnotify } as object),
    max: 1,
    idle_timeout: 0,
    max_lifetime: 0,
    fetch_types: false,
    connect_timeout: 10,
    onnotice: () => {},
    onclose: () => {
      if (closed) return;
      handlers.onLost?.(new Error('listening connection closed'));
      schedule();
    },
  });
  const listenOnce = async () => {
    await conn.unsafe(`listen ${quoted}`);
    const reconnected = listened;
    listened = true;
    attempt = 0;
    handlers.onListening?.({ reconnected });
  };
  function schedule() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      if (closed) return;
      listenOnce().catch((error: unknown) => {
        attempt++;
        handlers.onLost?.(error);
        schedule();
      });
    }, relistenDelay(attempt));
  }
  try {
    await listenOnce();
  } catch (error) {
    closed = true;
    await conn.end({ timeout: 0 }).catch(() => undefined);
    throw error;
  }
  return {
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await conn.end({ timeout: 1 }).catch(() => undefined);
    },
  };
}

/**
 * Starts the embedded database (PGlite, with the extensions the migrations need) on a thread of its own
 * (decision 215): its statements never hold the server's event loop.
 */
export async function createPgliteClient(
  dataDir: string | undefined,
  extra: { loadDataDir?: Blob | File; settings?: Readonly<Record<string, string>> } = {},
): Promise<PgliteWorkerClient> {
  return PgliteWorkerClient.start({ ...(dataDir === undefined ? {} : { dataDir }), ...extra });
}

async function openPgliteDir(dataDir: string, opts: InternalOptions): Promise<Database> {
  if (dataDir === MEMORY_DATA_DIR || dataDir === '') {
    return wrapPglite(await createPgliteClient(undefined), opts);
  }
  const dir = path.resolve(dataDir);
  const lock = acquireDataDirLock(dir, dataDir);
  try {
    return wrapPglite(await createPgliteClient(dir), opts, lock);
  } catch (err) {
    lock.release();
    throw err;
  }
}

/**
 * The embedded database counts as up for a health probe when its thread answered within this long
 * (decision 216): one statement can hold its only connection for seconds under a burst.
 */
export const PGLITE_ANSWERED_WITHIN_MS = 5_000;

/**
 * Wraps an open embedded database as a Database. Closing closes it (and its thread) and releases
 * `lock`. Internal: used by createDb() and the test helpers.
 */
export function wrapPglite(
  client: PgliteWorkerClient,
  opts: InternalOptions,
  lock?: DataDirLock,
): Database & { client: PgliteWorkerClient } {
  // drizzle's PGlite driver calls query() and transaction() on what it is handed: the thread's client
  // offers those (see pglite-remote.ts), so every statement runs on the database's thread.
  const db = drizzlePglite(client as unknown as PGlite, { schema, logger: opts.logger ?? false });
  let closed = false;
  return {
    db: db as Db,
    kind: 'pglite',
    client,
    memory: () => client.memory(),
    connections() {
      const unanswered = client.unanswered;
      return { inUse: Math.min(1, unanswered), waiting: Math.max(0, unanswered - 1) };
    },
    async migrate() {
      await migratePglite(db, { migrationsFolder: opts.migrationsFolder });
    },
    async ping() {
      // A thread that answered within the last few seconds is alive: a probe need not wait for the
      // statement running now (decision 216). Otherwise straight to the thread: answered between two
      // statements, not after every statement queued.
      if (client.answeredWithin(PGLITE_ANSWERED_WITHIN_MS)) return;
      await client.ping();
    },
    async execScript(script) {
      const results = await client.exec(script);
      return results.at(-1)?.rows ?? [];
    },
    async listen(channel, handlers) {
      const unsubscribe = await client.listen(channel, (payload) => handlers.onNotify(payload));
      handlers.onListening?.({ reconnected: false });
      let done = false;
      return {
        async close() {
          if (done || closed) return;
          done = true;
          await unsubscribe();
        },
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
