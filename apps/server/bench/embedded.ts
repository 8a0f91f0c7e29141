/**
 * The embedded database at five years of a busy shop: `npm run bench:embedded` (apps/server). Prints figures,
 * asserts nothing.
 *
 * For each database (PGlite, the embedded default, and PostgreSQL beside it) it seeds 20,000 orders over the
 * years, 4,000 invoices and the orders' drawings as files of their own in a blob folder (bench/seed.ts), starts
 * the real server in its own process (bench/server.ts), signs in as the browser does, creates the quotes
 * (one through the API, the rest as its duplicates), then measures from outside, at 1 and at 4 clients, each
 * main screen's call (orders list and screen, order detail, quotes, invoices, customers, board, ship schedule,
 * materials, the sales tax and aging reports, the dashboard; create and update an order): p50 / p95 / req/s.
 * Then, while four people work (orders list, an order, invoices, saving orders), a backup taken by the server
 * as its daily backup takes it (takeLiveBackup): its time and their p95 before and during it. Then a restore
 * of that backup into a fresh database and blob folder (`restoreDatabase`, what `db:restore` runs), its time,
 * and whether every table's rows and checksum equal the backup's and every blob came back. Memory: the server's RSS (peak and after), Node's heap, the embedded
 * database thread's memory, and Chromium's processes after one PDF.
 *
 * Anchors from the same run: a static file from the same server (no session, no database) and a call that
 * reads the session only.
 *
 * Environment: BENCH_SMALL=1 (2,000 orders, 400 invoices, small drawings, 2 s a call: about a minute a
 * database); BENCH_ORDERS (20000), BENCH_INVOICES (4000), BENCH_QUOTES (1000), BENCH_DRAWING_KB (mean
 * drawing size, 150), BENCH_DURATION (seconds a call and client count, 4), BENCH_CONNECTIONS (1,4),
 * BENCH_DB=both|pglite|postgres, BENCH_ONLY (call ids), BENCH_PG_URL, BENCH_PG_DATABASE
 * (icehouse_bench_embedded, dropped and re-created, and `<it>_restored`), BENCH_NODE_ARGS (the server's Node
 * flags), BENCH_SERVER_PGLITE_SETTINGS (the embedded database's settings instead of the product's, seed and server,
 * e.g. `shared_buffers=128MB,max_wal_size=1GB,min_wal_size=80MB`: PostgreSQL's defaults), BENCH_JSON=<file>,
 * BENCH_KEEP=1 (keep the folders), CHROME_PATH.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { acquireDataDirLock, createPgliteClient, migrationsFolder, rowsOf, wrapPglite } from '@icehouse/db';
import { createDb, type Database, type DatabaseKind } from '@icehouse/db/client';
import { restoreDatabase } from '../src/backup/backup';
import { diffChecksums, tableChecksums, type DatabaseChecksums } from '../src/backup/checksums';
import { createFolderBlobStore } from '../src/blobs';
import { seedBenchData } from './seed';
import { browserMemory, drive, probe, signIn, startServer, type BenchServer, type Figures } from './embedded-support';
import { embeddedCalls, orderBody, staffAtWork, refreshOrderBodies, type CallContext, type CallFixtures } from './embedded-calls';

const flag = (name: string) => ['1', 'true', 'yes'].includes(process.env[name] ?? '');
const SMALL = flag('BENCH_SMALL');
const num = (name: string, full: number, small: number) => Number(process.env[name] ?? (SMALL ? small : full));
const CONFIG = {
  orders: num('BENCH_ORDERS', 20_000, 2_000),
  invoices: num('BENCH_INVOICES', 4_000, 400),
  quotes: num('BENCH_QUOTES', 1_000, 100),
  drawingKb: num('BENCH_DRAWING_KB', 150, 20),
  duration: num('BENCH_DURATION', 4, 2),
  connections: (process.env.BENCH_CONNECTIONS ?? '1,4').split(',').map(Number).filter((n) => n > 0),
  databases: ((process.env.BENCH_DB ?? 'both') === 'both' ? ['pglite', 'postgres'] : [process.env.BENCH_DB]) as DatabaseKind[],
  only: (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  pgUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432',
  pgDatabase: process.env.BENCH_PG_DATABASE ?? 'icehouse_bench_embedded',
  nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
  json: process.env.BENCH_JSON ?? '',
  keep: flag('BENCH_KEEP'),
};
const here = path.dirname(fileURLToPath(import.meta.url));
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
const thousands = (n: number) => n.toLocaleString('en-US');

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(full) : statSync(full).size;
  }
  return total;
}

/** The embedded database as the product opens it, or with BENCH_SERVER_PGLITE_SETTINGS (as the bench server then does). */
async function openPglite(dataDir: string): Promise<Database> {
  const list = process.env.BENCH_SERVER_PGLITE_SETTINGS;
  if (!list) return createDb({ dataDir });
  mkdirSync(dataDir, { recursive: true });
  const settings = Object.fromEntries(list.split(',').map((pair) => pair.trim().split('=') as [string, string]));
  return wrapPglite(await createPgliteClient(dataDir, { settings }), { migrationsFolder: migrationsFolder() }, acquireDataDirLock(dataDir));
}

