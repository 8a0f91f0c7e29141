import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './_columns';
import { users } from './auth';

/**
 * Who has a record open (decision 081): one row per browser tab and record, kept alive
 * by the tab's heartbeat and ignored once `expires_at` has passed. Shared by every app instance.
 */
export const livePresence = pgTable(
  'live_presence',
  {
    tabId: text('tab_id').notNull(),
    entity: text('entity').notNull(),
    recordId: integer('record_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tabId, t.entity, t.recordId] }),
    index('live_presence_record_idx').on(t.entity, t.recordId),
  ],
);
