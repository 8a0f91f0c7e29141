import { z } from 'zod';
import { BACKUP_STATUSES, backupSettingsSchema } from '@icehouse/domain';

export const systemStatusSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['postgres', 'pglite']),
  version: z.string(),
});

/** The backup settings as saved, with the default the database kind gives `enabled` until an admin sets it. */
export const backupSettingsAnswer = backupSettingsSchema.extend({
  /** True while nobody has set `enabled`: it is then the default for this database kind (decision 255). */
  enabled_by_default: z.boolean(),
});

export const backupRunAnswer = z.object({
  id: z.number().int(),
  trigger: z.enum(['scheduled', 'manual']),
  /** The day a scheduled backup was for (YYYY-MM-DD); null when an admin started it. */
  scheduled_for: z.string().nullable(),
  status: z.enum(BACKUP_STATUSES),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  file_name: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  rows_checked: z.number().int().nullable(),
  blobs: z.number().int().nullable(),
  error: z.string().nullable(),
  /** Retention removed its archive from the store. */
  removed: z.boolean(),
});

export const backupsAnswer = z.object({
  settings: backupSettingsAnswer,
  /** Where the archives are kept (a folder or `s3://bucket/prefix`). */
  location: z.string(),
  /** When the next scheduled backup is due (ISO); null while scheduled backups are off. */
  next_at: z.string().nullable(),
  /** The last 20 backups, newest first. */
  results: z.array(backupRunAnswer),
});

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const systemAnswers = {
  'system.status': systemStatusSchema,
  'system.backups': backupsAnswer,
  'system.saveBackupSettings': backupSettingsAnswer,
  'system.startBackup': backupRunAnswer,
};
