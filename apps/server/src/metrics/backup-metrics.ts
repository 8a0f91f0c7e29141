import { sql } from 'drizzle-orm';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '@icehouse/db/client';
import type { Logger } from 'pino';

const rows = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? Array.from(result) : ((result as { rows?: T[] }).rows ?? [])) as T[];

/**
 * The scheduled backups' figures (decision 255). The last verified backup is read from the database at
 * each scrape, so every instance reports the same one; the gauges have no sample until a backup has been
 * verified (the IcehouseBackupTooOld alert is armed by the first one). Failures are this instance's count.
 */
export function backupMetrics(registers: Registry[], database: Database, log: Logger): { failed(): void } {
  type Last = { at: number; bytes: number; seconds: number };
  let read: Promise<Last | null> | null = null;
  const readLast = () =>
    (read ??= database.db
      .execute(
        sql`select extract(epoch from finished_at)::float8 as at, size_bytes::float8 as bytes, (duration_ms / 1000.0)::float8 as seconds
            from backup_runs where status = 'verified' order by finished_at desc limit 1`,
      )
      .then((r) => {
        const row = rows<Last>(r)[0];
        return row ? { at: Number(row.at), bytes: Number(row.bytes), seconds: Number(row.seconds) } : null;
      })
      .catch((err: unknown) => {
        log.warn({ err }, 'metrics: could not read the last backup');
        return null;
      })
      .finally(() => setTimeout(() => (read = null), 100).unref()));
  const lastGauge = (name: string, help: string, pick: keyof Last) =>
    new Gauge({
      name,
      help,
      labelNames: ['database'] as const,
      registers,
      async collect() {
        this.reset();
        const last = await readLast();
        if (last) this.set({ database: database.kind }, last[pick]);
      },
    });
  lastGauge('icehouse_backup_last_success_timestamp_seconds', 'When the last verified backup finished (Unix time).', 'at');
  lastGauge('icehouse_backup_last_size_bytes', 'Size of the last verified backup archive (database and files).', 'bytes');
  lastGauge('icehouse_backup_last_duration_seconds', 'How long the last verified backup took (dump, store, verify).', 'seconds');
  const failures = new Counter({
    name: 'icehouse_backup_failures_total',
    help: 'Backup attempts that failed on this instance (taking, storing or verifying; each is retried).',
    registers,
  });
  // Zero from the start: an alert on increase() needs the series before its first failure.
  failures.inc(0);
  return { failed: () => failures.inc() };
}
