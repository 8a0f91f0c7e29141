import { AppError } from '../errors';

/** The renderer's failures, each an AppError the error handler maps to a status (503 mostly). */

export const PDF_UNAVAILABLE_MESSAGE =
  'PDF rendering is unavailable: no Chromium browser could be started. Install it (Debian/Ubuntu: apt-get install chromium) or set CHROME_PATH.';

export function unavailable(cause?: unknown): AppError {
  return new AppError('UNAVAILABLE', PDF_UNAVAILABLE_MESSAGE, { cause, details: { reason: 'no_browser' } });
}

export function timedOut(ms: number): AppError {
  return new AppError('UNAVAILABLE', `The PDF took longer than ${ms} ms to render. Please try again.`, {
    details: { reason: 'timeout' },
  });
}

export function crashed(cause: unknown): AppError {
  return new AppError('UNAVAILABLE', 'The PDF renderer stopped while rendering. Please try again.', {
    cause,
    details: { reason: 'browser_crashed' },
  });
}

export function shutDown(): AppError {
  return new AppError('UNAVAILABLE', 'PDF rendering is shutting down.', { details: { reason: 'closed' } });
}
