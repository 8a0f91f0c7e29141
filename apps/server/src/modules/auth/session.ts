import { Lucia, TimeSpan, generateIdFromEntropySize } from 'lucia';
import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle';
import type { DatabaseSession, DatabaseUser } from 'lucia';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '@icehouse/db/client';
import { sessions, users } from '@icehouse/db/schema';
import { preparedQuery } from '../../prepared-query';
import type { SessionStore } from '../../deps';
import type { Role } from '@icehouse/domain';

/**
 * The one place that knows sessions are Lucia's (Lucia v3 is deprecated upstream:
 * swapping it for its own session recipe touches only this file).
 *
 * - Session id: 40 random base32 characters (200 bits), stored in the database.
 * - Idle expiry: IDLE_HOURS. Lucia pushes the expiry forward on a request once half
 *   of it has passed, so a session ends between 6 and 12 hours after the last activity.
 * - Absolute expiry: ABSOLUTE_DAYS after sign-in, whatever the activity.
 * - A new session (and CSRF token) at every sign-in.
 */
export const SESSION_COOKIE = 'sessionid';
export const IDLE_HOURS = 12;
export const ABSOLUTE_DAYS = 7;
const ABSOLUTE_MS = ABSOLUTE_DAYS * 24 * 60 * 60 * 1000;

declare module 'lucia' {
  interface Register {
    Lucia: ReturnType<typeof createLucia>;
    UserId: number;
    DatabaseUserAttributes: {
      username: string;
      email: string | null;
      isSuperuser: boolean;
      isActive: boolean;
      role: string;
    };
    DatabaseSessionAttributes: { csrfToken: string; createdAt: Date };
  }
}

/**
 * Lucia's drizzle adapter, with the one read of every signed-in request (session and user) built
 * once as a prepared statement instead of on each request.
 */
class SessionAdapter extends DrizzlePostgreSQLAdapter {
  constructor(private readonly database: Db) {
    super(database, sessions, users);
  }

  override async getSessionAndUser(sessionId: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const query = preparedQuery(this.database, 'auth.sessionAndUser', (db) =>
      db
        .select({ user: users, session: sessions })
        .from(sessions)
        .innerJoin(users, eq(sessions.userId, users.id))
        .where(eq(sessions.id, sql.placeholder('id')))
        .prepare('session_and_user'),
    );
    const [row] = await query.execute({ id: sessionId });
    if (!row) return [null, null];
    const { id, userId, expiresAt, ...sessionAttributes } = row.session;
    const { id: uid, ...userAttributes } = row.user;
    return [
      { id, userId, expiresAt, attributes: sessionAttributes },
      { id: uid, attributes: userAttributes },
    ];
  }
}

function createLucia(db: Db) {
  return new Lucia(new SessionAdapter(db), {
    sessionExpiresIn: new TimeSpan(IDLE_HOURS, 'h'),
    sessionCookie: { name: SESSION_COOKIE, attributes: { sameSite: 'lax' } },
    getUserAttributes: (a) => ({
      username: a.username,
      email: a.email,
      is_superuser: a.isSuperuser,
      is_active: a.isActive,
      role: a.role as Role,
    }),
    getSessionAttributes: (a) => ({ csrfToken: a.csrfToken, createdAt: new Date(a.createdAt) }),
  });
}

export type { ActiveSession, SessionStore } from '../../deps';

export function newCsrfToken(): string {
  return generateIdFromEntropySize(20);
}

export function createSessionStore(db: Db): SessionStore {
  const lucia = createLucia(db);
  return {
    async create(userId) {
      const csrfToken = newCsrfToken();
      const session = await lucia.createSession(userId, { csrfToken, createdAt: new Date() });
      return { id: session.id, expiresAt: session.expiresAt, csrfToken, renewed: true };
    },

    async validate(sessionId) {
      const { session, user } = await lucia.validateSession(sessionId);
      if (!session || !user) return null;
      // Deactivated users lose their sessions when deactivated; this is the belt to those braces.
      if (!user.is_active || Date.now() - session.createdAt.getTime() > ABSOLUTE_MS) {
        await lucia.invalidateSession(session.id);
        return null;
      }
      return {
        session: { id: session.id, expiresAt: session.expiresAt, csrfToken: session.csrfToken, renewed: session.fresh },
        user: { id: user.id, username: user.username, email: user.email, is_superuser: user.is_superuser, is_active: user.is_active, role: user.role },
      };
    },

    invalidate: (sessionId) => lucia.invalidateSession(sessionId),

    async stillValid(sessionIds) {
      if (sessionIds.length === 0) return new Map();
      const now = new Date();
      const rows = await db
        .select({ id: sessions.id, role: users.role })
        .from(sessions)
        .innerJoin(users, eq(sessions.userId, users.id))
        .where(
          and(
            inArray(sessions.id, [...sessionIds]),
            gt(sessions.expiresAt, now),
            gt(sessions.createdAt, new Date(now.getTime() - ABSOLUTE_MS)),
            eq(users.isActive, true),
          ),
        );
      return new Map(rows.map((r) => [r.id, r.role as Role]));
    },

    async invalidateUserSessions(userId, options = {}) {
      if (!options.except) return lucia.invalidateUserSessions(userId);
      const all = await lucia.getUserSessions(userId);
      await Promise.all(all.filter((s) => s.id !== options.except).map((s) => lucia.invalidateSession(s.id)));
    },
  };
}
