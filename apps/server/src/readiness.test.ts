import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../tests/test-app';
import { scrape, sampleOf } from '../tests/metrics-scrape';
import { createFolderBlobStore } from './blobs';
import { startMetricsServer } from './metrics/http';

/**
 * /readyz on real parts: a blob folder that turns into a file, a Chromium path that does not exist, a job
 * queue that stopped, and a process told to stop (SIGTERM's drain). /healthz stays as it was.
 */

let app: FastifyInstance;
let blobDir: string;
beforeAll(async () => {
  blobDir = mkdtempSync(path.join(tmpdir(), 'icehouse-readyz-'));
  const test = await createTestApp({ blobs: await createFolderBlobStore(blobDir) });
  app = test.app;
});
afterAll(async () => {
  await app?.close();
});

const readyz = async (on = app) => {
  const res = await on.inject({ method: 'GET', url: '/readyz' });
  return { status: res.statusCode, body: res.json() as { status: string; not_ready?: string[] } };
};

describe('GET /readyz', () => {
  it('answers 200 when the database, the blob store, a Chromium and the job queue are there', async () => {
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('answers 503 naming the blob store while it fails, and counts its errors in the metrics', async () => {
    const metrics = await startMetricsServer(app.metrics, '127.0.0.1', 0);
    try {
      const errors = async () =>
        sampleOf(await scrape(metrics.url), 'icehouse_blob_store_errors_total', { operation: 'has' });
      const before = await errors();
      // The folder's place taken by a file: every look-up fails (ENOTDIR), as on a lost mount.
      renameSync(blobDir, `${blobDir}.away`);
      writeFileSync(blobDir, 'not a folder');
      try {
        expect(await readyz()).toEqual({ status: 503, body: { status: 'not ready', not_ready: ['blob store'] } });
        expect(await errors()).toBe(before + 1);
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        const { rmSync } = await import('node:fs');
        rmSync(blobDir);
        renameSync(`${blobDir}.away`, blobDir);
      }
      expect((await readyz()).status).toBe(200);
    } finally {
      await metrics.close();
    }
  });

  it('answers 503 naming the PDF renderer when no Chromium can be started, and the queue once it stopped', async () => {
    const test = await createTestApp({ pdfOptions: { executablePath: '/nonexistent/chromium' } });
    try {
      expect(await readyz(test.app)).toEqual({ status: 503, body: { status: 'not ready', not_ready: ['PDF renderer'] } });
      await test.app.jobs.stop();
      expect(await readyz(test.app)).toEqual({
        status: 503,
        body: { status: 'not ready', not_ready: ['PDF renderer', 'queue'] },
      });
    } finally {
      await test.app.close();
    }
  });

  it('says "shutting down" once told to drain, while every other request is still served', async () => {
    await app.drain(0);
    expect(await readyz()).toEqual({ status: 503, body: { status: 'shutting down', not_ready: ['shutting down'] } });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/auth/csrf/' })).statusCode).toBe(200);
  });
});
