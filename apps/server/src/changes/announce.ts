import { sql } from 'drizzle-orm';
import type { Database, Db } from '@icehouse/db/client';
import type { ChangeAnnouncer, ChangeDeps, ChangeInput, ChangeSink, DbDeps } from '../deps';
import { CHANGES_CHANNEL, type Change, type ChangeEntity } from './change';

/**
 * Announcing a change (decision 121): a service opens its transaction with `changeTransaction` and
 * states, anywhere in it, what it changed (`announceChange`). Nothing is built then: once the work's
 * last write is done, just before the commit, each changed record is read once as its REST GET answers
 * it, and the app instance's sinks (event row, webhook outbox, jobs) and the notification are built
 * from that. An announcement cannot see a record half written, and a rolled-back change announces nothing.
 */

/** Reads a record as its REST GET answers it (inside the transaction: `deps.database.db` is the tx); null when gone. */
export type RecordReader = (deps: DbDeps, id: number) => Promise<unknown>;
export type RecordReaders = Record<ChangeEntity, RecordReader>;

const STATED = Symbol('stated changes');
const PENDING = Symbol('writes sent before the commit');

/**
 * A transaction opened by `changeTransaction`: it carries the list of what its work stated it changed,
 * and the writes it sent without waiting for them (`sendBeforeCommit`).
 */
export type ChangeTx = Db & { readonly [STATED]: ChangeInput[]; readonly [PENDING]: Promise<unknown>[] };

/** States that the transaction changed a record; it is announced once, at the transaction's end. */
export function announceChange(tx: ChangeTx, input: ChangeInput): void {
  const stated = tx[STATED] as ChangeInput[] | undefined;
  if (!stated) throw new Error('announceChange: open the transaction with changeTransaction (src/changes)');
  stated.push(input);
}

/**
 * A write whose answer the work does not need (a history entry, a costing row, an announcement's event
 * and notification): sent now, and not waited for before the commit, which goes in the same round trip
 * (decisions 222 and 226). Its statements reach PostgreSQL before any sent after it, the commit included;
 * if one fails, the transaction aborts, PostgreSQL answers the commit by rolling back, and
 * `changeTransaction` fails with that write's error.
 */
export function sendBeforeCommit(tx: ChangeTx, write: Promise<unknown>): void {
  const pending = tx[PENDING] as Promise<unknown>[] | undefined;
  if (!pending) throw new Error('sendBeforeCommit: open the transaction with changeTransaction (src/changes)');
  // A query builder runs again on each `then`: only a started write (its `.execute()`) is sent once.
  if (!(write instanceof Promise)) throw new Error('sendBeforeCommit: pass a started write (call .execute() on a query)');
  // Waited for in changeTransaction; this handler only keeps a failure from being reported as unhandled
  // when the work throws before then (the transaction rolls back either way).
  write.catch(() => undefined);
  pending.push(write);
}

/**
 * One transaction of a service that changes records: runs `work`, then announces what it stated,
 * after its last write and before the commit. Throwing anywhere rolls everything back, announcement included.
 */
export async function changeTransaction<T>(
  deps: ChangeDeps,
  work: (tx: ChangeTx) => Promise<T>,
): Promise<T> {
  const pending: Promise<unknown>[] = [];
  let result: T | undefined;
  let failure: unknown = null;
  try {
    result = await deps.database.db.transaction(async (tx) => {
      const stated: ChangeInput[] = [];
      Object.defineProperty(tx, STATED, { value: stated });
      Object.defineProperty(tx, PENDING, { value: pending });
      deps.changes.opened?.(tx);
      const done = await work(tx as unknown as ChangeTx);
      if (stated.length > 0) await deps.changes.announce(tx, stated);
      // The writes sent without waiting are not waited for here: the commit follows them in the same
      // round trip, so the event log's lock (taken by the announcement's event) is held only while
      // PostgreSQL runs them and commits (decision 226).
      return done;
    });
  } catch (error) {
    failure = error;
  }
  // After a commit they all have their answers (they ran before it). A failed one aborted the transaction,
  // and the commit rolled it back: the first failure in the order sent is the cause, before the "aborted"
  // or "rolled back" errors it leads to. After a failed transaction they are only looked at if they have
  // answered: on a lost connection some never will, and the loss is then the error.
  const settled = Promise.allSettled(pending);
  const outcomes = failure === null ? await settled : await Promise.race([settled, new Promise<null>((resolve) => setImmediate(() => resolve(null)))]);
  const failed = outcomes?.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  if (failure !== null) throw failure;
  return result as T;
}

