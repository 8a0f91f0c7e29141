import path from 'node:path';
import type { Env } from '../env';
import { blobDirOf, blobStoreFromEnv, type BlobStore, type createS3BlobStore } from '../blobs';
import type { BackupTarget } from '../backup/results';
import { BACKUPS_PREFIX, folderBackupStore, s3BackupStore } from '../backup/backup-store';
import type { BackupSetup } from '../deps';

type S3Store = ReturnType<typeof createS3BlobStore>;

/** What db:backup and db:restore work on: the server's database (DATABASE_URL, else DATA_DIR) and its blob store. */
export function backupTargetOf(env: Env): BackupTarget {
  return {
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    blobDir: env.BLOB_S3_BUCKET ? undefined : blobDirOf(env),
    openBlobs: () => blobStoreFromEnv(env),
  };
}

/**
 * Where the server's scheduled backups go (decision 255) and what it dumps with: the blob store's place
 * under `backups/` (the bucket's `<BLOB_S3_PREFIX>backups/`, or `<blob folder>/backups`).
 */
export function backupSetupOf(env: Env, blobs: BlobStore): Omit<BackupSetup, 'pauseBlobs'> {
  const store =
    'client' in blobs && 'bucket' in blobs
      ? s3BackupStore((blobs as S3Store).client, (blobs as S3Store).bucket, `${env.BLOB_S3_PREFIX}${BACKUPS_PREFIX}`)
      : folderBackupStore(path.join(blobDirOf(env), 'backups'));
  return {
    store,
    databaseUrl: env.DATABASE_URL,
    ...(env.DATABASE_URL ? {} : { dataDir: env.DATA_DIR, blobDir: env.BLOB_S3_BUCKET ? undefined : blobDirOf(env) }),
  };
}
