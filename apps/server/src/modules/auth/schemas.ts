import { z } from 'zod';
import type { SessionUser } from '../../deps';

export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  is_superuser: z.boolean(),
  is_active: z.boolean(),
}) satisfies z.ZodType<SessionUser, SessionUser>;

export const csrfResponseSchema = z.object({ csrfToken: z.string() });
export const checkResponseSchema = z.object({ isAuthenticated: z.boolean(), user: sessionUserSchema.nullable() });
export const loginResponseSchema = z.object({ success: z.literal(true), user: sessionUserSchema });
export const logoutResponseSchema = z.object({ success: z.literal(true) });