const pgUrlOf = (database: string) => Object.assign(new URL(CONFIG.pgUrl), { pathname: `/${database}` }).toString();

async function recreatePg(database: string): Promise<void> {
  const admin = await createDb({ databaseUrl: pgUrlOf('postgres'), poolMax: 1 });
  try {
    await admin.db.execute(sql.raw(`drop database if exists "${database}" with (force)`));
    await admin.db.execute(sql.raw(`create database "${database}"`));
  } finally {
    await admin.close();
  }
}

async function fixturesOf(database: Database): Promise<Omit<CallFixtures, 'orderBodies'>> {
  const rows = async (query: ReturnType<typeof sql>) => rowsOf<{ id: number }>(await database.db.execute(query)).map((r) => Number(r.id));
  const setting = async (category: string) => (await rows(sql`select id from settings where category = ${category} order by id limit 1`))[0]!;
  return {
    orderIds: await rows(sql`select id from orders order by random() limit 500`),
    updateIds: await rows(sql`select id from orders where status = 'pending' order by id desc limit 200`),
    catalogue: {
      product: (await rows(sql`select id from products where building_type = 'DOOR_ONLY' and is_simple order by id limit 1`))[0]!,
      cladding: await setting('door_cladding'),
      hinge: await setting('hinge_side'),
      item: await setting('additional_item'),
    },
    orders: CONFIG.orders,
  };
}

interface Result {
  database: DatabaseKind;
  rows: Figures[];
  backup: Record<string, number | string | boolean>;
  memory: Record<string, number | null>;
}

type Backup = Record<string, number | string | boolean>;

/** The backup itself, as the daily backup takes it from the running server (takeLiveBackup), with the checksums of what it holds. */
async function takeBackup(server: BenchServer, out: string): Promise<{ backup: Backup; checksums: DatabaseChecksums }> {
  const r = await server.ask<{ ok: boolean; error?: string; ms: number; bytes: number; blobs: number; checksums: DatabaseChecksums }>({ type: 'backup', out }, 'backup');
  if (!r.ok) throw new Error(`the backup failed: ${r.error}`);
  return { backup: { ms: r.ms, bytes: r.bytes, blobs: r.blobs }, checksums: r.checksums };
}

/** A backup while 4 people work (staffAtWork): their p95 the same time before it (the anchor) and during it. */
async function backupUnderLoad(server: BenchServer, ctx: CallContext, out: string) {
  const staff = staffAtWork(ctx);
  const before = await Promise.all(staff.map((call) => drive(server, ctx.session, call, 1, CONFIG.duration)));
  await server.memory(true);
  const backup = takeBackup(server, out);
  const during = await Promise.all(staff.map((call) => drive(server, ctx.session, call, 1, 600, backup)));
  const taken = await backup;
  const memory = await server.memory(false);
  return { before, during, checksums: taken.checksums, backup: { ...taken.backup, peakRssDuring: memory.peakRss } as Backup };
}

