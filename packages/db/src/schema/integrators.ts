import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { bytea, inList, timestamptz } from './_columns';
import { users } from './auth';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '@icehouse/domain';

/**
 * Personal API tokens (decision 100). Only the SHA-256 of the key is kept (`key_hash`), with its first
 * characters (`key_prefix`) to tell tokens apart on screen. The rate-limit window (`rate_window_start`,
 * `rate_count`) is counted in the same statement that authenticates a request, so every app instance
 * counts together.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').$type<ApiTokenScope>().notNull(),
    keyPrefix: text('key_prefix').notNull(),
    keyHash: text('key_hash').notNull().unique('api_tokens_key_hash_key'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at'),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
    rateWindowStart: timestamptz('rate_window_start').notNull().defaultNow(),
    rateCount: integer('rate_count').notNull().default(0),
  },
  (t) => [
    index('api_tokens_user_id_idx').on(t.userId),
    check('api_tokens_scope_check', inList(t.scope, API_TOKEN_SCOPES)),
  ],
);

/**
 * Idempotency-Key records of the REST layer's POSTs (decision 101): per owner (`user:<id>` or
 * `token:<id>`) and key, the request's hash and, once done, the first answer (status, headers, bytes).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<'pending' | 'done'>().notNull().default('pending'),
    responseStatus: integer('response_status'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    responseBody: bytea('response_body'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_owner_key_pk', columns: [t.owner, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
    check('idempotency_keys_state_check', sql`${t.state} in ('pending', 'done')`),
  ],
);

/**
 * The event log (decision 102): one row per change of a record, written by the change feed's sink in
 * the change's transaction, with the record's REST representation. Read by GET /api/events/?since=<id>;
 * kept 30 days. `uid` is the Standard Webhooks `webhook-id` of the event (the same on every retry).
 */
export const integrationEvents = pgTable(
  'integration_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    uid: text('uid').notNull().unique('integration_events_uid_key'),
    type: text('type').notNull(),
    entity: text('entity').notNull(),
    recordId: integer('record_id').notNull(),
    data: jsonb('data').$type<unknown>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('integration_events_created_at_idx').on(t.createdAt)],
);

/** Webhook endpoints registered by superusers (decision 103). */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  secret: text('secret').notNull(),
  /** After a rotation: the secret before it, still signed with until `previousSecretExpiresAt` (decision 126). */
  previousSecret: text('previous_secret'),
  previousSecretExpiresAt: timestamptz('previous_secret_expires_at'),
  active: boolean('active').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** The webhook outbox: one row per event and endpoint, written with the event, sent by a job. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => integrationEvents.id, { onDelete: 'cascade' }),
    state: text('state').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastDurationMs: integer('last_duration_ms'),
    lastResponse: text('last_response'),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastAttemptAt: timestamptz('last_attempt_at'),
    deliveredAt: timestamptz('delivered_at'),
    /**
     * Waiting for an earlier event of the same record to the same endpoint, with no job of its own: the
     * earlier delivery's end sends its job (decision 125).
     */
    parked: boolean('parked').notNull().default(false),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_event_idx').on(t.eventId),
    index('webhook_deliveries_pending_idx').on(t.endpointId, t.eventId).where(sql`${t.state} = 'pending'`),
    check('webhook_deliveries_state_check', sql`${t.state} in ('pending', 'delivered', 'failed')`),
  ],
);

/** Every attempt of a delivery (the delivery row keeps the last one's figures too). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: timestamptz('at').notNull(),
    status: integer('status'),
    durationMs: integer('duration_ms').notNull(),
    response: text('response').notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);
