import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../tests/test-app';
import { scrape, sampleOf } from '../../tests/metrics-scrape';
import { startMetricsServer, type MetricsServer } from './http';

/** The server's memory in the metrics, scraped over HTTP: the process's, Node's heap, and the embedded database's. */

let app: FastifyInstance;
let kind: string;
let server: MetricsServer;
beforeAll(async () => {
  const test = await createTestApp();
  app = test.app;
  kind = test.database.kind;
  server = await startMetricsServer(app.metrics, '127.0.0.1', 0);
});
afterAll(async () => {
  await server?.close();
  await app?.close();
});

describe('memory metrics', () => {
  it("show the process's RSS and Node's heap, and on the embedded database its thread's WebAssembly memory and heap", async () => {
    const samples = await scrape(server.url);
    const rss = sampleOf(samples, 'process_resident_memory_bytes');
    expect(rss).toBeGreaterThan(50 * 2 ** 20);
    expect(sampleOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    const wasm = samples.filter((s) => s.name === 'icehouse_embedded_db_memory_bytes' && s.labels.part === 'webassembly');
    const heap = samples.filter((s) => s.name === 'icehouse_embedded_db_memory_bytes' && s.labels.part === 'javascript');
    if (kind === 'pglite') {
      // PostgreSQL's page cache alone (shared_buffers, decision 257) is resident from the start: the figure is PGlite's own.
      expect(wasm).toHaveLength(1);
      expect(wasm[0]!.value).toBeGreaterThan(32 * 2 ** 20);
      expect(wasm[0]!.value).toBeLessThan(rss);
      expect(heap).toHaveLength(1);
      expect(heap[0]!.value).toBeGreaterThan(0);
    } else {
      // PostgreSQL's memory is its own processes': nothing to read in this one.
      expect([...wasm, ...heap]).toEqual([]);
    }
  });
});
