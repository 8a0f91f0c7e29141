import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDb, rowsOf } from '@icehouse/db';
import { HttpClient, simpleOrder, sleep, startServer, waitFor, type ServerProcess } from './harness';
import { TcpProxy } from './proxy';
import { throwawayPostgres } from './backup-support';
import { record } from './results';

/**
 * PostgreSQL goes away under the running (built) server, through a proxy we cut and restore (the
 * machine's PostgreSQL itself is never stopped). During the outage every answer is a 503 with a
 * detail (never a 500, never a hang) and /healthz says 503; when the database is back the server
 * recovers by itself, and every acknowledged write is still there.
 */

const OUTAGES = 3;
const WRITERS = 8;

let server: ServerProcess | null = null;
let proxy: TcpProxy | null = null;
let dropDatabase: (() => Promise<void>) | null = null;
afterAll(async () => {
  if (server && !server.isRunning()) console.error(`the server died:\n${server.lines.slice(-40).join('\n')}`);
  await server?.stop('SIGTERM');
  await proxy?.close();
  await dropDatabase?.();
});

type Outcome = { phase: 'up' | 'down' | 'recovering'; status: number | 'network'; ms: number; body: string; start: number; end: number };

describe('PostgreSQL outage under the server', () => {
  it('answers 503 while the database is unreachable, recovers by itself, loses nothing', async () => {
    const target = await throwawayPostgres(`icehouse_faults_outage_${process.pid}`);
    dropDatabase = target.drop;
    const url = new URL(target.url);
    proxy = new TcpProxy(url.hostname, Number(url.port || 5432));
    await proxy.start();
    const viaProxy = new URL(target.url);
    viaProxy.port = String(proxy.port);
    server = await startServer({ databaseUrl: viaProxy.toString() });
    const admin = new HttpClient(server.url);
    await admin.login();

    const acked = new Map<number, string>();
    const outcomes: Outcome[] = [];
    let phase: Outcome['phase'] = 'up';
    let stop = false;
    let attempted = 0;
    const writer = async (w: number) => {
      const client = new HttpClient(server!.url).copyFrom(admin);
      for (let n = 0; n < 5000 && !stop; n++) {
        const door = `P${w}-${n}`;
        const at = phase;
        const start = performance.now();
        attempted += 1;
        try {
          // Writes and reads mixed: a create, and every third time the list.
          const res = n % 3 === 2 ? await client.request('GET', '/api/orders/list-view/', undefined, { timeoutMs: 20_000 }) : await client.request('POST', '/api/orders/', simpleOrder(door), { timeoutMs: 20_000 });
          outcomes.push({ phase: at, status: res.status, ms: res.ms, body: res.body.slice(0, 300), start, end: performance.now() });
          if (res.status === 201) acked.set((res.json as { id: number }).id, door);
        } catch (error) {
          outcomes.push({ phase: at, status: 'network', ms: 0, body: String(error), start, end: performance.now() });
        }
        if (phase === 'down') await sleep(20); // no busy loop against a server answering at once
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));

    const healthDuringOutage: number[] = [];
    const recoverySeconds: number[] = [];
    const outageWindows: [number, number][] = [];
    const downWindows: [number, number][] = [];
    for (let i = 0; i < OUTAGES; i++) {
      await sleep(1500);
      const cutAt = performance.now();
      await proxy.cut();
      phase = 'down';
      await sleep(300);
      for (let k = 0; k < 3; k++) {
        const health = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(15_000) });
        healthDuringOutage.push(health.status);
        expect(await health.json()).toMatchObject({ status: 'unavailable' });
        await sleep(400);
      }
      downWindows.push([cutAt, performance.now()]);
      await proxy.restore();
      phase = 'recovering';
      const back = performance.now();
      const recovered = await waitFor(async () => (await fetch(`${server!.url}/healthz`, { signal: AbortSignal.timeout(15_000) })).status === 200, 30_000, 100);
      expect(recovered, 'the server recovers by itself').toBe(true);
      recoverySeconds.push(Math.round(performance.now() - back) / 1000);
      outageWindows.push([cutAt, performance.now()]);
      phase = 'up';
    }
    // Enough requests after the last recovery for "all served" below to say something, on a fast or a slow machine.
    const lastUp = performance.now();
    const servedAfter = await waitFor(async () => outcomes.filter((o) => o.start > lastUp).length >= 50, 60_000, 50);
    expect(servedAfter, '50 requests after the last recovery').toBe(true);
    stop = true;
    await Promise.all(writers);

    // Never a 500 or a network error; during the outage only 503s with a detail (and answers already under way).
    const bad = outcomes.filter((o) => o.status === 'network' || (typeof o.status === 'number' && o.status >= 500 && o.status !== 503));
    expect(bad.slice(0, 5), 'a 5xx other than 503, or no answer').toEqual([]);
    const down = outcomes.filter((o) => o.phase === 'down');
    const down503 = down.filter((o) => o.status === 503);
    expect(down503.length).toBeGreaterThan(10);
    // Asked and answered while the database was unreachable: a 503, every one (others waited and were served after).
    const wholly = outcomes.filter((o) => downWindows.some(([from, to]) => o.start > from && o.end < to));
    expect(wholly.filter((o) => o.status !== 503)).toEqual([]);
    for (const o of down503) {
      expect(JSON.parse(o.body)).toMatchObject({ detail: expect.stringMatching(/database is unavailable/i) });
      expect(o.ms).toBeLessThan(12_000);
    }
    // Requests wholly outside the outages (from the cut until /healthz said 200 again) were all served.
    const up = outcomes.filter((o) => outageWindows.every(([from, to]) => o.end < from || o.start > to));
    expect(up.filter((o) => o.status === 503)).toEqual([]);
    expect(up.length).toBeGreaterThan(50);
    expect(healthDuringOutage.every((s) => s === 503)).toBe(true);

    // Every acknowledged order is there (read through the server, and straight from the database).
    for (const [id, door] of acked) {
      const res = await admin.request('GET', `/api/orders/${id}/`);
      expect(res.status).toBe(200);
      expect((res.json as { door_number: string }).door_number).toBe(door);
    }
    const direct = await createDb({ databaseUrl: target.url, poolMax: 1 });
    const rows = rowsOf<{ id: number }>(await direct.db.execute(sql`select id from orders`));
    await direct.close();
    const stored = new Set(rows.map((r) => Number(r.id)));
    const lost = [...acked.keys()].filter((id) => !stored.has(id));
    expect(lost).toEqual([]);

    // The outage's errors were logged without bound query parameters (session ids, CSRF tokens).
    const logs = server.lines.join('\n');
    for (const secret of [...admin.cookieValues, admin.csrfToken ?? '']) if (secret.length >= 8) expect(logs.includes(secret), 'a secret in the logs').toBe(false);

    const byStatus: Record<string, number> = {};
    for (const o of outcomes) byStatus[String(o.status)] = (byStatus[String(o.status)] ?? 0) + 1;
    record('pg-outage', {
      outages: OUTAGES,
      requests: attempted,
      byStatus,
      answeredDuringOutage: down.length,
      duringOutageByStatus: down.reduce<Record<string, number>>((acc, o) => ({ ...acc, [String(o.status)]: (acc[String(o.status)] ?? 0) + 1 }), {}),
      http503DuringOutage: down503.length,
      askedAndAnsweredDuringOutage: wholly.length,
      writesAcknowledged: acked.size,
      lost: lost.length,
      recoverySeconds,
      proxyConnections: proxy.connections,
    });
    const exit = await server.stop('SIGTERM');
    expect(exit.code).toBe(0);
    server = null;
  });
});
