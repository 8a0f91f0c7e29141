import type { Db } from '@icehouse/db/client';

/**
 * Queries built once and then only run. Building a drizzle query (and compiling it to SQL) costs
 * more CPU than running a small indexed query, so the hot reads are built once per database as
 * prepared statements with placeholders. On PostgreSQL they run with generic plans (packages/db).
 */

const preparedQueries = new WeakMap<Db, Map<string, unknown>>();

/** What drizzle keeps inside a database or transaction object and a prepared query (both drivers). */
interface SessionInternals {
  session: { client: unknown };
}
const sessionOf = (db: Db) => (db as unknown as SessionInternals).session;
const isPreparedQuery = (value: unknown): value is { client: unknown; execute: unknown } =>
  typeof value === 'object' && value !== null && 'client' in value && typeof (value as { execute?: unknown }).execute === 'function';

/** The same prepared queries, run through another connection (a transaction's): a shallow copy each. */
function rebind<T>(queries: T, client: unknown): T {
  const copy = (q: object) => Object.assign(Object.create(Object.getPrototypeOf(q) as object) as object, q, { client });
  if (isPreparedQuery(queries)) return copy(queries) as T;
  if (typeof queries !== 'object' || queries === null) return queries;
  return Object.fromEntries(Object.entries(queries).map(([k, v]) => [k, isPreparedQuery(v) ? copy(v) : v])) as T;
}

/** The first build of each query set per driver (session class): transactions reuse it (rebind). */
const templates = new Map<string, unknown>();

/**
 * A query built once and then only run, with its values as placeholders: building a drizzle query
 * (and compiling it to SQL) costs more CPU than running a small indexed query. `build` gets the
 * database to build on and returns one prepared query or an object of them; keep `name` unique per
 * query shape. A transaction (a new `Db` each time) gets copies of the queries first built for
 * its driver, bound to its own connection, instead of building them again (~0.7 ms per save).
 */
export function preparedQuery<T>(db: Db, name: string, build: (db: Db) => T): T {
  let queries = preparedQueries.get(db);
  if (!queries) {
    queries = new Map();
    preparedQueries.set(db, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (query === undefined) {
    const session = sessionOf(db);
    const key = `${session.constructor.name}:${name}`;
    const template = templates.get(key) as T | undefined;
    if (template === undefined) {
      query = build(db);
      templates.set(key, query);
    } else query = rebind(template, session.client);
    queries.set(name, query);
  }
  return query;
}
