import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The anchor of the list calls' 32-client figures: their statements alone, as the server sends them
 * (the `.pgbench.sql` files bench/statements.ts writes), run by pgbench against the same database
 * with no server in front: `pgbench -n -M prepared -c 32 -j 2 -T <s>`, generic plans as the server
 * runs them (packages/db sets force_generic_plan), each search's term a parameter. The first page's two
 * statements (its rows and its count, side by side in the server) run one after the other. A call whose
 * p95 here misses a target cannot meet it through the server on this machine.
 */
export interface StatementsAloneRow {
  call: string;
  p50: number;
  p95: number;
  tps: number;
}

/** The calls and the files of each (a search: one file per term, picked at random by pgbench). */
const CALLS: { call: string; prefix: string }[] = [
  { call: 'orders list, first page', prefix: 'orders-list' },
  { call: 'orders list, customer partial', prefix: 'orders-customer-' },
  { call: 'invoices search', prefix: 'invoices-search-' },
];

/** Runs pgbench on each call's statements in `dir`; null when pgbench is not installed. */
export function statementsAlone(dir: string, databaseUrl: string, seconds: number): StatementsAloneRow[] | null {
  if (spawnSync('pgbench', ['--version']).status !== 0) return null;
  const rows: StatementsAloneRow[] = [];
  for (const { call, prefix } of CALLS) {
    const work = mkdtempSync(path.join(os.tmpdir(), 'icehouse-pgbench-'));
    try {
      const args: string[] = [];
      for (const file of readdirSync(dir).filter((f) => f.startsWith(prefix) && f.endsWith('.pgbench.sql'))) {
        // A search's term as a parameter (`:t0`, `:t1`...), as the server sends it, not a literal the
        // planner could see.
        const term = /^(?:orders-customer|invoices-search)-(.+)\.pgbench\.sql$/.exec(file)?.[1];
        let text = readFileSync(path.join(dir, file), 'utf8');
        if (term) {
          const name = `t${args.length / 2}`;
          text = text.replaceAll(`'%${term}%'`, `:${name}`);
          args.push('-D', `${name}=%${term}%`);
        }
        const script = path.join(work, file);
        writeFileSync(script, text);
        args.push('-f', script);
      }
      const run = spawnSync(
        'pgbench',
        ['-n', '-M', 'prepared', '-c', '32', '-j', '2', '-T', String(seconds), '-l', '--log-prefix', path.join(work, 'log'), ...args, databaseUrl],
        { encoding: 'utf8', env: { ...process.env, PGOPTIONS: '-c plan_cache_mode=force_generic_plan' } },
      );
      if (run.status !== 0) throw new Error(`pgbench failed for ${call}: ${run.stderr}`);
      const tps = Number(/^tps = ([\d.]+)/m.exec(run.stdout)?.[1] ?? Number.NaN);
      // Each log line: client, transaction, latency in µs, ...
      const latencies = readdirSync(work)
        .filter((f) => f.startsWith('log.'))
        .flatMap((f) => readFileSync(path.join(work, f), 'utf8').trim().split('\n'))
        .map((line) => Number(line.split(' ')[2]) / 1000)
        .sort((a, b) => a - b);
      const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? Number.NaN;
      rows.push({ call, p50: at(0.5), p95: at(0.95), tps });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  return rows;
}

export function printStatementsAlone(rows: StatementsAloneRow[] | null, seconds: number) {
  if (!rows) {
    console.log('\nThe statements alone: pgbench is not installed (Debian: postgresql-client); skipped.');
    return;
  }
  console.log(`\nThe statements alone, 32 clients (pgbench -M prepared -c 32 -j 2 -T ${seconds}, generic plans, no server):`);
  console.log(`  ${'call'.padEnd(34)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'per s'.padStart(8)}`);
  for (const r of rows)
    console.log(`  ${r.call.padEnd(34)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${Math.round(r.tps).toString().padStart(8)}`);
}
