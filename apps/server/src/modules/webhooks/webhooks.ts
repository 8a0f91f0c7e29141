import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { integrationEvents, webhookAttempts, webhookDeliveries, webhookEndpoints } from '@icehouse/db/schema';
import { AppError } from '../../errors';
import type { AppDeps } from '../../deps';
import { enqueueDeliveries, newEventUid } from './events';
import { deliverWebhookJob } from './jobs';
import { SECRET_GRACE_HOURS, newWebhookSecret } from './signature';
import { targetProblem } from './target';
import type {
  deliveryAnswer,
  webhookAnswer,
  webhookCreatedAnswer,
  webhookCreateInput,
  webhookSecretAnswer,
  webhookUpdateInput,
} from './schemas';

type WebhookView = z.output<typeof webhookAnswer>;
type Row = typeof webhookEndpoints.$inferSelect;
const viewOf = (r: Row): WebhookView => ({
  id: r.id,
  url: r.url,
  events: r.events,
  active: r.active,
  created_at: r.createdAt.toISOString(),
  previous_secret_expires_at: previousSecretExpiry(r),
});
/** The previous secret's end of grace, while it still signs; null otherwise. */
const previousSecretExpiry = (r: Row) =>
  r.previousSecret && r.previousSecretExpiresAt && r.previousSecretExpiresAt > new Date()
    ? r.previousSecretExpiresAt.toISOString()
    : null;
const notFound = () => AppError.notFound('No such webhook.');

function checkUrl(deps: AppDeps, url: string) {
  const problem = targetProblem(url, deps.webhooks.allowPrivateTargets);
  if (problem) throw AppError.validation({ url: [problem] }, problem);
}

export async function listWebhooks(deps: AppDeps): Promise<WebhookView[]> {
  return (await deps.database.db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id)).map(viewOf);
}

export async function createWebhook(
  deps: AppDeps,
  input: z.output<typeof webhookCreateInput>,
): Promise<z.output<typeof webhookCreatedAnswer>> {
  checkUrl(deps, input.url);
  const [row] = await deps.database.db
    .insert(webhookEndpoints)
    .values({ url: input.url, events: input.events, active: input.active, secret: newWebhookSecret() })
    .returning();
  return { ...viewOf(row!), secret: row!.secret };
}

type SecretView = z.output<typeof webhookSecretAnswer>;

/** Reveal secret: the current signing secret (decision 126: session users only, never an API token). */
export async function revealWebhookSecret(deps: AppDeps, id: number): Promise<SecretView> {
  const [row] = await deps.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound();
  return { secret: row.secret, previous_secret_expires_at: previousSecretExpiry(row) };
}

/**
 * Rotate secret: a new secret signs from now on; the one it replaces still signs too (a second signature in
 * `webhook-signature`) for SECRET_GRACE_HOURS, so receivers can switch without missing a delivery. A second
 * rotation within that time drops the oldest secret at once.
 */
export async function rotateWebhookSecret(deps: AppDeps, id: number): Promise<SecretView> {
  const [row] = await deps.database.db
    .update(webhookEndpoints)
    .set({
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretExpiresAt: new Date(Date.now() + SECRET_GRACE_HOURS * 3_600_000),
      secret: newWebhookSecret(),
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  if (!row) throw notFound();
  return { secret: row.secret, previous_secret_expires_at: previousSecretExpiry(row) };
}

export async function updateWebhook(
  deps: AppDeps,
  input: z.output<typeof webhookUpdateInput>,
): Promise<WebhookView> {
  if (input.data.url !== undefined) checkUrl(deps, input.data.url);
  const db = deps.database.db;
  // A PATCH that changes nothing answers the endpoint as it is (an UPDATE needs something to set).
  const [row] =
    Object.keys(input.data).length === 0
      ? await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, input.id))
      : await db
          .update(webhookEndpoints)
          .set(input.data)
          .where(eq(webhookEndpoints.id, input.id))
          .returning();
  if (!row) throw notFound();
  return viewOf(row);
}

export async function deleteWebhook(deps: AppDeps, id: number): Promise<void> {
  const gone = await deps.database.db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  if (gone.length === 0) throw notFound();
}

/** The endpoint's delivery log, newest first (the last 100). */
export async function listDeliveries(
  deps: AppDeps,
  endpointId: number,
): Promise<z.output<typeof deliveryAnswer>[]> {
  const rows = await deps.database.db
    .select({ d: webhookDeliveries, e: integrationEvents })
    .from(webhookDeliveries)
    .innerJoin(integrationEvents, eq(integrationEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(100);
  const attempts = rows.length
    ? await deps.database.db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            rows.map((r) => r.d.id),
          ),
        )
        .orderBy(asc(webhookAttempts.deliveryId), asc(webhookAttempts.attempt), asc(webhookAttempts.id))
    : [];
  return rows.map(({ d, e }) => ({
    id: d.id,
    event_id: e.id,
    webhook_id: e.uid,
    type: e.type,
    state: d.state,
    attempts: d.attempts,
    last_status: d.lastStatus,
    last_duration_ms: d.lastDurationMs,
    last_response: d.lastResponse,
    last_error: d.lastError,
    created_at: d.createdAt.toISOString(),
    last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
    attempt_log: attempts
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({
        attempt: a.attempt,
        at: a.at.toISOString(),
        status: a.status,
        duration_ms: a.durationMs,
        response: a.response,
        error: a.error,
      })),
  }));
}

/** Redeliver: a new delivery of the same event (same webhook-id) to the same endpoint. */
export async function redeliver(deps: AppDeps, deliveryId: number): Promise<{ delivery_id: number }> {
  const db = deps.database.db;
  const [old] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  if (!old) throw AppError.notFound('No such delivery.');
  const [event] = await db.select().from(integrationEvents).where(eq(integrationEvents.id, old.eventId));
  const rows = await db.transaction((tx) =>
    enqueueDeliveries(deps, tx, old.eventId, event!.type, old.endpointId),
  );
  deps.jobs.wake(deliverWebhookJob);
  return { delivery_id: rows[0]!.id };
}

/** Send test event: a `webhook.test` event to this endpoint only (not in the event log's types). */
export async function sendTestEvent(deps: AppDeps, endpointId: number): Promise<{ delivery_id: number }> {
  const db = deps.database.db;
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId));
  if (!endpoint) throw notFound();
  const rows = await db.transaction(async (tx) => {
    const [event] = await tx
      .insert(integrationEvents)
      .values({
        uid: newEventUid(),
        type: 'webhook.test',
        entity: 'webhook',
        recordId: endpointId,
        data: { message: 'A test event from Ice House Order Manager.' },
      })
      .returning({ id: integrationEvents.id });
    return enqueueDeliveries(deps, tx, event!.id, 'webhook.test', endpointId);
  });
  deps.jobs.wake(deliverWebhookJob);
  return { delivery_id: rows[0]!.id };
}
