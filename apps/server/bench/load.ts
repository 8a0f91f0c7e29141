/**
 * Load benchmark: `npm run bench:load` (apps/server). Prints figures, asserts nothing.
 *
 * For each database (PostgreSQL and embedded PGlite) it seeds a large data set (bench/seed.ts:
 * 100,000 orders over ten years, 20,000 invoices), starts the real server (bench/server.ts: buildApp,
 * 127.0.0.1, a random port, its own process), signs in like the browser (CSRF token, session cookie,
 * X-CSRFToken) and drives each call with autocannon, at 1 and at 32 concurrent clients, for a fixed
 * time each. It prints p50 / p95 / p99 latency, requests per second and errors per call, the
 * machine's CPU use during the run ("CPU", both cores = 100%), the server process's own CPU time
 * per request ("app ms/req": for PGlite that includes the database, which runs inside it), and
 * the server's peak RSS. After the writes it checks that the trigger-kept month counters and
 * customer-search column still agree with the orders.
 *
 * Calls (ids for BENCH_ONLY): static, baseline, orders-list, orders-initial, orders-month, orders-status,
 * orders-customer, orders-serial, orders-page50, by-month, order-detail, order-create, order-update,
 * order-status, invoices-list, invoices-search, invoice-detail, invoice-pdf.
 *
 * Environment (all optional):
 *   BENCH_ORDERS=100000  BENCH_INVOICES=20000   data set size (BENCH_ORDERS=5000 BENCH_INVOICES=1000 for a smoke run)
 *   BENCH_DB=both|postgres|pglite               which databases
 *   BENCH_DURATION=5                            seconds per call and client count
 *   BENCH_CONNECTIONS=1,32                      concurrent clients
 *   BENCH_ONLY=orders-list,detail,...           only these calls (ids as printed)
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432   server; database BENCH_PG_DATABASE=icehouse_bench is
 *                                               dropped and re-created
 *   BENCH_PGLITE_DIR=<folder>                   PGlite data folder (default: a new temp folder, removed after)
 *   BENCH_REUSE=1                               keep and reuse an already seeded database / folder
 *   BENCH_LOG_LEVEL=warn                        the server's log level (its output is discarded)
 *   BENCH_JSON=<file>                           also write the figures as JSON
 *   BENCH_NODE_ARGS="--max-semi-space-size=32"  extra Node flags for the server process
 *   BENCH_PROFILE_DIR=<folder>                  a CPU profile of each call's run at the most clients
 *                                               (<folder>/<db>-<call>-<clients>.cpuprofile), summarised by part
 *                                               (bench/profile.ts) below its row
 *   CHROME_PATH                                 Chromium for the invoice PDF row
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonRequest } from 'autocannon';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@icehouse/db';
import { createDb, type Database, type DatabaseKind } from '@icehouse/db/client';
import { DEMO_USERS } from '@icehouse/db/seed';
import type { OrderStatus } from '@icehouse/domain';
import { seedBenchData, DOOR_BASE, type BenchSeedSummary } from './seed';
import { printProfile, summariseProfile } from './profile';
import { CUSTOMER_SEARCHES, INVOICE_SEARCHES, createdCustomerName } from './names';

// ------------------------------------------------------------------------------------ settings

const intEnv = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number, got ${raw}`);
  return Math.floor(n);
};

const CONFIG = {
  orders: intEnv('BENCH_ORDERS', 100_000),
  invoices: intEnv('BENCH_INVOICES', 20_000),
  databases: ((process.env.BENCH_DB ?? 'both') === 'both' ? ['postgres', 'pglite'] : [process.env.BENCH_DB]) as DatabaseKind[],
  duration: intEnv('BENCH_DURATION', 5),
  connections: (process.env.BENCH_CONNECTIONS ?? '1,32').split(',').map((c) => Number(c.trim())).filter((c) => c > 0),
  only: (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  pgUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432',
  pgDatabase: process.env.BENCH_PG_DATABASE ?? 'icehouse_bench',
  pgliteDir: process.env.BENCH_PGLITE_DIR ?? '',
  reuse: ['1', 'true', 'yes'].includes(process.env.BENCH_REUSE ?? ''),
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
  json: process.env.BENCH_JSON ?? '',
  nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
  profileDir: process.env.BENCH_PROFILE_DIR ?? '',
  warmup: 1,
};
for (const kind of CONFIG.databases) {
  if (kind !== 'postgres' && kind !== 'pglite') throw new Error(`BENCH_DB must be both, postgres or pglite, got ${kind}`);
}

const STAFF = DEMO_USERS.find((u) => !u.isSuperuser) ?? DEMO_USERS[0];
const here = path.dirname(fileURLToPath(import.meta.url));

// ------------------------------------------------------------------------------------- helpers

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const thousands = (n: number) => n.toLocaleString('en-US');
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

function folderSize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? folderSize(full) : statSync(full).size;
  }
  return total;
}

/** Machine-wide CPU time (Linux /proc/stat), to show how busy the two cores were during a run. */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    const total = values.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

