/**
 * One process against two behind HAProxy: `npm run bench:processes` (apps/server). Prints figures, asserts nothing.
 *
 * Seeds its own PostgreSQL database (bench/seed.ts; BENCH_ORDERS orders, BENCH_INVOICES invoices), then
 * measures the same calls, with the same clients, against three set-ups of the BUILT server
 * (dist/main.js, NODE_ENV=production, as deployed) on that database, side by side:
 *   - 1 process, direct (no balancer: the anchor, and what HAProxy itself costs);
 *   - 1 process behind HAProxy (deploy/haproxy.cfg, both of its server lines on that one process);
 *   - 2 processes behind HAProxy (deploy/haproxy.cfg as in docker-compose.yml).
 * All processes run throughout; each call is measured on the three set-ups in turn, BENCH_ROUNDS times
 * (interleaved, so that load from elsewhere on the machine weighs on all three alike). Each run:
 * autocannon, signed in like the browser (session cookie, X-CSRFToken), BENCH_CONNECTIONS clients for
 * BENCH_DURATION seconds after a 1 s warm-up; the table puts every round's requests together. Columns: p50 / p95 latency, requests per second,
 * errors (non-2xx, timeouts), the machine's CPU use (both cores = 100%), the server processes' own CPU time
 * per request ("app ms/req", all processes together; HAProxy and PostgreSQL not included), and the load
 * average at the start of the run (other work on the machine shows there).
 *
 * Environment (all optional):
 *   BENCH_ORDERS=100000 BENCH_INVOICES=20000   data set (BENCH_ORDERS=5000 BENCH_INVOICES=1000 for a smoke run)
 *   BENCH_DURATION=8  BENCH_CONNECTIONS=32     seconds per call and set-up; concurrent clients
 *   BENCH_ROUNDS=2                             rounds: each call is measured on the three set-ups in turn, this many times
 *   BENCH_ONLY=orders-list,order-create,...    only these calls
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432   server; database BENCH_PG_DATABASE=icehouse_bench_processes
 *                                              is dropped and re-created unless BENCH_REUSE=1 finds it seeded
 *   BENCH_JSON=<file>                          also write the figures as JSON
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonRequest } from 'autocannon';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@icehouse/db';
import { createDb } from '@icehouse/db/client';
import { DEMO_USERS } from '@icehouse/db/seed';
import { linkOrdersToCustomers } from '../src/modules/customers/link';
import { seedBenchData, DOOR_BASE } from './seed';

const intEnv = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number, got ${raw}`);
  return Math.floor(n);
};

const CONFIG = {
  orders: intEnv('BENCH_ORDERS', 100_000),
  invoices: intEnv('BENCH_INVOICES', 20_000),
  duration: intEnv('BENCH_DURATION', 8),
  rounds: Math.max(1, intEnv('BENCH_ROUNDS', 2)),
  connections: intEnv('BENCH_CONNECTIONS', 32),
  only: (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  pgUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432',
  pgDatabase: process.env.BENCH_PG_DATABASE ?? 'icehouse_bench_processes',
  reuse: ['1', 'true', 'yes'].includes(process.env.BENCH_REUSE ?? ''),
  json: process.env.BENCH_JSON ?? '',
};

const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN_JS = path.join(here, '../dist/main.js');
const HAPROXY_CFG = path.join(here, '../../../deploy/haproxy.cfg');
const HAPROXY = [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find(
  (p) => p && existsSync(p),
);
const STAFF = DEMO_USERS.find((u) => !u.isSuperuser) ?? DEMO_USERS[0]!;
const log = (message: string) => console.log(message);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ------------------------------------------------------------------------------------ the database

async function prepareDatabase(): Promise<{
  url: string;
  orderIds: number[];
  months: { year: number; month: number }[];
  doorStart: number;
}> {
  const adminUrl = new URL(CONFIG.pgUrl);
  adminUrl.pathname = '/postgres';
  const url = new URL(CONFIG.pgUrl);
  url.pathname = `/${CONFIG.pgDatabase}`;
  const admin = await createDb({ databaseUrl: adminUrl.toString(), poolMax: 1 });
  try {
    const exists =
      rowsOf(await admin.db.execute(sql`select 1 from pg_database where datname = ${CONFIG.pgDatabase}`))
        .length > 0;
    if (!CONFIG.reuse || !exists) {
      await admin.db.execute(sql.raw(`drop database if exists "${CONFIG.pgDatabase}" with (force)`));
      await admin.db.execute(sql.raw(`create database "${CONFIG.pgDatabase}"`));
    }
  } finally {
    await admin.close();
  }
  const database = await createDb({ databaseUrl: url.toString(), poolMax: 4 });
  try {
    await database.migrate();
    const [{ n }] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from orders`),
    ) as [{ n: number }];
    if (Number(n) === 0) {
      log(
        `seeding ${CONFIG.orders.toLocaleString('en-US')} orders and ${CONFIG.invoices.toLocaleString('en-US')} invoices...`,
      );
      const summary = await seedBenchData(database, { orders: CONFIG.orders, invoices: CONFIG.invoices });
      log(`  seeded in ${summary.seconds.toFixed(1)} s`);
    } else log(`reusing ${Number(n).toLocaleString('en-US')} orders in ${CONFIG.pgDatabase}`);
    // What the server does on its first start (orders saved without a customer join theirs), done here so
    // that each set-up's processes start at once.
    const linked = await linkOrdersToCustomers(database);
    if (linked.orders_linked > 0)
      log(`  linked ${linked.orders_linked.toLocaleString('en-US')} orders to their customers`);
    // Pending orders to edit: each set-up's update run takes its own (none is edited twice at once).
    const orderIds = rowsOf<{ id: number }>(
      await database.db.execute(
        sql`select id from orders where status = 'pending' order by id desc limit 6000`,
      ),
    ).map((r) => Number(r.id));
    const months = rowsOf<{ year: number; month: number }>(
      await database.db.execute(
        sql`select distinct extract(year from date)::int as year, extract(month from date)::int as month from orders order by 1, 2`,
      ),
    ).map((r) => ({ year: Number(r.year), month: Number(r.month) }));
    // New orders' door numbers start past every numeric one already there, so that a run on a reused
    // database does not collide with an earlier run's orders (each collision a 400, not a save).
    const [{ max }] = rowsOf<{ max: string | null }>(
      await database.db.execute(sql`select max(door_number::bigint)::text as max from orders where door_number ~ '^[0-9]{1,15}$'`),
    ) as [{ max: string | null }];
    return { url: url.toString(), orderIds, months, doorStart: Math.max(Number(max ?? 0), DOOR_BASE + CONFIG.orders) + 1 };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------- the processes

interface Proc {
  child: ChildProcess;
  pid: number;
  output: string[];
  stop(): Promise<void>;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (c: Buffer) => output.length < 2000 && output.push(c.toString('utf8')));
  return {
    child,
    pid: child.pid!,
    output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitHealthy(base: string, proc: Proc): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.child.exitCode !== null)
      throw new Error(`exited before it was ready:\n${proc.output.join('').slice(-2000)}`);
    try {
      if ((await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) })).status === 200) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${base} not ready in 60 s`);
    await sleep(100);
  }
}

async function startServer(databaseUrl: string, blobDir: string): Promise<Proc & { port: number }> {
  const port = await freePort();
  const proc = run(process.execPath, [MAIN_JS], {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    BLOB_DIR: blobDir,
    TRUST_PROXY: '127.0.0.1',
    ...(process.env.CHROME_PATH ? { CHROME_PATH: process.env.CHROME_PATH } : {}),
  });
  await waitHealthy(`http://127.0.0.1:${port}`, proc).catch(async (error: unknown) => {
    await proc.stop();
    throw error;
  });
  return { ...proc, port };
}

async function startHaproxy(app1: number, app2: number): Promise<Proc & { port: number }> {
  if (!HAPROXY) throw new Error('HAProxy is not installed: apt-get install -y haproxy');
  const port = await freePort();
  const proc = run(HAPROXY, ['-f', HAPROXY_CFG, '-db'], {
    PATH: process.env.PATH,
    LB_BIND: `127.0.0.1:${port}`,
    APP1_ADDR: `127.0.0.1:${app1}`,
    APP2_ADDR: `127.0.0.1:${app2}`,
  });
  await waitHealthy(`http://127.0.0.1:${port}`, proc);
  return { ...proc, port };
}

/** User + system CPU time of a process so far, in ms (Linux /proc). */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 1/100 s
  } catch {
    return 0;
  }
}

