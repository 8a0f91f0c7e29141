import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, HTTP_STATUS, databaseAppError } from '../errors';

/**
 * How an answered refusal is logged: one info line saying what was refused (status, code, the message,
 * the fields of field errors), never its stack: a refusal is the client's to fix, not a fault of ours.
 * Faults (5xx) are logged at error with their stack where they are answered.
 */
export function logRefusal(
  log: FastifyBaseLogger,
  status: number,
  refusal: { code: string; detail: string; fields?: string[] | undefined; [key: string]: unknown },
) {
  const { fields, ...rest } = refusal;
  log.info({ status, ...rest, ...(fields && fields.length > 0 ? { fields } : {}) }, 'request refused');
}

/** The SQLSTATE of a database refusal (a data exception: 22xxx), for the log line. */
function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = cause;
  }
  return undefined;
}

/** The app's error answers: AppError -> its status and `{ field: [..] }` or `{ detail }`; never a stack trace. */
export function replyWithError(caught: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  // A database that cannot be reached is a 503, a transaction it rolled back for a conflict a 409, a value it refused a 400 (databaseAppError).
  const error = databaseAppError(caught) ?? caught;
  if (error instanceof AppError) {
    const status = HTTP_STATUS[error.code];
    if (status >= 500) req.log.error({ err: error }, error.message);
    else {
      logRefusal(req.log, status, {
        code: error.code,
        detail: error.message,
        fields: error.fieldErrors ? Object.keys(error.fieldErrors) : undefined,
        ...(error !== caught ? { sqlState: sqlStateOf(caught) } : {}),
      });
    }
    return reply.code(status).send(error.fieldErrors ?? { detail: error.message, ...error.details });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    logRefusal(req.log, 415, { code: error.code, detail: 'Unsupported media type.' });
    return reply.code(415).send({ detail: 'Unsupported media type.' });
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
    logRefusal(req.log, 413, { code: error.code ?? 'PAYLOAD_TOO_LARGE', detail: 'Request body is too large.' });
    return reply.code(413).send({ detail: 'Request body is too large.' });
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Fastify's own client errors (malformed JSON, empty body...): say what, never how.
    const detail = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'JSON parse error.' : error.message;
    logRefusal(req.log, error.statusCode, { code: error.code ?? 'BAD_REQUEST', detail });
    return reply.code(error.statusCode).send({ detail });
  }
  req.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ detail: 'Internal server error.' });
}
