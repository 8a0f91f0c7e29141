import http from 'node:http';
import https from 'node:https';
import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '@icehouse/db/client';
import { integrationEvents, webhookAttempts, webhookDeliveries, webhookEndpoints } from '@icehouse/db/schema';
import type { AppDeps, WebhookSettings } from '../../deps';
import { guardedLookup, targetProblem } from './target';
import { signatureHeader } from './signature';

/**
 * A failed attempt is tried again after 30 s, then 1 min, 2 min, ... (doubling, exactly: no jitter), as
 * long as that next attempt falls within 24 h of the delivery's creation; otherwise the delivery is failed.
 */
export const DELIVERY_GIVE_UP_HOURS = 24;
export const FIRST_RETRY_SECONDS = 30;
const RESPONSE_EXCERPT = 500;

/** Seconds from the end of failed attempt number `failedAttempts` (1, 2, ...) to the next one. */
export const deliveryRetryDelaySeconds = (failedAttempts: number, firstRetrySeconds = FIRST_RETRY_SECONDS) =>
  firstRetrySeconds * 2 ** Math.min(Math.max(failedAttempts - 1, 0), 16);


interface Attempt {
  status: number | null;
  body: string;
  error: string | null;
  durationMs: number;
}

/** One POST: no redirect is followed (a 3xx is a failed attempt), the target is checked at connect time. */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  settings: WebhookSettings,
): Promise<Attempt> {
  const started = Date.now();
  return new Promise((resolve) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'IceHouse-Webhooks/1',
        },
        lookup: guardedLookup(settings.allowPrivateTargets),
        timeout: settings.timeoutMs,
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < RESPONSE_EXCERPT) text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? null,
            body: text.slice(0, RESPONSE_EXCERPT),
            error: null,
            durationMs: Date.now() - started,
          }),
        );
        res.on('error', (e) =>
          resolve({
            status: res.statusCode ?? null,
            body: text,
            error: e.message,
            durationMs: Date.now() - started,
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${settings.timeoutMs} ms`)));
    req.on('error', (e) =>
      resolve({ status: null, body: '', error: e.message, durationMs: Date.now() - started }),
    );
    req.end(body);
  });
}

/**
 * Sends one outbox row (decisions 103, 125). At least once: a crash after the POST and before the row is
 * marked sends it again with the same `webhook-id`, which receivers use to drop duplicates.
 */
/**
 * How a delivery queues its own next run, in the transaction that decides it (the job lives in jobs.ts,
 * which calls deliverOnce: passing this in keeps the two files out of an import circle).
 */
type DeliveryDeps = Pick<AppDeps, 'database' | 'webhooks' | 'metrics'>;

export interface Requeue {
  send(tx: Db, deliveryId: number, startAfter?: Date): Promise<unknown>;
  /** Wakes this instance's idle worker (after the transaction that sent a job committed). */
  wake(): void;
}

type Delivery = typeof webhookDeliveries.$inferSelect;
type Endpoint = typeof webhookEndpoints.$inferSelect;
type Event = typeof integrationEvents.$inferSelect;

/**
 * Per record order (decision 125): a delivery and its end are serialised with the other deliveries of the
 * same record to the same endpoint by this transaction lock, so a delivery that parks behind an earlier one
 * and that earlier one's end (which sends the parked one's job) cannot miss each other.
 */
async function lockRecordQueue(tx: Db, endpointId: number, entity: string, recordId: number) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${endpointId}, hashtext(${entity} || ':' || ${String(recordId)}))`,
  );
}

const earlierPending = (tx: Db, delivery: Delivery, event: Event) =>
  tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(integrationEvents, eq(integrationEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, delivery.endpointId),
        eq(webhookDeliveries.state, 'pending'),
        lt(webhookDeliveries.eventId, event.id),
        ne(webhookDeliveries.id, delivery.id),
        eq(integrationEvents.entity, event.entity),
        eq(integrationEvents.recordId, event.recordId),
      ),
    )
    .limit(1);

/**
 * A delivery's end (delivered or failed), in `tx` under the record's lock: the next pending delivery of
 * the same record to the same endpoint, when it is parked, gets its job now. True when one was sent.
 */
async function endDelivery(
  requeue: Requeue,
  tx: Db,
  delivery: Delivery,
  event: Event,
  set: Partial<Delivery>,
): Promise<boolean> {
  await tx.update(webhookDeliveries).set(set).where(eq(webhookDeliveries.id, delivery.id));
  const [next] = await tx
    .select({ id: webhookDeliveries.id, parked: webhookDeliveries.parked })
    .from(webhookDeliveries)
    .innerJoin(integrationEvents, eq(integrationEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, delivery.endpointId),
        eq(webhookDeliveries.state, 'pending'),
        eq(integrationEvents.entity, event.entity),
        eq(integrationEvents.recordId, event.recordId),
      ),
    )
    .orderBy(asc(webhookDeliveries.eventId), asc(webhookDeliveries.id))
    .limit(1);
  if (!next?.parked) return false;
  await tx.update(webhookDeliveries).set({ parked: false }).where(eq(webhookDeliveries.id, next.id));
  await requeue.send(tx, next.id);
  return true;
}

