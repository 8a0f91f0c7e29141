import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { BACKUP_DEFAULTS, backupSettingsSchema, zodIssuesToFieldErrors } from '@icehouse/domain';
import { companyInfo } from '@icehouse/db/schema';
import { AppError } from '../../errors';
import type { DbDeps } from '../../deps';
import type { backupSettingsAnswer } from './schemas';

export type BackupSettings = z.output<typeof backupSettingsAnswer>;

/** The company row holds the settings (id 1, as Company Information's). */
const COMPANY_ID = 1;

/**
 * Scheduled backups are on by default for the embedded database and off for PostgreSQL until an admin
 * turns them on (decision 255).
 */
export const enabledByDefault = (kind: 'postgres' | 'pglite') => kind === 'pglite';

export async function getBackupSettings(deps: DbDeps): Promise<BackupSettings> {
  const [row] = await deps.database.db
    .select({ enabled: companyInfo.backupEnabled, time: companyInfo.backupTime, keep: companyInfo.backupKeep })
    .from(companyInfo)
    .where(eq(companyInfo.id, COMPANY_ID))
    .limit(1);
  const unset = row?.enabled === null || row?.enabled === undefined;
  return {
    enabled: unset ? enabledByDefault(deps.database.kind) : row.enabled!,
    enabled_by_default: unset,
    time: row?.time ?? BACKUP_DEFAULTS.time,
    keep: row?.keep ?? BACKUP_DEFAULTS.keep,
  };
}

export async function saveBackupSettings(deps: DbDeps, input: unknown): Promise<BackupSettings> {
  const parsed = backupSettingsSchema.safeParse(input);
  if (!parsed.success) throw AppError.validation(zodIssuesToFieldErrors(parsed.error));
  const values = { backupEnabled: parsed.data.enabled, backupTime: parsed.data.time, backupKeep: parsed.data.keep };
  // Company Information may not be saved yet: the row is made with its defaults and these.
  await deps.database.db
    .insert(companyInfo)
    .values({ id: COMPANY_ID, ...values })
    .onConflictDoUpdate({ target: companyInfo.id, set: values });
  return getBackupSettings(deps);
}