/**
 * One announcement per record and action: a record created (or deleted) in the transaction is
 * announced as that alone; the same action stated twice is announced once. Statement order is kept.
 */
export function coalesce(stated: readonly ChangeInput[]): ChangeInput[] {
  const byRecord = new Map<string, ChangeInput[]>();
  for (const input of stated) {
    const key = `${input.entity}:${input.id}`;
    const list = byRecord.get(key) ?? [];
    if (!list.some((s) => s.action === input.action)) list.push(input);
    byRecord.set(key, list);
  }
  const out: ChangeInput[] = [];
  for (const list of byRecord.values()) {
    const created = list.find((s) => s.action === 'created');
    const deleted = list.find((s) => s.action === 'deleted');
    if (created && deleted) continue; // it never existed outside the transaction
    if (deleted) out.push(deleted);
    else if (created) out.push(created);
    else out.push(...list);
  }
  return out;
}

const versionOf = (record: unknown): number | null =>
  record && typeof record === 'object' && typeof (record as { version?: unknown }).version === 'number'
    ? (record as { version: number }).version
    : null;

/**
 * The app instance's announcer: its record readers (one per entity, the REST GET's own service) and
 * its sinks, in order; the notification (`pg_notify`, delivered by PostgreSQL only on commit) comes last.
 */
export function createChangeAnnouncer(options: {
  database: Database;
  readers: RecordReaders;
  sinks: readonly ChangeSink[];
}): ChangeAnnouncer {
  const { database, readers, sinks } = options;
  return {
    opened(tx) {
      for (const sink of sinks) sink.opened?.(tx, database);
    },
    async announce(tx, stated) {
      const inTx: DbDeps = { database: { ...database, db: tx } };
      const changes = coalesce(stated);
      // Every record first: once the first event is sent, the event log's lock is taken, and a read
      // after it would hold that lock while this process waits for its answer.
      const records = new Map<string, unknown>();
      // A record the service handed over is used only when it came with the last statement about that
      // record: a later statement (without one) means later writes, so the record is read.
      const handed = new Map<string, unknown>();
      for (const input of stated) handed.set(`${input.entity}:${input.id}`, input.record);
      for (const input of changes) {
        const key = `${input.entity}:${input.id}`;
        if (!records.has(key))
          records.set(
            key,
            input.action === 'deleted'
              ? { id: input.id }
              : (handed.get(key) ?? (await readers[input.entity](inTx, input.id)) ?? { id: input.id }),
          );
      }
      const send = (write: Promise<unknown>) => sendBeforeCommit(tx as ChangeTx, write);
      const announced: Change[] = [];
      for (const input of changes) {
        const record = records.get(`${input.entity}:${input.id}`);
        const change: Change = {
          entity: input.entity,
          id: input.id,
          version: (input.action === 'deleted' ? null : versionOf(record)) ?? input.version ?? null,
          action: input.action,
          by: input.by,
          at: new Date().toISOString(),
        };
        for (const sink of sinks) await sink(tx, change, record, send);
        // Sent after the sinks' writes, with the commit; PostgreSQL delivers it only on commit, and a sink
        // that throws or a write that fails still rolls it back.
        send(tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(change)})`).execute());
        announced.push(change);
      }
      return announced;
    },
  };
}
