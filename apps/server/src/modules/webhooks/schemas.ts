import { z } from 'zod';
import { EVENT_TYPES } from '@icehouse/domain';
import { idField } from '../../operations/input';
import { listInt, listPageSize } from '../../operations/list-input';
import { successAnswer } from '../../operations/answers';

/** The events integrators hear about (webhooks and GET /api/events/): the domain's list, shared with the web. */
export { EVENT_TYPES };

export const eventsInput = z.object({ since: listInt(0, Number.MAX_SAFE_INTEGER), page_size: listPageSize() }).nullish();
export const eventAnswer = z.object({
  id: z.number().int().describe('Event id: pass the last one you processed as ?since='),
  webhook_id: z.string().describe('The webhook-id header of the same event (the same on every delivery)'),
  type: z.string().describe(`One of ${EVENT_TYPES.join(', ')}`),
  created_at: z.string(),
  data: z.unknown().describe("The record's REST representation ({id} for a deletion)"),
});
export const eventsAnswer = z.object({
  results: z.array(eventAnswer),
  last_id: z.number().int().describe('The id to pass as ?since= next time'),
  has_more: z.boolean(),
});

const eventTypes = z
  .array(z.enum(EVENT_TYPES, { error: 'Select valid events.' }))
  .min(1, 'Select at least one event.');
export const webhookCreateInput = z.object({
  url: z.string().trim().min(1, 'Enter a valid URL.').max(2000),
  events: eventTypes,
  active: z.boolean().default(true),
});
export const webhookUpdateInput = z.object({
  id: idField,
  data: z.object({
    url: z.string().trim().min(1).max(2000).optional(),
    events: eventTypes.optional(),
    active: z.boolean().optional(),
  }),
});
export const webhookIdInput = z.object({ id: idField });
export const webhookAnswer = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  created_at: z.string(),
  previous_secret_expires_at: z
    .string()
    .nullable()
    .describe('After a rotation: until when deliveries are also signed with the previous secret'),
});
const secretField = z.string().describe('Signing secret (Standard Webhooks, whsec_...)');
/** Creation answers the secret, once; after that only Reveal secret and Rotate secret (session users) do. */
export const webhookCreatedAnswer = webhookAnswer.extend({ secret: secretField });
export const webhookSecretAnswer = z.object({
  secret: secretField,
  previous_secret_expires_at: z.string().nullable(),
});
export const deliveryAnswer = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  webhook_id: z.string(),
  type: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  last_duration_ms: z.number().int().nullable(),
  last_response: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  attempt_log: z
    .array(
      z.object({
        attempt: z.number().int(),
        at: z.string(),
        status: z.number().int().nullable(),
        duration_ms: z.number().int(),
        response: z.string().describe('The first 500 characters of the answer'),
        error: z.string().nullable(),
      }),
    )
    .describe('Every attempt of this delivery, oldest first (the last_* fields repeat the last one)'),
});
export const webhookListAnswer = z.array(webhookAnswer);
export const deliveryListAnswer = z.array(deliveryAnswer);
/** A delivery queued (redeliver, test event). */
export const deliveryQueuedAnswer = z.object({ delivery_id: z.number().int() });

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const webhooksAnswers = {
  'webhooks.events': eventsAnswer,
  'webhooks.list': webhookListAnswer,
  'webhooks.create': webhookCreatedAnswer,
  'webhooks.revealSecret': webhookSecretAnswer,
  'webhooks.rotateSecret': webhookSecretAnswer,
  'webhooks.update': webhookAnswer,
  'webhooks.delete': successAnswer,
  'webhooks.deliveries': deliveryListAnswer,
  'webhooks.redeliver': deliveryQueuedAnswer,
  'webhooks.test': deliveryQueuedAnswer,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const webhooksRestAnswers = {
  'GET /api/events/': webhooksAnswers['webhooks.events'],
  'GET /api/webhooks/': webhooksAnswers['webhooks.list'],
  'POST /api/webhooks/': webhooksAnswers['webhooks.create'],
  'PATCH /api/webhooks/{id}/': webhooksAnswers['webhooks.update'],
  'DELETE /api/webhooks/{id}/': webhooksAnswers['webhooks.delete'],
  'POST /api/webhooks/{id}/reveal-secret/': webhooksAnswers['webhooks.revealSecret'],
  'POST /api/webhooks/{id}/rotate-secret/': webhooksAnswers['webhooks.rotateSecret'],
  'GET /api/webhooks/{id}/deliveries/': webhooksAnswers['webhooks.deliveries'],
  'POST /api/webhooks/deliveries/{id}/redeliver/': webhooksAnswers['webhooks.redeliver'],
  'POST /api/webhooks/{id}/test/': webhooksAnswers['webhooks.test'],
};