/** Runs `work` in a transaction holding the record's lock; wakes this instance's worker when a parked delivery was released. */
async function underRecordLock(
  deps: DeliveryDeps,
  requeue: Requeue,
  delivery: Delivery,
  event: Event,
  work: (tx: Db) => Promise<boolean>,
): Promise<void> {
  const released = await deps.database.db.transaction(async (tx) => {
    await lockRecordQueue(tx, delivery.endpointId, event.entity, event.recordId);
    return work(tx);
  });
  if (released) requeue.wake();
}

/**
 * One attempt of a delivery. While an earlier event of the same record is pending for the endpoint, the
 * delivery parks instead (no attempt, no backoff): that earlier delivery's end sends this one's job, so
 * ordering costs no more than the earlier delivery's own time. Each attempt is logged (webhook_attempts);
 * a failed one schedules the next (deliveryRetryDelaySeconds) or, past the 24 h, fails the delivery.
 */
export async function deliverOnce(deps: DeliveryDeps, deliveryId: number, requeue: Requeue): Promise<void> {
  const db = deps.database.db;
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: integrationEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(integrationEvents, eq(integrationEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row || row.delivery.state !== 'pending') return;
  const { delivery, endpoint, event } = row;
  const fail = (why: string) =>
    underRecordLock(deps, requeue, delivery, event, (tx) =>
      endDelivery(requeue, tx, delivery, event, { state: 'failed', lastError: why, lastAttemptAt: new Date() }),
    );
  if (Date.now() - delivery.createdAt.getTime() > DELIVERY_GIVE_UP_HOURS * 3_600_000)
    return fail(`No success within ${DELIVERY_GIVE_UP_HOURS} hours`);
  const problem = targetProblem(endpoint.url, deps.webhooks.allowPrivateTargets);
  if (problem) return fail(problem);

  // Most deliveries have nothing before them: one read, no lock. One that has parks under the record's lock,
  // after looking again there (the earlier one may have ended meanwhile).
  if ((await earlierPending(db, delivery, event)).length > 0) {
    let waiting = false;
    await underRecordLock(deps, requeue, delivery, event, async (tx) => {
      waiting = (await earlierPending(tx, delivery, event)).length > 0;
      if (waiting)
        await tx.update(webhookDeliveries).set({ parked: true }).where(eq(webhookDeliveries.id, delivery.id));
      return false;
    });
    if (waiting) return;
  }

  const attempt = await attemptDelivery(deps, endpoint, event);
  const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
  deps.metrics.webhookAttempt(ok ? 'delivered' : 'failed', (Date.now() - delivery.createdAt.getTime()) / 1000);
  const at = new Date(Date.now() - attempt.durationMs);
  const number = delivery.attempts + 1;
  const error = attempt.error ?? (ok ? null : `HTTP ${attempt.status}`);
  const nextAt = new Date(
    Date.now() + deliveryRetryDelaySeconds(number, deps.webhooks.firstRetrySeconds) * 1000,
  );
  const giveUp = nextAt.getTime() - delivery.createdAt.getTime() > DELIVERY_GIVE_UP_HOURS * 3_600_000;
  await underRecordLock(deps, requeue, delivery, event, async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      attempt: number,
      at,
      status: attempt.status,
      durationMs: attempt.durationMs,
      response: attempt.body,
      error,
    });
    const last = {
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatus: attempt.status,
      lastDurationMs: attempt.durationMs,
      lastResponse: attempt.body,
      lastError: error,
      lastAttemptAt: at,
    } as unknown as Partial<Delivery>;
    if (ok)
      return endDelivery(requeue, tx, delivery, event, { ...last, state: 'delivered', deliveredAt: new Date() });
    if (giveUp)
      return endDelivery(requeue, tx, delivery, event, {
        ...last,
        state: 'failed',
        lastError: `${error}; no success within ${DELIVERY_GIVE_UP_HOURS} hours`,
      });
    await tx.update(webhookDeliveries).set(last).where(eq(webhookDeliveries.id, delivery.id));
    await requeue.send(tx, delivery.id, nextAt);
    return false;
  });
}

/** The signed POST of an event to an endpoint (every secret still valid signs: decision 126). */
function attemptDelivery(deps: DeliveryDeps, endpoint: Endpoint, event: Event): Promise<Attempt> {
  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    type: event.type,
    timestamp: new Date(timestamp * 1000).toISOString(),
    data: event.data,
  });
  const headers = {
    'webhook-id': event.uid,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(endpoint, event.uid, timestamp, body),
  };
  return postWebhook(endpoint.url, headers, body, deps.webhooks);
}
