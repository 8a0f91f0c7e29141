import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** An `X-Request-Id` a client or proxy may pass on: short, and nothing a log line could be confused by. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request (Fastify's `req.id`, each log line's `reqId`): the caller's `X-Request-Id` when it
 * sent a well-formed one (a proxy's or an integrator's own id, so both sides' logs can be matched),
 * otherwise a new UUID, unique across instances (Fastify's default `req-1` restarts with each process).
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
}

/** Every answer names its request in `X-Request-Id`: set first, so refusals and errors carry it too. */
export function registerRequestIdHeader(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
}
