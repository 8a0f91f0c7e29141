/**
 * Customers figures: `npx tsx bench/customers.ts` (apps/server). Prints figures, asserts nothing.
 *
 * On PostgreSQL (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432; database
 * icehouse_bench_customers, dropped and re-created unless BENCH_REUSE=1): seeds the load
 * benchmark's data set (100,000 orders, 20,000 invoices), links the orders to customers (the
 * start-up step: time and groups), starts the app in this process on a random port, then
 *  - customer search: GET /api/customers/?search=<term> with autocannon at 32 clients for
 *    BENCH_DURATION seconds (p50 / p95 / p99);
 *  - CSV of all orders: GET /api/orders/export.csv read to the end: time, bytes, rows, and the
 *    process's RSS before and at its peak during the download (sampled every 20 ms).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import pino from 'pino';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@icehouse/db';
import { createDb } from '@icehouse/db/client';
import { DEMO_USERS } from '@icehouse/db/seed';
import { buildApp } from '../src/app';
import { linkOrdersToCustomers } from '../src/modules/customers/link';
import { seedBenchData } from './seed';

const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
// BENCH_PG_DATABASE=icehouse_bench BENCH_REUSE=1 reuses the load benchmark's seeded database.
const NAME = process.env.BENCH_PG_DATABASE ?? 'icehouse_bench_customers';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const STAFF = DEMO_USERS.find((u) => !u.isSuperuser)!;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const admin = postgres(`${PG}/postgres`, { max: 1, onnotice: () => {} });
  const exists = (await admin`select 1 from pg_database where datname = ${NAME}`).length > 0;
  const reuse = process.env.BENCH_REUSE === '1' && exists;
  if (!reuse) {
    await admin.unsafe(`drop database if exists ${NAME} with (force)`);
    await admin.unsafe(`create database ${NAME}`);
  }
  await admin.end();
  const database = await createDb({ databaseUrl: `${PG}/${NAME}` });
  await database.migrate();
  if (!reuse) {
    const t0 = performance.now();
    await seedBenchData(database, { orders: ORDERS, invoices: ORDERS / 5 });
    console.log(`seeded ${ORDERS} orders in ${Math.round(performance.now() - t0)} ms`);
  }
  const t1 = performance.now();
  const report = await linkOrdersToCustomers(database);
  console.log(
    `linking: ${report.orders_linked} orders, ${report.customers_created} new customers, ` +
      `${report.groups.filter((g) => g.spellings.length > 1).length} groups with several spellings, ${Math.round(performance.now() - t1)} ms`,
  );
  const t2 = performance.now();
  const again = await linkOrdersToCustomers(database);
  console.log(`linking again: ${again.orders_linked} orders, ${Math.round(performance.now() - t2)} ms`);
  const [{ n }] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from customers`),
  ) as [{ n: number }];
  console.log(`customers: ${n}`);

  const app = await buildApp({ database, logger: pino({ level: 'warn' }), checkAnswers: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const csrfRes = await fetch(`${base}/api/auth/csrf/`);
  const token = ((await csrfRes.json()) as { csrfToken: string }).csrfToken;
  const csrfCookie = csrfRes.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const login = await fetch(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': token, cookie: csrfCookie },
    body: JSON.stringify({ username: STAFF.username, password: STAFF.password }),
  });
  const cookie = [csrfCookie, ...login.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');

  // autocannon in its own process (in this one it would compete with the server for the event loop).
  for (const term of ['smi', 'lake', 'olson']) {
    const { stdout: out } = await promisify(execFile)(
      path.resolve(import.meta.dirname, '../../../node_modules/.bin/autocannon'),
      [
        '-c',
        '32',
        '-d',
        String(DURATION),
        '-j',
        '-H',
        `cookie=${cookie}`,
        `${base}/api/customers/?search=${term}`,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const r = JSON.parse(out) as {
      latency: Record<string, number>;
      requests: { average: number };
      non2xx: number;
      errors: number;
    };
    console.log(
      `customer search "${term}", 32 clients, ${DURATION} s: p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, p97.5 ${r.latency.p97_5} ms, ` +
        `p99 ${r.latency.p99} ms, ${Math.round(r.requests.average)} req/s, non-2xx ${r.non2xx}, errors ${r.errors}`,
    );
  }

  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t3 = performance.now();
  const res = await fetch(`${base}/api/orders/export.csv`, { headers: { cookie } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  const elapsed = performance.now() - t3;
  clearInterval(timer);
  console.log(
    `orders CSV: ${lines - 1} rows, ${mb(bytes)} in ${Math.round(elapsed)} ms; RSS ${mb(before)} before, peak ${mb(peak)} (+${mb(peak - before)})`,
  );
  await app.close();
}

await main();
process.exit(0);
