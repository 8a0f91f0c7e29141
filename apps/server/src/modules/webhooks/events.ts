import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database, Db } from '@icehouse/db/client';
import { inTransaction } from '../../prepared-query';
import { rowsOf } from '@icehouse/db';
import { integrationEvents, webhookDeliveries, webhookEndpoints } from '@icehouse/db/schema';
import { EVENT_TYPES, eventTypeOf, type EventType } from '@icehouse/domain';
import type { AppDeps, ChangeSink } from '../../deps';
import { deliverWebhookJob } from './jobs';

export { EVENT_TYPES, eventTypeOf, type EventType };

/** Events are kept this long (then pruned as new ones are written). */
export const EVENT_KEEP_DAYS = 30;
const KEEP = sql.raw(`interval '${EVENT_KEEP_DAYS} days'`);

export const newEventUid = () => `evt_${randomBytes(16).toString('base64url')}`;

/**
 * The change feed's sink (decision 102), in the change's transaction, after its last write: the event
 * row (its data: the record as the REST GET answers it, built once by the announcer), and the outbox
 * (one delivery per active endpoint subscribed to the event, and its job). A transaction-scoped
 * advisory lock makes events commit in id order, so `?since=<id>` never skips an event that commits late.
 * Every save waits for that lock, so it is taken in the statement that inserts the event, and the event is
 * sent, not waited for: the commit follows in the same round trip (decision 226), and PostgreSQL holds the
 * lock only while it runs the insert and the commit, not while this process gets round to sending the
 * commit. Only when endpoints want the event does the transaction wait for the event's id under the lock
 * (their deliveries and jobs need it). The endpoints are read once per transaction, as it opens.
 */
export function webhooksSink(deps: Pick<AppDeps, 'jobs'>): ChangeSink {
  const endpointsOf = new WeakMap<Db, Promise<{ id: number; events: string[] }[]>>();
  // Read once per transaction, as it opens (decision 228): sent with the work's first statements.
  const activeEndpoints = (tx: Db, database?: Database) => {
    let read = endpointsOf.get(tx);
    if (!read) {
      read = inTransaction(tx, database, 'webhooks.activeEndpoints', activeEndpointsQuery, (query) => query.execute());
      // Looked at only if the transaction announces something; a failure is then the transaction's.
      read.catch(() => undefined);
      endpointsOf.set(tx, read);
    }
    return read;
  };
  const sink: ChangeSink = async (tx, change, data, send) => {
    const type = eventTypeOf(change);
    if (!type) return;
    const endpoints = (await activeEndpoints(tx)).filter((e) => e.events.includes(type));
    // Pruned as we go: every 100th event deletes those past the keep period.
    const inserted = tx.execute(sql`with "locked" as (select pg_advisory_xact_lock(8180018)),
        "event" as (insert into ${integrationEvents} ("uid", "type", "entity", "record_id", "data")
          select ${newEventUid()}, ${type}, ${change.entity}, ${change.id}, ${JSON.stringify(data)}::jsonb from "locked"
          returning "id"),
        "pruned" as (delete from ${integrationEvents}
          where ${integrationEvents.createdAt} < now() - ${KEEP} and (select "id" from "event") % 100 = 0)
        select "id" from "event"`).execute(); // started once: a query builder runs again on each `then`
    if (endpoints.length === 0) return send(inserted);
    const [event] = rowsOf<{ id: number | string }>(await inserted);
    await insertDeliveries(deps, tx, Number(event!.id), endpoints);
  };
  sink.opened = (tx, database) => void activeEndpoints(tx, database);
  return sink;
}

const activeEndpointsQuery = (db: Db) =>
  db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.active, true))
    .orderBy(asc(webhookEndpoints.id))
    .prepare('webhook_active_endpoints');

/** The endpoints an event goes to: every active one subscribed to its type, or the one named. */
async function endpointsFor(tx: Db, type: string, onlyEndpoint?: number): Promise<{ id: number }[]> {
  return tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      onlyEndpoint !== undefined
        ? eq(webhookEndpoints.id, onlyEndpoint)
        : and(eq(webhookEndpoints.active, true), sql`${type} = any(${webhookEndpoints.events})`),
    );
}

async function insertDeliveries(
  deps: Pick<AppDeps, 'jobs'>,
  tx: Db,
  eventId: number,
  endpoints: readonly { id: number }[],
) {
  if (endpoints.length === 0) return [];
  const rows = await tx
    .insert(webhookDeliveries)
    .values(endpoints.map((e) => ({ endpointId: e.id, eventId })))
    .returning({ id: webhookDeliveries.id });
  for (const row of rows) await deps.jobs.send(deliverWebhookJob, { deliveryId: row.id }, { tx });
  return rows;
}

/** Outbox rows for an event to every active endpoint that wants it (or to one endpoint), and their jobs. */
export async function enqueueDeliveries(
  deps: Pick<AppDeps, 'jobs'>,
  tx: Db,
  eventId: number,
  type: string,
  onlyEndpoint?: number,
) {
  return insertDeliveries(deps, tx, eventId, await endpointsFor(tx, type, onlyEndpoint));
}

export const EVENTS_PAGE_SIZE = 100;

/** GET /api/events/?since=<id>: the events after that id, oldest first, 100 at most (or `size`). */
/**
 * A page of the change feed. `mayHear`: which entities' events the caller's role may read; the others are
 * left out of `results` while `last_id` still moves past them, so paging is the same for every role.
 */
export async function listEvents(deps: Pick<AppDeps, 'database'>, since: number, size = EVENTS_PAGE_SIZE, mayHear: (entity: string) => boolean = () => true) {
  const rows = await deps.database.db
    .select()
    .from(integrationEvents)
    .where(and(gt(integrationEvents.id, since), ne(integrationEvents.type, 'webhook.test')))
    .orderBy(asc(integrationEvents.id))
    .limit(size + 1);
  const page = rows.slice(0, size);
  return {
    results: page.filter((e) => mayHear(e.type.split('.')[0]!)).map((e) => ({
      id: e.id,
      webhook_id: e.uid,
      type: e.type,
      created_at: e.createdAt.toISOString(),
      data: e.data,
    })),
    last_id: page.length ? page[page.length - 1]!.id : since,
    has_more: rows.length > size,
  };
}
