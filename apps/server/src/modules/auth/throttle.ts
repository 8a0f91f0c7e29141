import { inArray, sql } from 'drizzle-orm';
import type { Db } from '@icehouse/db/client';
import { loginAttempts } from '@icehouse/db/schema';

/**
 * Brute-force protection for sign-in, kept in the database so that every app
 * instance counts together. Failures are counted per account and per client
 * address within a window; past the limit the key is locked for a while, and
 * even a correct password is refused until the lock ends.
 */
export const THROTTLE = {
  windowMinutes: 15,
  lockMinutes: 15,
  perAccount: 5,
  perAddress: 20,
} as const;

export const accountKey = (username: string) => `user:${username.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/** The latest lock end among the keys, or null when none is locked now. */
export async function lockedUntil(db: Db, keys: string[]): Promise<Date | null> {
  const rows = await db
    .select({ lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, keys));
  const now = Date.now();
  const ends = rows.map((r) => r.lockedUntil?.getTime() ?? 0).filter((t) => t > now);
  return ends.length ? new Date(Math.max(...ends)) : null;
}

/** Counts one failure for the key (atomically, safe under concurrent attempts). */
export async function recordFailure(db: Db, key: string, limit: number): Promise<void> {
  const window = sql.raw(`interval '${THROTTLE.windowMinutes} minutes'`);
  const lock = sql.raw(`interval '${THROTTLE.lockMinutes} minutes'`);
  await db.execute(sql`
    insert into login_attempts (key, failures, first_failure_at, locked_until)
    values (${key}, 1, now(), case when 1 >= ${limit} then now() + ${lock} else null end)
    on conflict (key) do update set
      failures = case when login_attempts.first_failure_at < now() - ${window} then 1 else login_attempts.failures + 1 end,
      first_failure_at = case when login_attempts.first_failure_at < now() - ${window} then now() else login_attempts.first_failure_at end,
      locked_until = case
        when (case when login_attempts.first_failure_at < now() - ${window} then 1 else login_attempts.failures + 1 end) >= ${limit}
          then now() + ${lock}
        else login_attempts.locked_until end`);
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, [key]));
}

export function minutesUntil(date: Date): number {
  return Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));
}
