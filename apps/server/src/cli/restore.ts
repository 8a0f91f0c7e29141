// `npm run db:restore -- <file> [--skip-safety-backup]`
// Restores a backup made by db:backup into the database the server uses (DATABASE_URL, else the
// embedded DATA_DIR), then puts its blobs into the blob store (BLOB_DIR or BLOB_S3_BUCKET; blobs
// already there are kept: the store is content-addressed). A plain .dump/.tar.gz of before the blob
// store restores too: its files are in the database, and the server moves them out at start.
// - PostgreSQL: the current database is first saved beside the backup file, as
//   pre-restore-icehouse-postgres-<time>.dump (unless --skip-safety-backup); then pg_restore --clean
//   --if-exists runs in one transaction. Stop the app instances first.
// - Embedded: refused while a server holds the data folder; the folder's previous contents are moved
//   to <folder>.before-restore-<time>.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DataDirLockedError } from '@icehouse/db';
import { loadEnv } from '../env';
import { backupTargetOf } from './backup-target';
import { defaultBackupName, restoreDatabase } from '../backup/backup';
import { backupPostgres } from '../backup/postgres-dump';
import { describeCounts } from '../backup/describe';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'skip-safety-backup': { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
});
if (values.help || positionals.length !== 1) {
  console.log('Usage: npm run db:restore -- <backup file> [--skip-safety-backup]');
  process.exit(values.help ? 0 : 2);
}

const userCwd = process.env.INIT_CWD ?? process.cwd();
const file = path.resolve(userCwd, positionals[0]!);
const env = loadEnv();

try {
  if (env.DATABASE_URL && !values['skip-safety-backup']) {
    const safety = path.join(path.dirname(file), `pre-restore-${defaultBackupName('postgres')}`);
    await backupPostgres(env.DATABASE_URL, safety);
    console.log(`Saved the current database first, to ${safety}.`);
  }
  const result = await restoreDatabase(backupTargetOf(env), file);
  const into = result.kind === 'postgres' ? 'the PostgreSQL database' : `the embedded database (${path.resolve(env.DATA_DIR)})`;
  console.log(`Restored ${file} into ${into}: ${describeCounts(result.counts)}; ${result.blobs ?? 0} blobs.`);
  if (result.previousDataMovedTo) console.log(`Its previous contents are in ${result.previousDataMovedTo}.`);
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`Cannot restore: ${error.message}\nStop the server, then restore.`);
  } else {
    console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exitCode = 1;
}