async function benchDatabase(kind: DatabaseKind, root: string): Promise<Result> {
  console.log(`\n== ${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'} ==`);
  const blobDir = path.join(root, `${kind}-blobs`);
  const dataDir = path.join(root, `${kind}-data`);
  const url = pgUrlOf(CONFIG.pgDatabase);
  const open = () => (kind === 'pglite' ? openPglite(dataDir) : createDb({ databaseUrl: url, poolMax: 2 }));
  if (kind === 'postgres') await recreatePg(CONFIG.pgDatabase);
  const database = await open();
  let fixtures: Omit<CallFixtures, 'orderBodies'>;
  try {
    await database.migrate();
    const seed = await seedBenchData(database, {
      orders: CONFIG.orders,
      invoices: CONFIG.invoices,
      drawings: { store: await createFolderBlobStore(blobDir), meanBytes: CONFIG.drawingKb * 1024 },
    });
    console.log(
      `  seeded in ${seed.seconds.toFixed(0)} s: ${thousands(seed.orders)} orders ${seed.firstDate}..${seed.lastDate}, ${thousands(seed.invoices)} invoices, ` +
        `${thousands(seed.files)} drawings (${mb(seed.fileBytes)}), ${thousands(seed.history)} history rows`,
    );
    // The day's 02:00 is past: the daily backup (decision 255) would start as the server does, in the calls measured.
    await database.db.execute(sql`update company_info set backup_enabled = false`);
    fixtures = await fixturesOf(database);
  } finally {
    await database.close();
  }
  const env: Record<string, string> = kind === 'pglite' ? { BENCH_SERVER_DATA_DIR: dataDir } : { BENCH_SERVER_DATABASE_URL: url };
  const server = await startServer(path.join(here, 'server.ts'), { ...env, BENCH_SERVER_BLOB_DIR: blobDir }, CONFIG.nodeArgs);
  const result: Result = { database: kind, rows: [], backup: {}, memory: {} };
  let backupChecksums: DatabaseChecksums = {};
  const backupFile = path.join(root, `${kind}-backup.tar`);
  try {
    const session = await signIn(server.base);
    const started = await server.memoryDetail();
    const dataSize = kind === 'pglite' ? mb(folderBytes(dataDir)) : '';
    console.log(`  server pid ${server.child.pid}; RSS at start ${mb(started.rss)}${dataSize ? `; data folder ${dataSize}` : ''}; load ${load()}`);
    const ctx: CallContext = { base: server.base, session, fixtures: { ...fixtures, orderBodies: new Map<number, Record<string, unknown>>() } };
    await refreshOrderBodies(ctx);
    const quotes = await makeQuotes(ctx);
    console.log(`  ${thousands(quotes)} quotes made through the API`);
    await server.memory(true);
    const calls = embeddedCalls(ctx).filter((c) => CONFIG.only.length === 0 || CONFIG.only.includes(c.id));
    console.log('\n  call                                  clients   p50 ms   p95 ms    req/s  errors');
    for (const call of calls) {
      const failed = await probe(ctx.base, session, call);
      if (failed) {
        console.log(`  ${call.name.padEnd(38)}  FAILED before measuring: ${failed}`);
        continue;
      }
      await drive(server, session, call, 2, 1);
      for (const connections of CONFIG.connections) {
        const f = await drive(server, session, call, connections, CONFIG.duration);
        result.rows.push(f);
        console.log(`  ${(connections === CONFIG.connections[0] ? call.name : '').padEnd(38)}${String(connections).padStart(7)}${f.p50.toFixed(1).padStart(9)}${f.p95.toFixed(1).padStart(9)}${f.rps.toFixed(0).padStart(9)}${String(f.errors).padStart(8)}`);
      }
    }
    const afterCalls = await server.memoryDetail();
    const browser = await browserMemory(server, session);
    const b = await backupUnderLoad(server, ctx, backupFile);
    backupChecksums = b.checksums;
    const worst = (figures: Figures[]) => Math.max(...figures.map((f) => f.p95));
    result.backup = { ...b.backup, p95Before: worst(b.before), p95During: worst(b.during), errorsDuring: b.during.reduce((a, f) => a + f.errors, 0) };
    console.log(
      `\n  backup while 4 people work (as the daily backup takes it, in the server): ${(Number(b.backup.ms) / 1000).toFixed(1)} s, ${mb(Number(b.backup.bytes))}; server peak RSS during it ${mb(Number(b.backup.peakRssDuring))}` +
        `\n  their p95 before -> during (ms): ${b.before.map((f, i) => `${f.name} ${f.p95.toFixed(1)} -> ${b.during[i]!.p95.toFixed(1)} (${b.during[i]!.requests} requests, ${b.during[i]!.errors} errors)`).join('; ')}`,
    );
    const afterBackup = await server.memoryDetail();
    result.memory = {
      rssStart: started.rss,
      rssAfterCalls: afterCalls.rss,
      peakRssCalls: afterCalls.peakRss,
      rssAfterBackup: afterBackup.rss,
      peakRssBackup: Number(b.backup.peakRssDuring),
      nodeHeapUsed: afterBackup.node.heapUsed,
      nodeHeapTotal: afterBackup.node.heapTotal,
      nodeExternal: afterBackup.node.external,
      embeddedExternal: afterBackup.embedded?.external ?? null,
      embeddedHeapUsed: afterBackup.embedded?.heapUsed ?? null,
      serverPssAfterPdf: browser.serverPss,
      chromiumPss: browser.chromiumPss,
      chromiumProcesses: browser.processes,
    };
    const m = result.memory;
    console.log(
      `  server RSS: start ${mb(started.rss)}, after the calls ${mb(afterCalls.rss)} (peak ${mb(afterCalls.peakRss)}), after the backup ${mb(afterBackup.rss)}; ` +
        `Node heap used ${mb(afterBackup.node.heapUsed)} of ${mb(afterBackup.node.heapTotal)}` +
        (afterBackup.embedded ? `; the embedded database's thread: WebAssembly and buffers ${mb(afterBackup.embedded.external)}, its JS heap ${mb(afterBackup.embedded.heapUsed)}` : '') +
        `\n  after one PDF (before the backup): the server's PSS ${mb(Number(m.serverPssAfterPdf))}; Chromium: ${m.chromiumProcesses} processes, PSS ${mb(Number(m.chromiumPss))} (not in the server's RSS)`,
    );
  } finally {
    await server.stop();
  }
  // The restore: into a fresh database and blob folder, then every table's rows and every blob counted.
  const restoredBlobDir = path.join(root, `${kind}-restored-blobs`);
  const restoredDir = path.join(root, `${kind}-restored-data`);
  const restoredDb = `${CONFIG.pgDatabase}_restored`;
  if (kind === 'postgres') await recreatePg(restoredDb);
  else mkdirSync(restoredDir, { recursive: true });
  const t = performance.now();
  await restoreDatabase(
    kind === 'pglite'
      ? { dataDir: restoredDir, openBlobs: () => createFolderBlobStore(restoredBlobDir) }
      : { databaseUrl: pgUrlOf(restoredDb), openBlobs: () => createFolderBlobStore(restoredBlobDir) },
    backupFile,
  );
  const restoreMs = performance.now() - t;
  const reopened = await (kind === 'pglite' ? openPglite(restoredDir) : createDb({ databaseUrl: pgUrlOf(restoredDb), poolMax: 1 }));
  const restoredChecksums = await tableChecksums(reopened.db).finally(() => reopened.close());
  const differ = diffChecksums(backupChecksums, restoredChecksums);
  const files = readdirSync(restoredBlobDir).filter((n) => /^[0-9a-f]{64}$/.test(n)).length;
  const rows = Object.values(backupChecksums).reduce((a, c) => a + c.rows, 0);
  result.backup.restoreMs = restoreMs;
  result.backup.restoreBlobs = files;
  result.backup.checksumsMatch = differ.length === 0;
  console.log(
    `  restore into a fresh ${kind === 'pglite' ? 'folder' : 'database'}: ${(restoreMs / 1000).toFixed(1)} s; ${files} of ${result.backup.blobs} blobs in the new folder; ` +
      `${Object.keys(backupChecksums).length} tables, ${thousands(rows)} rows: ${differ.length === 0 ? "every table's rows and checksum match the backup's" : `DIFFER: ${differ.join(', ')}`}`,
  );
  if (kind === 'postgres' && !CONFIG.keep) await recreatePg(restoredDb);
  return result;
}

