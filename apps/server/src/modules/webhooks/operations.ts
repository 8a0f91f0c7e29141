import type { ChangeEntity } from '@icehouse/domain';
import { mayRead } from '../../changes/live';
import { defineOperation, operationSet } from '../../operations/define';
import { successAnswer } from '../../operations/answers';
import {
  deliveryListAnswer,
  deliveryQueuedAnswer,
  eventsAnswer,
  eventsInput,
  webhookAnswer,
  webhookCreatedAnswer,
  webhookListAnswer,
  webhookSecretAnswer,
  webhookCreateInput,
  webhookIdInput,
  webhookUpdateInput,
} from './schemas';
import { EVENT_KEEP_DAYS, EVENT_TYPES, listEvents } from './events';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  revealWebhookSecret,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from './webhooks';

const TAG = 'Integrations';
const SIGNATURE_DOC =
  'Each delivery is a POST with a JSON body {type, timestamp, data} and the Standard Webhooks headers webhook-id (the event, ' +
  'the same on every retry), webhook-timestamp (Unix seconds) and webhook-signature: "v1,<base64 HMAC-SHA256 of ' +
  '`${webhook-id}.${webhook-timestamp}.${body}`>" keyed with the base64-decoded part of the secret after "whsec_". ' +
  'Any 2xx within 10 s is success; otherwise tried again 30 s after the attempt, then after 1 min, 2 min, 4 min, ... (doubling, no jitter) while within 24 h of the event, then failed. ' +
  'Events of one record are delivered in order. Redirects are not followed.';

export const webhooksOperations = operationSet('webhooks', {
  events: defineOperation({
    kind: 'query',
    access: 'work',
    input: eventsInput,
    output: eventsAnswer,
    run: ({ deps, user, input }) =>
      listEvents(deps, input?.since ?? 0, input?.page_size ?? undefined, (entity) => mayRead(user, entity as ChangeEntity)),
    rest: {
      method: 'GET',
      path: '/api/events/',
      summary:
        `Every change integrators hear about (${EVENT_TYPES.join(', ')}), oldest first, 100 at a time (page_size: 1 to 100) after ?since=<event id> ` +
        `(0 or absent: from the oldest kept). Each event carries the record's REST representation ({id} for a deletion). Kept ${EVENT_KEEP_DAYS} days. ` +
        'Call again with since=last_id while has_more. A role hears only the records it may read (the shop: orders and bills of lading, without money).',
      tag: TAG,
      query: true,
    },
  }),
  list: defineOperation({
    kind: 'query',
    access: 'admin',
    output: webhookListAnswer,
    run: ({ deps }) => listWebhooks(deps),
    rest: { method: 'GET', path: '/api/webhooks/', summary: 'Webhook endpoints (superusers)', tag: TAG },
  }),
  create: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: webhookCreateInput,
    output: webhookCreatedAnswer,
    run: ({ deps, input }) => createWebhook(deps, input),
    rest: {
      method: 'POST',
      path: '/api/webhooks/',
      summary: `Register an endpoint {url, events, active}; the answer carries its generated signing secret, shown this once (later: reveal-secret, signed-in users only). ${SIGNATURE_DOC} Loopback, link-local and private targets are refused (400 {url}), also after DNS resolution.`,
      tag: TAG,
      body: true,
      successStatus: 201,
    },
  }),
  update: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: webhookUpdateInput,
    output: webhookAnswer,
    run: ({ deps, input }) => updateWebhook(deps, input),
    rest: {
      method: 'PATCH',
      path: '/api/webhooks/{id}/',
      summary: 'Change an endpoint (url, events, active)',
      tag: TAG,
      body: 'data',
    },
  }),
  revealSecret: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: webhookIdInput,
    output: webhookSecretAnswer,
    run: ({ deps, input }) => revealWebhookSecret(deps, input.id),
    rest: {
      method: 'POST',
      path: '/api/webhooks/{id}/reveal-secret/',
      summary:
        "The endpoint's signing secret. A signed-in superuser only (session and CSRF token): API tokens are refused, and no list or GET answers a secret.",
      tag: TAG,
      tokens: false,
      idempotency: false,
    },
  }),
  rotateSecret: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: webhookIdInput,
    output: webhookSecretAnswer,
    run: ({ deps, input }) => rotateWebhookSecret(deps, input.id),
    rest: {
      method: 'POST',
      path: '/api/webhooks/{id}/rotate-secret/',
      summary:
        'A new signing secret (answered). For 24 hours the previous secret still signs too: webhook-signature carries both signatures, space-separated, ' +
        'and a receiver accepts either (Standard Webhooks). A signed-in superuser only: API tokens are refused.',
      tag: TAG,
      tokens: false,
      idempotency: false,
    },
  }),
  delete: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: webhookIdInput,
    output: successAnswer,
    run: async ({ deps, input }) => {
      await deleteWebhook(deps, input.id);
      return { success: true as const };
    },
    rest: {
      method: 'DELETE',
      path: '/api/webhooks/{id}/',
      summary: 'Remove an endpoint and its delivery log',
      tag: TAG,
      successStatus: 204,
    },
  }),
  deliveries: defineOperation({
    kind: 'query',
    access: 'admin',
    input: webhookIdInput,
    output: deliveryListAnswer,
    run: ({ deps, input }) => listDeliveries(deps, input.id),
    rest: {
      method: 'GET',
      path: '/api/webhooks/{id}/deliveries/',
      summary:
        'The delivery log of an endpoint, newest first (event, attempts, status code, duration, response excerpt)',
      tag: TAG,
    },
  }),
  redeliver: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: webhookIdInput,
    output: deliveryQueuedAnswer,
    run: ({ deps, input }) => redeliver(deps, input.id),
    rest: {
      method: 'POST',
      path: '/api/webhooks/deliveries/{id}/redeliver/',
      summary: 'Send the event of this delivery again (same webhook-id) as a new delivery',
      tag: TAG,
      successStatus: 202,
    },
  }),
  test: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: webhookIdInput,
    output: deliveryQueuedAnswer,
    run: ({ deps, input }) => sendTestEvent(deps, input.id),
    rest: {
      method: 'POST',
      path: '/api/webhooks/{id}/test/',
      summary: 'Send a webhook.test event to this endpoint',
      tag: TAG,
      successStatus: 202,
    },
  }),
});
