import type { SessionUser } from '../deps';
import { AppError } from '../errors';
import type { Access } from './define';

export const ACCESS_MESSAGES = {
  unauthenticated: 'Authentication credentials were not provided.',
  forbidden: 'You do not have permission to perform this action.',
} as const;

/** The one access check of both doors: 401 without a session, 403 for staff on a superuser operation. */
export function assertAccess(access: Access, user: SessionUser | null): void {
  if (access === 'public') return;
  if (!user) throw new AppError('UNAUTHORIZED', ACCESS_MESSAGES.unauthenticated);
  if (access === 'superuser' && !user.is_superuser) throw new AppError('FORBIDDEN', ACCESS_MESSAGES.forbidden);
}
