import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

/**
 * Where scheduled backups are kept (decision 255): archives by file name (icehouse-<kind>-<time>.tar),
 * in the blob store's own place under a `backups` prefix: `<blob folder>/backups/` or the bucket's
 * `<BLOB_S3_PREFIX>backups/`. Unlike blobs they are named, not addressed by their hash, so an operator
 * finds the one to restore by the time in its name. Written and read as streams from and to files.
 */
export interface BackupStore {
  readonly kind: 'folder' | 's3';
  /** Where they are, for the screen and the logs (a folder path or `s3://bucket/prefix`). */
  readonly location: string;
  /** Stores the file under `name` (replacing one of that name). */
  put(name: string, file: string): Promise<void>;
  /** Copies the stored archive `name` into `file`. */
  download(name: string, file: string): Promise<void>;
  /** Removes it (absent: no-op). */
  delete(name: string): Promise<void>;
}

export const BACKUPS_PREFIX = 'backups/';

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
function checkName(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`not a backup file name: ${JSON.stringify(name)}`);
  return name;
}

/** Backups as files of `dir` (written beside as `.partial`, then renamed: a reader never sees half of one). */
export function folderBackupStore(dir: string): BackupStore {
  const root = path.resolve(dir);
  return {
    kind: 'folder',
    location: root,
    async put(name, file) {
      await mkdir(root, { recursive: true });
      const target = path.join(root, checkName(name));
      await pipeline(createReadStream(file), createWriteStream(`${target}.partial`, { mode: 0o600 }));
      await rename(`${target}.partial`, target);
    },
    async download(name, file) {
      await stat(path.join(root, checkName(name)));
      await pipeline(createReadStream(path.join(root, name)), createWriteStream(file, { mode: 0o600 }));
    },
    async delete(name) {
      await rm(path.join(root, checkName(name)), { force: true });
    },
  };
}

/** Backups as objects `<prefix><name>` in the blob store's bucket (same client, same credentials). */
export function s3BackupStore(client: S3Client, bucket: string, prefix: string): BackupStore {
  const key = (name: string) => `${prefix}${checkName(name)}`;
  return {
    kind: 's3',
    location: `s3://${bucket}/${prefix}`,
    async put(name, file) {
      const { size } = await stat(file);
      // 8 MB parts, two at a time: memory stays bounded whatever the archive weighs.
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key(name), Body: createReadStream(file), ContentLength: size, ContentType: 'application/x-tar' },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
      });
      await upload.done();
    },
    async download(name, file) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(name) }));
      await pipeline(answer.Body as Readable, createWriteStream(file, { mode: 0o600 }));
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key(name) }));
    },
  };
}
