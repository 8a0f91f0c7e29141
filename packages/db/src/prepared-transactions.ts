import { AsyncLocalStorage } from 'node:async_hooks';
import type postgres from 'postgres';

/**
 * Every statement with parameters inside a transaction runs as a prepared statement of the driver
 * (decision 217). postgres-js sends an unprepared statement with parameters in two round trips (Parse
 * and Describe to learn the parameters' types, then Bind and Execute); a prepared one, once the
 * connection has seen its text, in one, without PostgreSQL parsing it again. A save runs the same
 * statements every time, so after the first save on a connection each costs one round trip.
 *
 * Only transactions: their statements are writes and look-ups by key, which the connection's generic
 * plans (plan_cache_mode, client.ts) suit. Reads outside transactions keep their own plans unless
 * written as named prepared queries. Only postgres-js's public options are used (`unsafe`'s `prepare`).
 */
export function preparingTransactions(sql: postgres.Sql): postgres.Sql {
  const pool = withPreparedStatements(sql, 'begin');
  return new Proxy(pool, {
    get(target, prop) {
      if (prop !== 'unsafe' || !routed.getStore()) return Reflect.get(target, prop, target);
      // Inside onOpenTransaction(): a query built on the pool goes to the transaction open here.
      const tx = openTransaction.getStore();
      return tx ? preparedUnsafe(tx) : Reflect.get(target, prop, target);
    },
  });
}

/** The innermost transaction (or savepoint) open in this async context, as `begin` handed it out. */
const openTransaction = new AsyncLocalStorage<postgres.TransactionSql>();
/** Set by onOpenTransaction(). */
const routed = new AsyncLocalStorage<true>();

/**
 * Runs `work` with the statements of queries built on the pool sent on the transaction open in this
 * async context (the innermost one), prepared; with no transaction open, on the pool as usual (decision
 * 218). For queries built once on the pool and run inside a transaction without being built again.
 */
export function onOpenTransaction<T>(work: () => Promise<T>): Promise<T> {
  return routed.run(true, work);
}

type Scoped = (...args: unknown[]) => unknown;

/** `sql` whose `begin` (or a transaction's `savepoint`) hands its callback a preparing client. */
function withPreparedStatements<T extends object>(sql: T, opener: 'begin' | 'savepoint'): T {
  return new Proxy(sql, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (prop !== opener || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
      // begin([options], callback) / savepoint([name], callback)
      return (...args: unknown[]) => {
        const callback = args.pop() as Scoped;
        return (value as Scoped).call(target, ...args, (tx: postgres.TransactionSql) =>
          openTransaction.run(tx, () => callback(preparing(tx))),
        );
      };
    },
  });
}

/** A transaction's client whose `unsafe` statements are prepared (and its savepoints' too). */
function preparing(tx: postgres.TransactionSql): postgres.TransactionSql {
  const scoped = withPreparedStatements(tx, 'savepoint');
  return new Proxy(scoped, {
    get(target, prop) {
      return prop === 'unsafe' ? preparedUnsafe(tx) : Reflect.get(target, prop, target);
    },
  });
}

/** `tx.unsafe` with `prepare: true`. */
function preparedUnsafe(tx: postgres.TransactionSql) {
  return (query: string, args?: unknown, options?: postgres.UnsafeQueryOptions) => {
    // unsafe(query, options) is allowed too.
    const [params, given] = Array.isArray(args) ? [args, options] : [[], (args as postgres.UnsafeQueryOptions | undefined) ?? options];
    return tx.unsafe(query, params as postgres.ParameterOrJSON<never>[], { ...given, prepare: true });
  };
}
