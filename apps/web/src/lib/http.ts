/**
 * The one place that knows how this app talks HTTP to its server: cookies, CSRF and the 401 rule.
 * Both the tRPC link (lib/trpc.ts) and the REST helper (lib/api.ts) send every request through
 * `createHttpClient().fetch`, so the behaviour below exists once.
 *
 * - Cookies are always sent (`credentials: 'include'`).
 * - CSRF, Django style (design.md, spec §7): before a non-GET request the token from
 *   `GET /api/auth/csrf/` (`{ csrfToken }`) goes into the `X-CSRFToken` header. The token is kept in
 *   memory; after a 403 it is fetched again and the request retried once. If the endpoint has no
 *   token to give (404 while the server has no auth module, a network error...), the request is
 *   sent without the header and the server decides.
 * - Any 401 answer, except for the login call itself, sends the browser to /login and remembers
 *   where the user was (spec §2, §8). A tRPC batch is read per procedure, since calls that failed
 *   differently come back together as a 207.
 */

export const CSRF_URL = '/api/auth/csrf/';
export const CSRF_HEADER = 'X-CSRFToken';
export const LOGIN_PATH = '/login';
/** Query parameter of /login that holds the location to return to after signing in. */
export const RETURN_TO_PARAM = 'next';

/** The REST login call, and the tRPC procedure that may replace it: both are exempt from the 401 redirect. */
const LOGIN_REST_PATH = '/api/auth/login/';
const LOGIN_TRPC_PROCEDURE = 'auth.login';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type FetchFn = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export interface HttpClientOptions {
  /** The underlying fetch; the browser's by default (tests pass a fake). Looked up at call time. */
  fetch?: FetchFn;
  /** Called on a 401 from anything but the login call, with the location to come back to. */
  onUnauthorized?: (returnTo: string) => void;
  /** The current in-app location (path, query and hash); `window.location` by default. */
  currentLocation?: () => string;
}

export interface HttpClient {
  fetch: FetchFn;
  /** Forget the cached CSRF token (the server rotates it on login and logout). */
  clearCsrfToken: () => void;
  /**
   * The CSRF token for a request this client cannot send itself (an XMLHttpRequest upload that
   * reports progress): the cached one, else fetched; null when the server has none to give.
   */
  csrfToken: () => Promise<string | null>;
}

/** Path (and query) of a request URL, whatever form it was given in. */
function requestPath(input: RequestInfo | URL): string {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  try {
    const url = new URL(raw, 'http://app.invalid');
    return url.pathname;
  } catch {
    return raw;
  }
}

const TRPC_PREFIX = '/trpc/';

/** The procedures of a tRPC (batch) URL, in order: `/trpc/a.b,c.d?batch=1` -> ['a.b', 'c.d']. */
function trpcProcedures(path: string): string[] | null {
  if (!path.startsWith(TRPC_PREFIX)) return null;
  return decodeURIComponent(path.slice(TRPC_PREFIX.length)).split(',');
}

/** True for the login call: the REST path, or a tRPC URL of the login procedure alone. */
export function isLoginRequest(input: RequestInfo | URL): boolean {
  const path = requestPath(input);
  if (path === LOGIN_REST_PATH) return true;
  const procedures = trpcProcedures(path);
  return (
    procedures !== null && procedures.length > 0 && procedures.every((name) => name === LOGIN_TRPC_PROCEDURE)
  );
}

/** tRPC's JSON-RPC code for UNAUTHORIZED. */
const TRPC_UNAUTHORIZED = -32001;

function isUnauthorizedResult(item: unknown): boolean {
  if (!item || typeof item !== 'object' || !('error' in item)) return false;
  const error: unknown = item.error;
  if (!error || typeof error !== 'object') return false;
  if ('code' in error && error.code === TRPC_UNAUTHORIZED) return true;
  const data: unknown = 'data' in error ? error.data : null;
  return Boolean(data && typeof data === 'object' && 'httpStatus' in data && data.httpStatus === 401);
}

/**
 * Whether an answer is a 401 that should send the user to /login. For tRPC the batch is read per
 * procedure: a batch whose calls failed differently comes back as 207, and only the login
 * procedure's own 401 is exempt.
 */