const pick = <T>(items: readonly T[], n: number): T => items[n % items.length]!;

// ------------------------------------------------------------------------------- the database

interface Fixtures {
  nonVoided: number;
  orderIds: number[];
  updateIds: number[];
  statusItems: { id: number; next: OrderStatus }[];
  invoiceIds: number[];
  months: { year: number; month: number }[];
  catalogue: { product: number; size: number; thickness: number; cladding: number; hinge: number; item: number; shipVia: number };
  invoices: number;
}

interface Prepared {
  kind: DatabaseKind;
  label: string;
  version: string;
  serverEnv: Record<string, string>;
  seed: BenchSeedSummary | null;
  size: string;
  fixtures: Fixtures;
  /** Opens the database again (after the server has stopped). */
  open: () => Promise<Database>;
  cleanup: () => void;
}

async function one<T>(db: Database['db'], query: ReturnType<typeof sql>): Promise<T> {
  return rowsOf<T>(await db.execute(query))[0]!;
}

async function loadFixtures(database: Database): Promise<Fixtures> {
  const db = database.db;
  const counts = await one<{ all: number; non_voided: number; invoices: number }>(
    db,
    sql`select count(*)::int as all, count(*) filter (where status <> 'voided')::int as non_voided, (select count(*)::int from invoices) as invoices from orders`,
  );
  const step = Math.max(1, Math.floor(Number(counts.all) / 1000));
  const orderIds = rowsOf<{ id: number }>(await db.execute(sql`select id from orders where id % ${step} = 0 order by id limit 1000`)).map((r) => Number(r.id));
  // Open orders: every third pending one (at most 300) is edited by the update run; the others move
  // on through change-status (pending -> processed -> scheduled to ship -> completed, each step when
  // the order has what it needs).
  const open = rowsOf<{ id: number; status: OrderStatus; eps: boolean; ship: boolean; invoiced: boolean }>(
    await db.execute(sql`
      select o.id, o.status, o.eps_po_number <> '' as eps, (o.ship_date is not null and o.ship_via_id is not null) as ship,
        exists (select 1 from invoice_orders io where io.order_id = o.id) as invoiced
      from orders o where o.status in ('pending', 'processed', 'scheduled_to_ship') order by o.id desc`),
  ).map((r) => ({ id: Number(r.id), status: r.status, eps: Boolean(r.eps), ship: Boolean(r.ship), invoiced: Boolean(r.invoiced) }));
  const updateIds: number[] = [];
  const statusItems: Fixtures['statusItems'] = [];
  open.forEach((o, i) => {
    if (o.status === 'pending' && i % 3 === 0 && updateIds.length < 300) updateIds.push(o.id);
    else if (o.status === 'pending' && o.eps) statusItems.push({ id: o.id, next: 'processed' });
    else if (o.status === 'processed' && o.eps && o.ship) statusItems.push({ id: o.id, next: 'scheduled_to_ship' });
    else if (o.status === 'scheduled_to_ship' && o.invoiced) statusItems.push({ id: o.id, next: 'completed' });
  });
  const invoiceStep = Math.max(1, Math.floor(Number(counts.invoices) / 500));
  const invoiceIds = rowsOf<{ id: number }>(await db.execute(sql`select id from invoices where id % ${invoiceStep} = 0 order by id limit 500`)).map((r) =>
    Number(r.id),
  );
  const months = rowsOf<{ year: number; month: number }>(
    await db.execute(sql`select distinct extract(year from date)::int as year, extract(month from date)::int as month from orders order by 1, 2`),
  ).map((r) => ({ year: Number(r.year), month: Number(r.month) }));
  const setting = async (category: string) =>
    Number((await one<{ id: number }>(db, sql`select id from settings where category = ${category} order by id limit 1`)).id);
  const product = await one<{ id: number }>(db, sql`select id from products where building_type = 'DOOR_ONLY' and is_simple order by id limit 1`);
  return {
    nonVoided: Number(counts.non_voided),
    orderIds,
    updateIds,
    statusItems,
    invoiceIds,
    months,
    invoices: Number(counts.invoices),
    catalogue: {
      product: Number(product.id),
      size: await setting('size'),
      thickness: await setting('thickness'),
      cladding: await setting('door_cladding'),
      hinge: await setting('hinge_side'),
      item: await setting('additional_item'),
      shipVia: await setting('ship_via'),
    },
  };
}

