import { loginSchema } from '@icehouse/domain';
import { AppError } from '../../errors';
import { defineOperation, operationSet } from '../../operations/define';
import { checkSession, issueCsrfToken, signIn, signOut } from './handlers';
import { checkResponseSchema, csrfResponseSchema, loginResponseSchema, logoutResponseSchema } from './schemas';

const TAG = 'Auth';

/** Sign-in and its companions: the only public operations (with system.status). */
export const authOperations = operationSet('auth', {
  csrf: defineOperation({
    kind: 'query',
    access: 'public',
    output: csrfResponseSchema,
    // The web reads the token from GET /api/auth/csrf/ before its first change: REST only.
    trpc: false,
    run: async ({ req, reply }) => issueCsrfToken(req, reply),
    rest: {
      method: 'GET',
      path: '/api/auth/csrf/',
      summary: 'CSRF token for the X-CSRFToken header (also set as the csrftoken cookie)',
      tag: TAG,
    },
  }),
  check: defineOperation({
    kind: 'query',
    access: 'public',
    output: checkResponseSchema,
    run: async ({ req }) => checkSession(req),
    rest: { method: 'GET', path: '/api/auth/check/', summary: 'Whether the caller is signed in, and as whom', tag: TAG },
  }),
  login: defineOperation({
    kind: 'mutation',
    access: 'public',
    input: loginSchema,
    output: loginResponseSchema,
    run: ({ deps, req, reply, input }) => signIn(deps, req, reply, input),
    rest: {
      method: 'POST',
      path: '/api/auth/login/',
      summary: 'Sign in. Failures answer { error, code } with code INVALID_CREDENTIALS, INACTIVE_ACCOUNT or TOO_MANY_ATTEMPTS',
      tag: TAG,
      body: true,
      // The previous server's failure shape: { error, code } (tRPC gives the code in error.data.details).
      shapeError: (error, reply) => {
        const code = error instanceof AppError ? error.details?.code : undefined;
        if (!(error instanceof AppError) || typeof code !== 'string') return null;
        return reply.code(error.code === 'TOO_MANY_REQUESTS' ? 429 : 401).send({ error: error.message, code });
      },
    },
  }),
  logout: defineOperation({
    kind: 'mutation',
    access: 'public',
    output: logoutResponseSchema,
    run: ({ deps, req, reply }) => signOut(deps, req, reply),
    rest: { method: 'POST', path: '/api/auth/logout/', summary: 'Sign out: ends the session', tag: TAG },
  }),
});
