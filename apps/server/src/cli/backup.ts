// `npm run db:backup [-- --out file]`
// Backs up the database the server uses (DATABASE_URL, else the embedded DATA_DIR) and the blobs its
// stored files refer to (from BLOB_DIR or the BLOB_S3_BUCKET, copied into the archive), as one tar:
// the database as a pg_dump custom archive or the embedded data folder dump (stop the server first),
// then the blobs. Default file: backups/icehouse-<kind>-<time>.tar.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DataDirLockedError } from '@icehouse/db';
import { loadEnv } from '../env';
import { backupTargetOf } from './backup-target';
import { backupDatabase, defaultArchiveName } from '../backup/backup';
import { describeBlobs, describeCounts, formatBytes } from '../backup/describe';

const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log('Usage: npm run db:backup [-- --out <file>]');
  process.exit(0);
}

// npm runs this in apps/server; a path the user typed is relative to where they typed it.
const userCwd = process.env.INIT_CWD ?? process.cwd();
const env = loadEnv();
const kind = env.DATABASE_URL ? 'postgres' : 'pglite';
const out = path.resolve(userCwd, values.out ?? path.join('backups', defaultArchiveName(kind)));

try {
  const result = await backupDatabase(backupTargetOf(env), out);
  const what = result.kind === 'postgres' ? 'the PostgreSQL database' : `the embedded database (${path.resolve(env.DATA_DIR)})`;
  console.log(`Backed up ${what} to ${result.file} (${formatBytes(result.bytes)}): ${describeCounts(result.counts)}; ${describeBlobs(result.blobs)}.`);
  if (result.blobs?.missing.length) process.exitCode = 1;
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`Cannot back up: ${error.message}\nThe embedded database can be backed up only while no server uses it.`);
  } else {
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exitCode = 1;
}
