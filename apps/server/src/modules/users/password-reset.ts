import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MESSAGES, newPasswordSchema, zodIssuesToFieldErrors } from '@icehouse/domain';
import { passwordResets, users } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import type { AppDeps, DbDeps } from '../../deps';
import { AppError } from '../../errors';
import { hashPassword } from '../auth/password';
import { accountKey, clearFailures, countAttempt } from '../auth/throttle';
import { fromAddress } from '../outbox/settings';
import { PASSWORD_RESET_EMAIL_JOB } from './reset-email';

/**
 * Password reset links an admin sends (decision 269): a random token (256 bits, base64url) of which only
 * the SHA-256 is stored, in the URL's fragment (browsers never send it; the page sends it in the
 * X-Password-Reset header), the URL built from PUBLIC_BASE_URL, never a request's Host header. A link
 * serves once, for 72 hours; a newer one for the same user revokes the earlier ones. Calls through links
 * are counted per client address in `login_attempts` (every instance together): past the limit 429.
 */

export const PASSWORD_RESET_HOURS = 72;
/** Calls through reset links one address may make per 15 minutes (the sign-in throttle's window). */
export const PASSWORD_RESET_RATE_LIMIT = 30;
export const resetRateKey = (ip: string) => `password-reset:${ip}`;
export const PASSWORD_RESET_HEADER = 'x-password-reset';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
export const resetTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
export const passwordResetUrl = (base: string, token: string) => `${base.replace(/\/+$/, '')}/reset-password#${token}`;

/** Who is calling through a reset link: the token from the header and the client's address (TRUST_PROXY decides). */
export interface ResetCaller {
  token: string | undefined;
  ip: string;
}

const invalid = () => AppError.notFound(MESSAGES.passwordResetInvalid);
const active = and(isNull(passwordResets.usedAt), isNull(passwordResets.revokedAt), gt(passwordResets.expiresAt, sql`now()`));

/**
 * Makes a user's reset link, revoking their earlier ones, and emails it through the job queue when the user
 * has an email address and SMTP and a From address are set; otherwise the admin is answered the link to hand
 * over. The URL is in this answer only when it was not emailed.
 */
export async function sendPasswordReset(deps: Pick<AppDeps, 'database' | 'publicBaseUrl' | 'mailer' | 'jobs'>, actorId: number, userId: number) {
  const db = deps.database.db;
  const [user] = await db.select({ id: users.id, username: users.username, email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw AppError.notFound('User not found.');
  const email = (user.email ?? '').trim();
  const configured = Boolean(deps.mailer) && Boolean(await fromAddress(deps));
  const emailed = Boolean(email) && configured;
  const token = randomBytes(32).toString('base64url');
  const url = passwordResetUrl(deps.publicBaseUrl, token);
  const row = await db.transaction(async (tx) => {
    await tx.update(passwordResets).set({ revokedAt: sql`now()` }).where(and(eq(passwordResets.userId, userId), active));
    const [created] = await tx
      .insert(passwordResets)
      .values({
        userId,
        tokenHash: resetTokenHash(token),
        expiresAt: sql`now() + make_interval(hours => ${PASSWORD_RESET_HOURS})`,
        createdBy: actorId,
      })
      .returning();
    // The job carries the URL until it is sent: the only place the token is kept besides the user's mailbox.
    if (emailed) await deps.jobs.send(PASSWORD_RESET_EMAIL_JOB, { resetId: created!.id, url }, { tx, singletonKey: `password-reset:${created!.id}` });
    return created!;
  });
  if (emailed) deps.jobs.wake(PASSWORD_RESET_EMAIL_JOB);
  return {
    user_id: user.id,
    username: user.username,
    email: email || null,
    expires_at: row.expiresAt.toISOString(),
    emailed,
    url: emailed ? null : url,
    detail: emailed
      ? `A password reset link was emailed to ${email}.`
      : email
        ? MESSAGES.passwordResetNotConfigured
        : MESSAGES.passwordResetNoEmail,
  };
}

/** The reset link of a call, checked: counted against the address's limit first (429), then it must be ours and active. */
async function resolveReset(db: Db, caller: ResetCaller) {
  const counted = await countAttempt(db, resetRateKey(caller.ip));
  if (counted.count > PASSWORD_RESET_RATE_LIMIT) throw new AppError('TOO_MANY_REQUESTS', MESSAGES.passwordResetRateLimited);
  const token = caller.token?.trim() ?? '';
  if (!TOKEN_SHAPE.test(token)) throw invalid();
  const [row] = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId, username: users.username })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.tokenHash, resetTokenHash(token)), active));
  if (!row) throw invalid();
  return row;
}

/** What the reset page shows: whose password the link sets. */
export async function showPasswordReset(deps: DbDeps, caller: ResetCaller) {
  const row = await resolveReset(deps.database.db, caller);
  return { username: row.username };
}

/**
 * Sets the password through a link: the link is marked used in the same statement that checks it is still
 * active, so of two uses at once only one sets a password. The user's sessions all end; a sign-in lock
 * on the account is lifted (the user has just proved they hold the link).
 */
export async function resetPassword(deps: Pick<AppDeps, 'database' | 'sessions'>, caller: ResetCaller, input: unknown) {
  const db = deps.database.db;
  const link = await resolveReset(db, caller);
  const parsed = newPasswordSchema.safeParse(input ?? {});
  if (!parsed.success) throw AppError.validation(zodIssuesToFieldErrors(parsed.error));
  const passwordHash = await hashPassword(parsed.data.password);
  const username = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.id, link.id), active))
      .returning({ userId: passwordResets.userId });
    if (!used) throw invalid();
    const [user] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, used.userId))
      .returning({ username: users.username });
    if (!user) throw invalid();
    return user.username;
  });
  await deps.sessions.invalidateUserSessions(link.userId);
  await clearFailures(db, accountKey(username));
  return { username };
}
