/**
 * Moving in at size: `npm run bench:import` (apps/server). Prints figures, asserts nothing.
 *
 * A source instance of this product (the bench server, bench/server.ts, in a process of its own) on a
 * PostgreSQL database of its own seeded with BENCH_IMPORT_ORDERS orders (default 20,000) and a fifth as
 * many invoices by the bench seed (bench/seed.ts), with their drawings as files in its blob folder; the
 * importer (the library npm run import:server runs) in this process, writing into an empty PostgreSQL
 * database of its own. Both databases are dropped after. BENCH_PG_URL: default
 * postgres://postgres@127.0.0.1:5432/postgres. Prints the records brought across per second, the total
 * time, what was skipped (grouped by reason) and the load average.
 */
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createDb, type Database } from '@icehouse/db/client';
import { createFolderBlobStore } from '../src/blobs';
import { createUser } from '../src/modules/users/service';
import { connectSource, importFromServer, importTarget } from '../src/import-server/run';
import { seedBenchData } from './seed';

const ORDERS = Number(process.env.BENCH_IMPORT_ORDERS ?? 20_000);
const PG = new URL(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const here = path.dirname(fileURLToPath(import.meta.url));

async function freshDatabase(name: string): Promise<{ url: string; database: Database }> {
  const admin = await createDb({ databaseUrl: PG.toString(), poolMax: 1 });
  await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
  await admin.db.execute(sql.raw(`create database "${name}"`));
  await admin.close();
  const url = new URL(PG);
  url.pathname = `/${name}`;
  const database = await createDb({ databaseUrl: url.toString(), poolMax: 4 });
  await database.migrate();
  return { url: url.toString(), database };
}

async function dropDatabase(name: string): Promise<void> {
  const admin = await createDb({ databaseUrl: PG.toString(), poolMax: 1 });
  await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
  await admin.close();
}

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const work = mkdtempSync(path.join(os.tmpdir(), 'icehouse-bench-import-'));

// The source: the bench data set with its drawings as files.
const source = await freshDatabase('icehouse_bench_import_source');
const sourceBlobDir = path.join(work, 'source-blobs');
let t = Date.now();
const seeded = await seedBenchData(source.database, {
  orders: ORDERS,
  invoices: Math.round(ORDERS / 5),
  drawings: { store: await createFolderBlobStore(sourceBlobDir), meanBytes: 40_000 },
});
await createUser({ database: source.database }, { username: 'mover', email: '', password: 'bench-import-password', is_admin: true, is_active: true });
await source.database.close();
console.log(`source seeded: ${seeded.orders} orders, ${seeded.invoices} invoices, ${seeded.files} drawings, ${seeded.billsOfLading} bills of lading in ${((Date.now() - t) / 1000).toFixed(1)} s`);

const child = fork(path.join(here, 'server.ts'), [], {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, BENCH_SERVER_DATABASE_URL: source.url, BENCH_SERVER_BLOB_DIR: sourceBlobDir, BENCH_SERVER_POOL_MAX: '4' },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const port = await new Promise<number>((resolve, reject) => {
  child.once('exit', (code) => reject(new Error(`the source server exited (${code}) before listening`)));
  child.on('message', (m: { type?: string; port?: number }) => m.type === 'ready' && resolve(m.port ?? 0));
});

const target = await freshDatabase('icehouse_bench_import_target');
try {
  const client = await connectSource({ from: `http://127.0.0.1:${port}`, user: 'mover', password: 'bench-import-password' });
  const deps = importTarget({ database: target.database, blobs: await createFolderBlobStore(path.join(work, 'target-blobs')), log: pino({ level: 'warn' }) });
  let lastShown = 0;
  t = Date.now();
  const report = await importFromServer({
    source: client,
    target: deps,
    onProgress: (p) => {
      if (Date.now() - lastShown < 10_000) return;
      lastShown = Date.now();
      console.log(`  ${p.entity}s ${p.done}/${p.total} after ${((Date.now() - t) / 1000).toFixed(0)} s (load ${load()})`);
    },
  });
  const seconds = (Date.now() - t) / 1000;
  const records = report.totals.created + report.totals.updated;
  console.log(`imported ${records} records (${report.counts.order.created} orders, ${report.counts.invoice.created} invoices, ${report.counts.bol.created} bills of lading) in ${seconds.toFixed(1)} s: ${(records / seconds).toFixed(1)} records/s, ${(report.counts.order.created / seconds).toFixed(1)} orders/s`);
  const reasons = new Map<string, number>();
  for (const s of report.skipped) reasons.set(`${s.entity}: ${s.reason.slice(0, 160)}`, (reasons.get(`${s.entity}: ${s.reason.slice(0, 160)}`) ?? 0) + 1);
  console.log(`skipped ${report.skipped.length}${[...reasons].map(([r, n]) => `\n  ${n} x ${r}`).join('')}`);
  console.log(`load average at the end: ${load()} (${os.cpus().length} cores)`);
} finally {
  child.send({ type: 'stop' });
  await target.database.close();
  await dropDatabase('icehouse_bench_import_target');
  await dropDatabase('icehouse_bench_import_source');
}
