import path from 'node:path';
import type { Env } from '../env';
import { createFolderBlobStore } from './folder-store';
import { createS3BlobStore } from './s3-store';
import type { BlobStore } from './store';
import { putBlobsBack } from './set-aside';

export * from './store';
export { createFolderBlobStore } from './folder-store';
export { createS3BlobStore } from './s3-store';

type BlobEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'BLOB_DIR'
  | 'BLOB_S3_BUCKET'
  | 'BLOB_S3_PREFIX'
  | 'BLOB_S3_REGION'
  | 'BLOB_S3_ENDPOINT'
  | 'BLOB_S3_ACCESS_KEY_ID'
  | 'BLOB_S3_SECRET_ACCESS_KEY'
  | 'BLOB_S3_FORCE_PATH_STYLE'
>;

/** The blob folder when no bucket is configured: BLOB_DIR, else `<DATA_DIR>/blobs`. */
export function blobDirOf(env: Pick<Env, 'DATA_DIR' | 'BLOB_DIR'>): string {
  return path.resolve(env.BLOB_DIR ?? path.join(env.DATA_DIR, 'blobs'));
}

/** The blob store the environment configures: the S3 bucket when BLOB_S3_BUCKET is set, else the folder. */
export async function blobStoreFromEnv(env: BlobEnv): Promise<BlobStore> {
  if (env.BLOB_S3_BUCKET) {
    return createS3BlobStore({
      bucket: env.BLOB_S3_BUCKET,
      prefix: env.BLOB_S3_PREFIX,
      region: env.BLOB_S3_REGION,
      ...(env.BLOB_S3_ENDPOINT ? { endpoint: env.BLOB_S3_ENDPOINT } : {}),
      forcePathStyle: env.BLOB_S3_FORCE_PATH_STYLE,
      ...(env.BLOB_S3_ACCESS_KEY_ID && env.BLOB_S3_SECRET_ACCESS_KEY
        ? {
            credentials: {
              accessKeyId: env.BLOB_S3_ACCESS_KEY_ID,
              secretAccessKey: env.BLOB_S3_SECRET_ACCESS_KEY,
            },
          }
        : {}),
    });
  }
  const dir = blobDirOf(env);
  // A backup interrupted while it had the blob folder set aside (set-aside.ts): put it back first.
  putBlobsBack(env.DATA_DIR, dir);
  return createFolderBlobStore(dir);
}
