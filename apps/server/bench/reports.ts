/**
 * Report figures: the sales tax report (one year) and the aging report on the bench data (100k orders /
 * 20k invoices) on PostgreSQL, one client: prints p50/p95 of 40 runs each after 5 warm-up runs.
 * BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres); database icehouse_bench_reports.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '@icehouse/db';
import { openSeededBenchDatabase } from './seeded-database';
import { salesTaxReport } from '../src/modules/reports/sales-tax';
import { agingReport } from '../src/modules/reports/aging';

async function main() {
  const database = await openSeededBenchDatabase('icehouse_bench_reports');
  await database.db.execute(sql`analyze`);
  const { y } = rowsOf<{ y: string }>(
    await database.db.execute(sql`select to_char(max(date), 'YYYY') as y from invoices`),
  )[0]!;
  const { c } = rowsOf<{ c: number }>(
    await database.db.execute(
      sql`select count(*)::int as c from invoices where date >= ${`${y}-01-01`}::date`,
    ),
  )[0]!;
  const deps = { database };
  const time = async (label: string, run: () => Promise<unknown>) => {
    for (let i = 0; i < 5; i++) await run();
    const ms: number[] = [];
    for (let i = 0; i < 40; i++) {
      const t = performance.now();
      await run();
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    console.log(`${label}: p50 ${ms[19]!.toFixed(1)} ms, p95 ${ms[37]!.toFixed(1)} ms`);
  };
  console.log(`year ${y}: ${c} invoices`);
  await time(`sales tax ${y} by month`, () =>
    salesTaxReport(deps, { from: `${y}-01-01`, to: `${y}-12-31`, period: 'month' }),
  );
  await time('aging (all open invoices)', () =>
    agingReport(deps, { as_of: new Date().toISOString().slice(0, 10) }),
  );
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
