import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { backupRuns, type BackupRunRow } from '@icehouse/db/schema';
import type { AppDeps } from '../../deps';
import { defaultArchiveName } from '../../backup/backup';
import { takeLiveBackup } from '../../backup/live-backup';
import { verifyArchive } from '../../backup/verify';
import { getBackupSettings } from './backup-settings';
import type { backupRunAnswer } from './schemas';

/**
 * One backup run (decision 255): take the archive of the running database, store it under the backups
 * prefix, read it back from the store and prove it restores (verify.ts), record the outcome, then keep
 * the newest N verified archives. A failure is recorded on the run and thrown, so the queue retries it.
 */

export type BackupRunView = z.output<typeof backupRunAnswer>;
export type BackupDeps = Pick<AppDeps, 'database' | 'blobs' | 'backups' | 'log' | 'metrics'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function backupRunView(row: BackupRunRow): BackupRunView {
  return {
    id: row.id,
    trigger: row.trigger as BackupRunView['trigger'],
    scheduled_for: row.scheduledFor,
    status: row.status as BackupRunView['status'],
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    file_name: row.fileName,
    size_bytes: row.sizeBytes,
    duration_ms: row.durationMs,
    rows_checked: row.rowsChecked,
    blobs: row.blobs,
    error: row.error,
    removed: row.removedAt !== null,
  };
}

/**
 * Takes the scheduled run of `day` for the job `jobId`: answers its id, or null when another job holds that
 * day (two instances sent one each) or it is already verified. The day's unique row decides: a retry of
 * the same job takes its own run over again, no other job does.
 */
export async function claimScheduledRun(deps: Pick<AppDeps, 'database'>, day: string, jobId: string): Promise<number | null> {
  const [row] = await deps.database.db
    .insert(backupRuns)
    .values({ trigger: 'scheduled', scheduledFor: day, jobId, status: 'running', startedAt: new Date() })
    .onConflictDoUpdate({
      target: backupRuns.scheduledFor,
      set: { status: 'running', startedAt: new Date(), error: null },
      setWhere: and(eq(backupRuns.jobId, jobId), ne(backupRuns.status, 'verified')),
    })
    .returning({ id: backupRuns.id });
  return row?.id ?? null;
}

/** Takes a run an admin started (its row was made with the job): null when it is already verified. */
export async function claimManualRun(deps: Pick<AppDeps, 'database'>, runId: number, jobId: string): Promise<number | null> {
  const [row] = await deps.database.db
    .update(backupRuns)
    .set({ status: 'running', jobId, startedAt: new Date(), error: null })
    .where(and(eq(backupRuns.id, runId), ne(backupRuns.status, 'verified')))
    .returning({ id: backupRuns.id });
  return row?.id ?? null;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** Takes, stores and verifies the backup of run `runId`, and records how it went. Throws when it failed. */
export async function performBackup(deps: BackupDeps, runId: number): Promise<void> {
  const { db } = deps.database;
  const started = Date.now();
  const name = defaultArchiveName(deps.database.kind).replace(/\.tar$/, `-${runId}.tar`);
  const work = mkdtempSync(path.join(tmpdir(), 'icehouse-scheduled-backup-'));
  let stored = false;
  let bytes: number | null = null;
  try {
    const archive = path.join(work, name);
    const taken = await takeLiveBackup({ database: deps.database, blobs: deps.blobs, ...deps.backups }, archive);
    bytes = taken.bytes;
    await deps.backups.store.put(name, archive);
    stored = true;
    rmSync(archive, { force: true });
    // What is checked is what the store gives back, not the file written a moment ago.
    const copy = path.join(work, 'stored-copy.tar');
    await deps.backups.store.download(name, copy);
    const verified = await verifyArchive(copy, taken.checksums, { databaseUrl: deps.backups.databaseUrl });
    const missing = taken.blobs.missing;
    await db
      .update(backupRuns)
      .set({
        status: 'verified',
        finishedAt: new Date(),
        fileName: name,
        sizeBytes: bytes,
        durationMs: Date.now() - started,
        rowsChecked: verified.rows,
        blobs: verified.blobs,
        // Verified all the same: the rows are whole; the store had lost those files before the backup.
        error: missing.length ? `${missing.length} files the records refer to were missing from the blob store: ${missing.join(', ')}` : null,
      })
      .where(eq(backupRuns.id, runId));
    deps.log.info({ runId, file: name, bytes, ms: Date.now() - started }, 'backup taken and verified');
  } catch (error) {
    deps.metrics.backupFailed();
    deps.log.error({ err: error, runId }, 'backup failed');
    // An archive that did not verify is not kept: no one should restore it.
    if (stored) await deps.backups.store.delete(name).catch(() => undefined);
    await db
      .update(backupRuns)
      .set({
        status: 'failed',
        finishedAt: new Date(),
        fileName: stored ? name : null,
        sizeBytes: bytes,
        durationMs: Date.now() - started,
        error: errorText(error),
        removedAt: stored ? new Date() : null,
      })
      .where(eq(backupRuns.id, runId));
    throw error;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  await applyRetention(deps);
}

/** Keeps the newest `keep` verified archives (only verified ones count) and deletes the older ones from the store. */
export async function applyRetention(deps: Pick<AppDeps, 'database' | 'backups'>): Promise<number> {
  const { db } = deps.database;
  const { keep } = await getBackupSettings(deps);
  const kept = await db
    .select({ id: backupRuns.id, fileName: backupRuns.fileName })
    .from(backupRuns)
    .where(and(eq(backupRuns.status, 'verified'), isNull(backupRuns.removedAt)))
    .orderBy(desc(backupRuns.finishedAt), desc(backupRuns.id));
  const old = kept.slice(keep);
  for (const run of old) {
    if (run.fileName) await deps.backups.store.delete(run.fileName);
    await db.update(backupRuns).set({ removedAt: new Date() }).where(eq(backupRuns.id, run.id));
  }
  return old.length;
}

/** The newest runs, for the status screen. */
export async function recentRuns(deps: Pick<AppDeps, 'database'>, limit = 20): Promise<BackupRunRow[]> {
  return deps.database.db.select().from(backupRuns).orderBy(desc(backupRuns.id)).limit(limit);
}

/** A run queued or running that started (or was asked for) within `hours`: one at a time. */
export async function runUnderWay(deps: Pick<AppDeps, 'database'>, hours = 3): Promise<boolean> {
  const since = new Date(Date.now() - hours * 3600_000);
  const [row] = await deps.database.db
    .select({ id: backupRuns.id })
    .from(backupRuns)
    .where(and(inArray(backupRuns.status, ['queued', 'running']), gt(backupRuns.createdAt, since)))
    .limit(1);
  return row !== undefined;
}
