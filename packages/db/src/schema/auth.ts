import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './_columns';

/** Staff accounts. Usernames are unique regardless of case (unique index on lower(username)). */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
    lastLoginAt: timestamptz('last_login_at'),
    passwordChangedAt: timestamptz('password_changed_at'),
  },
  (t) => [uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`)],
);

/**
 * Sessions, shaped for Lucia v3's DrizzlePostgreSQLAdapter (id text, userId,
 * expiresAt as a Date), plus created_at (absolute expiry) and the session's
 * CSRF token.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    csrfToken: text('csrf_token').notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * Failed sign-in counters for brute-force throttling, kept in the database so
 * every app instance sees them. key: 'user:<lowercased username>' or 'ip:<address>'.
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  firstFailureAt: timestamptz('first_failure_at').notNull().defaultNow(),
  lockedUntil: timestamptz('locked_until'),
});
