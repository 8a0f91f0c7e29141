import { roleMay, seesMoney, withoutMoney, type Role } from '@icehouse/domain';
import type { SessionUser } from '../deps';
import { AppError } from '../errors';
import type { Access } from './define';

export const ACCESS_MESSAGES = {
  unauthenticated: 'Authentication credentials were not provided.',
  forbidden: 'You do not have permission to perform this action.',
} as const;

/** The roles that may call an operation of `access` (null: anyone, signed in or not). */
export const mayCall = (access: Access, role: Role): boolean => access === 'public' || roleMay(role, access);

/** The one access check of both doors: 401 without a session, 403 for a role without the operation's area. */
export function assertAccess(access: Access, user: SessionUser | null): void {
  if (access === 'public') return;
  if (!user) throw new AppError('UNAUTHORIZED', ACCESS_MESSAGES.unauthenticated);
  if (!roleMay(user.role, access)) throw new AppError('FORBIDDEN', ACCESS_MESSAGES.forbidden);
}

/**
 * What an answer carries to its caller: all of it, or, for a role that may not see money, the answer
 * without its money fields (absent, not zero). Both doors pass every JSON answer through here, so no
 * path can forget it.
 */
export function maskAnswer<T>(answer: T, user: SessionUser | null): T {
  return user && !seesMoney(user.role) ? withoutMoney(answer) : answer;
}
