import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { MESSAGES, type ApiTokenScope, type Role } from '@icehouse/domain';
import type { Db } from '@icehouse/db/client';
import { apiTokens, users } from '@icehouse/db/schema';
import { AppError } from '../../errors';
import { preparedQuery } from '../../prepared-query';
import type { SessionUser } from '../../deps';
import { KEY_PREFIX, hashTokenKey } from './keys';
import { RATE_WINDOW_SECONDS, type TokenUsage } from './usage';

/** The per-token rate limit's window: requests are counted per token in fixed windows of this length. */
export { RATE_WINDOW_SECONDS };
const WINDOW = sql.raw(`interval '${RATE_WINDOW_SECONDS} seconds'`);

export interface TokenAuth {
  user: SessionUser;
  token: { id: number; scope: ApiTokenScope };
  rate: RateState;
}

/** Where a token stands in its rate window: the `RateLimit-*` headers of its answers. */
export interface RateState {
  /** Requests allowed per window. */
  limit: number;
  /** Requests left in this window after this one. */
  remaining: number;
  /** Seconds until the window ends (and `remaining` is `limit` again). */
  reset: number;
}

const unauthorized = (message: string) => new AppError('UNAUTHORIZED', message, { details: {} });

/**
 * `Authorization: Token <key>` (DRF's TokenAuthentication) or `Authorization: Bearer <key>` (what most
 * HTTP clients send; decision 131): the key, or null when the header is absent or another scheme (Basic...).
 * A Bearer credential that is not one of our keys (`ihk_...`: e.g. a proxy's JWT) is not ours to judge
 * either, so a deployment behind a proxy that adds its own bearer token keeps working. A malformed Token
 * header (or a Bearer one naming our key) is 401.
 */
export function tokenKeyOf(header: string | undefined): string | null {
  if (!header) return null;
  const parts = header.trim().split(/\s+/);
  const scheme = parts[0]!.toLowerCase();
  if (scheme === 'bearer') {
    if (!parts[1]?.startsWith(KEY_PREFIX)) return null;
  } else if (scheme !== 'token') return null;
  if (parts.length === 1) throw unauthorized(MESSAGES.tokenHeaderMissingKey);
  if (parts.length > 2) throw unauthorized(MESSAGES.tokenHeaderSpaces);
  return parts[1]!;
}

/** Whether the header carries a Bearer credential (ours or not). */
export const isBearer = (header: string | undefined) => /^\s*bearer\s+\S/i.test(header ?? '');

/** The read of every token request, built once per database (prepared-query.ts). */
function liveTokenQuery(database: Db) {
  return preparedQuery(database, 'tokens.liveToken', (db) => {
    const t = apiTokens;
    return db
      .select({
        id: t.id,
        scope: t.scope,
        windowStart: t.rateWindowStart,
        windowCurrent: sql<boolean>`${t.rateWindowStart} > now() - ${WINDOW}`,
        count: t.rateCount,
        retryAfter:
          sql<number>`ceil(extract(epoch from (${t.rateWindowStart} + ${WINDOW} - now())))::int`.mapWith(
            Number,
          ),
        userId: users.id,
        username: users.username,
        email: users.email,
        isSuperuser: users.isSuperuser,
        role: users.role,
      })
      .from(t)
      .innerJoin(users, eq(users.id, t.userId))
      .where(
        and(
          eq(t.keyHash, sql.placeholder('hash')),
          isNull(t.revokedAt),
          or(isNull(t.expiresAt), gt(t.expiresAt, sql`now()`)),
          eq(users.isActive, true),
        ),
      )
      .prepare('live_token');
  });
}

/**
 * Authenticates a token request and counts it against the token's rate limit: one read finds a live
 * token (not revoked, not expired, its user active) with its row's rate window, and `usage` counts the
 * request in this instance's memory (it adds the counts and the last use to the row about once a second,
 * so every instance counts in the same row; usage.ts, decision 100). Refusals: 401 with the reason; 429
 * past `limitPerWindow` with the seconds to wait.
 */
export async function authenticateToken(
  db: Db,
  usage: TokenUsage,
  key: string,
  limitPerWindow: number,
): Promise<TokenAuth> {
  const hash = hashTokenKey(key);
  const [row] = await liveTokenQuery(db).execute({ hash });
  if (!row) throw await refusalOf(db, hash);
  // A row whose window is over counts from zero: the next write of the counts starts a new window.
  const current = row.windowCurrent === true;
  const counted = (current ? row.count : 0) + usage.count(row.id, current ? row.windowStart : null);
  const reset = current ? Math.max(1, row.retryAfter) : RATE_WINDOW_SECONDS;
  const rate: RateState = { limit: limitPerWindow, remaining: Math.max(0, limitPerWindow - counted), reset };
  if (counted > limitPerWindow) {
    throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tokenRateLimited(reset), {
      details: {},
      cause: { retryAfter: reset, rate },
    });
  }
  return {
    user: {
      id: row.userId,
      username: row.username,
      email: row.email,
      is_superuser: row.isSuperuser,
      is_active: true,
      role: row.role as Role,
    },
    token: { id: row.id, scope: row.scope },
    rate,
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

/** The rate window of a 429 of authenticateToken (nothing left in it). */
export function rateOf(error: AppError): RateState | null {
  const cause = error.cause as { rate?: RateState } | undefined;
  return cause?.rate ?? null;
}
