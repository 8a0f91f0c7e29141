import { z } from 'zod';
import { APP_VERSION } from '../modules/system/service';
import type { RestRoute } from './route';
import { EVENT_TYPES } from '../modules/integrations/events';
import { orderAnswer } from '../modules/orders/schemas';
import { invoiceAnswer } from '../modules/invoices/schemas';
import { paymentRecordedAnswer } from '../modules/payments/schemas';
import { customerAnswer } from '../modules/customers/schemas';

type JsonSchema = Record<string, unknown>;

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const json = toJsonSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, propertySchema]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: propertySchema,
  }));
}

const IDEMPOTENCY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Up to 255 visible ASCII characters, unique per attempt of one operation (a UUID). A retry with the same key and body ' +
    'within 24 h answers the first 2xx answer again (status, headers, body; Idempotent-Replayed: true) without doing the ' +
    'work twice; the same key with another body is 422; while the first request is at work, 409 after waiting up to 10 s. ' +
    'Keys are per user session or per API token. Refusals (4xx) are not kept: fix the body and retry with the same key.',
  schema: { type: 'string', maxLength: 255 },
};

const ACCESS_TEXT = {
  public: 'No session needed.',
  user: 'Needs a signed-in session.',
  superuser: 'Needs a signed-in superuser.',
} as const;

const BOL_DATA = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  bill_of_lading_number: z.string(),
  date: z.string(),
  free_on_board: z.string(),
});
const DELETED_DATA = z.object({ id: z.number().int() });

/** OpenAPI 3.1 `webhooks`: every event's body as receivers get it (and as GET /api/events/ lists it in `data`). */
function webhookDocs(): Record<string, unknown> {
  const dataOf = (type: string) =>
    type.endsWith('.deleted')
      ? DELETED_DATA
      : type.startsWith('order.')
        ? orderAnswer
        : type.startsWith('invoice.')
          ? invoiceAnswer
          : type.startsWith('payment.')
            ? paymentRecordedAnswer
            : type.startsWith('customer.')
              ? customerAnswer
              : BOL_DATA;
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: `${type}: the record's REST representation after the change${type.endsWith('.deleted') ? ' ({id} once deleted)' : ''}`,
          description:
            'Headers: webhook-id (the event; the same on every retry and redelivery: drop duplicates by it), webhook-timestamp (Unix seconds), ' +
            'webhook-signature: v1,<base64 HMAC-SHA256(base64-decoded secret after whsec_, `${webhook-id}.${webhook-timestamp}.${raw body}`)> ' +
            '(for 24 h after a secret rotation two of them, space-separated: accept the delivery when any one matches). ' +
            'Answer 2xx within 10 s; anything else is tried again 30 s after the attempt, then after 1 min, 2 min, 4 min, ... (doubling, no jitter) ' +
            'while within 24 h of the event. Events of one record arrive in order.',
          requestBody: {
            content: {
              'application/json': {
                schema: toJsonSchema(
                  z.object({ type: z.literal(type), timestamp: z.string(), data: dataOf(type) }),
                  'output',
                ),
              },
            },
          },
          responses: { 200: { description: 'Received (any 2xx)' } },
        },
      },
    ]),
  );
}

/** The OpenAPI 3.1 document of every registered REST route, built from the routes' own zod schemas. */
export function buildOpenApiDocument(routes: RestRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const operation: Record<string, unknown> = {
      summary: route.summary,
      description: ACCESS_TEXT[route.access],
      tags: [route.tag],
      parameters: [
        ...parametersOf(route.params, 'path'),
        ...parametersOf(route.query, 'query'),
        ...(route.idempotent ? [IDEMPOTENCY_PARAMETER] : []),
      ],
      // Issue 18: the session cookie, or (where the route takes one) an API token.
      ...(route.access !== 'public'
        ? { security: route.tokens ? [{ session: [] }, { token: [] }] : [{ session: [] }] }
        : {}),
      responses: {
        [String(route.successStatus ?? 200)]: route.produces
          ? {
              description: 'Success',
              content: { [route.produces]: { schema: { type: 'string', format: 'binary' } } },
            }
          : {
              description: 'Success',
              ...(route.response
                ? { content: { 'application/json': { schema: toJsonSchema(route.response, 'output') } } }
                : {}),
            },
        ...(route.body || route.params || route.query
          ? { 400: { description: 'Invalid input: field -> messages' } }
          : {}),
        ...(route.access !== 'public'
          ? { 401: { description: 'No session, or a wrong, revoked or expired token ({detail})' } }
          : {}),
        ...(route.tokens
          ? { 429: { description: 'Over the token rate limit: wait Retry-After seconds' } }
          : {}),
        ...(route.idempotent
          ? {
              409: { description: 'Conflict; or a request with this Idempotency-Key is still at work' },
              422: { description: 'Idempotency-Key reused with another request' },
            }
          : {}),
        ...(route.access === 'superuser' ? { 403: { description: 'Not a superuser' } } : {}),
      },
    };
    if (route.body) {
      const content: Record<string, unknown> = {};
      for (const type of route.consumes ?? ['application/json']) {
        content[type] = { schema: toJsonSchema(route.body, 'input') };
      }
      operation.requestBody = { required: true, content };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ice House Order Manager API',
      version: APP_VERSION,
      description:
        'REST compatibility layer for integrators. Sessions use the `sessionid` cookie; every non-GET call must send the CSRF token from GET /api/auth/csrf/ in the X-CSRFToken header. ' +
        'Scripts use a personal API token instead (made on the API tokens screen): `Authorization: Token <key>`, no cookie, no CSRF token; ' +
        'scope read allows GET only. Incremental sync: updated_since / ordering=updated_at on /api/orders/ and /api/invoices/, deletions and ' +
        'every other change in GET /api/events/?since=<id>; webhooks (superusers, /api/webhooks/) push the same events, signed. See docs/integrators.md.',
    },
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sessionid',
          description: 'Signed-in session; non-GET calls also need X-CSRFToken.',
        },
        token: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            'API token: `Token <key>` (Django REST Framework TokenAuthentication). 401 {detail} when wrong, revoked or expired; 429 with Retry-After over the per-token rate limit.',
        },
      },
    },
    paths,
    webhooks: webhookDocs(),
  };
}
