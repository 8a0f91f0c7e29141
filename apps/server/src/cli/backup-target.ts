import type { Env } from '../env';
import { blobDirOf, blobStoreFromEnv } from '../blobs';
import type { BackupTarget } from '../backup/results';

/** What db:backup and db:restore work on: the server's database (DATABASE_URL, else DATA_DIR) and its blob store. */
export function backupTargetOf(env: Env): BackupTarget {
  return {
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    blobDir: env.BLOB_S3_BUCKET ? undefined : blobDirOf(env),
    openBlobs: () => blobStoreFromEnv(env),
  };
}
