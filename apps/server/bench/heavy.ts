/**
 * Heavy paths under load: `npm run bench:heavy` (apps/server). Prints figures, asserts nothing.
 *
 * On each database it starts the bench server (bench/server.ts, its own process, Chromium for PDFs), signs
 * in, and while polling `GET /healthz` every 100 ms and measuring the server's event-loop delay
 * (monitorEventLoopDelay, in the server) and its CPU time, runs:
 *
 *   1. 30 invoice PDFs (30 different invoices) and 100 orders list views, all sent at once;
 *   2. 30 combined invoices created at once (POST /api/invoices/create-combined/, two orders each: each
 *      answered as its PDF), with 100 list views;
 *
 * and, as the anchor of the PDFs, 30 renders of one invoice's HTML by a bare renderer in this process
 * (the same Chromium, the server's cap of 2 pages at a time): what the render queue alone takes.
 * A CPU profile of each phase's server (summarised by part, bench/profile.ts) shows what held the loop.
 *
 * Environment: BENCH_DB=both|postgres|pglite; BENCH_PG_URL, BENCH_PG_DATABASE (default icehouse_bench,
 * seeded by bench:load with BENCH_REUSE=1); BENCH_HEAVY_PGLITE_DIR (default a temp folder, seeded here
 * with BENCH_HEAVY_ORDERS=20000 orders); BENCH_PROFILE_DIR (default a temp folder); CHROME_PATH.
 */
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@icehouse/db';
import { createDb, type Database, type DatabaseKind } from '@icehouse/db/client';
import { DEMO_USERS } from '@icehouse/db/seed';
import { createPdfRenderer } from '../src/pdf/renderer';
import { renderInvoiceHtml } from '../src/pdf/templates/invoice';
import { startServer, type BenchServer } from './embedded-support';
import { sampleInvoice } from '../tests/pdf-samples';
import { seedBenchData } from './seed';
import { printProfile, summariseProfile } from './profile';

const here = path.dirname(fileURLToPath(import.meta.url));
const kinds = ((process.env.BENCH_DB ?? 'both') === 'both' ? ['postgres', 'pglite'] : [process.env.BENCH_DB]) as DatabaseKind[];
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const pgUrl = `${pgBase}/${process.env.BENCH_PG_DATABASE ?? 'icehouse_bench'}`;
const pgliteDir = process.env.BENCH_HEAVY_PGLITE_DIR ?? path.join(os.tmpdir(), 'icehouse-bench-heavy-pglite');
const pgliteOrders = Number(process.env.BENCH_HEAVY_ORDERS ?? 20_000);
const profileDir = process.env.BENCH_PROFILE_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'icehouse-heavy-prof-'));
const STAFF = DEMO_USERS.find((u) => !u.isSuperuser) ?? DEMO_USERS[0];
const PDFS = 30;
const LISTS = 100;
const COMBINED = 30;

const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
const q = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
const stats = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return `p50 ${q(s, 0.5).toFixed(0)} ms, p95 ${q(s, 0.95).toFixed(0)} ms, max ${(s[s.length - 1] ?? NaN).toFixed(0)} ms`;
};


