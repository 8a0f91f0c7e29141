/**
 * Receiving a 30-line purchase order (`npm run bench:receiving -w @icehouse/server`): through the service,
 * with the app's change announcer and webhook sink, on PostgreSQL (BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; database BENCH_PG_DATABASE, default icehouse_bench_receiving,
 * created and migrated when missing). 30 components each with a ledger of 500 earlier movements; each run
 * receives every line of a fresh sent purchase order in full (its ledger entries, the components' moving
 * average cost, the lines, the status, the purchase_order.received and 30 stock.received announcements).
 * The anchor, from the same run: reading the same purchase order (GET's service). p50/p95 of 60 runs after
 * 5 warm-ups. Prints figures, asserts nothing.
 */
import { sql } from 'drizzle-orm';
import { createDb } from '@icehouse/db/client';
import { rowsOf } from '@icehouse/db';
import { components, purchaseOrderLines, purchaseOrders, stockMovements, suppliers } from '@icehouse/db/schema';
import { createChangeAnnouncer } from '../src/changes';
import { changeRecordReaders } from '../src/modules/change-records';
import { webhooksSink } from '../src/modules/webhooks/events';
import type { JobQueue } from '../src/deps';
import { receivePurchaseOrder } from '../src/modules/purchasing/receiving';
import { getPurchaseOrder } from '../src/modules/purchasing/purchase-order-read';

const LINES = 30;
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const WARM = 5;
let statements = 0;

async function open() {
  const base = new URL(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = process.env.BENCH_PG_DATABASE ?? 'icehouse_bench_receiving';
  const admin = await createDb({ databaseUrl: base.toString(), poolMax: 1 });
  const exists = rowsOf(await admin.db.execute(sql`select 1 from pg_database where datname = ${name}`)).length > 0;
  if (!exists) await admin.db.execute(sql.raw(`create database "${name}"`));
  await admin.close();
  base.pathname = `/${name}`;
  const database = await createDb({ databaseUrl: base.toString(), poolMax: 4, logger: { logQuery: (q) => { statements += 1; if (process.env.BENCH_PRINT_STATEMENTS === '1') console.log(`    ${q.replace(/\s+/g, ' ').slice(0, 140)}`); } } });
  await database.migrate();
  return database;
}

async function main() {
  const database = await open();
  const db = database.db;
  const jobs = { send: () => Promise.resolve(null) } as unknown as JobQueue;
  const deps = { database, changes: createChangeAnnouncer({ database, readers: changeRecordReaders, sinks: [webhooksSink({ jobs })] }) };
  try {
    let [supplier] = await db.select({ id: suppliers.id }).from(suppliers).where(sql`${suppliers.name} = 'Bench supplier'`);
    if (!supplier) {
      [supplier] = await db.insert(suppliers).values({ name: 'Bench supplier' }).returning({ id: suppliers.id });
      const made = await db
        .insert(components)
        .values(Array.from({ length: LINES }, (_, i) => ({ name: `Bench part ${i + 1}`, cost: '10.00', markup: '40', preferredSupplierId: supplier!.id })))
        .returning({ id: components.id });
      // A ledger with history: 500 earlier movements per component.
      for (const c of made) {
        await db.insert(stockMovements).values(
          Array.from({ length: 500 }, (_, j) => ({ componentId: c.id, quantity: j % 5 === 4 ? -3 : 5, unitCost: '10.00', source: j % 5 === 4 ? ('consumption' as const) : ('adjustment' as const), reason: 'Bench history' })),
        );
      }
      await db.execute(sql`analyze`);
    }
    const parts = await db.select({ id: components.id }).from(components).where(sql`${components.name} like 'Bench part %'`);
    let n = Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from purchase_orders`))[0]!.n);

    const sentOrder = async () => {
      const [po] = await db
        .insert(purchaseOrders)
        .values({ number: `B-${(n += 1)}-${Date.now()}`, supplierId: supplier!.id, status: 'sent', sentAt: new Date() })
        .returning({ id: purchaseOrders.id });
      const lines = await db
        .insert(purchaseOrderLines)
        .values(parts.map((p, i) => ({ purchaseOrderId: po!.id, componentId: p.id, quantity: 12, unitCost: `${11 + (i % 7)}.25`, position: i + 1 })))
        .returning({ id: purchaseOrderLines.id });
      return { id: po!.id, lines };
    };

    let perReceipt = 0;
    const receive: number[] = [];
    const read: number[] = [];
    for (let i = 0; i < WARM + RUNS; i++) {
      const po = await sentOrder();
      const before = statements;
      let t = performance.now();
      const answer = await receivePurchaseOrder(deps, null, po.id, { lines: po.lines.map((l) => ({ line_id: l.id, quantity: 12 })), confirm_over_receipt: false });
      const received = performance.now() - t;
      perReceipt = statements - before;
      if (answer.status !== 'received') throw new Error(`not received: ${answer.status}`);
      t = performance.now();
      await getPurchaseOrder(deps, po.id);
      const readMs = performance.now() - t;
      if (i >= WARM) {
        receive.push(received);
        read.push(readMs);
      }
    }
    const stats = (ms: number[]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
      return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms`;
    };
    const movements = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from stock_movements`))[0]!.n;
    console.log(`receiving a ${LINES}-line purchase order in full (${RUNS} runs, ${movements} movements in the ledger now):`);
    console.log(`  receive (target p95 < 300 ms): ${stats(receive)}; ${perReceipt} statements a receipt`);
    console.log(`  anchor, reading the same purchase order: ${stats(read)}`);
  } finally {
    await database.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
