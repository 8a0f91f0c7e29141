import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { spoolToFile } from './spool';
import {
  BlobMissingError,
  assertSha256,
  storeStep,
  type BlobChecks,
  type BlobStore,
  type PutResult,
} from './store';

export interface S3BlobStoreOptions {
  bucket: string;
  /** Key prefix, e.g. `blobs/` (default none). */
  prefix?: string;
  region: string;
  /** A custom endpoint (MinIO, Ceph, R2, a test server); unset for AWS itself. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Unset: the SDK's default chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where uploads are spooled while they are hashed (default: the OS temp folder). */
  tmpDir?: string;
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

/**
 * Blobs as objects `<prefix><sha256>` in an S3-compatible bucket (what several app instances
 * share). The key is the content's hash, known only at the end of the stream, so an upload is
 * first spooled to a local temporary file (hashing and checking it, one chunk in memory), then
 * sent with a streamed multipart upload unless the object is already there (dedupe).
 */
export function createS3BlobStore(
  options: S3BlobStoreOptions,
): BlobStore & { client: S3Client; bucket: string } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const prefix = options.prefix ?? '';
  const tmpDir = options.tmpDir ?? path.join(tmpdir(), 'icehouse-blob-uploads');
  const keyOf = (sha256: string) => {
    assertSha256(sha256);
    return `${prefix}${sha256}`;
  };
  const location = `s3://${options.bucket}/${prefix}`;
  const head = async (sha256: string): Promise<number | null> => {
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: keyOf(sha256) }));
      return answer.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

  return {
    kind: 's3',
    location,
    client,
    bucket: options.bucket,
    async put(source: AsyncIterable<Uint8Array>, checks?: BlobChecks): Promise<PutResult> {
      const spooled = await spoolToFile(source, tmpDir, checks);
      try {
        if ((await storeStep('looking up', () => head(spooled.sha256))) !== null) {
          return { sha256: spooled.sha256, size: spooled.size, existed: true };
        }
        // 8 MB parts, two at a time: at most ~16 MB of one upload in memory.
        const upload = new Upload({
          client,
          params: {
            Bucket: options.bucket,
            Key: keyOf(spooled.sha256),
            Body: createReadStream(spooled.file),
            ContentLength: spooled.size,
            ContentType: 'application/octet-stream',
          },
          partSize: 8 * 1024 * 1024,
          queueSize: 2,
        });
        await storeStep('uploading', () => upload.done());
        return { sha256: spooled.sha256, size: spooled.size, existed: false };
      } finally {
        await rm(spooled.file, { force: true });
      }
    },
    async open(sha256: string) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: keyOf(sha256) }),
        );
        return { size: answer.ContentLength ?? 0, stream: answer.Body as Readable };
      } catch (error) {
        if (isNotFound(error)) throw new BlobMissingError(sha256, location);
        throw error;
      }
    },
    async has(sha256: string) {
      return (await head(sha256)) !== null;
    },
    async delete(sha256: string) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: keyOf(sha256) }));
    },
  };
}
