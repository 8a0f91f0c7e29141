import { z } from 'zod';
import { ROLES, isMoneyField, rolesOf, seesMoney, type Role } from '@icehouse/domain';
import { APP_VERSION } from '../modules/system/service';
import type { RestRoute } from './route';
import { EVENT_TYPES } from '../modules/webhooks/events';
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
  const whole = toJsonSchema(schema, 'input');
  // An input that may be left out entirely (`.nullish()`: every parameter optional) is an anyOf of its object
  // and null: its parameters are the object's.
  const json =
    whole.properties === undefined && Array.isArray(whole.anyOf)
      ? ((whole.anyOf as JsonSchema[]).find((member) => member.properties !== undefined) ?? whole)
      : whole;
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

/**
 * Who may call a route, in words, beside its `security` (the session cookie and, where the route takes
 * one, an API token): reads take a token of either scope, writes a read_write one.
 */
function accessText(route: RestRoute): string {
  if (route.access === 'public') {
    if (!route.csrf) return 'No session, API token or CSRF token needed: the request header it documents authorises it.';
    return route.method === 'GET' ? 'No session or token needed.' : 'No session or token needed; send the CSRF token from GET /api/auth/csrf/ in X-CSRFToken.';
  }
  const who = `the roles ${rolesOf(route.access).join(', ')}`;
  const read = route.method === 'GET';
  const session = read ? 'a signed-in session' : 'a signed-in session (with X-CSRFToken)';
  if (!route.tokens) return `For ${who}: ${session} only; API tokens are refused here (403).`;
  const token = read ? 'an API token (read or read_write scope)' : 'an API token with the read_write scope';
  return `For ${who}: ${session} or ${token}, sent as Authorization: Token <key> or Bearer <key>.`;
}

/** Roles among this route's callers that receive no money fields. */
const withoutMoneyRoles = (route: RestRoute): Role[] => (route.access === 'public' ? [] : rolesOf(route.access).filter((role) => !seesMoney(role)));

function moneyNote(route: RestRoute): string {
  const roles = withoutMoneyRoles(route);
  return roles.length > 0 && !route.produces ? ` For the ${roles.join(', ')} role the answer has no money fields (absent, not zero).` : '';
}

/** The answer's schema as the roles without money receive it too: money fields optional and marked absent for them. */
function moneyAbsentFor(route: RestRoute, schema: Record<string, unknown>): Record<string, unknown> {
  const roles = withoutMoneyRoles(route);
  if (roles.length === 0) return schema;
  const note = `Absent for the ${roles.join(', ')} role.`;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) out[key] = walk(value);
    const properties = out.properties as Record<string, Record<string, unknown>> | undefined;
    if (properties && typeof properties === 'object') {
      for (const [name, property] of Object.entries(properties)) {
        if (isMoneyField(name)) properties[name] = { ...property, description: [property.description, note].filter(Boolean).join(' ') };
      }
      if (Array.isArray(out.required)) out.required = (out.required as string[]).filter((name) => !isMoneyField(name));
    }
    return out;
  };
  return walk(schema) as Record<string, unknown>;
}

/** Any write may meet another at the same moment: PostgreSQL then rolls it back (errors.ts, TRANSACTION_CONFLICT_MESSAGE). */
const TRANSACTION_CONFLICT = 'Someone else changed the same records at the same moment; nothing was saved: send the request again';

/** The refusals a route can answer, each with what it means for this route. */
function refusalsOf(route: RestRoute): Record<string, { description: string }> {
  const own = route.answers ?? {};
  const write = route.method !== 'GET';
  const pathId = /\{\w+\}/.test(route.path);
  const answers: Record<number, string> = {};
  if (route.body || route.params || route.query) answers[400] = 'Invalid input: field -> messages';
  if (route.access !== 'public') answers[401] = 'No session, or a wrong, revoked or expired token ({detail})';
  const forbidden = [
    ...(route.access !== 'public' && rolesOf(route.access).length < ROLES.length ? [`a role other than ${rolesOf(route.access).join(', ')}`] : []),
    ...(write && route.csrf ? ['no or a wrong X-CSRFToken (sessions)'] : []),
    ...(write && route.tokens ? ['a read-only token'] : []),
    ...(!route.tokens ? ['an API token (not accepted here)'] : []),
  ];
  if (forbidden.length > 0) answers[403] = `Refused: ${forbidden.join('; ')}`;
  const paged = parametersOf(route.query, 'query').some((p) => p.name === 'page');
  if (pathId || paged) answers[404] = [pathId ? 'No such record' : '', paged ? 'a page past the end' : ''].filter(Boolean).join('; or ') + ' ({detail})';
  if (write) {
    const conflicts = [own[409], TRANSACTION_CONFLICT, ...(route.idempotent ? ['a request with this Idempotency-Key is still at work'] : [])];
    answers[409] = `Conflict ({detail}): ${conflicts.filter(Boolean).join('; or ')}`;
  }
  if (route.body) answers[413] = 'The body (or the uploaded file) is too large';
  if (route.body) answers[415] = `Another content type than ${(route.consumes ?? ['application/json']).join(' or ')}`;
  if (route.idempotent) answers[422] = 'Idempotency-Key reused with another request';
  if (route.tokens) answers[429] = 'Over the token rate limit: wait Retry-After seconds (RateLimit-* headers say where a token stands)';
  for (const [status, description] of Object.entries(own)) {
    if (Number(status) !== 409 && description) answers[Number(status)] = description;
  }
  return Object.fromEntries(Object.entries(answers).map(([status, description]) => [status, { description }]));
}

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

