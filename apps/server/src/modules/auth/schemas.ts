import { z } from 'zod';
import { sessionUserSchema } from '@icehouse/domain';

export const csrfResponseSchema = z.object({ csrfToken: z.string() });
export const checkResponseSchema = z.object({ isAuthenticated: z.boolean(), user: sessionUserSchema.nullable() });
export const loginResponseSchema = z.object({ success: z.literal(true), user: sessionUserSchema });
export const logoutResponseSchema = z.object({ success: z.literal(true) });

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const authAnswers = {
  'auth.csrf': csrfResponseSchema,
  'auth.check': checkResponseSchema,
  'auth.login': loginResponseSchema,
  'auth.logout': logoutResponseSchema,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const authRestAnswers = {
  'GET /api/auth/csrf/': authAnswers['auth.csrf'],
  'GET /api/auth/check/': authAnswers['auth.check'],
  'POST /api/auth/login/': authAnswers['auth.login'],
  'POST /api/auth/logout/': authAnswers['auth.logout'],
};
