import { z } from 'zod';
import { APP_VERSION } from '../modules/system/service';
import type { RestRoute } from './route';

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

const ACCESS_TEXT = {
  public: 'No session needed.',
  user: 'Needs a signed-in session.',
  superuser: 'Needs a signed-in superuser.',
} as const;

/** The OpenAPI 3.1 document of every registered REST route, built from the routes' own zod schemas. */
export function buildOpenApiDocument(routes: RestRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const operation: Record<string, unknown> = {
      summary: route.summary,
      description: ACCESS_TEXT[route.access],
      tags: [route.tag],
      parameters: [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')],
      responses: {
        [String(route.successStatus ?? 200)]: route.produces
          ? { description: 'Success', content: { [route.produces]: { schema: { type: 'string', format: 'binary' } } } }
          : {
              description: 'Success',
              ...(route.response
                ? { content: { 'application/json': { schema: toJsonSchema(route.response, 'output') } } }
                : {}),
            },
        ...(route.body || route.params || route.query ? { 400: { description: 'Invalid input: field -> messages' } } : {}),
        ...(route.access !== 'public' ? { 401: { description: 'No session' } } : {}),
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
        'REST compatibility layer for integrators. Sessions use the `sessionid` cookie; every non-GET call must send the CSRF token from GET /api/auth/csrf/ in the X-CSRFToken header.',
    },
    paths,
  };
}
