import { eq } from 'drizzle-orm';
import { dueBackupDay, nextBackupAt } from '@icehouse/domain';
import { backupRuns } from '@icehouse/db/schema';
import { AppError } from '../../errors';
import type { AppDeps, SessionUser } from '../../deps';
import { getBackupSettings } from './backup-settings';
import { backupRunView, recentRuns, runUnderWay, type BackupRunView } from './backup-runs';
import { runBackupJob } from './jobs';

/**
 * When backups happen (decision 255). Every instance that runs workers looks once a minute whether the
 * day's backup is due (its time has come on the server's clock, within BACKUP_CATCH_UP_HOURS) and not yet
 * taken, and sends the day's
 * job; the job's singleton key and the day's unique run make sure one backup is taken whatever the
 * number of instances.
 */

type ScheduleDeps = Pick<AppDeps, 'database' | 'jobs' | 'log'>;

async function dayTaken(deps: Pick<AppDeps, 'database'>, day: string): Promise<boolean> {
  const [row] = await deps.database.db
    .select({ id: backupRuns.id })
    .from(backupRuns)
    .where(eq(backupRuns.scheduledFor, day))
    .limit(1);
  return row !== undefined;
}

/** Sends the day's backup job when it is due and not taken: answers the job id, or null. */
export async function scheduleDueBackup(deps: ScheduleDeps, now = new Date()): Promise<string | null> {
  const settings = await getBackupSettings(deps);
  if (!settings.enabled) return null;
  const day = dueBackupDay(now, settings.time);
  if (day === null || (await dayTaken(deps, day))) return null;
  const id = await deps.jobs.send(runBackupJob, { day }, { singletonKey: `backup-${day}` });
  if (id) deps.jobs.wake(runBackupJob);
  return id;
}

/** The once-a-minute look (instances with workers only); stopped when the app closes. */
export function startBackupSchedule(deps: ScheduleDeps, intervalMs = 60_000): { stop(): void } {
  const timer = setInterval(() => {
    scheduleDueBackup(deps).catch((err: unknown) => deps.log.warn({ err }, 'could not schedule the backup'));
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** The status screen's backups: settings, where they go, when the next is due, the last ones. */
export async function backupsOverview(deps: Pick<AppDeps, 'database' | 'backups'>, now = new Date()) {
  const settings = await getBackupSettings(deps);
  const due = dueBackupDay(now, settings.time);
  const next = settings.enabled ? nextBackupAt(now, settings.time, due !== null && (await dayTaken(deps, due))) : null;
  return {
    settings,
    location: deps.backups.store.location,
    next_at: next ? next.toISOString() : null,
    results: (await recentRuns(deps)).map(backupRunView),
  };
}

/** An admin's "Back up now": a run and its job, in one transaction. One at a time. */
export async function startBackup(deps: Pick<AppDeps, 'database' | 'jobs'>, user: SessionUser): Promise<BackupRunView> {
  if (await runUnderWay(deps)) throw new AppError('CONFLICT', 'A backup is already under way. Wait for it to finish.');
  const row = await deps.database.db.transaction(async (tx) => {
    const [run] = await tx.insert(backupRuns).values({ trigger: 'manual', status: 'queued', requestedBy: user.id }).returning();
    await deps.jobs.send(runBackupJob, { runId: run!.id }, { tx, singletonKey: `backup-run-${run!.id}` });
    return run!;
  });
  deps.jobs.wake(runBackupJob);
  return backupRunView(row);
}
