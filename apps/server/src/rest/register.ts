import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MESSAGES, zodIssuesToFieldErrors } from '@icehouse/domain';
import { AppError } from '../errors';
import type { AppDeps, SessionUser } from '../deps';
import type { RestRoute } from './route';
import { assertAccess } from '../operations/access';
import { routeSecurityConfig } from '../modules/auth/route-security';
import { beginIdempotent, finishIdempotent, releaseIdempotent } from './idempotency';

export interface RestRegistration {
  deps: AppDeps;
  /** Resolves the session user of a request (null when signed out). */
  currentUser: (req: FastifyRequest) => SessionUser | null;
  /** Parse every answer by its operation's output schema (tests, development). */
  checkAnswers: boolean;
}

/** `/api/orders/{id}/` -> `/api/orders/:id/` */
export function toFastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

function parseOrThrow<S extends z.ZodType>(schema: S | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw AppError.validation(zodIssuesToFieldErrors(result.error));
  return result.data;
}

/** A missing body is `{}`; a JSON `null`, array or scalar is not "no changes" but a bad body (400, as DRF). */
function jsonBody(route: RestRoute, raw: unknown): unknown {
  if (raw === undefined) return {};
  if (route.body && (raw === null || typeof raw !== 'object' || Array.isArray(raw))) {
    throw AppError.validation({ non_field_errors: [MESSAGES.bodyNotAnObject] }, MESSAGES.bodyNotAnObject);
  }
  return raw;
}

function mediaType(req: FastifyRequest): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Registers REST routes (derived from the operations' declarations): access check, content-type check,
 * zod validation of each part, then the operation.
 */
export function registerRestRoutes(
  app: FastifyInstance,
  routes: RestRoute[],
  registration: RestRegistration,
) {
  // Read when a request needs it (the framework's own tests register routes with no database).
  const db = () => registration.deps.database.db;
  for (const route of routes) {
    app.route({
      method: route.method,
      url: toFastifyPath(route.path),
      // Session and CSRF checks (request-auth) follow the matched route's declaration.
      config: routeSecurityConfig(route.access === 'public' ? 'public' : 'user', { tokens: route.tokens, csrf: route.csrf }),
      // Idempotency-Key (POSTs): the first 2xx answer is kept before it is sent; anything else releases the key.
      ...(route.idempotent ? { onSend: finishIdempotent(db), onResponse: releaseIdempotent(db) } : {}),
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const user = registration.currentUser(req);
        assertAccess(route.access, user);
        if (route.body) {
          const accepted = route.consumes ?? ['application/json'];
          if (!accepted.includes(mediaType(req))) {
            throw new AppError(
              'UNSUPPORTED_MEDIA_TYPE',
              `Unsupported media type. Send ${accepted.join(' or ')}.`,
            );
          }
        }
        const params = parseOrThrow(route.params, req.params);
        const query = parseOrThrow(route.query, req.query);
        // Multipart routes read their own streamed body; only JSON bodies are parsed here.
        const body = route.consumes?.includes('multipart/form-data')
          ? undefined
          : parseOrThrow(route.body, jsonBody(route, req.body));
        if (route.idempotent) {
          if (await beginIdempotent(db(), req, reply)) return reply;
        }
        const result = await route.handler({
          params,
          query,
          body,
          deps: registration.deps,
          user,
          req,
          reply,
          checkAnswers: registration.checkAnswers,
        });
        // A handler that answered itself (a stream, a 304) returns the reply: its status stands.
        if (reply.sent || result === reply) return reply;
        reply.code(route.successStatus ?? 200);
        return result === undefined ? reply.send() : result;
      },
    });
  }
}
