import { eq, sql } from 'drizzle-orm';
import { LOGIN_ERROR_CODES, MESSAGES, type LoginData } from '@icehouse/domain';
import { users } from '@icehouse/db/schema';
import { AppError } from '../../errors';
import type { AppDeps, SessionUser } from '../../deps';
import { hashPassword, verifyPassword } from './password';
import type { ActiveSession, SessionStore } from './session';
import { THROTTLE, accountKey, addressKey, clearFailures, lockedUntil, minutesUntil, recordFailure } from './throttle';

export const TOO_MANY_ATTEMPTS = 'TOO_MANY_ATTEMPTS';

/** A failed sign-in: answered as { error, code } on REST and with details.code on tRPC. */
function loginError(code: string, message: string, status: 'UNAUTHORIZED' | 'TOO_MANY_REQUESTS' = 'UNAUTHORIZED') {
  return new AppError(status, message, { details: { code } });
}

// Verifying against a real hash when the user does not exist keeps the answer time
// the same, so timing does not tell which usernames exist.
let dummyHash: Promise<string> | null = null;
const timingDummy = () => (dummyHash ??= hashPassword('not-a-real-password'));

export function toSessionUser(row: typeof users.$inferSelect): SessionUser {
  return { id: row.id, username: row.username, email: row.email, is_superuser: row.isSuperuser, is_active: row.isActive };
}

export async function login(
  deps: AppDeps,
  store: SessionStore,
  input: LoginData,
  clientAddress: string,
): Promise<{ user: SessionUser; session: ActiveSession }> {
  const db = deps.database.db;
  const keys = [accountKey(input.username), addressKey(clientAddress)];
  const locked = await lockedUntil(db, keys);
  if (locked) {
    throw loginError(
      TOO_MANY_ATTEMPTS,
      `Too many failed sign-in attempts. Please wait ${minutesUntil(locked)} minute(s) and try again.`,
      'TOO_MANY_REQUESTS',
    );
  }

  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${input.username.trim()})`)
    .limit(1);
  const passwordOk = row ? await verifyPassword(row.passwordHash, input.password) : (await verifyPassword(await timingDummy(), input.password), false);

  if (!row || !passwordOk) {
    await recordFailure(db, keys[0]!, THROTTLE.perAccount);
    await recordFailure(db, keys[1]!, THROTTLE.perAddress);
    throw loginError(LOGIN_ERROR_CODES.invalidCredentials, MESSAGES.invalidCredentials);
  }
  // Only a caller who knows the password learns that the account is inactive.
  if (!row.isActive) throw loginError(LOGIN_ERROR_CODES.inactiveAccount, MESSAGES.inactiveAccount);

  await clearFailures(db, keys[0]!);
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, row.id));
  const session = await store.create(row.id);
  return { user: toSessionUser(row), session };
}

export async function logout(store: SessionStore, sessionId: string | undefined) {
  if (sessionId) await store.invalidate(sessionId);
}