function machineCpu(): { busy: number; total: number } {
  const values = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  const total = values.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

// ------------------------------------------------------------------------------------- the calls

interface Session {
  cookie: string;
  csrf: string;
}

async function signIn(base: string): Promise<Session> {
  const csrfRes = await fetch(`${base}/api/auth/csrf/`);
  const token = ((await csrfRes.json()) as { csrfToken: string }).csrfToken;
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  };
  keep(csrfRes);
  const login = await fetch(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrftoken': token,
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: JSON.stringify({ username: STAFF.username, password: STAFF.password }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  keep(login);
  return {
    cookie: `sessionid=${jar.get('sessionid')}; csrftoken=${jar.get('csrftoken')}`,
    csrf: jar.get('csrftoken')!,
  };
}

interface Call {
  id: string;
  name: string;
  request: () => AutocannonRequest;
  /** Before the call's runs, outside the measurement. */
  prepare?: () => Promise<void>;
}

const pick = <T>(items: readonly T[], n: number): T => items[n % items.length]!;

function calls(
  base: string,
  session: Session,
  data: { orderIds: number[]; months: { year: number; month: number }[]; doorStart: number },
  setup: number,
): Call[] {
  let created = 0;
  const doorBase = data.doorStart + setup * 100_000;
  // Each set-up edits its own third of the pending orders, each at its version (read before the run).
  const third = Math.floor(data.orderIds.length / 3);
  const editable = data.orderIds.slice(setup * third, (setup + 1) * third);
  const versions = new Map<number, number>();
  const inFlight = new Set<number>();
  const today = new Date().toISOString().slice(0, 10);
  const list: Call[] = [
    {
      id: 'orders-list',
      name: 'orders list, first page',
      request: () => get(() => '/api/orders/list-view/'),
    },
    {
      id: 'orders-month',
      name: 'orders list, year + month',
      request: () =>
        get((n) => {
          const m = pick(data.months, n * 7919);
          return `/api/orders/list-view/?year=${m.year}&month=${m.month}`;
        }),
    },
    {
      id: 'order-detail',
      name: 'order detail',
      request: () => get((n) => `/api/orders/${pick(data.orderIds, n * 31)}/`),
    },
    {
      id: 'order-create',
      name: 'create order',
      request: () => ({
        method: 'POST',
        path: '/api/orders/',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            status: 'pending',
            date: today,
            door_number: String(doorBase + created++),
            phone: '(218) 555-0199',
            customer_po_job_name: 'Bench cabin',
            freight_cost: '250',
            discount: '0',
            discount_is_percentage: false,
            tax_exempt: false,
            notes: 'Processes benchmark',
            billing_address: {
              name: 'Benchmark Bait & Tackle',
              street: '1 Lake St',
              city: 'Walker',
              state: 'MN',
              zip_code: '56484',
              country: 'US',
            },
            shipping_address: { name: '', street: '', city: '', state: '', zip_code: '', country: 'US' },
            building_info: {
              product: 'custom',
              building_type: 'DOOR_ONLY',
              building_description: 'Freezer door',
              price: '1000.00',
              additional_items: [],
            },
          }),
        }),
      }),
    },
    {
      id: 'order-update',
      name: 'update order (PATCH notes)',
      request: () => {
        let n = 0;
        return {
          method: 'PATCH',
          path: `/api/orders/${editable[0]}/`,
          headers: { 'content-type': 'application/json' },
          setupRequest: (req, context) => {
            // The next order not already being saved (its version would be stale: a 409, not a save).
            let id = pick(editable, n++);
            for (let tries = 0; inFlight.has(id) && tries < editable.length; tries++)
              id = pick(editable, n++);
            inFlight.add(id);
            context.id = id; // one request at a time per connection: its answer is for this order
            return {
              ...req,
              path: `/api/orders/${id}/`,
              body: JSON.stringify({ notes: `Processes benchmark ${n}`, version: versions.get(id) }),
            };
          },
          onResponse: (status, body, context) => {
            inFlight.delete(context.id as number);
            if (status === 200)
              versions.set(context.id as number, (JSON.parse(body) as { version: number }).version);
          },
        };
      },
    },
  ];
  // The update needs each order's version first (read once, outside the measurement).
  list.find((c) => c.id === 'order-update')!.prepare = () => readVersions(base, session, editable, versions);
  return list;
}

