import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '@icehouse/db';
import { chromiumUnder, HttpClient, isAlive, simpleOrder, sleep, startServer, waitFor, type ServerProcess } from './harness';
import { tempDir } from './backup-support';
import { record } from './results';

/**
 * SIGTERM while 32 clients are working against the built server (embedded database, a Chromium
 * already running): requests under way finish normally, new ones are refused cleanly (a 503 with a
 * detail, or the connection refused), the process exits 0 within 10 seconds, no Chromium is left,
 * the data folder is unlocked, and every acknowledged write is there after a restart.
 */

const CLIENTS = 32;

let server: ServerProcess | null = null;
const tmp = tempDir('sigterm');
afterAll(async () => {
  await server?.stop('SIGKILL');
  tmp.remove();
});

type Outcome = { kind: string; start: number; end: number; status: number | null; error: string | null; body: string };

describe('SIGTERM under load', () => {
  it('finishes what is under way, refuses the rest cleanly, exits in time and leaves no browser behind', async () => {
    const dataDir = path.join(tmp.dir, 'data');
    server = await startServer({ dataDir });
    const admin = new HttpClient(server.url);
    await admin.login();

    // A few invoices, and one PDF rendered: Chromium is running.
    const invoiceIds: number[] = [];
    for (let i = 0; i < 4; i++) {
      const order = await admin.request('POST', '/api/orders/', simpleOrder(`S-${i}`));
      expect(order.status, order.body).toBe(201);
      const invoice = await admin.request('POST', `/api/orders/${(order.json as { id: number }).id}/create-invoice/`, { return_json: true });
      expect(invoice.status).toBe(201);
      invoiceIds.push((invoice.json as { id: number }).id);
    }
    const first = await admin.request('GET', `/api/invoices/${invoiceIds[0]}/pdf/`);
    expect(first.status, first.body).toBe(200);
    const browsers = chromiumUnder(server.pid);
    expect(browsers.length, 'Chromium runs under the server').toBeGreaterThan(0);

    const outcomes: Outcome[] = [];
    const acked = new Map<number, string>();
    let sigtermAt = Infinity;
    const deadline = performance.now() + 30_000;
    const client = async (c: number) => {
      const http = new HttpClient(server!.url).copyFrom(admin);
      for (let n = 0; n < 2000 && performance.now() < deadline; n++) {
        const kind = n % 8 === 7 ? 'pdf' : n % 3 === 0 ? 'create' : n % 3 === 1 ? 'list' : 'read';
        const start = performance.now();
        try {
          const res =
            kind === 'pdf'
              ? await http.request('GET', `/api/invoices/${invoiceIds[(c + n) % invoiceIds.length]}/pdf/`, undefined, { timeoutMs: 15_000 })
              : kind === 'create'
                ? await http.request('POST', '/api/orders/', simpleOrder(`C${c}-${n}`), { timeoutMs: 15_000 })
                : kind === 'list'
                  ? await http.request('GET', '/api/orders/list-view/', undefined, { timeoutMs: 15_000 })
                  : await http.request('GET', '/api/orders/by-month/', undefined, { timeoutMs: 15_000 });
          outcomes.push({ kind, start, end: performance.now(), status: res.status, error: null, body: res.body.slice(0, 200) });
          if (kind === 'create' && res.status === 201) acked.set((res.json as { id: number }).id, `C${c}-${n}`);
          if (start > sigtermAt && res.status === 503) return; // told to go away: stop, as a browser would
        } catch (error) {
          const cause = (error as { cause?: { code?: string } }).cause;
          outcomes.push({ kind, start, end: performance.now(), status: null, error: cause?.code ?? String(error), body: kind === 'create' ? `C${c}-${n}` : '' });
          if (start > sigtermAt || performance.now() > sigtermAt) return; // the server is gone
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
    await sleep(2500);
    sigtermAt = performance.now();
    const exit = await server.stop('SIGTERM', 20_000);
    const exitMs = exit.ms;
    await Promise.all(clients);

    expect(exit.code, server.lines.slice(-20).join('\n')).toBe(0);
    expect(exitMs).toBeLessThan(10_000);

    // Under way at the SIGTERM, as the server saw it (its log: begun before 'shutting down'): every one
    // answered, normally. On the client's side nothing sent before the signal was cut off.
    const requests = new Map<string, { start: number; end?: number; status?: number; what: string }>();
    let shutdownAt = Infinity;
    for (const line of server.lines) {
      let entry: { time: number; msg: string; reqId?: string; req?: { method: string; url: string }; res?: { statusCode: number } };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        continue;
      }
      if (entry.msg?.startsWith('shutting down')) shutdownAt = Math.min(shutdownAt, entry.time);
      if (entry.msg === 'incoming request' && entry.reqId) requests.set(entry.reqId, { start: entry.time, what: `${entry.req?.method} ${entry.req?.url}` });
      if (entry.msg === 'request completed' && entry.reqId) Object.assign(requests.get(entry.reqId) ?? {}, { end: entry.time, status: entry.res?.statusCode });
    }
    expect(shutdownAt).toBeLessThan(Infinity);
    const inFlight = [...requests.values()].filter((r) => r.start < shutdownAt && (r.end === undefined || r.end >= shutdownAt));
    const unfinished = inFlight.filter((r) => r.end === undefined || r.status === undefined || r.status >= 500);
    expect(unfinished.slice(0, 5), 'requests under way at SIGTERM that did not finish normally').toEqual([]);
    expect(inFlight.length).toBeGreaterThan(0);
    const before = outcomes.filter((o) => o.start < sigtermAt - 50);
    const cut = before.filter((o) => o.status !== null && o.status >= 500 && o.status !== 503);
    expect(cut.slice(0, 5), 'requests sent before SIGTERM that failed').toEqual([]);
    // Sent before the signal but still waiting in the listen queue of an overloaded server when it stopped
    // listening: reset without being read. Nothing of them may have happened (checked after the restart).
    const neverRead = before.filter((o) => o.status === null);

    // Sent after it: a 503 with a detail, or the connection refused / closed (or, when the server began
    // it before it handled the signal, the normal answer); never a hang, never another 5xx.
    const after = outcomes.filter((o) => o.start > sigtermAt);
    for (const o of after) {
      if (o.status !== null) {
        expect(o.status < 500 || o.status === 503, `${o.kind} after SIGTERM: ${o.status} ${o.body}`).toBe(true);
        if (o.status === 503) expect(JSON.parse(o.body)).toMatchObject({ detail: expect.any(String), reason: 'shutting_down' });
      } else {
        expect(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE'], `${o.kind} after SIGTERM`).toContain(o.error);
      }
      expect(o.end - o.start).toBeLessThan(5_000);
    }

    // No Chromium left, the folder unlocked.
    const gone = await waitFor(() => browsers.every((p) => !isAlive(p.pid)), 5_000);
    expect(gone, `Chromium left behind: ${browsers.filter((p) => isAlive(p.pid)).map((p) => p.pid).join(', ')}`).toBe(true);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    server = null;

    // Every acknowledged write is there after a restart.
    server = await startServer({ dataDir });
    const check = new HttpClient(server.url).copyFrom(admin);
    for (const [id, door] of acked) {
      const res = await check.request('GET', `/api/orders/${id}/`);
      expect(res.status, `order ${id}`).toBe(200);
      expect((res.json as { door_number: string }).door_number).toBe(door);
    }
    for (const o of [...neverRead, ...outcomes.filter((x) => x.start > sigtermAt && x.status === null)].filter((x) => x.kind === 'create')) {
      const found = await check.request('GET', `/api/orders/list-view/?serial=${encodeURIComponent(o.body)}`);
      const doors = (found.json as { results: { door_number: string }[] }).results.map((r) => r.door_number);
      expect(doors, `order ${o.body}, whose request was reset, exists`).not.toContain(o.body);
    }
    const second = await server.stop('SIGTERM');
    expect(second.code).toBe(0);
    server = null;

    const statuses: Record<string, number> = {};
    for (const o of outcomes) statuses[String(o.status ?? o.error)] = (statuses[String(o.status ?? o.error)] ?? 0) + 1;
    record('sigterm', {
      clients: CLIENTS,
      requests: outcomes.length,
      byOutcome: statuses,
      inFlightAtSigterm: inFlight.length,
      inFlightFailed: unfinished.length,
      inFlightPdfs: inFlight.filter((r) => r.what.endsWith('/pdf/')).length,
      sentAfterSigterm: after.length,
      refusedAfterSigterm: after.filter((o) => o.status === 503 || o.status === null).length,
      resetUnreadInListenQueue: neverRead.length,
      exitCode: exit.code,
      exitMs: Math.round(exitMs),
      chromiumProcessesBefore: browsers.length,
      chromiumLeft: browsers.filter((p) => isAlive(p.pid)).length,
      writesAcknowledged: acked.size,
      lost: 0,
    });
  });
});
