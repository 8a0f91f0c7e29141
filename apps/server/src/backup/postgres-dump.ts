import { spawn } from 'node:child_process';
import { mkdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { createDb } from '@icehouse/db';
import { tableChecksums, type DatabaseChecksums } from './checksums';
import { referencedBlobs } from './archive';
import { BackupError, countsOf, type BackupResult, type RestoreResult } from './results';

/**
 * The PostgreSQL part of a backup: `pg_dump --format=custom` (a .dump file), restored with
 * `pg_restore --clean --if-exists --single-transaction` into the configured database.
 */

export const PG_TOOLS_MISSING =
  'The PostgreSQL client tools (pg_dump, pg_restore) were not found. Install them (Debian/Ubuntu: apt-get install postgresql-client) or put them on PATH.';

/**
 * The connection URL without its password, and the environment that passes the password instead
 * (PGPASSWORD), so it never shows on a command line (`ps`).
 */
export function pgConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  return { dbname: url.toString(), env };
}

export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 30 * 60_000,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 20_000) stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === 'ENOENT' ? new BackupError(PG_TOOLS_MISSING, { cause: error }) : error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(
          new BackupError(
            `${command} failed (${signal ?? `exit ${code}`}): ${stderr.trim() || 'no message'}`,
          ),
        );
    });
  });
}

async function postgresChecksums(
  databaseUrl: string,
): Promise<{ checksums: DatabaseChecksums; blobs: string[] }> {
  const database = await createDb({ databaseUrl, poolMax: 1 });
  try {
    return { checksums: await tableChecksums(database.db), blobs: await referencedBlobs(database.db) };
  } finally {
    await database.close();
  }
}

export async function backupPostgres(databaseUrl: string, out: string): Promise<BackupResult> {
  const { dbname, env } = pgConnection(databaseUrl);
  mkdirSync(path.dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  // No owners or grants: the dump restores into any database the restoring role owns.
  // The job queue's own schema (pg-boss: partitioned tables pg_restore --clean cannot drop) is not the
  // business's data: pg-boss recreates it at start; jobs queued at backup time are not restored (README).
  await run(
    'pg_dump',
    [
      '--format=custom',
      '--no-owner',
      '--no-acl',
      '--exclude-schema=pgboss',
      '--file',
      partial,
      '--dbname',
      dbname,
    ],
    env,
  );
  renameSync(partial, out);
  // Read after the dump: a blob referred to by a row the dump holds is in the list (rows added since are not in the dump).
  const after = await postgresChecksums(databaseUrl);
  return {
    kind: 'postgres',
    file: out,
    bytes: statSync(out).size,
    counts: countsOf(after.checksums),
    referencedBlobs: after.blobs,
  };
}

export async function restorePostgres(databaseUrl: string, file: string): Promise<RestoreResult> {
  const { dbname, env } = pgConnection(databaseUrl);
  // One transaction: a restore that fails half way leaves the database as it was.
  await run(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-acl',
      '--single-transaction',
      '--exit-on-error',
      '--dbname',
      dbname,
      file,
    ],
    env,
  );
  return { kind: 'postgres', file, counts: countsOf((await postgresChecksums(databaseUrl)).checksums) };
}