async function readVersions(
  base: string,
  session: Session,
  ids: number[],
  versions: Map<number, number>,
): Promise<void> {
  const queue = [...ids];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const res = await fetch(`${base}/api/orders/${id}/`, { headers: { cookie: session.cookie } });
        if (res.status === 200) versions.set(id, ((await res.json()) as { version: number }).version);
      }
    }),
  );
}

function get(pathFor: (n: number) => string): AutocannonRequest {
  let n = 0;
  return {
    method: 'GET',
    path: pathFor(0),
    setupRequest: (req) => ({ ...req, method: 'GET', path: pathFor(n++) }),
  };
}

interface Figures {
  setup: string;
  call: string;
  latencies: number[];
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  errors: number;
  cpu: number;
  appMsPerRequest: number;
  load1: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

async function measure(
  base: string,
  session: Session,
  request: AutocannonRequest,
  seconds: number,
  pids: number[],
) {
  const latencies: number[] = [];
  let errors = 0;
  const load1 = os.loadavg()[0]!;
  const cpuBefore = machineCpu();
  const appBefore = pids.reduce((s, pid) => s + cpuMs(pid), 0);
  const started = performance.now();
  const instance = autocannon({
    url: base,
    connections: CONFIG.connections,
    duration: seconds,
    timeout: 30,
    headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
    requests: [request],
  });
  instance.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
    latencies.push(ms);
    if (status < 200 || status >= 300) errors++;
  });
  instance.on('reqError', () => errors++);
  const result = await instance;
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = machineCpu();
  const appMs = pids.reduce((s, pid) => s + cpuMs(pid), 0) - appBefore;
  latencies.sort((x, y) => x - y);
  return {
    latencies,
    seconds: elapsed,
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    errors: errors + result.timeouts,
    cpu: (100 * (cpuAfter.busy - cpuBefore.busy)) / Math.max(1, cpuAfter.total - cpuBefore.total),
    appMsPerRequest: appMs / Math.max(1, latencies.length),
    load1,
  };
}

