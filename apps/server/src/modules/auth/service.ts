import { setTimeout } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { LOGIN_ERROR_CODES, MESSAGES, type LoginData, type Role } from '@icehouse/domain';
import { users } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import type { AppDeps, SessionUser } from '../../deps';
import { hashPassword, verifyPassword } from './password';
import type { ActiveSession, SessionStore } from './session';
import { THROTTLE, accountKey, addressKey, clearFailures, countAttempt, lockIfOverLimit, minutesUntil, releaseAttempt } from './throttle';

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
  return { id: row.id, username: row.username, email: row.email, is_superuser: row.isSuperuser, is_active: row.isActive, role: row.role as Role };
}

const lockedMessage = (until: Date | null) =>
  `Too many failed sign-in attempts. Please wait ${until ? minutesUntil(until) : THROTTLE.lockMinutes} minute(s) and try again.`;

/**
 * Counts the attempt on the key before any password is checked (countAttempt). Locked: 429. Over
 * the limit only because earlier attempts are still being checked: wait for their outcome (they
 * lock the key if wrong, free their places if right) rather than check more passwords than the
 * limit, or refuse people signing in at the same moment with the right one.
 */
async function takeAttempt(db: Db, key: string, limit: number) {
  for (let waited = 0; ; waited += THROTTLE.busyRetryMs) {
    const attempt = await countAttempt(db, key);
    if (!attempt.lockedUntil && attempt.count <= limit) return;
    await releaseAttempt(db, key, limit);
    if (attempt.lockedUntil || waited >= THROTTLE.busyWaitMaxMs) {
      throw loginError(TOO_MANY_ATTEMPTS, lockedMessage(attempt.lockedUntil), 'TOO_MANY_REQUESTS');
    }
    await setTimeout(THROTTLE.busyRetryMs);
  }
}

export async function login(
  deps: AppDeps,
  store: SessionStore,
  input: LoginData,
  clientAddress: string,
): Promise<{ user: SessionUser; session: ActiveSession }> {
  const db = deps.database.db;
  const account = accountKey(input.username);
  const address = addressKey(clientAddress);
  // Counted before the password is checked (see countAttempt): simultaneous attempts cannot all slip under the limit.
  await takeAttempt(db, account, THROTTLE.perAccount);
  try {
    await takeAttempt(db, address, THROTTLE.perAddress);
  } catch (error) {
    await releaseAttempt(db, account, THROTTLE.perAccount);
    throw error;
  }

  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${input.username.trim()})`)
    .limit(1);
  const passwordOk = row ? await verifyPassword(row.passwordHash, input.password) : (await verifyPassword(await timingDummy(), input.password), false);

  if (!row || !passwordOk) {
    // A wrong password stays counted on both keys.
    await lockIfOverLimit(db, account, THROTTLE.perAccount);
    await lockIfOverLimit(db, address, THROTTLE.perAddress);
    throw loginError(LOGIN_ERROR_CODES.invalidCredentials, MESSAGES.invalidCredentials);
  }
  // The right password is no failure: the address gets its attempt back, the account starts afresh.
  await releaseAttempt(db, address, THROTTLE.perAddress);
  // Only a caller who knows the password learns that the account is inactive.
  if (!row.isActive) {
    await releaseAttempt(db, account, THROTTLE.perAccount);
    throw loginError(LOGIN_ERROR_CODES.inactiveAccount, MESSAGES.inactiveAccount);
  }

  await clearFailures(db, account);
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, row.id));
  const session = await store.create(row.id);
  return { user: toSessionUser(row), session };
}

export async function logout(store: SessionStore, sessionId: string | undefined) {
  if (sessionId) await store.invalidate(sessionId);
}
