import { z } from 'zod';
import { MESSAGES } from './messages';
import { ROLES, ROLE_LABELS, type Role } from './roles';

/** Sign-in failure texts (orders spec §8). */

export const LOGIN_ERROR_CODES = {
  invalidCredentials: 'INVALID_CREDENTIALS',
  inactiveAccount: 'INACTIVE_ACCOUNT',
} as const;

export type LoginErrorCode = (typeof LOGIN_ERROR_CODES)[keyof typeof LOGIN_ERROR_CODES];

/** The failed login answer's fields the client reads. */
export interface LoginFailure {
  error?: string | null;
  detail?: string | null;
  code?: string | null;
}

/** What the login screen shows for a failed sign-in. */
export function loginFailureMessage(failure: LoginFailure | null | undefined): string {
  if (failure?.code === LOGIN_ERROR_CODES.invalidCredentials) return MESSAGES.invalidCredentials;
  if (failure?.code === LOGIN_ERROR_CODES.inactiveAccount) return MESSAGES.inactiveAccount;
  return failure?.error || failure?.detail || MESSAGES.loginFailed;
}

/** The role column of the users table. */
export function userRoleLabel(user: { role: Role }): string {
  return ROLE_LABELS[user.role];
}

/** The signed-in user as the server's handlers see it and the auth and users answers give it. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  /** The documented admin flag: true exactly when `role` is admin. */
  is_superuser: z.boolean(),
  is_active: z.boolean(),
  role: z.enum(ROLES),
});
export type SessionUser = z.output<typeof sessionUserSchema>;
