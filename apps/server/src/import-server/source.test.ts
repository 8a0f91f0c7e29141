import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SourceRefused, SourceUnavailable, connectSource } from './source';

/**
 * The source client against a real HTTP server that fails on purpose: a 5xx, a timeout or a dropped
 * connection is tried again with backoff, then reported; a 4xx is not tried again.
 */

let server: http.Server | null = null;

async function serve(handler: http.RequestListener): Promise<string> {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

describe('source client', () => {
  it('tries a 503 again with doubling delays and answers the first success', async () => {
    const seen: number[] = [];
    let calls = 0;
    const from = await serve((req, res) => {
      seen.push(Date.now());
      calls++;
      if (calls <= 2) return void res.writeHead(503).end('busy');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ count: 1, next: null, results: [{ id: 7 }] }));
    });
    const retries: number[] = [];
    const source = await connectSource({ from, token: 't', backoffMs: 40, onRetry: ({ attempt }) => retries.push(attempt) });
    expect(await source.list('/api/orders/')).toEqual([{ id: 7 }]);
    expect(retries).toEqual([2, 3]);
    // 40 ms, then 80 ms: each wait at least its delay.
    expect(seen[1]! - seen[0]!).toBeGreaterThanOrEqual(35);
    expect(seen[2]! - seen[1]!).toBeGreaterThanOrEqual(75);
  });

  it('reports a source that keeps failing or does not answer, after the attempts run out', async () => {
    let calls = 0;
    const from = await serve((req) => {
      calls++;
      if (req.url === '/api/hangs/') return; // never answers
      req.socket.destroy(); // drops the connection
    });
    const source = await connectSource({ from, token: 't', attempts: 3, backoffMs: 5, timeoutMs: 100 });
    const dropped = await source.getJson('/api/drops/').catch((e: unknown) => e);
    expect(dropped).toBeInstanceOf(SourceUnavailable);
    expect((dropped as SourceUnavailable).attempts).toBe(3);
    expect((dropped as Error).message).toMatch(/^\/api\/drops\/: connection failed .* after 3 attempts$/);
    const hung = await source.getJson('/api/hangs/').catch((e: unknown) => e);
    expect((hung as Error).message).toBe('/api/hangs/: no answer within 100 ms after 3 attempts');
    expect(calls).toBe(6);
  });

  it('does not try a 4xx again', async () => {
    let calls = 0;
    const from = await serve((req, res) => {
      calls++;
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not found."}');
    });
    const source = await connectSource({ from, token: 't', backoffMs: 5 });
    const refused = await source.getJson('/api/orders/9/').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SourceRefused);
    expect((refused as SourceRefused).status).toBe(404);
    expect(calls).toBe(1);
  });

  it('signs in as a browser does: the CSRF token, then the session cookie on every call', async () => {
    const from = await serve((req, res) => {
      if (req.url === '/api/auth/csrf/') return void res.writeHead(200, { 'set-cookie': 'csrftoken=abc; Path=/', 'content-type': 'application/json' }).end('{"csrfToken":"abc"}');
      if (req.url === '/api/auth/login/') {
        expect(req.headers['x-csrftoken']).toBe('abc');
        return void res.writeHead(200, { 'set-cookie': 'sessionid=s1; Path=/; HttpOnly', 'content-type': 'application/json' }).end('{}');
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ cookie: req.headers.cookie }));
    });
    const source = await connectSource({ from, user: 'anna', password: 'pw' });
    expect(await source.getJson('/api/company-info/')).toEqual({ cookie: 'csrftoken=abc; sessionid=s1' });
  });
});
