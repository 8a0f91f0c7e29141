import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { bytea, timestamptz } from './_columns';

/**
 * Uploaded files (blueprint and door placement PDFs) with their bytes, so a
 * database backup is a backup of everything.
 */
export const storedFiles = pgTable('stored_files', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  filename: text('filename').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  /** Hex SHA-256 of data. */
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
});
