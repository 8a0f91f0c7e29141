import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, HTTP_STATUS, databaseAppError } from '../errors';

/** The app's error answers: AppError -> its status and `{ field: [..] }` or `{ detail }`; never a stack trace. */
export function replyWithError(caught: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  // A database that cannot be reached is a 503, a transaction it rolled back for a conflict a 409, a value it refused a 400 (databaseAppError).
  const error = databaseAppError(caught) ?? caught;
  if (error !== caught && error instanceof AppError && error.code === 'VALIDATION') req.log.warn({ err: caught }, 'the database refused a value of the request');
  if (error instanceof AppError) {
    const status = HTTP_STATUS[error.code];
    if (status >= 500) req.log.error({ err: error }, error.message);
    return reply.code(status).send(error.fieldErrors ?? { detail: error.message, ...error.details });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return reply.code(415).send({ detail: 'Unsupported media type.' });
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
    return reply.code(413).send({ detail: 'Request body is too large.' });
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Fastify's own client errors (malformed JSON, empty body...): say what, never how.
    const detail = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'JSON parse error.' : error.message;
    return reply.code(error.statusCode).send({ detail });
  }
  req.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ detail: 'Internal server error.' });
}
