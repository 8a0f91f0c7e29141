import { and, asc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { livePresence, users } from '@icehouse/db/schema';
import type { AppDeps, SessionUser } from '../../deps';
import type { PresenceAnswer } from './schemas';

/**
 * Presence (decision 081): "Also open by {names}". Each open editor sends a heartbeat every
 * PRESENCE_HEARTBEAT_MS; its row lives PRESENCE_TTL_MS past the last one, in the database, so every
 * app instance sees every tab. A closed tab stops beating: it is gone for the others within
 * TTL + one heartbeat (20 s), or at once when the editor says it leaves.
 */
export const PRESENCE_HEARTBEAT_MS = 5_000;
export const PRESENCE_TTL_MS = 15_000;

type Deps = Pick<AppDeps, 'database'>;
interface PresenceKey {
  tab_id: string;
  entity: string;
  id: number;
}

export async function heartbeat(deps: Deps, user: SessionUser, key: PresenceKey): Promise<PresenceAnswer> {
  const db = deps.database.db;
  const expiresAt = sql`now() + make_interval(secs => ${PRESENCE_TTL_MS / 1000})`;
  await db
    .insert(livePresence)
    .values({ tabId: key.tab_id, entity: key.entity, recordId: key.id, userId: user.id, expiresAt })
    .onConflictDoUpdate({
      target: [livePresence.tabId, livePresence.entity, livePresence.recordId],
      set: { userId: user.id, expiresAt },
    });
  // Housekeeping of this record's expired rows, so the table does not grow.
  await db
    .delete(livePresence)
    .where(
      and(
        eq(livePresence.entity, key.entity),
        eq(livePresence.recordId, key.id),
        lt(livePresence.expiresAt, sql`now()`),
      ),
    );
  const rows = await db
    .selectDistinct({ user_id: users.id, username: users.username })
    .from(livePresence)
    .innerJoin(users, eq(users.id, livePresence.userId))
    .where(
      and(
        eq(livePresence.entity, key.entity),
        eq(livePresence.recordId, key.id),
        gt(livePresence.expiresAt, sql`now()`),
        ne(livePresence.userId, user.id),
      ),
    )
    .orderBy(asc(users.username));
  return { viewers: rows };
}

export async function leave(deps: Deps, user: SessionUser, key: PresenceKey): Promise<{ ok: true }> {
  await deps.database.db
    .delete(livePresence)
    .where(
      and(
        eq(livePresence.tabId, key.tab_id),
        eq(livePresence.entity, key.entity),
        eq(livePresence.recordId, key.id),
        eq(livePresence.userId, user.id),
      ),
    );
  return { ok: true };
}
