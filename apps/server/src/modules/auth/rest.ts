import { loginSchema } from '@icehouse/domain';
import { AppError } from '../../errors';
import { defineRoute } from '../../rest/legacy-route';
import { checkSession, issueCsrfToken, signIn, signOut } from './handlers';
import { checkResponseSchema, csrfResponseSchema, loginResponseSchema, logoutResponseSchema } from './schemas';

export const authRestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/auth/csrf/',
    summary: 'CSRF token for the X-CSRFToken header (also set as the csrftoken cookie)',
    tag: 'Auth',
    access: 'public',
    response: csrfResponseSchema,
    handler: async ({ req, reply }) => issueCsrfToken(req, reply),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/auth/check/',
    summary: 'Whether the caller is signed in, and as whom',
    tag: 'Auth',
    access: 'public',
    response: checkResponseSchema,
    handler: async ({ req }) => checkSession(req),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auth/login/',
    summary: 'Sign in. Failures answer { error, code } with code INVALID_CREDENTIALS, INACTIVE_ACCOUNT or TOO_MANY_ATTEMPTS',
    tag: 'Auth',
    access: 'public',
    body: loginSchema,
    response: loginResponseSchema,
    handler: async ({ deps, req, reply, body }) => {
      try {
        return await signIn(deps, req, reply, body);
      } catch (error) {
        const code = error instanceof AppError ? error.details?.code : undefined;
        if (error instanceof AppError && typeof code === 'string') {
          return reply.code(error.code === 'TOO_MANY_REQUESTS' ? 429 : 401).send({ error: error.message, code });
        }
        throw error;
      }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auth/logout/',
    summary: 'Sign out: ends the session',
    tag: 'Auth',
    access: 'public',
    response: logoutResponseSchema,
    handler: async ({ deps, req, reply }) => signOut(deps, req, reply),
  }),
];