// ------------------------------------------------------------------------------------------- main

async function main() {
  if (!existsSync(MAIN_JS))
    throw new Error(`${MAIN_JS} is missing: run \`npm run build\` first (the bench runs the built server).`);
  log(`# 1 process against 2 behind HAProxy (${os.cpus().length} cores, load average ${loadavg()})`);
  const data = await prepareDatabase();
  const blobDir = mkdtempSync(path.join(os.tmpdir(), 'icehouse-bench-processes-'));
  const started: Proc[] = [];
  try {
    // Everything at once, measured in turn (call by call, set-up by set-up, BENCH_ROUNDS times): a machine
    // whose load drifts (other work on it) weighs on the three set-ups alike.
    const first = await startServer(data.url, blobDir);
    started.push(first);
    const second = await startServer(data.url, blobDir);
    started.push(second);
    const lbOne = await startHaproxy(first.port, first.port);
    started.push(lbOne);
    const lbTwo = await startHaproxy(first.port, second.port);
    started.push(lbTwo);
    const setups = [
      { name: '1 process, direct', port: first.port, pids: [first.pid] },
      { name: '1 process, HAProxy', port: lbOne.port, pids: [first.pid] },
      { name: '2 processes, HAProxy', port: lbTwo.port, pids: [first.pid, second.pid] },
    ];
    const prepared = [];
    for (const [index, setup] of setups.entries()) {
      const base = `http://127.0.0.1:${setup.port}`;
      const session = await signIn(base);
      const list = calls(base, session, data, index).filter(
        (c) => !CONFIG.only.length || CONFIG.only.includes(c.id),
      );
      for (const call of list) await call.prepare?.();
      prepared.push({ ...setup, base, session, calls: list });
    }
    const results: Figures[] = [];
    for (let round = 1; round <= CONFIG.rounds; round++) {
      for (let c = 0; c < prepared[0]!.calls.length; c++) {
        for (const setup of prepared) {
          const call = setup.calls[c]!;
          await measure(setup.base, setup.session, call.request(), 1, []); // warm-up
          const figures = await measure(
            setup.base,
            setup.session,
            call.request(),
            CONFIG.duration,
            setup.pids,
          );
          results.push({ setup: setup.name, call: call.name, ...figures });
          log(
            `  round ${round}  ${setup.name.padEnd(22)} ${call.name.padEnd(28)} p50 ${figures.p50.toFixed(0).padStart(5)} ms  p95 ${figures.p95.toFixed(0).padStart(5)} ms  ` +
              `${figures.rps.toFixed(0).padStart(5)} req/s  errors ${figures.errors}  CPU ${figures.cpu.toFixed(0)}%  app ${figures.appMsPerRequest.toFixed(2)} ms/req  load ${figures.load1.toFixed(2)}`,
          );
        }
      }
    }
    table(
      results,
      setups.map((s) => s.name),
    );
    log(`\nload average at the end: ${loadavg()}`);
    if (CONFIG.json)
      writeFileSync(
        CONFIG.json,
        JSON.stringify(
          {
            at: new Date().toISOString(),
            config: CONFIG,
            results: results.map(({ latencies: _l, ...r }) => r),
          },
          null,
          2,
        ),
      );
  } finally {
    for (const proc of started.reverse()) await proc.stop();
    rmSync(blobDir, { recursive: true, force: true });
  }
}

