import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { AppError } from '../../errors';
import type { SessionUser } from '../../deps';
import { CSRF_COOKIE, CSRF_FAILURE, CSRF_HEADER, SAFE_METHODS, expectedCsrfToken, tokensMatch } from './csrf';
import { SESSION_COOKIE, type ActiveSession, type SessionStore } from './session';
import { routeSecurityOf, trackRouteSecurity } from './route-security';

export interface RequestAuth {
  user: SessionUser;
  session: ActiveSession;
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
export async function registerRequestAuth(app: FastifyInstance, store: SessionStore) {
  await app.register(fastifyCookie);
  app.decorateRequest('auth', null);
  trackRouteSecurity(app);

  app.addHook('onRequest', async (req, reply) => {
    const security = routeSecurityOf(req);
    if (security.session) await readSession(req, reply, store);
    if (!security.csrf || SAFE_METHODS.has(req.method)) return;
    const expected = expectedCsrfToken(req.auth?.session.csrfToken, req.cookies[CSRF_COOKIE]);
    const given = req.headers[CSRF_HEADER];
    if (!tokensMatch(expected, typeof given === 'string' ? given : undefined)) {
      throw new AppError('FORBIDDEN', CSRF_FAILURE);
    }
  });
}

async function readSession(req: FastifyRequest, reply: FastifyReply, store: SessionStore) {
  const sessionId = req.cookies[SESSION_COOKIE];
  if (!sessionId) return;
  const result = await store.validate(sessionId);
  if (result) {
    req.auth = result;
    if (result.session.renewed) setSessionCookies(req, reply, result.session);
  } else {
    clearSessionCookie(req, reply);
  }
}
