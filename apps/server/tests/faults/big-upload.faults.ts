import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@icehouse/domain';
import { HttpClient, rssOf, simpleOrder, sleep, startServer, type ServerProcess } from './harness';
import { tempDir, throwawayPostgres } from './backup-support';
import { record } from './results';

/**
 * A 50 MB upload (52,428,800 bytes: LIMITS.uploadMaxBytes) to the built server, then its download,
 * on the embedded database and on PostgreSQL. The file streams into the blob store and back: while
 * it moves, /healthz (polled every ~100 ms) answers every time, within 5 s (the stall this guards against
 * lasted ~50 s; the bound leaves room for a loaded CI machine, the figure itself is recorded), and the server's resident
 * memory (VmRSS) grows by less than 100 MB; the bytes served back hash like the bytes sent.
 */

const SIZE = LIMITS.uploadMaxBytes;
const MB = 1024 * 1024;
/** A /healthz answer slower than this is a stall (one was ~1 s on a CI machine running kill -9 cycles beside it). */
const STALL_MS = 5_000;
const BOUNDARY = '----icehouse-big-upload';

const tmp = tempDir('big-upload');
let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.stop('SIGKILL');
  tmp.remove();
});

/** The multipart body, produced 1 MB at a time (never whole in the test's memory either), and its file's SHA-256. */
function multipartBody(field: string): { body: AsyncIterable<Uint8Array>; sha256: Promise<string> } {
  let resolveHash!: (hex: string) => void;
  const sha256 = new Promise<string>((resolve) => (resolveHash = resolve));
  async function* generate() {
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const hash = createHash('sha256');
    for (let sent = 0, i = 0; sent < SIZE; i += 1) {
      const piece = Buffer.alloc(Math.min(MB, SIZE - sent), 0x30 + (i % 10));
      if (i === 0) piece.write('%PDF-1.4\n', 0, 'latin1');
      hash.update(piece);
      sent += piece.length;
      yield piece;
    }
    resolveHash(hash.digest('hex'));
    yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  }
  return { body: generate(), sha256 };
}

/** Polls /healthz every ~100 ms and samples the server's RSS until stopped: the worst latency and the peak. */
function watch(target: ServerProcess) {
  let running = true;
  let maxLatencyMs = 0;
  let polls = 0;
  let failures = 0;
  let peakRss = rssOf(target.pid);
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${target.url}/healthz`, { signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        if (res.status !== 200) failures += 1;
      } catch {
        failures += 1;
      }
      maxLatencyMs = Math.max(maxLatencyMs, performance.now() - started);
      polls += 1;
      peakRss = Math.max(peakRss, rssOf(target.pid));
      await sleep(100);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { maxLatencyMs: Math.round(maxLatencyMs), polls, failures, peakRss };
    },
  };
}

async function roundTrip(target: ServerProcess, label: string) {
  const client = new HttpClient(target.url);
  await client.login();
  const order = await client.request('POST', '/api/orders/', simpleOrder(`BIG-${label}`));
  expect(order.status, order.body).toBe(201);
  const id = (order.json as { id: number }).id;
  // Warm up the upload and serve paths with a small file, so the baseline is the server at work.
  const tiny = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="door_placement_drawing"; filename="t.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 tiny\r\n--${BOUNDARY}--\r\n`;
  const warm = await client.request('POST', `/api/orders/${id}/door-placement-drawing/`, undefined, {
    raw: tiny,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  expect(warm.status, warm.body).toBe(200);
  expect((await client.request('GET', `/api/orders/${id}/serve-door-placement/`)).status).toBe(200);
  await sleep(500);
  const baseline = rssOf(target.pid);

  // Upload.
  const upload = multipartBody('blueprint');
  const upWatch = watch(target);
  const upStarted = performance.now();
  const res = await fetch(`${target.url}/api/orders/${id}/blueprint/`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      cookie: client.cookieHeader,
      'x-csrftoken': client.csrfToken ?? '',
    },
    body: upload.body as unknown as BodyInit,
    duplex: 'half',
    signal: AbortSignal.timeout(300_000),
  } as RequestInit);
  const answer = await res.text();
  const uploadMs = performance.now() - upStarted;
  const up = await upWatch.stop();
  expect(res.status, answer).toBe(200);

  // Download, hashing as it comes.
  const downWatch = watch(target);
  const downStarted = performance.now();
  const served = await fetch(`${target.url}/api/orders/${id}/serve-blueprint/`, {
    headers: { cookie: client.cookieHeader },
    signal: AbortSignal.timeout(300_000),
  });
  expect(served.status).toBe(200);
  expect(served.headers.get('content-length')).toBe(String(SIZE));
  const hash = createHash('sha256');
  let received = 0;
  for await (const chunk of served.body as unknown as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    received += chunk.length;
  }
  const downloadMs = performance.now() - downStarted;
  const down = await downWatch.stop();

  const figures = {
    bytes: SIZE,
    uploadMs: Math.round(uploadMs),
    downloadMs: Math.round(downloadMs),
    maxHealthzMsDuringUpload: up.maxLatencyMs,
    maxHealthzMsDuringDownload: down.maxLatencyMs,
    healthzPolls: up.polls + down.polls,
    healthzFailures: up.failures + down.failures,
    baselineRssMb: Math.round(baseline / MB),
    rssGrowthUploadMb: Math.round((up.peakRss - baseline) / MB),
    rssGrowthDownloadMb: Math.round((down.peakRss - baseline) / MB),
  };
  record(`big-upload-${label}`, figures);
  expect(received).toBe(SIZE);
  expect(hash.digest('hex')).toBe(await upload.sha256);
  expect(figures.healthzFailures).toBe(0);
  expect(up.maxLatencyMs).toBeLessThan(STALL_MS);
  expect(down.maxLatencyMs).toBeLessThan(STALL_MS);
  expect(up.peakRss - baseline).toBeLessThan(100 * MB);
  expect(down.peakRss - baseline).toBeLessThan(100 * MB);
}

describe('a 50 MB PDF streams in and out without stalling the server', () => {
  it('embedded database (blob folder in the data folder)', async () => {
    server = await startServer({ dataDir: path.join(tmp.dir, 'data') });
    try {
      await roundTrip(server, 'pglite');
    } finally {
      await server.stop();
      server = null;
    }
  });

  it('PostgreSQL (BLOB_DIR)', async () => {
    const pg = await throwawayPostgres('icehouse_faults_big_upload');
    try {
      server = await startServer({ databaseUrl: pg.url, env: { BLOB_DIR: path.join(tmp.dir, 'pg-blobs') } });
      await roundTrip(server, 'postgres');
    } finally {
      await server?.stop();
      server = null;
      await pg.drop();
    }
  });
});
