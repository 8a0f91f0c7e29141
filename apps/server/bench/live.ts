/**
 * Live feed figures: `npm run bench:live` (apps/server). Prints figures, asserts nothing.
 *
 * One app instance (embedded PGlite in memory, or PostgreSQL with BENCH_PG_URL=<database url>),
 * listening on 127.0.0.1; N = BENCH_LIVE_CLIENTS (500) signed-in SSE subscriptions opened with fetch
 * in this same process. Figures: memory per connection (RSS and heap growth of the whole process
 * divided by N: client side included, so an upper bound for the server), the time from the commit of
 * one change to its delivery at each of the N clients (p50 / p95 / max), and after 1,000
 * connect/disconnect cycles the open subscriptions, watched sessions and feed listeners left (all 0)
 * plus the process's active handles and timers before and after.
 */
import http from 'node:http';
import pino from 'pino';
import { createDb } from '@icehouse/db/client';
import { openTestDatabase } from '@icehouse/db/testing';
import { buildApp } from '../src/app';
import { announceChange, changeTransaction } from '../src/changes';
import { createUser } from '../src/modules/users/service';
import { createSessionStore } from '../src/modules/auth/session';

const N = Number(process.env.BENCH_LIVE_CLIENTS ?? 500);
const CYCLES = Number(process.env.BENCH_LIVE_CYCLES ?? 1000);

const database = process.env.BENCH_PG_URL
  ? await createDb({ databaseUrl: process.env.BENCH_PG_URL })
  : (await openTestDatabase({ testDatabaseUrl: '' })).database;
if (process.env.BENCH_PG_URL) await database.migrate();
const app = await buildApp({ database, logger: pino({ level: 'warn' }) });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = new URL(base);
const user = await createUser(
  { database },
  {
    username: `bench${Date.now()}`,
    email: '',
    password: 'correct-horse-battery',
    is_admin: false,
    is_active: true,
  },
);
const session = await createSessionStore(database.db).create(user.id);
const cookie = `sessionid=${session.id}`;
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

interface Client {
  close(): void;
  connected: Promise<void>;
  received: Promise<number>;
}
/** One SSE subscription over a plain socket; `received` resolves with the time the first change arrived. */
function subscribe(): Client {
  let onConnected!: () => void;
  let onReceived!: (t: number) => void;
  const connected = new Promise<void>((r) => (onConnected = r));
  const received = new Promise<number>((r) => (onReceived = r));
  const req = http.get(
    {
      host: '127.0.0.1',
      port,
      path: '/trpc/live.changes',
      headers: { cookie, accept: 'text/event-stream' },
      agent,
    },
    (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        // Listening, not tRPC's "connected" (sent before the subscription is): decision 219.
        if (chunk.includes('"type":"listening"')) onConnected();
        if (chunk.includes('"type":"change"')) onReceived(performance.now());
      });
      res.on('error', () => undefined);
    },
  );
  req.on('error', () => undefined);
  return { close: () => req.destroy(), connected, received };
}

const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

global.gc?.();
const before = process.memoryUsage();
const clients = Array.from({ length: N }, subscribe);
await Promise.all(clients.map((c) => c.connected));
global.gc?.();
const after = process.memoryUsage();
console.log(
  `${database.kind}: ${N} open subscriptions (server and clients in one process; machine shared with other work)`,
);
console.log(
  `  memory per connection: RSS ${((after.rss - before.rss) / N / 1024).toFixed(1)} KiB, heap ${((after.heapUsed - before.heapUsed) / N / 1024).toFixed(1)} KiB (process RSS ${mb(after.rss)} MiB)`,
);

await changeTransaction({ database, changes: app.changes }, async (tx) =>
  announceChange(tx, { entity: 'order', id: 1, version: 1, action: 'updated', by: user.id }),
);
const committed = performance.now();
const delays = (await Promise.all(clients.map((c) => c.received))).map((t) => t - committed);
console.log(
  `  one change, commit -> delivery to all ${N}: p50 ${pct(delays, 50).toFixed(1)} ms, p95 ${pct(delays, 95).toFixed(1)} ms, max ${Math.max(...delays).toFixed(1)} ms (target p95 < 200 ms)`,
);
for (const c of clients) c.close();
await new Promise((r) => setTimeout(r, 500));

const handles = () => process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap').length;
const handlesBefore = handles();
for (let i = 0; i < CYCLES; i++) {
  const c = subscribe();
  await c.connected;
  c.close();
}
await new Promise((r) => setTimeout(r, 1000));
console.log(
  `  after ${CYCLES} connect/disconnect cycles: subscriptions ${app.live.size}, watched sessions ${app.live.sessions.size}, feed listeners ${app.live.feed.size}; active handles ${handlesBefore} -> ${handles()}`,
);
await app.close();
