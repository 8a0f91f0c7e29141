import type { Logger } from 'pino';
import type { Database, Db } from '@icehouse/db/client';
import type { BlobStore } from '../blobs';
import { createChangeAnnouncer } from '../changes';
import { changeRecordReaders } from '../modules/change-records';
import { markHistoryImport } from '../modules/stock/consumption';
import type { AppDeps } from '../deps';

/**
 * This product's side of an import: the database, blob store and change announcer the services write
 * through. The announcer has no sinks: an import announces nothing to webhook subscribers (thousands of
 * historical records are not news; decision 267), and the CLI runs with no job queue, so an imported
 * invoice's PDF is rendered at its first download.
 */
export type TargetDeps = Pick<AppDeps, 'database' | 'changes' | 'blobs' | 'log'>;

export function importTarget(options: { database: Database; blobs: BlobStore; log: Logger }): TargetDeps {
  const changes = createChangeAnnouncer({ database: options.database, readers: changeRecordReaders, sinks: [] });
  return { ...options, changes };
}

/**
 * Runs `work` in one transaction of the target: the services it calls open their own transactions on
 * `deps.database.db`, which here is this transaction, so theirs become savepoints of it and everything
 * (the record, its history entry, its row in the source-id map) commits together or not at all.
 */
export function inOneTransaction<T>(target: TargetDeps, work: (deps: TargetDeps, tx: Db) => Promise<T>): Promise<T> {
  return target.database.db.transaction(async (tx) => {
    // History, not today's work: an order that had reached the shop there took its parts from that shop's shelf.
    await markHistoryImport(tx);
    const database: Database = { ...target.database, db: tx };
    return work({ ...target, database }, tx);
  });
}
