/**
 * The SQL behind the slow calls, to look at alone: `npx tsx bench/statements.ts` (apps/server) against
 * the load benchmark's seeded PostgreSQL database (run bench:load once with BENCH_REUSE=1 first).
 *
 * It runs the benchmark's customer and invoice searches, a create and an update through the real services,
 * logging every statement drizzle sends, and writes into BENCH_STATEMENTS_DIR (default
 * /tmp/icehouse-statements):
 *   - `<call>.log`: the statements of one call, in order (a save's round trips, counted);
 *   - `<call>.explain.sql`: each SELECT as `PREPARE` + `EXPLAIN (ANALYZE, BUFFERS) EXECUTE` with the
 *     values used, under force_generic_plan as the server runs them (`psql -f` it);
 *   - `<call>.pgbench.sql`: the call's reads with those values inlined, for
 *     `pgbench -n -M prepared -c 32 -j 2 -T 10 -f <file> icehouse_bench` (the database alone).
 *
 * Then it runs the list calls' statements alone under pgbench at 32 clients and prints their p50, p95 and
 * rate (bench/statements-alone.ts): the anchor of bench:load's 32-client list figures.
 *
 * Environment: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432), BENCH_PG_DATABASE (icehouse_bench),
 * BENCH_PGBENCH_SECONDS (10; 0 skips pgbench).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm';
import { createDb } from '@icehouse/db/client';
import { rowsOf } from '@icehouse/db';
import { createOrder, updateOrder } from '../src/modules/orders/order-write';
import { getOrder } from '../src/modules/orders/order-read';
import { listOrders } from '../src/modules/orders/list-query';
import { listInvoices } from '../src/modules/invoices/list-query';
import { CUSTOMER_SEARCHES, INVOICE_SEARCHES } from './names';
import { createChangeAnnouncer } from '../src/changes';
import { changeRecordReaders } from '../src/modules/change-records';
import { webhooksSink } from '../src/modules/webhooks/events';
import { changeOrderStatus } from '../src/modules/orders/order-status';
import type { JobQueue } from '../src/deps';
import { printStatementsAlone, statementsAlone } from './statements-alone';

const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const url = `${base}/${process.env.BENCH_PG_DATABASE ?? 'icehouse_bench'}`;
const outDir = process.env.BENCH_STATEMENTS_DIR ?? '/tmp/icehouse-statements';

let logged: { query: string; params: unknown[] }[] = [];
const logger: Logger = { logQuery: (query, params) => logged.push({ query, params }) };

/** A value as an SQL literal (for EXPLAIN EXECUTE and pgbench). */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `array[${v.map(literal).join(', ')}]::int[]`;
  if (v instanceof Date) return `'${v.toISOString()}'`;
  return `'${String(v).replaceAll("'", "''")}'`;
}

const inline = (query: string, params: unknown[]) =>
  query.replace(/\$(\d+)/g, (_m, n: string) => literal(params[Number(n) - 1]));

function write(call: string) {
  const calls = logged;
  logged = [];
  const lines = calls.map((c, i) => `-- ${i + 1}\n${c.query};\n-- params: ${JSON.stringify(c.params)}`);
  writeFileSync(path.join(outDir, `${call}.log`), `-- ${calls.length} statements\n${lines.join('\n')}\n`);
  const reads = calls.filter((c) => /^\s*(select|with)/i.test(c.query));
  const explain = reads.map((c, i) => {
    const args = c.params.length > 0 ? `(${c.params.map(literal).join(', ')})` : '';
    return `prepare s${i} as ${c.query};\nexplain (analyze, buffers) execute s${i}${args};\ndeallocate s${i};`;
  });
  writeFileSync(path.join(outDir, `${call}.explain.sql`), `set plan_cache_mode = force_generic_plan;\n${explain.join('\n')}\n`);
  writeFileSync(path.join(outDir, `${call}.pgbench.sql`), reads.map((c) => `${inline(c.query, c.params).replace(/\s+/g, ' ')};`).join('\n') + '\n');
  console.log(`${call}: ${calls.length} statements (${reads.length} reads)`);
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const database = await createDb({ databaseUrl: url, logger, poolMax: 2 });
  // The app's announcer with its event-log sink (no webhook endpoints in the benchmark's data, so no job is
  // sent): each save's own statements, its announcement's and the notification.
  const jobs = {
    send: () => {
      throw new Error('bench/statements.ts: no webhook endpoint expected');
    },
  } as unknown as JobQueue;
  const deps = { database, changes: createChangeAnnouncer({ database, readers: changeRecordReaders, sinks: [webhooksSink({ jobs })] }) };
  try {
    // The list's first page, unfiltered: its page and its count (side by side in the server).
    await listOrders(deps, {});
    write('orders-list');
    // The load benchmark's terms, one file set each (pgbench: `-f orders-customer-smi.pgbench.sql@1 -f ...`).
    for (const term of CUSTOMER_SEARCHES) {
      await listOrders(deps, { customer: term });
      write(`orders-customer-${term}`);
    }
    for (const term of INVOICE_SEARCHES) {
      await listInvoices(deps, { search: term });
      write(`invoices-search-${term}`);
    }
    const [one] = rowsOf<{ id: number }>(
      await database.db.execute(sql`select id from orders where status = 'pending' order by id limit 1`),
    );
    const view = await getOrder(deps, one!.id);
    logged = [];
    const body = { ...view, door_number: `S${Date.now()}`, billing_address: { ...view.billing_address, name: 'Statements Bait' } };
    const created = await createOrder(deps, { id: 1 }, body);
    write('order-create');
    await updateOrder(deps, { id: 1 }, created.id, { ...created, notes: 'edited', billing_address: { ...created.billing_address, name: 'Statements Bait (edited)' } });
    write('order-update');
    // The order's next status (the seed's processed orders with an EPS PO, ship date and ship via may move on).
    const [movable] = rowsOf<{ id: number }>(
      await database.db.execute(
        sql`select id from orders where status = 'processed' and eps_po_number <> '' and ship_date is not null and ship_via_id is not null order by id desc limit 1`,
      ),
    );
    if (movable) {
      logged = [];
      await changeOrderStatus(deps, { id: 1 }, movable.id, 'scheduled_to_ship');
      write('order-status');
    }
  } finally {
    await database.close();
  }
  const seconds = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);
  if (seconds > 0) printStatementsAlone(statementsAlone(outDir, url, seconds), seconds);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
