import { MESSAGES } from './messages';

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
export function userRoleLabel(user: { is_superuser?: boolean | null }): 'Admin' | 'Staff' {
  return user.is_superuser ? 'Admin' : 'Staff';
}
