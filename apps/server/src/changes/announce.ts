import { sql } from 'drizzle-orm';
import type { Db } from '@icehouse/db/client';
import { CHANGES_CHANNEL, type Change, type ChangeInput } from './change';

/**
 * Work another feature adds to every change, in the same transaction (an event log row, a webhook
 * outbox row, a job): it commits or rolls back with the change. Sinks run in registration order,
 * before the notification; a sink that throws fails the change.
 */
export type ChangeSink = (tx: Db, change: Change, record?: unknown) => Promise<void> | void;

const sinks: ChangeSink[] = [];

/** Adds a sink for every change announced from now on; returns its removal. */
export function registerChangeSink(sink: ChangeSink): () => void {
  sinks.push(sink);
  return () => {
    const at = sinks.indexOf(sink);
    if (at >= 0) sinks.splice(at, 1);
  };
}

/**
 * THE one call every service makes for each record it changes, inside its transaction (`tx`): runs
 * the sinks and queues the notification with `pg_notify`, which PostgreSQL (and PGlite) delivers only
 * when the transaction commits: a rolled-back change is announced to no one. `record`: the record as
 * its REST path answers it, when the caller holds it already (as read in this transaction, after the
 * change), so that a sink need not read it again.
 */
export async function announceChange(tx: Db, input: ChangeInput, record?: unknown): Promise<Change> {
  const change: Change = {
    entity: input.entity,
    id: input.id,
    version: input.version,
    action: input.action,
    by: input.by,
    at: new Date().toISOString(),
  };
  for (const sink of sinks) await sink(tx, change, record);
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(change)})`);
  return change;
}
