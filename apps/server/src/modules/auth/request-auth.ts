import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { AppError } from '../../errors';
import type { SessionUser } from '../../deps';
import { CSRF_COOKIE, CSRF_FAILURE, CSRF_HEADER, SAFE_METHODS, expectedCsrfToken, tokensMatch } from './csrf';
import { SESSION_COOKIE, type ActiveSession, type SessionStore } from './session';
import { routeSecurityOf, trackRouteSecurity, type RouteSecurity } from './route-security';
import { MESSAGES, type ApiTokenScope } from '@icehouse/domain';
import type { Db } from '@icehouse/db/client';
import { RATE_WINDOW_SECONDS, authenticateToken, isBearer, rateOf, retryAfterOf, tokenKeyOf, type RateState } from '../tokens/authenticate';
import type { TokenUsage } from '../tokens/usage';

/** Who makes a request: a session (cookie, web app) or an API token (integrators), never both. */
export interface RequestAuth {
  user: SessionUser;
  /** The cookie session; null for a token request. */
  session: ActiveSession | null;
  /** The API token of a token request; null for a session. */
  token: { id: number; scope: ApiTokenScope } | null;
}

export interface TokenAuthOptions {
  db: Db;
  /** This instance's count of token requests, written to the tokens' rows about once a second. */
  usage: TokenUsage;
  /** Requests a token may make per rate window (a minute); past it 429 with Retry-After. */
  rateLimitPerMinute: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

export function cookieOptions(req: FastifyRequest, httpOnly: boolean, expires?: Date) {
  return {
    path: '/',
    httpOnly,
    sameSite: 'lax' as const,
    secure: req.protocol === 'https',
    ...(expires ? { expires } : {}),
  };
}

export function setSessionCookies(req: FastifyRequest, reply: FastifyReply, session: ActiveSession) {
  reply.setCookie(SESSION_COOKIE, session.id, cookieOptions(req, true, session.expiresAt));
  // The CSRF cookie is readable by the page, as Django's is.
  reply.setCookie(CSRF_COOKIE, session.csrfToken, cookieOptions(req, false));
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(req, true));
}

/**
 * Reads the session of a request, renews its cookie when Lucia moved the expiry, and refuses
 * state-changing calls without a valid CSRF token (403), as the matched route declares
 * (route-security.ts): decided by the route the router found, never by the raw request target.
 * Register before any route.
 */
export async function registerRequestAuth(app: FastifyInstance, store: SessionStore, tokens: TokenAuthOptions) {
  await app.register(fastifyCookie);
  app.decorateRequest('auth', null);
  trackRouteSecurity(app);

  app.addHook('onRequest', async (req, reply) => {
    const security = routeSecurityOf(req);
    // A token request is judged by its token alone: no cookie is read, so no CSRF token is needed.
    if (await readToken(req, reply, security, tokens)) return;
    if (security.session) await readSession(req, reply, store);
    // A bearer credential that is not one of our keys was left to the session; with none, it was meant as a
    // token: say it is not a valid one rather than that no credentials were given.
    if (!req.auth && security.token && isBearer(req.headers.authorization)) {
      reply.header('www-authenticate', 'Token');
      throw new AppError('UNAUTHORIZED', MESSAGES.tokenInvalid, { details: {} });
    }
    if (!security.csrf || SAFE_METHODS.has(req.method)) return;
    const expected = expectedCsrfToken(req.auth?.session?.csrfToken, req.cookies[CSRF_COOKIE]);
    const given = req.headers[CSRF_HEADER];
    if (!tokensMatch(expected, typeof given === 'string' ? given : undefined)) {
      throw new AppError('FORBIDDEN', CSRF_FAILURE);
    }
  });
}

/**
 * `Authorization: Token <key>` (or `Bearer <key>`) on a route that takes tokens: the token's user, limited by its scope
 * (`read`: GET and HEAD only). On a route that does not (tRPC, sign-in, token and user management) a
 * token is refused with 403 rather than ignored, so a script learns at once that it used the wrong door.
 * Routes the router did not match (404s) ignore the header. True when the request is a token request.
 */
async function readToken(req: FastifyRequest, reply: FastifyReply, security: RouteSecurity, options: TokenAuthOptions): Promise<boolean> {
  let key: string | null;
  try {
    key = tokenKeyOf(req.headers.authorization);
  } catch (error) {
    reply.header('www-authenticate', 'Token');
    throw error;
  }
  if (key === null) return false;
  if (!security.token) {
    if (req.routeOptions.url === undefined) return false;
    throw new AppError('FORBIDDEN', MESSAGES.tokenNotAllowedHere);
  }
  try {
    const { user, token, rate } = await authenticateToken(options.db, options.usage, key, options.rateLimitPerMinute);
    req.auth = { user, session: null, token };
    setRateLimitHeaders(reply, rate);
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHORIZED') reply.header('www-authenticate', 'Token');
    const retryAfter = error instanceof AppError ? retryAfterOf(error) : null;
    if (retryAfter !== null) reply.header('retry-after', String(retryAfter));
    const rate = error instanceof AppError ? rateOf(error) : null;
    if (rate) setRateLimitHeaders(reply, rate);
    throw error;
  }
  if (req.auth.token!.scope === 'read' && !SAFE_METHODS.has(req.method)) throw new AppError('FORBIDDEN', MESSAGES.tokenReadOnly);
  return true;
}

/**
 * Every answer to a token request says where the token stands (IETF httpapi rate-limit headers, the
 * `RateLimit-*` fields most clients read): the limit, what is left of this window, the seconds until it
 * ends; `RateLimit-Policy` names the window. Set before the route runs, so refusals carry them too.
 */
function setRateLimitHeaders(reply: FastifyReply, rate: RateState) {
  reply.header('ratelimit-limit', String(rate.limit));
  reply.header('ratelimit-remaining', String(rate.remaining));
  reply.header('ratelimit-reset', String(rate.reset));
  reply.header('ratelimit-policy', `${rate.limit};w=${RATE_WINDOW_SECONDS}`);
}

async function readSession(req: FastifyRequest, reply: FastifyReply, store: SessionStore) {
  const sessionId = req.cookies[SESSION_COOKIE];
  if (!sessionId) return;
  const result = await store.validate(sessionId);
  if (result) {
    req.auth = { ...result, token: null };
    if (result.session.renewed) setSessionCookies(req, reply, result.session);
  } else {
    clearSessionCookie(req, reply);
  }
}