const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The table for docs/performance.md: one row per call, the set-ups side by side; every round's requests together. */
function table(results: Figures[], setups: string[]) {
  const names = [...new Set(results.map((r) => r.call))];
  const merged = (name: string, setup: string) => {
    const runs = results.filter((r) => r.call === name && r.setup === setup);
    if (!runs.length) return null;
    const latencies = runs.flatMap((r) => r.latencies).sort((x, y) => x - y);
    const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
    const appMs = runs.reduce((sum, r) => sum + r.appMsPerRequest * r.requests, 0);
    return {
      p95: quantile(latencies, 0.95),
      rps: latencies.length / seconds,
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
      app: appMs / Math.max(1, latencies.length),
    };
  };
  log(
    `\n| call (${CONFIG.connections} clients, ${CONFIG.rounds} x ${CONFIG.duration} s) | ${setups.map((s) => `${s}: p95 ms / req/s`).join(' | ')} | app ms/req (${setups.join(' / ')}) |`,
  );
  log(`|---|${setups.map(() => '---:').join('|')}|---:|`);
  for (const name of names) {
    const cells = setups.map((s) => merged(name, s));
    log(
      `| ${name} | ${cells.map((m) => (m ? `${m.p95.toFixed(0)} / ${m.rps.toFixed(0)}${m.errors ? ` (${m.errors} err)` : ''}` : '-')).join(' | ')} | ${cells.map((m) => m?.app.toFixed(2) ?? '-').join(' / ')} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
