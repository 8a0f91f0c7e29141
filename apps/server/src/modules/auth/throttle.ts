import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '@icehouse/db/client';
import { loginAttempts } from '@icehouse/db/schema';

/**
 * Brute-force protection for sign-in, kept in the database so that every app
 * instance counts together. Attempts are counted per account and per client
 * address within a window, before the password is checked; at the limit the key
 * is locked for a while, and even a correct password is refused until the lock ends.
 */
export const THROTTLE = {
  windowMinutes: 15,
  lockMinutes: 15,
  perAccount: 5,
  perAddress: 20,
  /** Attempts past the limit while earlier ones are still being checked wait for them this long at most... */
  busyWaitMaxMs: 10_000,
  /** ...looking again this often. */
  busyRetryMs: 50,
} as const;

export const accountKey = (username: string) => `user:${username.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

const WINDOW = sql.raw(`interval '${THROTTLE.windowMinutes} minutes'`);
const LOCK = sql.raw(`interval '${THROTTLE.lockMinutes} minutes'`);

export interface CountedAttempt {
  /** Attempts in the window, this one and those still being checked included. */
  count: number;
  /** The key is locked until then (the limit of failures was reached), or null. */
  lockedUntil: Date | null;
}

/**
 * Counts one sign-in attempt for the key BEFORE its password is checked, in one statement (an
 * upsert that increments and returns the count), so simultaneous attempts each get their own
 * number, on every instance sharing the database: only the first `limit` of a window may be
 * checked. An attempt that turns out not to be a failure (right password, or refused) is taken
 * back with releaseAttempt; a wrong password stays counted and, at the limit, locks the key
 * (lockIfOverLimit). A new window starts after the window or after a lock ends.
 */
export async function countAttempt(db: Db, key: string): Promise<CountedAttempt> {
  const t = loginAttempts;
  const locked = sql`${t.lockedUntil} > now()`;
  const restart = sql`(not ${locked} and (${t.lockedUntil} is not null or ${t.firstFailureAt} < now() - ${WINDOW}))`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${restart} then 1 else ${t.failures} + 1 end`,
        firstFailureAt: sql`case when ${restart} then now() else ${t.firstFailureAt} end`,
        lockedUntil: sql`case when ${restart} then null else ${t.lockedUntil} end`,
      },
    })
    .returning({ failures: t.failures, lockedUntil: t.lockedUntil, now: sql<Date>`now()`.mapWith(t.lockedUntil) });
  const lockedUntil = row!.lockedUntil && row!.lockedUntil > row!.now ? row!.lockedUntil : null;
  return { count: row!.failures, lockedUntil };
}

/** A wrong password: the attempt stays counted, and at the limit the key is locked. */
export async function lockIfOverLimit(db: Db, key: string, limit: number): Promise<void> {
  const t = loginAttempts;
  await db
    .update(t)
    .set({ lockedUntil: sql`now() + ${LOCK}` })
    .where(and(eq(t.key, key), gte(t.failures, limit), sql`(${t.lockedUntil} is null or ${t.lockedUntil} <= now())`));
}

/** Takes back an attempt countAttempt counted that was no failure; a lock goes with it below the limit. */
export async function releaseAttempt(db: Db, key: string, limit: number): Promise<void> {
  const t = loginAttempts;
  await db
    .update(t)
    .set({
      failures: sql`greatest(${t.failures} - 1, 0)`,
      lockedUntil: sql`case when ${t.failures} - 1 >= ${limit} then ${t.lockedUntil} end`,
    })
    .where(eq(t.key, key));
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

export function minutesUntil(date: Date): number {
  return Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));
}