async function seedIfNeeded(database: Database, log: (m: string) => void): Promise<BenchSeedSummary | null> {
  await database.migrate();
  const existing = await one<{ n: number }>(database.db, sql`select count(*)::int as n from orders`);
  if (Number(existing.n) > 0) {
    if (Number(existing.n) < CONFIG.orders) {
      throw new Error(`the database to reuse has ${thousands(Number(existing.n))} orders, fewer than BENCH_ORDERS: run once without BENCH_REUSE`);
    }
    log(`  reusing the seeded database (${thousands(Number(existing.n))} orders)`);
    return null;
  }
  log(`  seeding ${thousands(CONFIG.orders)} orders and ${thousands(CONFIG.invoices)} invoices...`);
  const summary = await seedBenchData(database, { orders: CONFIG.orders, invoices: CONFIG.invoices, log });
  log(
    `  seeded in ${summary.seconds.toFixed(1)} s: ${thousands(summary.orders)} orders (${Object.entries(summary.byStatus)
      .map(([s, n]) => `${s} ${thousands(n)}`)
      .join(', ')}), ${thousands(summary.addresses)} addresses, ${thousands(summary.additionalItems)} items, ` +
      `${thousands(summary.files)} files, ${thousands(summary.invoices)} invoices / ${thousands(summary.invoiceLines)} lines, ` +
      `${thousands(summary.billsOfLading)} BOLs, ${thousands(summary.history)} history rows; ${summary.firstDate} .. ${summary.lastDate}`,
  );
  return summary;
}

async function preparePostgres(log: (m: string) => void): Promise<Prepared> {
  const base = new URL(CONFIG.pgUrl);
  const adminUrl = new URL(base);
  adminUrl.pathname = '/postgres';
  const url = new URL(base);
  url.pathname = `/${CONFIG.pgDatabase}`;
  const admin = await createDb({ databaseUrl: adminUrl.toString(), poolMax: 1 });
  try {
    const exists = rowsOf(await admin.db.execute(sql`select 1 from pg_database where datname = ${CONFIG.pgDatabase}`)).length > 0;
    if (!CONFIG.reuse || !exists) {
      await admin.db.execute(sql.raw(`drop database if exists "${CONFIG.pgDatabase}" with (force)`));
      await admin.db.execute(sql.raw(`create database "${CONFIG.pgDatabase}"`));
    }
  } finally {
    await admin.close();
  }
  const database = await createDb({ databaseUrl: url.toString(), poolMax: 4 });
  try {
    const seed = await seedIfNeeded(database, log);
    const fixtures = await loadFixtures(database);
    const version = (await one<{ v: string }>(database.db, sql`select split_part(version(), ' ', 2) as v`)).v;
    const size = (await one<{ s: string }>(database.db, sql`select pg_size_pretty(pg_database_size(current_database())) as s`)).s;
    return {
      kind: 'postgres',
      label: `PostgreSQL ${version}`,
      version,
      serverEnv: { BENCH_SERVER_DATABASE_URL: url.toString() },
      seed,
      size,
      fixtures,
      open: () => createDb({ databaseUrl: url.toString(), poolMax: 1 }),
      cleanup: () => {},
    };
  } finally {
    await database.close();
  }
}

