import { and, desc, eq, sql } from 'drizzle-orm';
import { MESSAGES, roleOfUserInput, type Role } from '@icehouse/domain';
import { userRoleChanges, users } from '@icehouse/db/schema';
import type { Db, Tx } from '@icehouse/db/client';
import { AppError } from '../../errors';

/**
 * A user's role: which one a create or update gives, the record of every change, and the rule that the
 * last active admin stays one (no one could then manage users or settings).
 */

/** The role `input` gives (see roleOfUserInput); a role that contradicts `is_admin` is a field error. */
export function roleOfInput(input: { is_admin: boolean; role?: Role | null | undefined }, current?: Role): Role {
  const role = roleOfUserInput(input, current);
  if (role === null) throw AppError.validation({ role: [MESSAGES.roleAdminMismatch] }, MESSAGES.roleAdminMismatch);
  return role;
}

/**
 * Locks the active admins' rows and says whether, with `userId` no longer one, none would be left. Two
 * admins demoting each other at the same moment: the second waits for the first and then sees it.
 */
export async function wouldLeaveNoAdmin(tx: Tx, userId: number): Promise<boolean> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .orderBy(users.id)
    .for('update');
  return admins.length > 0 && admins.every((admin) => admin.id === userId);
}

export const lastAdminRefusal = (field: 'role' | 'is_active' | 'is_admin') =>
  AppError.validation({ [field]: [MESSAGES.lastActiveAdmin] }, MESSAGES.lastActiveAdmin);

/** Records that `userId`'s role went from `from` (null: a new user) to `to`, by `changedBy`. */
export async function recordRoleChange(tx: Tx, change: { userId: number; from: Role | null; to: Role; changedBy: number | null }) {
  if (change.from === change.to) return;
  await tx.insert(userRoleChanges).values({ userId: change.userId, fromRole: change.from, toRole: change.to, changedBy: change.changedBy });
}

/** Every role change, newest first, with who made it. */
export async function listRoleChanges(db: Db) {
  const changer = sql<string | null>`(select ${users.username} from ${users} where ${users.id} = ${userRoleChanges.changedBy})`;
  const rows = await db
    .select({
      id: userRoleChanges.id,
      userId: userRoleChanges.userId,
      username: users.username,
      fromRole: userRoleChanges.fromRole,
      toRole: userRoleChanges.toRole,
      changedBy: changer,
      changedAt: userRoleChanges.changedAt,
    })
    .from(userRoleChanges)
    .innerJoin(users, eq(users.id, userRoleChanges.userId))
    .orderBy(desc(userRoleChanges.changedAt), desc(userRoleChanges.id));
  return rows.map((r) => ({
    id: r.id,
    user_id: r.userId,
    username: r.username,
    from_role: r.fromRole as Role | null,
    to_role: r.toRole as Role,
    changed_by: r.changedBy,
    changed_at: r.changedAt.toISOString(),
  }));
}
