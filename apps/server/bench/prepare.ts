/**
 * What drizzle's query building costs and what the driver's prepared statements buy, one statement at a
 * time on one connection: `npx tsx bench/prepare.ts` (apps/server) against the load benchmark's PostgreSQL
 * database (BENCH_PG_URL, BENCH_PG_DATABASE). For an order save's typical read (an order's row by id, with its
 * two addresses) and its history insert, N calls each way:
 *
 *   built each call              drizzle builds the query and compiles its SQL every call; postgres-js sends an
 *                                unnamed statement (parse + plan every call): what a save's statements do today
 *   built each call, .prepare()  the same building, but postgres-js prepares the statement once per connection
 *                                (drizzle's `.prepare(name)` only sets `prepare: true`; the name is not used)
 *   built once                   the prepared query object reused: no building, driver-prepared (the hot reads)
 *   driver alone                 postgres-js `unsafe(text, params, { prepare: true })` with the text drizzle made
 *
 * Prints the Node CPU time and the wall time per call. Inside a transaction only the first two are open to
 * a save: a drizzle prepared query holds the client it was built on (the pool), not the transaction's.
 */
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import { createDb } from '@icehouse/db/client';
import { rowsOf } from '@icehouse/db';
import { addresses, orders } from '@icehouse/db/schema';

const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const url = `${base}/${process.env.BENCH_PG_DATABASE ?? 'icehouse_bench'}`;
const N = Number(process.env.BENCH_PREPARE_CALLS ?? 3000);

const billing = alias(addresses, 'billing');
const shipping = alias(addresses, 'shipping');

async function main() {
  const database = await createDb({ databaseUrl: url, poolMax: 1 });
  const driver = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const ids = rowsOf<{ id: number }>(await database.db.execute(sql`select id from orders order by id desc limit 500`)).map((r) => Number(r.id));
    const db = database.db;
    const build = () =>
      db
        .select({ order: orders, billing: billing.name, shipping: shipping.name })
        .from(orders)
        .leftJoin(billing, eq(billing.id, orders.billingAddressId))
        .leftJoin(shipping, eq(shipping.id, orders.shippingAddressId))
        .where(eq(orders.id, sql.placeholder('id')));
    const once = build().prepare('bench_prepare_once');
    const text = build().toSQL().sql;
    const ways: [string, (id: number) => Promise<unknown>][] = [
      ['built each call', (id) => build().execute({ id })],
      ['built each call, .prepare()', (id) => build().prepare('bench_prepare_each').execute({ id })],
      ['built once', (id) => once.execute({ id })],
      ['driver alone (prepared, no mapping)', (id) => driver.unsafe(text, [id], { prepare: true })],
    ];
    console.log(`drizzle building and driver prepared statements: ${N} calls each, one connection; load ${os.loadavg()[0]?.toFixed(1)}`);
    for (let round = 1; round <= 2; round++) {
      for (const [name, run] of ways) {
        for (let i = 0; i < 200; i++) await run(ids[i % ids.length]!);
        const cpu = process.cpuUsage();
        const started = performance.now();
        for (let i = 0; i < N; i++) await run(ids[i % ids.length]!);
        const wall = (performance.now() - started) / N;
        const used = process.cpuUsage(cpu);
        console.log(
          `  round ${round}  ${name.padEnd(36)} Node CPU ${((used.user + used.system) / 1000 / N).toFixed(3)} ms/call, wall ${wall.toFixed(3)} ms/call`,
        );
      }
    }
  } finally {
    await driver.end();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
