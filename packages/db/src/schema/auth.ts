import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { DEFAULT_ROLE, ROLES } from '@icehouse/domain';
import { inList, timestamps, timestamptz } from './_columns';

/**
 * Staff accounts. Usernames are unique regardless of case (unique index on lower(username)). A user has one
 * role; `is_superuser` is the documented flag of the admin role and the database keeps the two in step.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    role: text('role').notNull().default(DEFAULT_ROLE),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
    lastLoginAt: timestamptz('last_login_at'),
    passwordChangedAt: timestamptz('password_changed_at'),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    check('users_role_check', inList(t.role, ROLES)),
    check('users_superuser_is_admin_role', sql`${t.isSuperuser} = (${t.role} = 'admin')`),
  ],
);

/** Every change of a user's role: whose, from what to what, by whom and when. */
export const userRoleChanges = pgTable(
  'user_role_changes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromRole: text('from_role'),
    toRole: text('to_role').notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
  },
  (t) => [index('user_role_changes_user_id_idx').on(t.userId)],
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

/**
 * Password reset links an admin sends (decision 269): only the SHA-256 of the token is kept. A link is
 * single-use (used_at), expires, and a newer link for the same user revokes the earlier ones.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('password_resets_token_hash_key'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId)],
);
