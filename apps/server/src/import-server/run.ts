import { linkOrdersToCustomers } from '../modules/customers/link';
import { importCompany, importComponents, importProducts, importSettings, importUsers } from './catalogue';
import { importBols, importOrders } from './orders';
import { importInvoices, importStatuses } from './invoices';
import { ImportRun, type EntityCounts, type Progress, type SkippedRecord } from './run-context';
import type { ImportEntity } from './id-map';
import type { SourceClient } from './source';
import type { TargetDeps } from './target';

export type { Progress, SkippedRecord } from './run-context';
export { connectSource, SourceUnavailable, type SourceOptions } from './source';
export { importTarget } from './target';

/** What a run did, for the screen and the report file. */
export interface ImportReport {
  source: string;
  dry_run: boolean;
  started_at: string;
  seconds: number;
  counts: Record<ImportEntity, EntityCounts>;
  totals: EntityCounts;
  /** Every record not brought across, and why. */
  skipped: SkippedRecord[];
  /** Orders moved to completed or voided after their invoices came across. */
  statuses_moved: number;
  /** Users made without a password: an admin sets one for each in User Management. */
  users_needing_password: string[];
  /** The customer linking run after the orders (decision 071). */
  customers: { orders_linked: number; customers_created: number; customers_reused: number } | null;
  /** Source calls tried again after a 5xx, a timeout or a lost connection. */
  retries: number;
}

export interface ImportOptions {
  source: SourceClient;
  target: TargetDeps;
  dryRun?: boolean;
  onProgress?: (progress: Progress) => void;
  /** Counted by the caller's source client (SourceOptions.onRetry). */
  retries?: () => number;
}

/**
 * Brings a previous server's records across, in the order their references need: the company and the
 * catalogue, users, orders with their drawings, bills of lading, invoices, then the status moves and the
 * customer linking. Each record is one transaction with its source-id map row (run-context.ts), so a
 * second run changes only what changed at the source, and a run stopped at any point resumes.
 */
export async function importFromServer(options: ImportOptions): Promise<ImportReport> {
  const started = new Date();
  const run = new ImportRun(options.source, options.target, options.dryRun ?? false, options.onProgress);
  await importCompany(run);
  await run.begin('setting', 0);
  await importSettings(run);
  await run.begin('component', 0);
  await importComponents(run);
  await run.begin('product', 0);
  await importProducts(run);
  await run.begin('user', 0);
  await importUsers(run);
  const orders = await importOrders(run);
  await importBols(run, orders);
  await importInvoices(run);
  const statusesMoved = await importStatuses(run, orders);
  const linked = run.dryRun ? null : await linkOrdersToCustomers(options.target.database);
  const totals: EntityCounts = { created: 0, updated: 0, unchanged: 0, skipped: 0 };
  for (const c of Object.values(run.counts)) for (const k of Object.keys(totals) as (keyof EntityCounts)[]) totals[k] += c[k];
  return {
    source: run.from,
    dry_run: run.dryRun,
    started_at: started.toISOString(),
    seconds: Math.round((Date.now() - started.getTime()) / 100) / 10,
    counts: run.counts,
    totals,
    skipped: run.skipped,
    statuses_moved: statusesMoved,
    users_needing_password: run.usersNeedingPassword,
    customers: linked ? { orders_linked: linked.orders_linked, customers_created: linked.customers_created, customers_reused: linked.customers_reused } : null,
    retries: options.retries?.() ?? 0,
  };
}

/** The progress line: counts, rate and time left of the pass under way. */
export function progressLine(p: Progress, elapsedMs: number): string {
  const c = p.counts[p.entity];
  const rate = elapsedMs > 0 ? (p.done / elapsedMs) * 1000 : 0;
  const left = rate > 0 && p.total > p.done ? Math.round((p.total - p.done) / rate) : 0;
  const total = p.total > 0 ? `/${p.total}` : '';
  const leftText = left > 0 ? `, ${Math.floor(left / 60)}m ${String(left % 60).padStart(2, '0')}s left` : '';
  return `${p.entity}s ${p.done}${total}: ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged, ${c.skipped} skipped (${rate.toFixed(1)}/s${leftText})`;
}
