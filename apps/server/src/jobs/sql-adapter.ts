import { sql, type SQL } from 'drizzle-orm';
import { pgErrorInfo } from '@icehouse/db';
import type { Database, Db, Tx } from '@icehouse/db/client';

/** What pg-boss calls to reach the database (its `db` option, and `{ db }` per call). */
export interface PgBossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss writes node-postgres style SQL (`$1`, `$2`, a number may appear twice). drizzle builds its own
 * placeholders, so the text is cut at each `$n` and every occurrence becomes a parameter of its own with
 * the same value. Plain objects are sent as JSON text (node-postgres does that by itself; postgres-js and
 * PGlite want it done). `$` inside quoted strings or dollar-quoted bodies never meets values: pg-boss only
 * sends multi-statement scripts (its schema) without values, and those go through `raw` untouched.
 */
export function sqlWithValues(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)\b/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    if (i % 2 === 0) {
      if (parts[i]) chunks.push(sql.raw(parts[i]!));
    } else {
      // sql.param: one parameter even for an array (drizzle would spread `${array}` into a list).
      chunks.push(sql`${sql.param(paramValue(values[Number(parts[i]) - 1]))}`);
    }
  }
  return sql.join(chunks);
}

function paramValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value === null || value instanceof Date || Array.isArray(value) || Buffer.isBuffer(value)) return value;
  return typeof value === 'object' ? JSON.stringify(value) : value;
}

function rowsOf(result: unknown): unknown[] {
  // postgres-js answers the row list itself; PGlite an object with `rows`.
  if (Array.isArray(result)) return Array.from(result);
  return (result as { rows?: unknown[] }).rows ?? [];
}

async function execute(db: Db | Tx, text: string, values: readonly unknown[]): Promise<{ rows: unknown[] }> {
  return { rows: rowsOf(await db.execute(sqlWithValues(text, values))) };
}

/**
 * pg-boss reads the driver's error message, as node-postgres gives it: its install expects "already
 * exists" from the instance that loses a race to create the schema (several instances starting at once on
 * a new database). drizzle wraps that error ("Failed query: ..." with the driver's error as `cause`):
 * pg-boss gets the driver's own.
 */
async function driverErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const cause = (error as { cause?: unknown } | null)?.cause;
    throw cause instanceof Error && pgErrorInfo(cause) ? cause : error;
  }
}

/** The app's own connection(s) as pg-boss's database: PostgreSQL's pool, or the one PGlite client. */
export function databaseAdapter(database: Database): PgBossDb {
  return {
    executeSql: (text, values = []) => driverErrors(() => runSql(database, text, values)),
  };
}

async function runSql(
  database: Database,
  text: string,
  values: readonly unknown[],
): Promise<{ rows: unknown[] }> {
  if (values.length === 0) {
    // Scripts of several statements (pg-boss's schema, its migrations): PGlite runs those through
    // the database's execScript; postgres-js runs a statement without values by the simple protocol,
    // which takes several.
    if (database.execScript) return { rows: await database.execScript(text) };
    // A script in BEGIN ... COMMIT (pg-boss's install and migrations): postgres-js refuses BEGIN on a
    // pooled connection, so the body runs inside a transaction of the pool's own.
    const wrapped = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/i.exec(text);
    if (wrapped) {
      const body = wrapped[1]!;
      return { rows: rowsOf(await database.db.transaction((tx) => tx.execute(sql.raw(body)))) };
    }
    return { rows: rowsOf(await database.db.execute(sql.raw(text))) };
  }
  return execute(database.db, text, values);
}

/** A transaction as pg-boss's database for one call: the job is inserted by the caller's transaction. */
export function transactionAdapter(tx: Tx | Db): PgBossDb {
  return { executeSql: (text, values = []) => driverErrors(() => execute(tx, text, values)) };
}
