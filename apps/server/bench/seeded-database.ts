import { sql } from 'drizzle-orm';
import { createDb, type Database } from '@icehouse/db/client';
import { rowsOf } from '@icehouse/db';
import { seedBenchData } from './seed';

/**
 * The bench data (100,000 orders, 20,000 invoices) in its own PostgreSQL database, created, migrated and
 * seeded when empty, else reused: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) and
 * BENCH_PG_DATABASE (default `name`; icehouse_bench reuses the load benchmark's).
 */
export async function openSeededBenchDatabase(name: string, poolMax = 1): Promise<Database> {
  const base = new URL(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const database = process.env.BENCH_PG_DATABASE ?? name;
  const admin = await createDb({ databaseUrl: base.toString(), poolMax: 1 });
  const exists = rowsOf(await admin.db.execute(sql`select 1 from pg_database where datname = ${database}`)).length > 0;
  if (!exists) await admin.db.execute(sql.raw(`create database "${database}"`));
  await admin.close();
  const url = new URL(base);
  url.pathname = `/${database}`;
  const db = await createDb({ databaseUrl: url.toString(), poolMax });
  await db.migrate();
  const { n } = rowsOf<{ n: number }>(await db.db.execute(sql`select count(*)::int as n from orders`))[0]!;
  if (Number(n) === 0) {
    const t = Date.now();
    await seedBenchData(db, { orders: 100_000, invoices: 20_000, log: () => {} });
    console.log(`seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  return db;
}
