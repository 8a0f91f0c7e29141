import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createS3BlobStore } from '../src/blobs';

/**
 * A real S3-compatible server (s3rver, from npm) in the test process, on a free port, keeping its
 * objects in a temporary folder; clients reach it with a custom endpoint and path-style addressing.
 */
export async function startS3Server(bucket = 'icehouse-test-blobs') {
  const directory = mkdtempSync(path.join(tmpdir(), 'icehouse-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    /** A blob store on this server (s3rver accepts any credentials signed with its default key pair). */
    store: (prefix = '') =>
      createS3BlobStore({
        bucket,
        prefix,
        region: 'us-east-1',
        endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
