import type postgres from 'postgres';

/** A postgres-js client that forwards every call to `current()`, so the pool behind it can be replaced. */
export function forwardingClient(current: () => postgres.Sql): postgres.Sql {
  return new Proxy((() => undefined) as unknown as postgres.Sql, {
    apply: (_target, thisArg, args) => Reflect.apply(current() as unknown as (...a: unknown[]) => unknown, thisArg, args),
    get: (_target, prop) => {
      const sql = current();
      const value: unknown = Reflect.get(sql, prop, sql);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(sql) : value;
    },
  });
}
