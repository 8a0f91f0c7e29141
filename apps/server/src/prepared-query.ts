import { sql, type Placeholder } from 'drizzle-orm';
import type { Database, Db } from '@icehouse/db/client';

/**
 * Queries built once and then only run. Building a drizzle query (and compiling it to SQL) costs
 * more CPU than running a small indexed query, so the hot reads are built once per database as
 * prepared statements with placeholders. On PostgreSQL they run with generic plans (packages/db).
 *
 * Built once per `Db` object, through drizzle's public API only. A transaction is a `Db` of its
 * own: the queries it runs are built for it (decision record 050), unless they go through
 * `inTransaction()` below, which on PostgreSQL runs the pool's queries on the open transaction
 * (decision 218) without touching drizzle's private fields.
 */

const preparedQueries = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query built once per database and then only run, with its values as placeholders. `build` gets
 * the database to build on and returns one prepared query or an object of them; keep `name` unique
 * per query shape.
 */
export function preparedQuery<T>(db: Db, name: string, build: (db: Db) => T): T {
  let queries = preparedQueries.get(db);
  if (!queries) {
    queries = new Map();
    preparedQueries.set(db, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (query === undefined) {
    query = build(db);
    queries.set(name, query);
  }
  return query;
}

/**
 * Runs queries built once (`preparedQuery`) inside a transaction `tx` of `inTransactionOf`: on PostgreSQL
 * they are built once on the pool and their statements sent on the transaction open here (decision 218);
 * elsewhere (PGlite, or no database given) they are built on `tx` as before.
 */
export function inTransaction<T, R>(
  tx: Db,
  inTransactionOf: Database | undefined,
  name: string,
  build: (db: Db) => T,
  run: (queries: T) => Promise<R>,
): Promise<R> {
  const routed = inTransactionOf?.onOpenTransaction?.bind(inTransactionOf);
  if (!routed) return run(preparedQuery(tx, name, build));
  const queries = preparedQuery(inTransactionOf!.db, name, build);
  return routed(() => run(queries));
}

/**
 * A row's values as placeholders named `prefix` + column key, for a write built once (`preparedQuery`)
 * and run with `placeholderValues(row, prefix)`. The statement's shape is the row's keys: every key
 * gets a value at each run (null, not undefined, for a column to clear).
 */
export function placeholdersOf<T extends object>(row: T, prefix: string): { [K in keyof T]: Placeholder<string> } {
  return Object.fromEntries(Object.keys(row).map((key) => [key, sql.placeholder(prefix + key)])) as {
    [K in keyof T]: Placeholder<string>;
  };
}

/**
 * For an UPDATE's `set()`: drizzle fills its placeholders as it does an insert's (each becomes a
 * parameter encoded by its column), but its `set()` type does not list placeholders.
 */
export const placeholdersToSet = <T extends object>(placeholders: object) => placeholders as Partial<T>;

/** The values for `placeholdersOf(row, prefix)`'s placeholders. */
export function placeholderValues(row: object, prefix: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [prefix + key, value]));
}

/**
 * Waits for every one of `promises` (statements sent together, one round trip) and throws the first
 * failure in the order given, not the first to arrive: after one statement fails PostgreSQL refuses those
 * sent after it ("current transaction is aborted"), and which refusal settles first is up to the driver.
 */
export async function allInOrder<T extends readonly unknown[]>(promises: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(promises);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}
