import http from 'node:http';
import https from 'node:https';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { integrationEvents, webhookDeliveries, webhookEndpoints } from '@icehouse/db/schema';
import { guardedLookup, targetProblem } from './target';
import { signWebhook } from './signature';
import type { AppDeps, WebhookSettings } from '../../deps';

/** Deliveries are retried with exponential backoff (30 s, 1 min, 2 min ... ) until 24 h after the event, then failed. */
export const DELIVERY_GIVE_UP_HOURS = 24;
const RESPONSE_EXCERPT = 500;

export type { WebhookSettings } from '../../deps';

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
 * Sends one outbox row (decision 103). At least once: a crash after the POST and before the row is
 * marked sends it again with the same `webhook-id`, which receivers use to drop duplicates. Per record,
 * events go out in order: while an earlier event of the same record to the same endpoint is pending,
 * this one waits (the attempt fails and is retried).
 */
export async function deliverWebhook(
  deps: Pick<AppDeps, 'database' | 'webhooks'>,
  data: { deliveryId: number },
): Promise<void> {
  const db = deps.database.db;
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: integrationEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(integrationEvents, eq(integrationEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, data.deliveryId));
  if (!row || row.delivery.state !== 'pending') return;
  const { delivery, endpoint, event } = row;
  const fail = (why: string) =>
    db
      .update(webhookDeliveries)
      .set({ state: 'failed', lastError: why, lastAttemptAt: new Date() })
      .where(eq(webhookDeliveries.id, delivery.id));
  if (Date.now() - delivery.createdAt.getTime() > DELIVERY_GIVE_UP_HOURS * 3_600_000)
    return void (await fail(`No success within ${DELIVERY_GIVE_UP_HOURS} hours`));
  const problem = targetProblem(endpoint.url, deps.webhooks.allowPrivateTargets);
  if (problem) return void (await fail(problem));
  const [earlier] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(integrationEvents, eq(integrationEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpoint.id),
        eq(webhookDeliveries.state, 'pending'),
        lt(webhookDeliveries.eventId, event.id),
        ne(webhookDeliveries.id, delivery.id),
        eq(integrationEvents.entity, event.entity),
        eq(integrationEvents.recordId, event.recordId),
      ),
    )
    .limit(1);
  if (earlier) throw new Error(`Waiting for delivery ${earlier.id}: an earlier event of the same record`);

  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    type: event.type,
    timestamp: new Date(timestamp * 1000).toISOString(),
    data: event.data,
  });
  const headers = {
    'webhook-id': event.uid,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(endpoint.secret, event.uid, timestamp, body),
  };
  const attempt = await postWebhook(endpoint.url, headers, body, deps.webhooks);
  const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
  await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatus: attempt.status,
      lastDurationMs: attempt.durationMs,
      lastResponse: attempt.body,
      lastError: attempt.error ?? (ok ? null : `HTTP ${attempt.status}`),
      lastAttemptAt: new Date(),
      ...(ok ? { state: 'delivered' as const, deliveredAt: new Date() } : {}),
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  if (!ok) throw new Error(attempt.error ?? `The endpoint answered ${attempt.status}`);
}
