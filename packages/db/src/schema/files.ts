import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { bytea, timestamptz } from './_columns';

/**
 * Uploaded files (blueprint and door placement PDFs): their metadata. The bytes live in the
 * server's blob store (a folder or an S3 bucket) under `sha256`; db:backup archives both.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Hex SHA-256 of the content: its key in the blob store. */
    sha256: text('sha256').notNull(),
    /**
     * Bytes of rows written before the blob store (migration 0007). The server moves them to the
     * store at start and sets this to null; no new row has bytes here. A later migration drops it.
     */
    data: bytea('data'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // Which rows use a blob (dedupe, backup, a future garbage collector).
    index('stored_files_sha256_idx').on(t.sha256),
  ],
);
