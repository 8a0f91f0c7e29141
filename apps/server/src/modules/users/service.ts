import { asc, eq, sql } from 'drizzle-orm';
import { MESSAGES, createUserSchema, summarizeFieldErrors, zodIssuesToFieldErrors, type CreateUserData, type Role, type UpdateUserData } from '@icehouse/domain';
import { users } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import type { AppDeps, DbDeps, SessionUser } from '../../deps';
import { isUniqueViolation } from '@icehouse/db';
import { hashPassword } from '../auth/password';
import { toSessionUser } from '../auth/service';
import type { SessionStore } from '../auth/session';
import { lastAdminRefusal, recordRoleChange, roleOfInput, wouldLeaveNoAdmin } from './roles';

/** A user as the API shows it: is_superuser on read (is_admin is the write-side name). */
export type UserView = SessionUser;

/** Most user operations need only the database. */

export const USERNAME_TAKEN = 'A user with that username already exists.';

const usernameTaken = () => AppError.validation({ username: [USERNAME_TAKEN] }, USERNAME_TAKEN);

async function findByUsername(db: Db, username: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1);
  return row ?? null;
}

async function getRow(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw AppError.notFound('User not found.');
  return row;
}

export async function listUsers(deps: DbDeps): Promise<UserView[]> {
  const rows = await deps.database.db.select().from(users).orderBy(asc(sql`lower(${users.username})`));
  return rows.map(toSessionUser);
}

/** Creates a user with the role the input gives; `actorId`: the admin making it (null: the first start). */
export async function createUser(deps: DbDeps, input: CreateUserData, actorId: number | null = null): Promise<UserView> {
  const db = deps.database.db;
  const role = roleOfInput(input);
  if (await findByUsername(db, input.username)) throw usernameTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email || null,
          passwordHash,
          role,
          isSuperuser: role === 'admin',
          isActive: input.is_active,
          passwordChangedAt: new Date(),
        })
        .returning();
      await recordRoleChange(tx, { userId: created!.id, from: null, to: role, changedBy: actorId });
      return created!;
    });
    return toSessionUser(row);
  } catch (error) {
    // Two admins creating the same name at once: the unique index decides.
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

/**
 * Updates a user. A blank password keeps the current one. A user cannot take away
 * their own admin rights or deactivate themselves (they would lock themselves out).
 * Deactivation and a password change end the user's sessions (except, for a
 * password change of one's own, the session making it).
 */
export async function updateUser(
  deps: AppDeps,
  store: SessionStore,
  actor: { userId: number; sessionId: string | null },
  id: number,
  input: UpdateUserData,
): Promise<UserView> {
  const db = deps.database.db;
  const existing = await getRow(db, id);
  const self = actor.userId === id;
  const role = roleOfInput(input, existing.role as Role);
  // Without a role in the input, the documented is_admin flag is what took the rights away.
  const roleField = input.role ? 'role' : 'is_admin';
  if (self && !input.is_active) {
    throw AppError.validation({ is_active: ['You cannot deactivate your own account.'] }, 'You cannot deactivate your own account.');
  }
  if (self && existing.role === 'admin' && role !== 'admin') {
    throw AppError.validation({ [roleField]: ['You cannot remove your own admin rights.'] }, 'You cannot remove your own admin rights.');
  }
  const other = await findByUsername(db, input.username);
  if (other && other.id !== id) throw usernameTaken();

  const passwordChanged = input.password !== undefined;
  const passwordHash = passwordChanged ? await hashPassword(input.password!) : null;
  let row;
  try {
    row = await db.transaction(async (tx) => {
      const losesAdmin = role !== 'admin' || !input.is_active;
      if (losesAdmin && (await wouldLeaveNoAdmin(tx, id))) throw lastAdminRefusal(role !== 'admin' ? roleField : 'is_active');
      const [before] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id)).for('update');
      if (!before) throw AppError.notFound('User not found.');
      const [updated] = await tx
        .update(users)
        .set({
          username: input.username,
          email: input.email || null,
          role,
          isSuperuser: role === 'admin',
          isActive: input.is_active,
          updatedAt: new Date(),
          ...(passwordHash ? { passwordHash, passwordChangedAt: new Date() } : {}),
        })
        .where(eq(users.id, id))
        .returning();
      await recordRoleChange(tx, { userId: id, from: before.role as Role, to: role, changedBy: actor.userId });
      return updated!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
  if (!input.is_active) await store.invalidateUserSessions(id);
  else if (passwordChanged) {
    await store.invalidateUserSessions(id, self && actor.sessionId ? { except: actor.sessionId } : {});
  }
  return toSessionUser(row);
}

export async function deleteUser(deps: DbDeps, actorId: number, id: number): Promise<void> {
  if (actorId === id) throw new AppError('FORBIDDEN', 'You cannot delete your own account.');
  const db = deps.database.db;
  await getRow(db, id);
  await db.transaction(async (tx) => {
    if (await wouldLeaveNoAdmin(tx, id)) throw new AppError('FORBIDDEN', MESSAGES.lastActiveAdmin);
    // Sessions go with the user (ON DELETE CASCADE); records they made keep a null author.
    await tx.delete(users).where(eq(users.id, id));
  });
}

/** First start: when no user exists, ADMIN_USERNAME / ADMIN_PASSWORD create the first superuser. */
export async function bootstrapAdmin(
  deps: DbDeps,
  credentials: { username?: string | undefined; password?: string | undefined },
): Promise<UserView | null> {
  const [{ count } = { count: 0 }] = await deps.database.db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0 || !credentials.username || !credentials.password) return null;
  const parsed = createUserSchema.safeParse({ username: credentials.username, password: credentials.password, is_admin: true, is_active: true });
  if (!parsed.success) {
    throw new Error(`ADMIN_USERNAME / ADMIN_PASSWORD: ${summarizeFieldErrors(zodIssuesToFieldErrors(parsed.error))}`);
  }
  try {
    return await createUser(deps, parsed.data);
  } catch (error) {
    // Several instances started at once on an empty database (docker compose up): one creates the user,
    // the others find the name taken and carry on.
    if (error instanceof AppError && error.message === USERNAME_TAKEN) return null;
    throw error;
  }
}
