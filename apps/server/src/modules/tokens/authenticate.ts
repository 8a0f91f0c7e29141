import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { MESSAGES, type ApiTokenScope } from '@icehouse/domain';
import type { Db } from '@icehouse/db/client';
import { apiTokens, users } from '@icehouse/db/schema';
import { AppError } from '../../errors';
import type { SessionUser } from '../../deps';
import { hashTokenKey } from './keys';

/** The per-token rate limit's window: requests are counted per token in fixed windows of this length. */
export const RATE_WINDOW_SECONDS = 60;
const WINDOW = sql.raw(`interval '${RATE_WINDOW_SECONDS} seconds'`);

export interface TokenAuth {
  user: SessionUser;
  token: { id: number; scope: ApiTokenScope };
}

const unauthorized = (message: string) => new AppError('UNAUTHORIZED', message, { details: {} });

/**
 * `Authorization: Token <key>` (DRF's TokenAuthentication): the key, or null when the header is
 * absent or another scheme (Basic, Bearer...): those are not ours to judge. A malformed Token header is 401.
 */
export function tokenKeyOf(header: string | undefined): string | null {
  if (!header) return null;
  const parts = header.trim().split(/\s+/);
  if (parts[0]!.toLowerCase() !== 'token') return null;
  if (parts.length === 1) throw unauthorized(MESSAGES.tokenHeaderMissingKey);
  if (parts.length > 2) throw unauthorized(MESSAGES.tokenHeaderSpaces);
  return parts[1]!;
}

/**
 * Authenticates a token request and counts it against the token's rate limit, in one statement:
 * only a live token (not revoked, not expired, its user active) is touched; `last_used_at` moves and
 * the window's count goes up (a new window starts when the old one is over). Every instance counts in
 * the same row. Refusals: 401 with the reason; 429 past `limitPerWindow` with the seconds to wait.
 *
 * The statement sets `synchronous_commit = off` for its own transaction (set_config's `true`: local), so
 * its commit does not wait for the WAL flush: a count made on every request should not cost a disk flush
 * (decision 100; the token/session ratio stayed ~50% with it: the write itself is the cost). What a crash of
 * PostgreSQL can lose is the last fraction of a second of counts and `last_used_at` moves, never a token.
 */
export async function authenticateToken(db: Db, key: string, limitPerWindow: number): Promise<TokenAuth> {
  const hash = hashTokenKey(key);
  const t = apiTokens;
  const restart = sql`${t.rateWindowStart} <= now() - ${WINDOW}`;
  const [row] = await db
    .update(t)
    .set({
      lastUsedAt: sql`now()`,
      rateWindowStart: sql`case when ${restart} then now() else ${t.rateWindowStart} end`,
      rateCount: sql`case when ${restart} then 1 else ${t.rateCount} + 1 end`,
    })
    .from(sql`${users}, (select set_config('synchronous_commit', 'off', true)) as no_flush_wait`)
    .where(
      and(
        eq(t.keyHash, hash),
        eq(users.id, t.userId),
        isNull(t.revokedAt),
        or(isNull(t.expiresAt), gt(t.expiresAt, sql`now()`)),
        eq(users.isActive, true),
      ),
    )
    .returning({
      id: t.id,
      scope: t.scope,
      count: t.rateCount,
      retryAfter:
        sql<number>`ceil(extract(epoch from (${t.rateWindowStart} + ${WINDOW} - now())))::int`.mapWith(
          Number,
        ),
      userId: users.id,
      username: users.username,
      email: users.email,
      isSuperuser: users.isSuperuser,
    });
  if (!row) throw await refusalOf(db, hash);
  if (row.count > limitPerWindow) {
    const seconds = Math.max(1, row.retryAfter);
    throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tokenRateLimited(seconds), {
      details: {},
      cause: { retryAfter: seconds },
    });
  }
  return {
    user: {
      id: row.userId,
      username: row.username,
      email: row.email,
      is_superuser: row.isSuperuser,
      is_active: true,
    },
    token: { id: row.id, scope: row.scope },
  };
}

/** Why a key was refused (the rare path: one more read). */
async function refusalOf(db: Db, hash: string): Promise<AppError> {
  const [found] = await db
    .select({ revokedAt: apiTokens.revokedAt, expiresAt: apiTokens.expiresAt, isActive: users.isActive })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.keyHash, hash));
  if (!found) return unauthorized(MESSAGES.tokenInvalid);
  if (found.revokedAt) return unauthorized(MESSAGES.tokenRevoked);
  if (!found.isActive) return unauthorized(MESSAGES.tokenUserInactive);
  return unauthorized(MESSAGES.tokenExpired);
}

/** The seconds a 429 of authenticateToken asks to wait. */
export function retryAfterOf(error: AppError): number | null {
  const cause = error.cause as { retryAfter?: unknown } | undefined;
  return typeof cause?.retryAfter === 'number' ? cause.retryAfter : null;
}