/** Headers of every answer (X-Request-Id) and of every token answer (RateLimit-*), decision 131. */
const ANSWER_HEADERS = {
  'X-Request-Id': {
    description: 'The request id (yours when you sent a well-formed X-Request-Id): quote it when reporting a problem',
    schema: { type: 'string' },
  },
  'RateLimit-Limit': { description: 'Token answers: requests allowed per window (a minute)', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Token answers: requests left in this window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Token answers: seconds until the window ends', schema: { type: 'integer' } },
  'RateLimit-Policy': { description: 'Token answers: `<limit>;w=60`', schema: { type: 'string' } },
};
const headerRefs = (route: RestRoute) =>
  Object.fromEntries(
    Object.keys(ANSWER_HEADERS)
      .filter((name) => route.tokens || !name.startsWith('RateLimit'))
      .map((name) => [name, { $ref: `#/components/headers/${name}` }]),
  );

/** The OpenAPI 3.1 document of every registered REST route, built from the routes' own zod schemas. */
export function buildOpenApiDocument(routes: RestRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const operation: Record<string, unknown> = {
      summary: route.summary,
      description: accessText(route) + moneyNote(route),
      tags: [route.tag],
      ...(route.access === 'public' ? {} : { 'x-roles': rolesOf(route.access) }),
      parameters: [
        ...parametersOf(route.params, 'path'),
        ...parametersOf(route.query, 'query'),
        ...(route.idempotent ? [IDEMPOTENCY_PARAMETER] : []),
        ...(route.headers ?? []).map((header) => ({ ...header, in: 'header', required: false })),
      ],
      // Per operation: the session cookie, or (where the route takes one) an API token; none for public routes.
      security: route.access === 'public' ? [] : route.tokens ? [{ session: [] }, { token: [] }] : [{ session: [] }],
      responses: {
        [String(route.successStatus ?? 200)]: route.produces
          ? {
              description: 'Success',
              headers: headerRefs(route),
              content: { [route.produces]: { schema: { type: 'string', format: 'binary' } } },
            }
          : {
              description: 'Success',
              headers: headerRefs(route),
              ...(route.response
                ? { content: { 'application/json': { schema: moneyAbsentFor(route, toJsonSchema(route.response, 'output')) } } }
                : {}),
            },
        ...refusalsOf(route),
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
        'REST compatibility layer for integrators. Sessions use the `sessionid` cookie; every non-GET call must send the CSRF token from GET /api/auth/csrf/ in the X-CSRFToken header ' +
        '(but the customer-link calls under /api/customer/, which the X-Customer-Link header authorises, with no cookie or CSRF token). ' +
        'Scripts use a personal API token instead (made on the API tokens screen): `Authorization: Token <key>` (or `Bearer <key>`), no cookie, ' +
        'no CSRF token; scope read allows GET only. Every token answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; ' +
        'every answer an X-Request-Id (yours when you send a well-formed one). Paged lists take page_size (1 to 100). ' +
        'PATCH /api/orders/{id}/ changes only the fields sent (version in the body or If-Match). Incremental sync: updated_since / ordering=updated_at on /api/orders/ and /api/invoices/, deletions and ' +
        'every other change in GET /api/events/?since=<id>; webhooks (superusers, /api/webhooks/) push the same events, signed. See docs/integrators.md.',
    },
    components: {
      headers: ANSWER_HEADERS,
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
            'API token: `Token <key>` (Django REST Framework TokenAuthentication) or `Bearer <key>`. 401 {detail} when wrong, revoked or expired; 429 with Retry-After over the per-token rate limit.',
        },
      },
    },
    paths,
    webhooks: webhookDocs(),
  };
}
