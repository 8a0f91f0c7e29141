import type { FastifyInstance } from 'fastify';

/**
 * Many HTTP clients send `Content-Type: application/json` on every request, also on a DELETE or a POST
 * action without a body. Fastify's JSON parser refuses an empty body ("Body cannot be empty..."); here an
 * empty (or blank) body is no body: an operation that takes none runs, one that takes one reads `{}` as
 * when no body was sent (its field errors). Anything else goes to Fastify's own parser, which keeps
 * refusing malformed JSON and `__proto__` / `constructor` poisoning.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if ((body as string).trim() === '') {
      done(null, undefined);
      return;
    }
    parse(req, body as string, done);
  });
}
