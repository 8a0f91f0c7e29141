import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { backupRuns } from '@icehouse/db/schema';
import { defineJob } from '../../jobs/define';
import { claimManualRun, claimScheduledRun, performBackup } from './backup-runs';

/** The jobs of the system module (listed in src/jobs/all-jobs.ts). */

const backupData = z.object({
  /** A scheduled backup: its day (YYYY-MM-DD, the server's calendar). */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  /** A backup an admin started: its run. */
  runId: z.number().int().positive().optional(),
});

/**
 * Takes a backup, stores it and verifies it (backup-runs.ts). Several instances may each send the day's
 * job; the day's unique run lets only the first job take it (the others end at once, doing nothing), and
 * the retries of that job take it over again after a failure.
 */
export const runBackupJob = defineJob({
  name: 'run-backup',
  label: 'Take a backup',
  data: backupData,
  retryLimit: 2,
  retryDelay: 600,
  retryBackoff: true,
  // A large database takes a while to dump, copy and restore: only an attempt this old is taken for dead.
  expireInSeconds: 3 * 3600,
  policy: 'stately',
  describe: async ({ database, data }) => {
    if (data.day) return `Scheduled backup of ${data.day}`;
    const [run] = await database.db.select({ id: backupRuns.id }).from(backupRuns).where(eq(backupRuns.id, data.runId ?? 0));
    return run ? `Backup #${run.id}, started by an admin` : null;
  },
  run: async ({ deps, data, job }) => {
    const runId =
      data.runId !== undefined
        ? await claimManualRun(deps, data.runId, job.id)
        : data.day
          ? await claimScheduledRun(deps, data.day, job.id)
          : null;
    if (runId === null) {
      deps.log.info({ day: data.day, runId: data.runId, job: job.id }, 'backup already taken or held by another job');
      return;
    }
    await performBackup(deps, runId);
  },
});
