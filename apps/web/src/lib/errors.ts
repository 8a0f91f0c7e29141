import { TRPCClientError } from '@trpc/client';
import type { inferRouterError } from '@trpc/server';
import type { AppRouter } from '@icehouse/server/trpc';
import { listFieldErrors, type FieldErrors } from '@icehouse/domain';

/**
 * Reading the server's answer to a failed tRPC call. Every procedure error carries `data` from the
 * server's error formatter: `appCode` (VALIDATION, FORBIDDEN, NOT_FOUND...), `fieldErrors`
 * (`{ field: ['message'] }`) and `details` (e.g. a login error code). Screens branch on these codes,
 * never on message text.
 */
/** The formatter's `data`, inferred from the router (appCode is the server's union of codes). */
export type ServerErrorData = Partial<inferRouterError<AppRouter>['data']>;

/** The server's error data, or null when the call never got an answer from a procedure (network). */
export function serverErrorData(error: unknown): ServerErrorData | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data: unknown = error.data;
  return data && typeof data === 'object' ? (data as ServerErrorData) : null;
}

/** The field -> messages map of a validation failure, or null. */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  const fieldErrors = serverErrorData(error)?.fieldErrors;
  return fieldErrors && Object.keys(fieldErrors).length > 0 ? fieldErrors : null;
}

/** A string from `details` (the login failure's `code`), or null. */
export function serverErrorDetail(error: unknown, key: string): string | null {
  const value = serverErrorData(error)?.details?.[key];
  return typeof value === 'string' ? value : null;
}

/**
 * The message the server gave for a failure, or null when there is none to show: no answer
 * (network trouble) or an internal error, whose text says nothing useful to staff.
 */
export function serverMessage(error: unknown): string | null {
  const data = serverErrorData(error);
  if (!data || data.code === 'INTERNAL_SERVER_ERROR') return null;
  const message = error instanceof Error ? error.message.trim() : '';
  return message === '' ? null : message;
}

/**
 * What a failed save shows: the field messages joined with spaces when the server listed them,
 * else the server's message, else `fallback` (users spec §8: 'Error creating user').
 */
export function saveErrorMessage(error: unknown, fallback: string): string {
  const fieldErrors = serverFieldErrors(error);
  if (fieldErrors) {
    const messages = listFieldErrors(fieldErrors).flatMap((entry) => entry.messages);
    if (messages.length > 0) return messages.join(' ');
  }
  return serverMessage(error) ?? fallback;
}
