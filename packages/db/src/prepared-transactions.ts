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
  return withPreparedStatements(sql, 'begin');
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
        return (value as Scoped).call(target, ...args, (tx: postgres.TransactionSql) => callback(preparing(tx)));
      };
    },
  });
}

/** A transaction's client whose `unsafe` statements are prepared (and its savepoints' too). */
function preparing(tx: postgres.TransactionSql): postgres.TransactionSql {
  const scoped = withPreparedStatements(tx, 'savepoint');
  return new Proxy(scoped, {
    get(target, prop) {
      if (prop !== 'unsafe') return Reflect.get(target, prop, target);
      return (query: string, args?: unknown, options?: postgres.UnsafeQueryOptions) => {
        // unsafe(query, options) is allowed too.
        const [params, given] = Array.isArray(args) ? [args, options] : [[], (args as postgres.UnsafeQueryOptions | undefined) ?? options];
        return tx.unsafe(query, params as postgres.ParameterOrJSON<never>[], { ...given, prepare: true });
      };
    },
  });
}
