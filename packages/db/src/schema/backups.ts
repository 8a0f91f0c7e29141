import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './_columns';

/**
 * One backup taken by the app (scheduled or started by an admin; decision 255): its archive in the
 * backup store (file_name), what it weighed and took, and whether restoring it into a scratch database
 * gave back the same rows (status 'verified') or what went wrong ('failed', error). A scheduled one
 * carries its day: the unique scheduled_for is what lets one instance only take a day's backup.
 * removed_at: retention deleted its archive (the row stays, so the failures and history stay countable).
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: serial('id').primaryKey(),
    trigger: text('trigger').notNull(),
    scheduledFor: date('scheduled_for', { mode: 'string' }).unique('backup_runs_scheduled_for_key'),
    /** The queue's job that owns this run: its retries may take the run over, another job may not. */
    jobId: text('job_id'),
    status: text('status').notNull().default('queued'),
    requestedBy: integer('requested_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    fileName: text('file_name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    durationMs: integer('duration_ms'),
    /** Rows compared after the restore (every app table), and blobs in the archive. */
    rowsChecked: bigint('rows_checked', { mode: 'number' }),
    blobs: integer('blobs'),
    error: text('error'),
    removedAt: timestamptz('removed_at'),
  },
  (t) => [
    check('backup_runs_trigger_check', sql`${t.trigger} in ('scheduled', 'manual')`),
    check('backup_runs_status_check', sql`${t.status} in ('queued', 'running', 'verified', 'failed')`),
  ],
);

export type BackupRunRow = typeof backupRuns.$inferSelect;