/** Quotes for the quotes list: one made as the quote form does, the rest its duplicates. */
async function makeQuotes(ctx: CallContext): Promise<number> {
  const { base, session } = ctx;
  const headers = { cookie: session.cookie, 'x-csrftoken': session.csrf, 'content-type': 'application/json' };
  const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const first = await fetch(`${base}/api/quotes/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...orderBody(ctx.fixtures, null, 'Bench Quote Customer'), valid_until: validUntil }),
  });
  if (first.status !== 201) {
    console.log(`  quotes: the first was refused (${first.status} ${(await first.text()).slice(0, 300)}): the quotes list is measured empty`);
    return 0;
  }
  const { id } = (await first.json()) as { id: number };
  let made = 1;
  const queue = Array.from({ length: Math.max(0, CONFIG.quotes - 1) }, (_, i) => i);
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (queue.shift() !== undefined) {
        const res = await fetch(`${base}/api/quotes/${id}/duplicate/`, { method: 'POST', headers });
        if (res.status < 300) made++;
        await res.arrayBuffer();
      }
    }),
  );
  return made;
}

function printTable(results: Result[]): void {
  const rows = new Map<string, Map<string, Figures>>();
  for (const r of results) for (const f of r.rows) rows.set(`${f.id}|${f.connections}`, (rows.get(`${f.id}|${f.connections}`) ?? new Map()).set(r.database, f));
  const cell = (f?: Figures) => (f ? `${f.p50.toFixed(1)} / ${f.p95.toFixed(1)}${f.errors ? ` (${f.errors} errors)` : ''}` : '-');
  console.log(`\nSummary: p50 / p95 ms (target: every call p95 < 100 ms at 1 and 4 clients on PGlite)`);
  console.log(`  ${'call'.padEnd(38)} clients  ${'PGlite'.padEnd(22)} ${'PostgreSQL'.padEnd(22)} PGlite p95 < 100`);
  for (const [key, byDb] of rows) {
    const [id, connections] = key.split('|');
    const p = byDb.get('pglite');
    const anchor = id === 'static' || id === 'session';
    console.log(
      `  ${(byDb.values().next().value?.name ?? id!).padEnd(38)} ${connections!.padStart(7)}  ${cell(p).padEnd(22)} ${cell(byDb.get('postgres')).padEnd(22)} ${anchor || !p ? '' : p.p95 < 100 && !p.errors ? 'met' : 'MISSED'}`,
    );
  }
  for (const r of results) {
    const b = r.backup;
    console.log(
      `  ${r.database}: backup ${(Number(b.ms) / 1000).toFixed(1)} s (${mb(Number(b.bytes))}), people at work's worst p95 ${Number(b.p95Before).toFixed(1)} -> ${Number(b.p95During).toFixed(1)} ms; ` +
        `restore ${(Number(b.restoreMs) / 1000).toFixed(1)} s, rows and checksums ${b.checksumsMatch ? 'match' : 'DIFFER'}; server RSS peak ${mb(Math.max(Number(r.memory.peakRssCalls), Number(r.memory.peakRssBackup)))}, after ${mb(Number(r.memory.rssAfterBackup))}`,
    );
  }
}

async function main() {
  console.log(
    `Embedded database bench: ${thousands(CONFIG.orders)} orders, ${thousands(CONFIG.invoices)} invoices, ${thousands(CONFIG.quotes)} quotes, drawings of ${CONFIG.drawingKb} KB on average; ` +
      `${CONFIG.duration} s a call at ${CONFIG.connections.join(' and ')} clients; Node ${process.version}, ${os.cpus().length} CPUs, ${mb(os.totalmem())} memory; load ${load()}; ${new Date().toISOString()}`,
  );
  const root = mkdtempSync(path.join(os.tmpdir(), 'icehouse-bench-embedded-'));
  const results: Result[] = [];
  try {
    for (const kind of CONFIG.databases) results.push(await benchDatabase(kind, root));
  } finally {
    if (!CONFIG.keep) rmSync(root, { recursive: true, force: true });
    else console.log(`kept ${root}`);
  }
  printTable(results);
  console.log(`load now ${load()}`);
  if (CONFIG.json) writeFileSync(CONFIG.json, JSON.stringify({ config: CONFIG, node: process.version, results }, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
