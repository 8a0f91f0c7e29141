import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * A failed query's message and stack carry its bound parameters (drizzle: "Failed query: ...\nparams: ..."),
 * which can be a session id, a CSRF token, a password hash or file bytes. They are cut from every
 * logged error, its causes included; the query text and the driver's message stay.
 */
const PARAMS_LINE = /\nparams: [^\n]*/g;
const scrub = (text: unknown) => (typeof text === 'string' ? text.replace(PARAMS_LINE, '\nparams: [redacted]') : text);

function serializeError(err: unknown) {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown> | undefined;
  if (!out || typeof out !== 'object') return out;
  out.message = scrub(out.message);
  out.stack = scrub(out.stack);
  if ('params' in out) out.params = '[redacted]';
  return out;
}

/**
 * Secrets never reach the logs: cookies, CSRF tokens and passwords are redacted wherever they appear,
 * and query parameters are cut from logged errors. `destination` (tests) replaces stdout.
 */
export function createLogger(level: string, pretty = false, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: { err: serializeError },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers["x-csrftoken"]',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        // Others log request headers too: @fastify/multipart logs its busboy options (headers included) at trace.
        '*.headers.cookie',
        '*.headers["x-csrftoken"]',
        '*.headers.authorization',
        '*.password',
        '*.password_hash',
      ],
      censor: '[redacted]',
    },
    ...(pretty && !destination ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:standard' } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
