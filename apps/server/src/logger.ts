import pino, { type Logger } from 'pino';

/** Secrets never reach the logs: cookies, CSRF tokens and passwords are redacted wherever they appear. */
export function createLogger(level: string, pretty = false): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers["x-csrftoken"]',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.password_hash',
      ],
      censor: '[redacted]',
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:standard' } } } : {}),
  });
}
