import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { loadEnv } from './env';
import { blobDirOf } from './blobs';

describe('loadEnv', () => {
  it('defaults to the embedded database on port 3000', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', SEED_DEMO: false, NODE_ENV: 'production' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads PostgreSQL and flags', () => {
    const env = loadEnv({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/icehouse',
      SEED_DEMO: 'true',
      PORT: '8080',
    });
    expect(env).toMatchObject({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/icehouse',
      SEED_DEMO: true,
      PORT: 8080,
    });
  });

  it('lists every invalid variable at once', () => {
    expect(() => loadEnv({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*LOG_LEVEL|LOG_LEVEL[\s\S]*PORT/,
    );
  });

  it('puts the blob folder in the data folder unless BLOB_DIR says, and takes S3 credentials only in pairs', () => {
    expect(blobDirOf(loadEnv({ DATA_DIR: '/srv/icehouse' }))).toBe(path.resolve('/srv/icehouse/blobs'));
    expect(blobDirOf(loadEnv({ DATA_DIR: '/srv/icehouse', BLOB_DIR: '/mnt/blobs' }))).toBe(
      path.resolve('/mnt/blobs'),
    );
    const s3 = loadEnv({
      BLOB_S3_BUCKET: 'icehouse-files',
      BLOB_S3_ENDPOINT: 'http://minio:9000',
      BLOB_S3_FORCE_PATH_STYLE: 'true',
    });
    expect(s3).toMatchObject({
      BLOB_S3_BUCKET: 'icehouse-files',
      BLOB_S3_REGION: 'us-east-1',
      BLOB_S3_FORCE_PATH_STYLE: true,
    });
    expect(() => loadEnv({ BLOB_S3_BUCKET: 'icehouse-files', BLOB_S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /BLOB_S3_SECRET_ACCESS_KEY/,
    );
  });
});
