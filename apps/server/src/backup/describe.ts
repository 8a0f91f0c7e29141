import type { BlobsSummary } from './results';

/** Sizes, row counts and blobs of a backup in words, for the db:backup and db:restore commands. */

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "12 orders, 5 invoices, 3 stored files, 4 users" from a backup's row counts. */
export function describeCounts(counts: Record<string, number>): string {
  const n = (table: string) => counts[table] ?? 0;
  return `${n('orders')} orders, ${n('invoices')} invoices, ${n('bills_of_lading')} bills of lading, ${n('stored_files')} stored files, ${n('users')} users`;
}

/** "3 blobs (1.2 MB)" and the missing ones, for the CLI. */
export function describeBlobs(blobs: BlobsSummary | undefined): string {
  if (!blobs) return '0 blobs';
  const text = `${blobs.count} blobs (${formatBytes(blobs.bytes)})`;
  return blobs.missing.length
    ? `${text}; ${blobs.missing.length} referenced blobs were missing from the store: ${blobs.missing.join(', ')}`
    : text;
}
