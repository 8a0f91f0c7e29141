import { z } from 'zod';

/**
 * Scheduled backups (decision 255): the settings an admin sets on the System status screen, their
 * messages, and when the next one is due. The time is a time of day on the server's clock, the clock
 * every business date of the product is read from (decision 110).
 */

export const BACKUP_MESSAGES = {
  time: 'Enter a time of day as HH:MM (24-hour), e.g. 02:00.',
  keep: 'Keep between 1 and 365 backups.',
} as const;

export const BACKUP_DEFAULTS = { time: '02:00', keep: 7 } as const;

const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

export const backupSettingsSchema = z.object({
  enabled: z.boolean(),
  time: z.string().trim().regex(TIME_OF_DAY, BACKUP_MESSAGES.time),
  keep: z.number({ error: BACKUP_MESSAGES.keep }).int(BACKUP_MESSAGES.keep).min(1, BACKUP_MESSAGES.keep).max(365, BACKUP_MESSAGES.keep),
});
export type BackupSettingsInput = z.input<typeof backupSettingsSchema>;

/** Where a backup run stands: queued, running, then verified (restored and compared) or failed. */
export const BACKUP_STATUSES = ['queued', 'running', 'verified', 'failed'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

/** `date` as YYYY-MM-DD on the clock it is read on (the server's local calendar day). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The moment `day` (YYYY-MM-DD) reaches `time` (HH:MM) on the local clock. */
export function backupSlot(day: string, time: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(y, m - 1, d, hh, mm, 0, 0);
}

/**
 * How long after its time a day's backup may still be started: a server down at the time takes it when it is
 * back within these hours; one started later (a new install in the afternoon) waits for the next day's time.
 */
export const BACKUP_CATCH_UP_HOURS = 3;
const CATCH_UP_MS = BACKUP_CATCH_UP_HOURS * 3600_000;

const dayOffset = (now: Date, days: number) => localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));

/** The day whose backup is due at `now` (its time has come, less than BACKUP_CATCH_UP_HOURS ago), else null. */
export function dueBackupDay(now: Date, time: string): string | null {
  for (const day of [dayOffset(now, 0), dayOffset(now, -1)]) {
    const slot = backupSlot(day, time).getTime();
    if (now.getTime() >= slot && now.getTime() < slot + CATCH_UP_MS) return day;
  }
  return null;
}

/** When the next backup is due after `now` (`dueTaken`: the day due now, if any, has its backup). */
export function nextBackupAt(now: Date, time: string, dueTaken: boolean): Date {
  if (dueBackupDay(now, time) !== null && !dueTaken) return now;
  const today = backupSlot(dayOffset(now, 0), time);
  return now.getTime() < today.getTime() ? today : backupSlot(dayOffset(now, 1), time);
}