async function preparePglite(log: (m: string) => void): Promise<Prepared> {
  const own = !CONFIG.pgliteDir;
  const dir = own ? mkdtempSync(path.join(os.tmpdir(), 'icehouse-bench-pglite-')) : path.resolve(CONFIG.pgliteDir);
  if (!own && !CONFIG.reuse && existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const database = await createDb({ dataDir: dir });
  try {
    const seed = await seedIfNeeded(database, log);
    const fixtures = await loadFixtures(database);
    const version = (await one<{ v: string }>(database.db, sql`select split_part(version(), ' ', 2) as v`)).v;
    return {
      kind: 'pglite',
      label: `PGlite (PostgreSQL ${version}, embedded)`,
      version,
      serverEnv: { BENCH_SERVER_DATA_DIR: dir },
      seed,
      size: '',
      fixtures,
      open: () => createDb({ dataDir: dir }),
      cleanup: () => {
        if (own && !CONFIG.reuse) rmSync(dir, { recursive: true, force: true });
      },
    };
  } finally {
    await database.close();
  }
}

// --------------------------------------------------------------------------------- the server

interface ServerHandle {
  child: ChildProcess;
  port: number;
  memory(reset: boolean): Promise<{ rss: number; peakRss: number; cpuMicros: number }>;
  /** Starts a CPU profile (no file) or stops it and writes it to `file`. */
  profile(file?: string): Promise<void>;
  stop(): Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<ServerHandle> {
  const child = fork(path.join(here, 'server.ts'), [], {
    execArgv: ['--import', 'tsx', ...CONFIG.nodeArgs],
    env: { ...process.env, ...env, BENCH_SERVER_LOG_LEVEL: CONFIG.logLevel },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the bench server exited (${code}) before listening`));
    child.once('exit', onExit);
    child.on('message', function ready(message: { type?: string; port?: number }) {
      if (message.type === 'ready') {
        child.off('message', ready);
        child.off('exit', onExit);
        resolve(message.port ?? 0);
      }
    });
  });
  const memory = (reset: boolean) =>
    new Promise<{ rss: number; peakRss: number; cpuMicros: number }>((resolve) => {
      const onMessage = (message: { type?: string; rss?: number; peakRss?: number; cpuMicros?: number }) => {
        if (message.type !== 'memory') return;
        child.off('message', onMessage);
        resolve({ rss: message.rss ?? 0, peakRss: message.peakRss ?? 0, cpuMicros: message.cpuMicros ?? 0 });
      };
      child.on('message', onMessage);
      child.send({ type: 'memory', reset });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.send({ type: 'stop' });
    });
  const profile = (file?: string) =>
    new Promise<void>((resolve) => {
      const onMessage = (message: { type?: string }) => {
        if (message.type !== 'profile') return;
        child.off('message', onMessage);
        resolve();
      };
      child.on('message', onMessage);
      child.send(file ? { type: 'profile-stop', file } : { type: 'profile-start' });
    });
  return { child, port, memory, profile, stop };
}

interface Session {
  cookie: string;
  csrf: string;
}

function cookiesOf(res: Response): Map<string, string> {
  const map = new Map<string, string>();
  for (const header of res.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const eq = pair!.indexOf('=');
    map.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
  }
  return map;
}

/** Signs in like the browser: CSRF token first, then the login with X-CSRFToken. */
async function signIn(base: string): Promise<Session> {
  const csrfRes = await fetch(`${base}/api/auth/csrf/`);
  const token = ((await csrfRes.json()) as { csrfToken: string }).csrfToken;
  const cookies = cookiesOf(csrfRes);
  const login = await fetch(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrftoken': token,
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: JSON.stringify({ username: STAFF.username, password: STAFF.password }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  for (const [k, v] of cookiesOf(login)) cookies.set(k, v);
  const csrf = cookies.get('csrftoken');
  if (!cookies.get('sessionid') || !csrf) throw new Error('sign-in set no session or CSRF cookie');
  return { cookie: `sessionid=${cookies.get('sessionid')}; csrftoken=${csrf}`, csrf };
}

// ------------------------------------------------------------------------------- the scenarios

type Target = { p95: number } | null;

interface Scenario {
  id: string;
  name: string;
  /** p95 targets (ms): PostgreSQL at 32 clients, PGlite at 1 client. */
  target: { postgres: Target; pglite: Target };
  /** Makes the request source for one run (fresh state per run). */
  requests: () => { request: AutocannonRequest; exhausted?: () => boolean; ignored?: () => number };
  /** When the call is not there (yet): the reason. */
  unavailable?: string;
  /** After every run (warm-up included). */
  after?: () => Promise<void>;
}

const READ = { postgres: { p95: 50 }, pglite: { p95: 100 } };
const WRITE = { postgres: { p95: 100 }, pglite: { p95: 100 } };
const NONE = { postgres: null, pglite: null };

interface Context {
  base: string;
  session: Session;
  fixtures: Fixtures;
  kind: DatabaseKind;
  /** Full order answers of the update pool, by id (fetched before the run). */
  orderBodies: Map<number, Record<string, unknown>>;
  /** Orders whose update was sent but not answered (yet). */
  unanswered: Set<number>;
  routes: Set<string>;
}

const get = (pathFor: (n: number) => string): (() => { request: AutocannonRequest }) => () => {
  let n = 0;
  return {
    request: {
      method: 'GET',
      path: pathFor(0),
      setupRequest: (req) => ({ ...req, method: 'GET', path: pathFor(n++) }),
    },
  };
};

function scenarios(ctx: Context): Scenario[] {
  const f = ctx.fixtures;
  const lastPage = Math.max(1, Math.floor(f.nonVoided / 25));
  const page50 = Math.min(50, lastPage);
  const statuses = ['pending', 'processed', 'scheduled_to_ship', 'completed', 'voided'];
  const hasInvoices = ctx.routes.has('/api/invoices/');
  const invoicesMissing = hasInvoices ? undefined : 'not available yet (no /api/invoices/ route)';
  let createCounter = 0;
  // A block of 1,000 door numbers per second of the start time: runs on a reused database never meet
  // (a random block of 1,000 did, now and then, after a dozen runs).
  const createBase = DOOR_BASE + CONFIG.orders + 500_000 + (Math.floor(Date.now() / 1000) % 1_000_000) * 1000;
  const today = new Date().toISOString().slice(0, 10);
  const cat = f.catalogue;
  return [
    // The anchor: a fixed file from the same server (the API reference's script: no session, no database),
    // what the HTTP layer alone answers on this machine in the same minutes.
    { id: 'static', name: 'anchor: static file, no session', target: NONE, requests: get(() => '/api/docs/docs.js') },
    // The floor: a signed-in call that reads nothing but the session (no target: for comparison).
    { id: 'baseline', name: 'baseline: status choices (session only)', target: NONE, requests: get(() => '/api/orders/status_choices/') },
    { id: 'orders-list', name: 'orders list, first page', target: READ, requests: get(() => '/api/orders/list-view/') },
    { id: 'orders-initial', name: 'orders initial_data (list screen)', target: READ, requests: get(() => '/api/orders/initial_data/') },
    {
      id: 'orders-month',
      name: 'orders list, year + month',
      target: READ,
      requests: get((n) => {
        const m = pick(f.months, n * 7919);
        return `/api/orders/list-view/?year=${m.year}&month=${m.month}`;
      }),
    },
    { id: 'orders-status', name: 'orders list, by status', target: READ, requests: get((n) => `/api/orders/list-view/?status=${pick(statuses, n)}`) },
    {
      id: 'orders-customer',
      name: 'orders list, customer partial',
      target: READ,
      requests: get((n) => `/api/orders/list-view/?customer=${encodeURIComponent(pick(CUSTOMER_SEARCHES, n))}`),
    },
    {
      id: 'orders-serial',
      name: 'orders list, serial search',
      target: READ,
      requests: get((n) => `/api/orders/list-view/?serial=${String(DOOR_BASE + 1 + ((n * 7919) % Math.max(1, CONFIG.orders))).slice(-4)}`),
    },
    { id: 'orders-page50', name: `orders list, page ${page50}`, target: READ, requests: get(() => `/api/orders/list-view/?page=${page50}`) },
    { id: 'by-month', name: 'dashboard by-month', target: READ, requests: get(() => '/api/orders/by-month/') },
    { id: 'order-detail', name: 'order detail', target: READ, requests: get((n) => `/api/orders/${pick(f.orderIds, n * 31)}/`) },
    {
      id: 'order-create',
      name: 'create order',
      target: WRITE,
      requests: () => ({
        request: {
          method: 'POST',
          path: '/api/orders/',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => {
            const n = createCounter++;
            const name = createdCustomerName(n);
            return {
              ...req,
              body: JSON.stringify({
              status: 'pending',
              date: today,
              door_number: String(createBase + n),
              phone: '(218) 555-0199',
              customer_po_job_name: 'Bench cabin',
              freight_cost: '250',
              discount: '5',
              discount_is_percentage: true,
              tax_exempt: false,
              notes: 'Load benchmark',
              billing_address: { name, street: '1 Lake St', city: 'Walker', state: 'MN', zip_code: '56484', country: 'US' },
              shipping_address: { name: `${name} - Cabin`, street: '9 Shore Dr', city: 'Walker', state: 'MN', zip_code: '56484', country: 'US' },
              building_info: {
                product: cat.product,
                price: '1150.00',
                door_cladding: cat.cladding,
                door_cladding_price: '125.00',
                hinge_side: cat.hinge,
                door_placement: 'Front, centred',
                additional_items: [
                  { item: cat.item, quantity: 2, price: '19.90' },
                  { custom_item_name: 'Extra cam locks', quantity: 1, price: '25.00' },
                ],
              },
            }),
            };
          },
        },
      }),
    },
    {
      id: 'order-update',
      name: 'update order',
      target: WRITE,
      requests: () => {
        let n = 0;
        const ids = [...ctx.orderBodies.keys()];
        return {
          request: {
            method: 'PUT',
            path: `/api/orders/${ids[0] ?? 0}/`,
            headers: { 'content-type': 'application/json' },
            setupRequest: (req) => {
              const id = pick(ids, n++);
              const order = ctx.orderBodies.get(id)!;
              ctx.unanswered.add(id);
              // The notes change every time; every other save also renames the customer (which the
              // list's customer search follows).
              const billing = order.billing_address as Record<string, unknown> | null;
              const name = String(billing?.name ?? '').replace(/ \(edited\)$/, '');
              const body = {
                ...order,
                notes: `Benchmark edit ${n}`,
                ...(billing ? { billing_address: { ...billing, name: n % 2 === 0 ? `${name} (edited)` : name } } : {}),
              };
              return { ...req, path: `/api/orders/${id}/`, body: JSON.stringify(body) };
            },
            onResponse: (status, body) => {
              if (status !== 200) return;
              const order = JSON.parse(body) as Record<string, unknown> & { id: number };
              ctx.orderBodies.set(order.id, order);
              ctx.unanswered.delete(order.id);
            },
          },
        };
      },
      // A run stops with requests in flight: their answers (new versions) are never read. Read those orders again.
      after: async () => {
        // (the server may still be finishing them: give it a moment)
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const ids = [...ctx.unanswered];
        ctx.unanswered.clear();
        await fetchOrderBodies(ctx, ids);
      },
    },
    {
      id: 'order-status',
      name: 'change status',
      target: WRITE,
      requests: () => {
        const queue = shared.statusQueue;
        let stopped = false;
        let ignored = 0;
        return {
          exhausted: () => stopped,
          ignored: () => ignored,
          request: {
            method: 'POST',
            path: '/api/orders/0/change-status/',
            headers: { 'content-type': 'application/json' },
            setupRequest: (req) => {
              const item = queue.shift();
              if (!item) {
                stopped = true;
                // Nothing left to move: a call the server refuses at once (not counted), and the run stops.
                return { ...req, path: `/api/orders/0/change-status/`, body: JSON.stringify({ new_status: 'processed' }) };
              }
              return { ...req, path: `/api/orders/${item.id}/change-status/`, body: JSON.stringify({ new_status: item.next }) };
            },
            onResponse: (status, body) => {
              if (status !== 200) {
                if (status === 400 && body.includes('"id"')) ignored++;
                return;
              }
              const order = JSON.parse(body) as { id: number; can_change_status: boolean; next_possible_status: OrderStatus | null };
              if (order.can_change_status && order.next_possible_status) queue.push({ id: order.id, next: order.next_possible_status });
            },
          },
        };
      },
    },
    { id: 'invoices-list', name: 'invoices list', target: READ, unavailable: invoicesMissing, requests: get(() => '/api/invoices/') },
    {
      id: 'invoices-search',
      name: 'invoices search',
      target: READ,
      unavailable: invoicesMissing,
      requests: get((n) => `/api/invoices/?search=${encodeURIComponent(pick(INVOICE_SEARCHES, n))}`),
    },
    {
      id: 'invoice-detail',
      name: 'invoice detail',
      target: READ,
      unavailable: invoicesMissing ?? (f.invoiceIds.length ? undefined : 'no invoices seeded'),
      requests: get((n) => `/api/invoices/${pick(f.invoiceIds, n * 31)}/`),
    },
    {
      id: 'invoice-pdf',
      name: 'invoice PDF',
      target: NONE,
      unavailable: invoicesMissing ?? (f.invoiceIds.length ? undefined : 'no invoices seeded'),
      requests: get((n) => `/api/invoices/${pick(f.invoiceIds, n * 31)}/pdf/`),
    },
  ];
}

/** Change-status work shared by the runs of one database (an order moves on, it does not come back). */
const shared = { statusQueue: [] as Fixtures['statusItems'] };

interface RunResult {
  scenario: string;
  name: string;
  database: DatabaseKind;
  connections: number;
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  statusCounts: Record<string, number>;
  cpu: number | null;
  /** Node server CPU time per request (ms): the app's own cost, whatever else the machine runs. */
  serverCpuMs: number;
  peakRss: number;
  target: number | null;
  met: boolean | null;
  note?: string;
}

async function runOnce(
  ctx: Context,
  server: ServerHandle,
  scenario: Scenario,
  connections: number,
  seconds: number,
): Promise<Omit<RunResult, 'target' | 'met' | 'database' | 'scenario' | 'name'>> {
  const source = scenario.requests();
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  const serverBefore = await server.memory(true);
  const cpuBefore = cpuTimes();
  const started = performance.now();
  const instance = autocannon({
    url: ctx.base,
    connections,
    duration: seconds,
    timeout: 30,
    headers: { cookie: ctx.session.cookie, 'x-csrftoken': ctx.session.csrf },
    requests: [source.request],
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
    if (statusCode < 200 || statusCode >= 300) errors++;
    if (source.exhausted?.()) instance.stop();
  });
  instance.on('reqError', () => {
    errors++;
  });
  const result = await instance;
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = cpuTimes();
  const memory = await server.memory(false);
  await scenario.after?.();
  latencies.sort((a, b) => a - b);
  return {
    connections,
    requests: latencies.length,
    seconds: elapsed,
    rps: latencies.length / Math.max(0.001, Math.min(elapsed, result.duration || elapsed)),
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    errors: Math.max(0, errors - (source.ignored?.() ?? 0)) + result.timeouts,
    statusCounts,
    cpu: cpuBefore && cpuAfter ? (100 * (cpuAfter.busy - cpuBefore.busy)) / Math.max(1, cpuAfter.total - cpuBefore.total) : null,
    peakRss: memory.peakRss,
    serverCpuMs: (memory.cpuMicros - serverBefore.cpuMicros) / 1000 / Math.max(1, latencies.length),
    ...(source.exhausted?.() ? { note: 'ran out of orders to move' } : {}),
  };
}

/** One request of the scenario outside autocannon: proves the call works before it is measured. */
async function probe(ctx: Context, scenario: Scenario): Promise<string | null> {
  const { request } = scenario.requests();
  const built = request.setupRequest ? request.setupRequest({ ...request }, {}) : request;
  if (!built) return 'no request';
  const res = await fetch(`${ctx.base}${built.path}`, {
    method: built.method ?? 'GET',
    headers: { ...(built.headers ?? {}), cookie: ctx.session.cookie, 'x-csrftoken': ctx.session.csrf },
    ...(built.body ? { body: built.body as string } : {}),
  });
  const body = await res.text();
  if (res.status >= 200 && res.status < 300) {
    if (request.onResponse) request.onResponse(res.status, body, {}, {});
    return null;
  }
  return `${res.status} ${body.slice(0, 300)}`;
}

async function fetchOrderBodies(ctx: Context, ids: readonly number[]): Promise<void> {
  const queue = [...ids];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const res = await fetch(`${ctx.base}/api/orders/${id}/`, { headers: { cookie: ctx.session.cookie } });
        if (res.status === 200) ctx.orderBodies.set(id, (await res.json()) as Record<string, unknown>);
      }
    }),
  );
}

async function availableRoutes(base: string): Promise<Set<string>> {
  try {
    const res = await fetch(`${base}/api/schema/`);
    const doc = (await res.json()) as { paths?: Record<string, unknown> };
    return new Set(Object.keys(doc.paths ?? {}));
  } catch {
    return new Set();
  }
}

// ---------------------------------------------------------------------------------- reporting

const COLUMNS = '  call                                    clients   p50 ms   p95 ms   p99 ms    req/s  errors   CPU  app ms/req  target';

function row(r: RunResult, first: boolean): string {
  const target = r.target === null ? '' : `p95<${r.target} ${r.met ? 'met' : 'MISSED'}`;
  const statuses = r.errors ? ` (${Object.entries(r.statusCounts).map(([s, n]) => `${s}x${n}`).join(' ')})` : '';
  return (
    `  ${(first ? r.name : '').padEnd(40)}${String(r.connections).padStart(7)}` +
    `${fmt(r.p50).padStart(9)}${fmt(r.p95).padStart(9)}${fmt(r.p99).padStart(9)}${fmt(r.rps, 0).padStart(9)}` +
    `${String(r.errors).padStart(8)}${(r.cpu === null ? '-' : `${Math.round(r.cpu)}%`).padStart(6)}${fmt(r.serverCpuMs, 2).padStart(11)}  ${target}${statuses}${r.note ? ` [${r.note}]` : ''}`
  );
}

/**
 * After the writes (creates, updates renaming customers, status changes): the trigger-kept
 * structures still agree with the orders (order_month_counts, orders.customer_search).
 */
async function checkDenormalised(database: Database): Promise<string> {
  const row = await one<{ counts: number; search: number }>(
    database.db,
    sql`select
      (select count(*)::int from (select date_trunc('month', date)::date as month, status, count(*)::int as n from orders group by 1, 2) a
         full join order_month_counts c on c.month = a.month and c.status = a.status
         where coalesce(a.n, 0) <> coalesce(c.orders, 0)) as counts,
      (select count(*)::int from orders o
         left join addresses b on b.id = o.billing_address_id left join addresses s on s.id = o.shipping_address_id
         where o.customer_search <> lower(coalesce(b.name, '') || E'\n' || coalesce(s.name, ''))) as search`,
  );
  return Number(row.counts) === 0 && Number(row.search) === 0
    ? 'consistent'
    : `INCONSISTENT: ${row.counts} month counters and ${row.search} orders' customer_search disagree with the orders`;
}

// --------------------------------------------------------------------------------------- main

async function benchDatabase(kind: DatabaseKind, results: RunResult[], notes: string[]) {
  const log = (m: string) => console.log(m);
  console.log(`\n== ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} ==`);
  const prepared = kind === 'postgres' ? await preparePostgres(log) : await preparePglite(log);
  const server = await startServer(prepared.serverEnv);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const dataSize = kind === 'pglite' ? mb(folderSize(prepared.serverEnv.BENCH_SERVER_DATA_DIR!)) : prepared.size;
    console.log(`  ${prepared.label}; data ${dataSize}; server pid ${server.child.pid} on ${base}; load average ${os.loadavg()[0]?.toFixed(1)}`);
    const ctx: Context = {
      base,
      session: await signIn(base),
      fixtures: prepared.fixtures,
      kind,
      orderBodies: new Map(),
      unanswered: new Set(),
      routes: await availableRoutes(base),
    };
    shared.statusQueue = [...prepared.fixtures.statusItems];
    const list = scenarios(ctx).filter((s) => CONFIG.only.length === 0 || CONFIG.only.includes(s.id));
    if (list.some((s) => s.id === 'order-update')) await fetchOrderBodies(ctx, prepared.fixtures.updateIds);
    console.log(`\n${COLUMNS}`);
    for (const scenario of list) {
      if (scenario.unavailable) {
        console.log(`  ${scenario.name.padEnd(40)}  ${scenario.unavailable}`);
        notes.push(`${kind}: ${scenario.name}: ${scenario.unavailable}`);
        continue;
      }
      const failure = await probe(ctx, scenario);
      if (failure) {
        console.log(`  ${scenario.name.padEnd(40)}  FAILED before measuring: ${failure}`);
        notes.push(`${kind}: ${scenario.name}: failed: ${failure}`);
        continue;
      }
      // Warm-up (JIT, caches, pools), not recorded.
      await runOnce(ctx, server, scenario, Math.min(4, Math.max(...CONFIG.connections)), CONFIG.warmup);
      let first = true;
      for (const connections of CONFIG.connections) {
        const profiled = CONFIG.profileDir && connections === Math.max(...CONFIG.connections);
        if (profiled) await server.profile();
        const r = await runOnce(ctx, server, scenario, connections, CONFIG.duration);
        const profileFile = profiled ? path.join(CONFIG.profileDir, `${kind}-${scenario.id}-${connections}.cpuprofile`) : '';
        if (profiled) await server.profile(profileFile);
        const targetFor = kind === 'postgres' ? (connections === 32 ? scenario.target.postgres : null) : connections === 1 ? scenario.target.pglite : null;
        const result: RunResult = {
          ...r,
          scenario: scenario.id,
          name: scenario.name,
          database: kind,
          target: targetFor?.p95 ?? null,
          met: targetFor ? r.p95 < targetFor.p95 && r.errors === 0 : null,
        };
        results.push(result);
        console.log(row(result, first));
        first = false;
        if (profileFile) printProfile(summariseProfile(profileFile), r.requests, `    profile (${profileFile})`);
      }
    }
    const memory = await server.memory(false);
    const peak = Math.max(memory.peakRss, ...results.filter((r) => r.database === kind).map((r) => r.peakRss));
    console.log(`\n  server peak RSS (sampled every 50 ms): ${mb(peak)}; load average now ${os.loadavg()[0]?.toFixed(1)}`);
    notes.push(`${kind}: server peak RSS ${mb(peak)}; data ${dataSize}`);
  } finally {
    await server.stop();
  }
  try {
    const database = await prepared.open();
    try {
      const verdict = await checkDenormalised(database);
      console.log(`  month counters and customer search after the writes: ${verdict}`);
      notes.push(`${kind}: month counters and customer search after the writes: ${verdict}`);
    } finally {
      await database.close();
    }
  } finally {
    prepared.cleanup();
  }
}

async function main() {
  if (CONFIG.profileDir) mkdirSync(CONFIG.profileDir, { recursive: true });
  const load = () => os.loadavg()[0]?.toFixed(1) ?? '?';
  console.log(
    `Load benchmark: ${thousands(CONFIG.orders)} orders, ${thousands(CONFIG.invoices)} invoices; ${CONFIG.duration} s per call ` +
      `and client count (${CONFIG.connections.join(', ')} clients) after ${CONFIG.warmup} s warm-up; Node ${process.version}, ` +
      `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? '?'}), load average ${load()}`,
  );
  console.log('Targets: PostgreSQL at 32 clients p95 < 50 ms (lists, searches, details, by-month), < 100 ms (create, update); PGlite at 1 client p95 < 100 ms; no errors.');
  const busy = os.loadavg()[0] ?? 0;
  if (busy > os.cpus().length * 0.75) {
    console.log(
      `Note: the machine is already busy (load average ${busy.toFixed(1)} on ${os.cpus().length} CPUs): the server gets less CPU than on an idle ` +
        'machine and the figures at 32 clients come out worse. Compare the "baseline" row between runs.',
    );
  }
  const results: RunResult[] = [];
  const notes: string[] = [];
  for (const kind of CONFIG.databases) await benchDatabase(kind, results, notes);

  const judged = results.filter((r) => r.met !== null);
  const missed = judged.filter((r) => !r.met);
  console.log(`\nTargets: ${judged.length - missed.length} of ${judged.length} met.`);
  for (const r of missed) {
    console.log(`  MISSED ${r.database} ${r.name} at ${r.connections}: p95 ${fmt(r.p95)} ms (target ${r.target} ms, ${fmt(r.p95 - (r.target ?? 0))} ms over), errors ${r.errors}`);
  }
  for (const note of notes) console.log(`  ${note}`);
  if (CONFIG.json) {
    writeFileSync(CONFIG.json, JSON.stringify({ config: CONFIG, node: process.version, cpus: os.cpus().length, results, notes }, null, 2));
    console.log(`Figures written to ${CONFIG.json}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
