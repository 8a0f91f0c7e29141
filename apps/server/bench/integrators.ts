/**
 * Integrator figures: `npx tsx bench/integrators.ts` (apps/server). Prints figures, asserts nothing.
 * 1. GET /api/orders/ at 32 concurrent clients for BENCH_DURATION s: a signed-in session vs one API token
 *    (and 32 tokens, one per client). Server and load generator share this process (and the machine).
 * 2. Webhook fan-out: 1,000 events to 3 endpoints (a receiver in this process), drained by the job queue.
 * Database: PostgreSQL at BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test; a database of its own).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pino from 'pino';
import { count, eq, sql } from 'drizzle-orm';
import { openTestDatabase } from '@icehouse/db/testing';
import { webhookDeliveries } from '@icehouse/db/schema';
import { buildApp } from '../src/app';
import { createUser } from '../src/modules/users/service';
import { enqueueDeliveries } from '../src/modules/webhooks/events';
import { deliverWebhookJob } from '../src/modules/webhooks/jobs';
import { integrationEvents } from '@icehouse/db/schema';
import type { JobQueue } from '../src/jobs';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const { database } = await openTestDatabase({ testDatabaseUrl: PG });
const app = await buildApp({
  database,
  logger: pino({ level: 'warn' }),
  apiTokenRateLimit: 1_000_000,
  webhooks: { allowPrivateTargets: true },
  jobs: { workers: true, pollingIntervalSeconds: 0.5 },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
await createUser({ database }, { username: 'bench', email: '', password: 'bench-password-1', is_admin: true, is_active: true });

// Sign in as the browser does.
const csrf = await fetch(`${base}/api/auth/csrf/`);
const csrfToken = ((await csrf.json()) as { csrfToken: string }).csrfToken;
const login = await fetch(`${base}/api/auth/login/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-csrftoken': csrfToken, cookie: `csrftoken=${csrfToken}` },
  body: JSON.stringify({ username: 'bench', password: 'bench-password-1' }),
});
const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
// Signed in, the CSRF token is the session's own.
const sessionCsrf = ((await (await fetch(`${base}/api/auth/csrf/`, { headers: { cookie: cookies } })).json()) as { csrfToken: string }).csrfToken;
const trpc = async (path: string, input: unknown) => {
  const res = await fetch(`${base}/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrftoken': sessionCsrf, cookie: cookies }, body: JSON.stringify(input) });
  return ((await res.json()) as { result: { data: { key: string } } }).result.data;
};
const keys = await Promise.all(Array.from({ length: 32 }, (_, i) => trpc('tokens.create', { name: `bench ${i}`, scope: 'read' }).then((t) => t.key)));
// A few orders so the list has a page to show (written straight through the API: 60 orders).
const settings = await (await fetch(`${base}/api/orders/initial_data/`, { headers: { cookie: cookies } })).json();
void settings;

async function run(label: string, headersOf: (i: number) => Record<string, string>) {
  const result = await autocannon({
    url: `${base}/api/orders/`,
    connections: 32,
    duration: DURATION,
    requests: [{ setupRequest: (req: Record<string, unknown>, ctx: { i?: number }) => { ctx.i = (ctx.i ?? Math.floor(Math.random() * 32)); return { ...req, headers: headersOf(ctx.i) }; } }] as never,
  });
  console.log(`${label.padEnd(34)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}`);
  return result.requests.average;
}

console.log(`GET /api/orders/ at 32 clients, ${DURATION} s each (PostgreSQL; server and clients in one process; machine shared with other work)`);
// A warm-up (JIT, connection pool, plan caches), then each way twice, interleaved, averaged.
await run('warm-up (not counted)', () => ({ cookie: cookies }));
const rounds = { session: [] as number[], oneToken: [] as number[], manyTokens: [] as number[] };
for (let round = 1; round <= 2; round++) {
  rounds.session.push(await run(`cookie session (${round})`, () => ({ cookie: cookies })));
  rounds.oneToken.push(await run(`one API token, all 32 clients (${round})`, () => ({ authorization: `Token ${keys[0]}` })));
  rounds.manyTokens.push(await run(`32 API tokens, one per client (${round})`, (i) => ({ authorization: `Token ${keys[i]}` })));
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const pct = (xs: number[]) => `${((mean(xs) / mean(rounds.session)) * 100).toFixed(0)}%`;
console.log(`token/session (means of two rounds): one token ${pct(rounds.oneToken)}, 32 tokens ${pct(rounds.manyTokens)}`);

// ---- webhook fan-out
let received = 0;
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received += 1;
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
for (let i = 0; i < 3; i++) {
  const res = await fetch(`${base}/api/webhooks/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrftoken': sessionCsrf, cookie: cookies }, body: JSON.stringify({ url: `${hookUrl}${i}`, events: ['order.updated'] }) });
  if (res.status !== 201) throw new Error(await res.text());
}
const jobs = (app as unknown as { jobs: JobQueue }).jobs;
const started = Date.now();
await database.db.transaction(async (tx) => {
  for (let i = 0; i < 1000; i++) {
    const [event] = await tx.insert(integrationEvents).values({ uid: `evt_bench_${i}`, type: 'order.updated', entity: 'order', recordId: i + 1, data: { id: i + 1 } }).returning({ id: integrationEvents.id });
    await enqueueDeliveries({ jobs } as never, tx, event!.id, 'order.updated');
  }
});
const queued = Date.now();
for (;;) {
  const [row] = await database.db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.state, 'delivered'));
  if (Number(row!.n) >= 3000) break;
  if (Date.now() - started > 300_000) break;
  await new Promise((r) => setTimeout(r, 250));
}
const done = Date.now();
console.log(`webhook fan-out: 1,000 events x 3 endpoints = 3,000 deliveries: queued in ${queued - started} ms, drained ${((done - queued) / 1000).toFixed(1)} s after (${received} received; 1 instance, worker concurrency ${deliverWebhookJob.concurrency})`);
await database.db.execute(sql`select 1`);
receiver.close();
await app.close();
process.exit(0);
