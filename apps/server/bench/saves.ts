/**
 * Saves one at a time, in this process, through the services with the app's own change announcer and event
 * sink: `npx tsx bench/saves.ts` (apps/server) against the load benchmark's PostgreSQL database
 * (BENCH_PG_URL, BENCH_PG_DATABASE). No HTTP, no queue of clients: the Node CPU time and the wall time of
 * each kind of save, and the statements it sends (counted through drizzle's logger). For comparing two
 * versions of the code on a machine too busy for the load benchmark's 32 clients to say anything about saves.
 *
 * Environment: BENCH_SAVES=150 (saves of each kind per round), BENCH_ROUNDS=2, BENCH_PRINT_STATEMENTS=1 (each
 * statement's first 160 characters, as drizzle logs it: BEGIN and COMMIT are not logged).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm';
import { createDb } from '@icehouse/db/client';
import { rowsOf } from '@icehouse/db';
import { createOrder, updateOrder } from '../src/modules/orders/order-write';
import { getOrder } from '../src/modules/orders/order-read';
import { changeOrderStatus } from '../src/modules/orders/order-status';
import { createChangeAnnouncer } from '../src/changes';
import { changeRecordReaders } from '../src/modules/change-records';
import { webhooksSink } from '../src/modules/webhooks/events';
import type { JobQueue } from '../src/deps';
import { createdCustomerName } from './names';

const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const url = `${base}/${process.env.BENCH_PG_DATABASE ?? 'icehouse_bench'}`;
const N = Number(process.env.BENCH_SAVES ?? 150);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

let statements = 0;
const printStatements = process.env.BENCH_PRINT_STATEMENTS === '1';
const logger: Logger = {
  logQuery: (query) => {
    statements++;
    if (printStatements) console.log(`    ${query.replace(/\s+/g, ' ').slice(0, 160)}`);
  },
};

async function measure(name: string, n: number, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(10, n); i++) await run(i); // warm-up
  const before = statements;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 10; i < n + 10; i++) await run(i);
  const wall = (performance.now() - started) / n;
  const used = process.cpuUsage(cpu);
  console.log(
    `  ${name.padEnd(14)} ${String(n).padStart(4)} saves: Node CPU ${((used.user + used.system) / 1000 / n).toFixed(2)} ms/save, ` +
      `wall ${wall.toFixed(1)} ms/save, ${((statements - before) / n).toFixed(1)} statements/save`,
  );
}

async function main() {
  const database = await createDb({ databaseUrl: url, logger, poolMax: 4 });
  const jobs = { send: () => Promise.resolve(null) } as unknown as JobQueue;
  const deps = { database, changes: createChangeAnnouncer({ database, readers: changeRecordReaders, sinks: [webhooksSink({ jobs })] }) };
  try {
    // Any pending order; the copies get an EPS PO number if it has none (pending -> processed needs one).
    const [template] = rowsOf<{ id: number }>(await database.db.execute(sql`select id from orders where status = 'pending' order by id desc limit 1`));
    if (!template) throw new Error('no pending order to copy: seed the database again (bench:load without BENCH_REUSE)');
    const found = await getOrder(deps, template.id);
    const body = { ...found, eps_po_number: found.eps_po_number || 'EPS-BENCH' };
    console.log(`Saves in process, one at a time (${url}); Node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    for (let round = 1; round <= ROUNDS; round++) {
      const created: Awaited<ReturnType<typeof createOrder>>[] = [];
      const stamp = `${Date.now()}`.slice(-7);
      await measure(`round ${round} create`, N, async (i) => {
        const name = createdCustomerName(i);
        created.push(
          await createOrder(deps, { id: 1 }, {
            ...body,
            id: undefined,
            door_number: `SV${stamp}-${i}`,
            customer_id: null,
            billing_address: { ...body.billing_address, name },
            shipping_address: { ...body.shipping_address, name: `${name} - Cabin` },
          }),
        );
      });
      await measure(`round ${round} update`, N, async (i) => {
        const k = i % created.length;
        const view = created[k]!;
        created[k] = await updateOrder(deps, { id: 1 }, view.id, {
          ...view,
          notes: `saves bench ${i}`,
          billing_address: { ...view.billing_address, name: `${createdCustomerName(k)}${i % 2 ? ' (edited)' : ''}` },
        });
      });
      // pending -> processed needs an EPS PO number: the created orders have one (above).
      await measure(`round ${round} status`, created.length - 10, (i) => changeOrderStatus(deps, { id: 1 }, created[i]!.id, 'processed'));
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
