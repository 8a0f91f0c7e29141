import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginData } from '@icehouse/domain';
import type { AppDeps } from '../../deps';
import { CSRF_COOKIE } from './csrf';
import { clearSessionCookie, cookieOptions, setSessionCookies } from './request-auth';
import { SESSION_COOKIE, newCsrfToken } from './session';
import { login, logout } from './service';

/**
 * Cookie-level sign-in steps shared by the REST routes and the tRPC procedures:
 * both set and clear the same cookies the same way.
 */
const CSRF_TOKEN_SHAPE = /^[a-z2-7]{32}$/;

export function issueCsrfToken(req: FastifyRequest, reply: FastifyReply): { csrfToken: string } {
  const cookieToken = req.cookies[CSRF_COOKIE];
  const csrfToken =
    req.auth?.session?.csrfToken ?? (cookieToken && CSRF_TOKEN_SHAPE.test(cookieToken) ? cookieToken : newCsrfToken());
  reply.setCookie(CSRF_COOKIE, csrfToken, cookieOptions(req, false));
  return { csrfToken };
}

export function checkSession(req: FastifyRequest) {
  return { isAuthenticated: req.auth !== null, user: req.auth?.user ?? null };
}

export async function signIn(deps: AppDeps, req: FastifyRequest, reply: FastifyReply, input: LoginData) {
  // A sign-in always starts a new session: the old one (if any) ends once the new one exists. A
  // refused attempt (wrong password, locked) leaves the caller's current session as it was.
  const { user, session } = await login(deps, deps.sessions, input, req.ip);
  await logout(deps.sessions, req.cookies[SESSION_COOKIE]);
  setSessionCookies(req, reply, session);
  return { success: true as const, user };
}

export async function signOut(deps: AppDeps, req: FastifyRequest, reply: FastifyReply) {
  await logout(deps.sessions, req.auth?.session?.id ?? req.cookies[SESSION_COOKIE]);
  clearSessionCookie(req, reply);
  reply.setCookie(CSRF_COOKIE, newCsrfToken(), cookieOptions(req, false));
  return { success: true as const };
}
