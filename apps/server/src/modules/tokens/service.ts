import { and, desc, eq, isNull } from 'drizzle-orm';
import { MESSAGES, type apiTokenCreateSchema } from '@icehouse/domain';
import type { z } from 'zod';
import { apiTokens, users } from '@icehouse/db/schema';
import { AppError } from '../../errors';
import type { DbDeps, SessionUser } from '../../deps';
import { newTokenKey } from './keys';
import type { ApiTokenView } from './schemas';


const iso = (date: Date | null) => (date ? date.toISOString() : null);
type Row = Omit<ApiTokenView, 'created_at' | 'last_used_at' | 'expires_at' | 'revoked_at'> & {
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
};
const viewOf = (row: Row): ApiTokenView => ({
  ...row,
  created_at: row.created_at.toISOString(),
  last_used_at: iso(row.last_used_at),
  expires_at: iso(row.expires_at),
  revoked_at: iso(row.revoked_at),
});

const columns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: apiTokens.scope,
  key_prefix: apiTokens.keyPrefix,
  user_id: apiTokens.userId,
  username: users.username,
  created_at: apiTokens.createdAt,
  last_used_at: apiTokens.lastUsedAt,
  expires_at: apiTokens.expiresAt,
  revoked_at: apiTokens.revokedAt,
};

/** The caller's tokens, newest first; a superuser sees everyone's. */
export async function listTokens(deps: DbDeps, user: SessionUser): Promise<ApiTokenView[]> {
  const query = deps.database.db
    .select(columns)
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId));
  const scoped = user.is_superuser ? query : query.where(eq(apiTokens.userId, user.id));
  return (await scoped.orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))).map(viewOf);
}

/** A new token of the caller's; its key is in this answer only (stored as a hash). */
export async function createToken(
  deps: DbDeps,
  user: SessionUser,
  input: z.output<typeof apiTokenCreateSchema>,
): Promise<ApiTokenView & { key: string }> {
  const { key, prefix, hash } = newTokenKey();
  const [row] = await deps.database.db
    .insert(apiTokens)
    .values({
      userId: user.id,
      name: input.name,
      scope: input.scope,
      keyPrefix: prefix,
      keyHash: hash,
      expiresAt: input.expires_at,
    })
    .returning({ id: apiTokens.id });
  const [view] = await deps.database.db
    .select(columns)
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.id, row!.id));
  return { ...viewOf(view!), key };
}

/** Revokes one of the caller's tokens (a superuser: anyone's). Revoking twice keeps the first time. */
export async function revokeToken(deps: DbDeps, user: SessionUser, id: number): Promise<ApiTokenView> {
  const db = deps.database.db;
  const mine = user.is_superuser
    ? eq(apiTokens.id, id)
    : and(eq(apiTokens.id, id), eq(apiTokens.userId, user.id));
  const [found] = await db.select({ id: apiTokens.id }).from(apiTokens).where(mine);
  if (!found) throw AppError.notFound(MESSAGES.tokenNotFound);
  await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)));
  const [view] = await db
    .select(columns)
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.id, id));
  return viewOf(view!);
}