async function isUnauthorized(input: RequestInfo | URL, response: Response): Promise<boolean> {
  const path = requestPath(input);
  const procedures = trpcProcedures(path);
  if (procedures === null) return response.status === 401 && path !== LOGIN_REST_PATH;
  if (response.status !== 401 && response.status !== 207) return false;
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    return response.status === 401 && !isLoginRequest(input);
  }
  const results = Array.isArray(body) ? body : [body];
  return results.some(
    (item, index) =>
      isUnauthorizedResult(item) && (procedures[index] ?? procedures[0]) !== LOGIN_TRPC_PROCEDURE,
  );
}

/** The /login URL that brings the user back to `returnTo` afterwards. */
export function loginUrl(returnTo: string): string {
  if (!returnTo || returnTo === '/' || returnTo.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?${RETURN_TO_PARAM}=${encodeURIComponent(returnTo)}`;
}

/**
 * Where to go after signing in, read from /login's query string: only a path of this app
 * (never another site, so `//evil.example` and `https://...` are refused), else /dashboard.
 */
export function returnToFromSearch(search: string, fallback = '/dashboard'): string {
  const value = new URLSearchParams(search).get(RETURN_TO_PARAM);
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.startsWith(LOGIN_PATH)) return fallback;
  return value;
}

function defaultLocation(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

function defaultOnUnauthorized(returnTo: string): void {
  window.location.assign(loginUrl(returnTo));
}

function methodOf(input: RequestInfo | URL, init?: RequestInit): string {
  const method = init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET');
  return method.toUpperCase();
}

/** A body that can be sent a second time (a stream cannot). */
function isReplayable(init?: RequestInit): boolean {
  const body = init?.body;
  return (
    body === undefined ||
    body === null ||
    !(typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
  );
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const baseFetch: FetchFn = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const onUnauthorized = options.onUnauthorized ?? defaultOnUnauthorized;
  const currentLocation = options.currentLocation ?? defaultLocation;

  let cachedToken: string | null = null;
  let pendingToken: Promise<string | null> | null = null;

  async function requestToken(): Promise<string | null> {
    try {
      const response = await baseFetch(CSRF_URL, {
        method: 'GET',
        credentials: 'include',
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) return null;
      const body: unknown = await response.json();
      if (body && typeof body === 'object' && 'csrfToken' in body && typeof body.csrfToken === 'string') {
        return body.csrfToken;
      }
      return null;
    } catch {
      return null;
    }
  }

  /** The cached token, or a fresh one; concurrent callers share one request. A missing token is not cached. */
  function getToken(): Promise<string | null> {
    if (cachedToken) return Promise.resolve(cachedToken);
    pendingToken ??= requestToken().then((token) => {
      cachedToken = token;
      pendingToken = null;
      return token;
    });
    return pendingToken;
  }

  function clearCsrfToken(): void {
    cachedToken = null;
  }

  function send(
    input: RequestInfo | URL,
    init: RequestInit | undefined,
    token: string | null,
  ): Promise<Response> {
    const inherited = typeof Request !== 'undefined' && input instanceof Request ? input.headers : undefined;
    const headers = new Headers(init?.headers ?? inherited);
    if (token) headers.set(CSRF_HEADER, token);
    return baseFetch(input, { ...init, headers, credentials: 'include' });
  }

  const clientFetch: FetchFn = async (input, init) => {
    const unsafe = !SAFE_METHODS.has(methodOf(input, init));
    let token = unsafe ? await getToken() : null;
    let response = await send(input, init, token);

    if (response.status === 403 && unsafe && isReplayable(init)) {
      // The token may have expired or rotated: ask once more and retry once with the new one.
      clearCsrfToken();
      const fresh = await getToken();
      if (fresh && fresh !== token) {
        token = fresh;
        response = await send(input, init, token);
      }
    }

    if (await isUnauthorized(input, response)) {
      clearCsrfToken();
      const here = currentLocation();
      if (!here.startsWith(LOGIN_PATH)) onUnauthorized(here);
    }
    return response;
  };

  return { fetch: clientFetch, clearCsrfToken, csrfToken: getToken };
}

/** The app's shared client: what the tRPC link and apiFetch use. */
export const http = createHttpClient();
