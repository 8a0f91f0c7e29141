import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { FieldErrors } from '@icehouse/domain';

export type { FieldErrors };

/**
 * The one error type services throw. One map below turns its code into a tRPC
 * code and an HTTP status; services never import tRPC or Fastify.
 */
export type AppErrorCode =
  | 'VALIDATION'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  /** Well-formed but refused as it stands: an Idempotency-Key reused with another request (422). */
  | 'UNPROCESSABLE'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'UNAVAILABLE'
  | 'INTERNAL';

const VALIDATION_FAILED_MESSAGE = 'Validation failed. Please check the required fields.';

/**
 * `detail` is where the one error shape puts a refusal that is about no field: `{ "detail": "..." }`, a
 * string. A field map naming only `detail` would answer it as a list (`{ "detail": ["..."] }`) and tRPC
 * would carry it as a field error: such a refusal is its message alone.
 */
function isDetailOnly(fieldErrors: FieldErrors | undefined): boolean {
  return fieldErrors !== undefined && Object.keys(fieldErrors).length === 1 && 'detail' in fieldErrors;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly fieldErrors: FieldErrors | undefined;
  /** Extra machine-readable data for the client (e.g. a login error code). */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: AppErrorCode,
    message: string,
    options: { fieldErrors?: FieldErrors; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = isDetailOnly(options.fieldErrors) ? undefined : options.fieldErrors;
    this.details = options.details;
  }

  static validation(fieldErrors: FieldErrors, message?: string) {
    const detail = isDetailOnly(fieldErrors) && Array.isArray(fieldErrors.detail) ? fieldErrors.detail[0] : undefined;
    const text = message ?? (typeof detail === 'string' ? detail : VALIDATION_FAILED_MESSAGE);
    return new AppError('VALIDATION', text, { fieldErrors });
  }

  static notFound(what = 'Not found.') {
    return new AppError('NOT_FOUND', what);
  }
}

export const HTTP_STATUS: Record<AppErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

export const TRPC_CODE: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
  VALIDATION: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  UNPROCESSABLE: 'UNPROCESSABLE_CONTENT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
};

// ------------------------------------------------------------------ database failures

/** Network and driver codes of a database that cannot be reached (postgres-js, Node's net). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now. Please try again shortly.';
export const TRANSACTION_CONFLICT_MESSAGE = 'Someone else changed the same records at the same moment; nothing was saved. Please try again.';
export const DATA_EXCEPTION_MESSAGE = 'A value in the request is out of range, too large or malformed.';

function errorChain(err: unknown): { code?: unknown; message?: unknown; errors?: unknown }[] {
  const chain: { code?: unknown; message?: unknown; errors?: unknown }[] = [];
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const current = e as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
    chain.push(current);
    // Node's AggregateError (a refused connection to every address of a host) keeps the real errors here.
    if (Array.isArray(current.errors)) chain.push(...(current.errors as object[]));
    e = current.cause;
  }
  return chain;
}

/**
 * An error no request can fix: the database is down, restarting or unreachable (connection refused
 * or reset, SQLSTATE 08xxx, 57P01-57P03, 53300). Answered 503 so clients try again later.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return errorChain(err).some(({ code, message }) => {
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08...$/.test(code) || /^57P0[123]$/.test(code) || code === '53300')) return true;
    return typeof message === 'string' && /PGlite is closed/i.test(message);
  });
}

/** PostgreSQL refused a value the request carried (SQLSTATE class 22 data exception, 54 limit exceeded). */
export function isDataException(err: unknown): boolean {
  return errorChain(err).some(({ code }) => typeof code === 'string' && /^(22|54)[0-9A-Z]{3}$/.test(code));
}

/**
 * Two transactions got in each other's way (SQLSTATE 40001 serialization failure, 40P01 deadlock):
 * PostgreSQL rolled this one back, so nothing was written and the same request may simply be sent again.
 */
export function isTransactionConflict(err: unknown): boolean {
  return errorChain(err).some(({ code }) => code === '40001' || code === '40P01');
}

/**
 * The AppError a database failure stands for, or null: 503 (UNAVAILABLE) when the database cannot
 * be reached, 409 (CONFLICT) when it rolled the transaction back for a deadlock or a serialization
 * failure, 400 (VALIDATION, with a detail) when it refused a value from the request (an id past
 * the integer range, a NUL character in text...). Neither answer names a table or shows SQL.
 */
export function databaseAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return null;
  if (isTransactionConflict(err)) return new AppError('CONFLICT', TRANSACTION_CONFLICT_MESSAGE, { cause: err });
  if (isDatabaseUnavailable(err)) {
    return new AppError('UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE, { cause: err, details: { reason: 'database_unavailable' } });
  }
  if (isDataException(err)) return new AppError('VALIDATION', DATA_EXCEPTION_MESSAGE, { cause: err });
  return null;
}

/**
 * The postgres-js fault of porsager/postgres#1154 / #1208: a TypeError thrown from its write timer
 * (`nextWrite`) because the connection's socket is already gone. Uncatchable where the query runs.
 */
export function isPostgresClosedSocketWrite(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /reading 'write'|evaluating 'socket\.write'/.test(error.message) &&
    /nextWrite/.test(error.stack ?? '') &&
    /postgres[\\/]src[\\/]connection\.js/.test(error.stack ?? '')
  );
}
