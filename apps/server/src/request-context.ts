import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * The request a piece of work belongs to, carried through async calls (AsyncLocalStorage): set for each
 * request from its id (Fastify's `req.id`, the `X-Request-Id` of its answer), and for each job from the
 * request that queued it, so a job sent by a request, or by a job it started, names that request in its
 * data and in its log lines, whichever process runs it.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs `work` as part of request `requestId` (a job's run); without an id, outside any request. */
export function runAsRequest<T>(requestId: string | undefined, work: () => T): T {
  return requestId ? storage.run({ requestId }, work) : storage.exit(work);
}

/**
 * Every request runs in its own context from its first hook on: Fastify calls the hooks, the body's
 * parsing and the handler after `done` within it (a request with a body over a socket was seen to keep it).
 */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (req, _reply, done) => {
    storage.run({ requestId: req.id }, done);
  });
}
