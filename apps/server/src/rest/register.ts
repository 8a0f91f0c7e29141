import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { zodIssuesToFieldErrors } from '@icehouse/domain';
import { AppError } from '../errors';
import type { AppDeps, SessionUser } from '../deps';
import type { RestRoute } from './route';
import { routeSecurityConfig } from '../modules/auth/route-security';

export interface RestRegistration {
  deps: AppDeps;
  /** Resolves the session user of a request (null when signed out). */
  currentUser: (req: FastifyRequest) => SessionUser | null;
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

function mediaType(req: FastifyRequest): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Registers REST routes: access check, content-type check, zod validation, then the handler. */
export function registerRestRoutes(app: FastifyInstance, routes: RestRoute[], registration: RestRegistration) {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: toFastifyPath(route.path),
      // Session and CSRF checks (request-auth) follow the matched route's declaration.
      config: routeSecurityConfig(route.access),
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const user = registration.currentUser(req);
        if (route.access !== 'public' && !user) {
          throw new AppError('UNAUTHORIZED', 'Authentication credentials were not provided.');
        }
        if (route.access === 'superuser' && !user?.is_superuser) {
          throw new AppError('FORBIDDEN', 'You do not have permission to perform this action.');
        }
        if (route.body) {
          const accepted = route.consumes ?? ['application/json'];
          if (!accepted.includes(mediaType(req))) {
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Unsupported media type. Send ${accepted.join(' or ')}.`);
          }
        }
        const params = parseOrThrow(route.params, req.params);
        const query = parseOrThrow(route.query, req.query);
        // Multipart routes read their own streamed body; only JSON bodies are parsed here.
        const body = route.consumes?.includes('multipart/form-data') ? undefined : parseOrThrow(route.body, req.body ?? {});
        const result = await route.handler({ params, query, body, deps: registration.deps, user, req, reply });
        // A handler that answered itself (a stream, a 304) returns the reply: its status stands.
        if (reply.sent || result === reply) return reply;
        reply.code(route.successStatus ?? 200);
        return result === undefined ? reply.send() : result;
      },
    });
  }
}
