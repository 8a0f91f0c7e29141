import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '@icehouse/db/client';
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
 * Every write of the app waits for that lock, so it is taken last, in the one statement that reads the
 * endpoints and inserts the event (one round trip): held, it covers the inserts and the rest of the
 * transaction only. The lock is taken as the statement's row source is read, before the identity gives
 * the event its id.
 */
export function webhooksSink(deps: Pick<AppDeps, 'jobs'>): ChangeSink {
  return async (tx, change, data) => {
    const type = eventTypeOf(change);
    if (!type) return;
    const [event] = rowsOf<{ id: number | string; endpoints: number[] | null }>(
      await tx.execute(sql`with "endpoints" as (
          select coalesce(array_agg(${webhookEndpoints.id} order by ${webhookEndpoints.id}), '{}') as "ids"
          from ${webhookEndpoints} where ${webhookEndpoints.active} and ${type} = any(${webhookEndpoints.events})),
        "locked" as (select pg_advisory_xact_lock(8180018))
        insert into ${integrationEvents} ("uid", "type", "entity", "record_id", "data")
        select ${newEventUid()}, ${type}, ${change.entity}, ${change.id}, ${JSON.stringify(data)}::jsonb from "locked"
        returning "id", (select "ids" from "endpoints") as "endpoints"`),
    );
    const eventId = Number(event!.id);
    // Pruned as we go: every 100th event deletes those past the keep period.
    if (eventId % 100 === 0) await tx.delete(integrationEvents).where(lt(integrationEvents.createdAt, sql`now() - ${KEEP}`));
    await insertDeliveries(deps, tx, eventId, (event!.endpoints ?? []).map((id) => ({ id: Number(id) })));
  };
}

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
export async function listEvents(deps: Pick<AppDeps, 'database'>, since: number, size = EVENTS_PAGE_SIZE) {
  const rows = await deps.database.db
    .select()
    .from(integrationEvents)
    .where(and(gt(integrationEvents.id, since), ne(integrationEvents.type, 'webhook.test')))
    .orderBy(asc(integrationEvents.id))
    .limit(size + 1);
  const page = rows.slice(0, size);
  return {
    results: page.map((e) => ({
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
