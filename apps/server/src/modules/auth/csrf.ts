import { timingSafeEqual } from 'node:crypto';

/**
 * CSRF as Django does it: GET /api/auth/csrf/ answers { csrfToken } and sets the
 * `csrftoken` cookie; every state-changing call must send the token back in
 * X-CSRFToken. Signed in, the token is the session's own (so it changes at every
 * sign-in and cannot be planted before it); signed out (the login call), it is the
 * double-submit pair of cookie and header. A custom header cannot be sent
 * cross-site without a CORS preflight, which this server never grants.
 */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CSRF_FAILURE = 'CSRF Failed: CSRF token missing or incorrect.';

export function tokensMatch(expected: string | undefined, given: string | undefined): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token a request must carry: the session's when signed in, else the cookie's. */
export function expectedCsrfToken(sessionToken: string | undefined, cookieToken: string | undefined) {
  return sessionToken ?? cookieToken;
}