async function signIn(base: string): Promise<Record<string, string>> {
  const csrfRes = await fetch(`${base}/api/auth/csrf/`);
  const token = ((await csrfRes.json()) as { csrfToken: string }).csrfToken;
  const jar = new Map<string, string>();
  const take = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i).trim(), pair!.slice(i + 1).trim());
    }
  };
  take(csrfRes);
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const login = await fetch(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': token, cookie: cookie() },
    body: JSON.stringify({ username: STAFF.username, password: STAFF.password }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  take(login);
  return { cookie: cookie(), 'x-csrftoken': jar.get('csrftoken') ?? '' };
}

interface Fixtures {
  invoiceIds: number[];
  pairs: [number, number][];
}

async function fixtures(database: Database): Promise<Fixtures> {
  const db = database.db;
  // Invoices whose PDF was never made (no archived copy): each download is a first render.
  const invoiceIds = rowsOf<{ id: number }>(
    await db.execute(sql`select i.id from invoices i
      where not exists (select 1 from archived_documents a where a.kind = 'invoice' and a.record_id = i.id)
      order by random() limit ${PDFS * 3}`),
  ).map((r) => Number(r.id));
  const open = rowsOf<{ id: number }>(
    await db.execute(sql`select o.id from orders o where o.status in ('processed', 'scheduled_to_ship') and not o.tax_exempt
      and not exists (select 1 from invoice_orders io where io.order_id = o.id) order by random() limit ${COMBINED * 2 * 3}`),
  ).map((r) => Number(r.id));
  const pairs: [number, number][] = [];
  for (let i = 0; i + 1 < open.length; i += 2) pairs.push([open[i]!, open[i + 1]!]);
  return { invoiceIds, pairs };
}

async function prepare(kind: DatabaseKind): Promise<{ env: Record<string, string>; fixtures: Fixtures }> {
  if (kind === 'postgres') {
    const database = await createDb({ databaseUrl: pgUrl, poolMax: 2 });
    try {
      await database.migrate();
      return { env: { BENCH_SERVER_DATABASE_URL: pgUrl }, fixtures: await fixtures(database) };
    } finally {
      await database.close();
    }
  }
  const fresh = !existsSync(path.join(pgliteDir, 'PG_VERSION'));
  mkdirSync(pgliteDir, { recursive: true });
  const database = await createDb({ dataDir: pgliteDir });
  try {
    await database.migrate();
    if (fresh) {
      console.log(`  seeding PGlite (${pgliteOrders} orders) in ${pgliteDir}...`);
      await seedBenchData(database, { orders: pgliteOrders, invoices: Math.round(pgliteOrders / 5) });
    }
    return { env: { BENCH_SERVER_DATA_DIR: pgliteDir }, fixtures: await fixtures(database) };
  } finally {
    await database.close();
  }
}

const LIST_QUERIES = ['', '?status=pending', '?customer=smi', '?year=2024&month=3', '?page=7', '?customer=lake', '?serial=12', '?status=completed'];

/** One phase: `work` sent at once, /healthz polled every 100 ms, the loop's delay and a profile taken. */
async function phase(server: BenchServer, name: string, kind: DatabaseKind, work: () => Promise<{ label: string; ms: number; ok: boolean }>[]) {
  const health: number[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const started = performance.now();
      const res = await fetch(`${server.base}/healthz`).catch(() => null);
      health.push(res?.ok ? performance.now() - started : Number.POSITIVE_INFINITY);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const loadBefore = load();
  await server.ask({ type: 'loop-start' }, 'loop');
  await server.ask({ type: 'profile-start' }, 'profile');
  const started = performance.now();
  const results = await Promise.all(work());
  const wall = performance.now() - started;
  const file = path.join(profileDir, `heavy-${kind}-${name.replace(/\W+/g, '-')}.cpuprofile`);
  await server.ask({ type: 'profile-stop', file }, 'profile');
  const loop = await server.ask<{ maxMs: number; p99Ms: number; meanMs: number; cpuMs: number }>({ type: 'loop-stop' }, 'loop');
  polling = false;
  await poller;
  console.log(`\n  ${name}: all answered in ${(wall / 1000).toFixed(1)} s (load ${loadBefore} -> ${load()})`);
  const byLabel = new Map<string, number[]>();
  let failed = 0;
  for (const r of results) {
    if (!r.ok) failed++;
    byLabel.set(r.label, [...(byLabel.get(r.label) ?? []), r.ms]);
  }
  for (const [label, ms] of byLabel) console.log(`    ${label.padEnd(22)} ${String(ms.length).padStart(3)}: ${stats(ms)}`);
  if (failed) console.log(`    FAILED: ${failed} requests`);
  const late = health.filter((h) => h > 1000).length;
  console.log(
    `    /healthz polled ${health.length} times: ${stats(health)}; over 1 s: ${late}` +
      `\n    event-loop delay (server): max ${loop.maxMs.toFixed(0)} ms, p99 ${loop.p99Ms.toFixed(0)} ms, mean ${loop.meanMs.toFixed(1)} ms;` +
      ` server CPU ${(loop.cpuMs / 1000).toFixed(1)} s in ${(wall / 1000).toFixed(1)} s (${((100 * loop.cpuMs) / wall).toFixed(0)}% of one core)`,
  );
  printProfile(summariseProfile(file), 0, `    profile (${file})`);
  return { wall, health, loop };
}

async function timed(label: string, url: string, init: RequestInit): Promise<{ label: string; ms: number; ok: boolean }> {
  const started = performance.now();
  const res = await fetch(url, init).catch(() => null);
  if (res) await res.arrayBuffer();
  return { label, ms: performance.now() - started, ok: !!res && res.status < 300 };
}

async function benchKind(kind: DatabaseKind) {
  console.log(`\n== ${kind === 'postgres' ? `PostgreSQL (${pgUrl})` : `PGlite (${pgliteDir})`} ==`);
  const { env, fixtures: f } = await prepare(kind);
  if (f.invoiceIds.length < PDFS || f.pairs.length < COMBINED) throw new Error(`not enough invoices (${f.invoiceIds.length}) or open orders (${f.pairs.length * 2})`);
  const server = await startServer(path.join(here, 'server.ts'), env, []);
  try {
    const headers = await signIn(server.base);
    // Warm-up: the browser's launch and the first statements.
    await timed('warm-up pdf', `${server.base}/api/invoices/${f.invoiceIds[PDFS * 2]}/pdf/`, { headers });
    await timed('warm-up list', `${server.base}/api/orders/list-view/`, { headers });
    const lists = () =>
      Array.from({ length: LISTS }, (_, i) => timed('orders list view', `${server.base}/api/orders/list-view/${LIST_QUERIES[i % LIST_QUERIES.length]}`, { headers }));
    await phase(server, `${PDFS} invoice PDFs + ${LISTS} list views at once`, kind, () => [
      ...f.invoiceIds.slice(0, PDFS).map((id) => timed('invoice PDF (first)', `${server.base}/api/invoices/${id}/pdf/`, { headers })),
      ...lists(),
    ]);
    const date = new Date().toISOString().slice(0, 10);
    await phase(server, `${COMBINED} combined invoices created at once + ${LISTS} list views`, kind, () => [
      ...f.pairs.slice(0, COMBINED).map((pair) =>
        timed('combined invoice', `${server.base}/api/invoices/create-combined/`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ order_ids: pair, date, confirm_mixed_customers: true }),
        }),
      ),
      ...lists(),
    ]);
  } finally {
    await server.stop();
  }
}

async function anchor() {
  // What the render queue alone takes: the same Chromium, 2 pages at a time, 30 one-page invoices.
  const renderer = createPdfRenderer({ executablePath: process.env.CHROME_PATH, maxConcurrent: 2, maxQueued: 100 });
  try {
    const html = renderInvoiceHtml(sampleInvoice());
    await renderer.render(html);
    const times: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: PDFS }, async () => {
        const t = performance.now();
        await renderer.render(html);
        times.push(performance.now() - t);
      }),
    );
    console.log(
      `\nAnchor: a bare renderer (page.pdf(), 2 at a time) makes ${PDFS} one-page invoices in ${((performance.now() - started) / 1000).toFixed(1)} s` +
        ` (each: ${stats(times)}; load ${load()})`,
    );
  } finally {
    await renderer.close();
  }
}

async function main() {
  mkdirSync(profileDir, { recursive: true });
  console.log(`Heavy paths: Node ${process.version}, ${os.cpus().length} CPUs, load average ${load()}; profiles in ${profileDir}`);
  for (const kind of kinds) await benchKind(kind);
  await anchor();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
