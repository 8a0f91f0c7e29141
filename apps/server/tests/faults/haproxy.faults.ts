import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { PDFDocument } from 'pdf-lib';
import {
  HttpClient,
  simpleOrder,
  sleep,
  startServer,
  waitFor,
  type Answer,
  type ServerProcess,
} from './harness';
import { startHaproxy, serversInLog, type Haproxy } from './haproxy';
import { throwawayPostgres } from './backup-support';
import { startS3Server } from '../s3-server';
import { isChange, isListening, openLiveStream } from '../live-client';
import { record } from './results';

/**
 * Two built server processes on one PostgreSQL database and one S3-compatible store (s3rver) behind a
 * real HAProxy running deploy/haproxy.cfg, the file docker-compose.yml uses. Through HAProxy, and
 * directly to each process where it matters which one answers: sign-in and CSRF across processes, an
 * upload on one and its download on the other, live updates from one process to a stream held by the
 * other, each webhook (a job) delivered exactly once to a real receiver, Idempotency-Key replayed to
 * the other process, the client's address as HAProxy saw it, and SIGTERM drained without an error.
 * Costs about a minute (two server starts on PostgreSQL, a few hundred requests).
 */

const S3_BUCKET = 'icehouse-lb';
let a: ServerProcess;
let b: ServerProcess;
let lb: Haproxy;
let sql: postgres.Sql;
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
});

/** Webhook deliveries received, by webhook-id (a real HTTP endpoint in the test's process). */
const received = new Map<string, number>();
let receiverUrl = '';

beforeAll(async () => {
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id'] ?? '');
      received.set(id, (received.get(id) ?? 0) + 1);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  cleanup.push(() => new Promise((resolve) => receiver.close(resolve)));

  const database = await throwawayPostgres(`icehouse_faults_lb_${process.pid}`);
  cleanup.push(() => database.drop());
  const s3 = await startS3Server(S3_BUCKET);
  cleanup.push(() => s3.close());
  const env = {
    BLOB_S3_BUCKET: S3_BUCKET,
    BLOB_S3_ENDPOINT: s3.endpoint,
    BLOB_S3_FORCE_PATH_STYLE: 'true',
    BLOB_S3_ACCESS_KEY_ID: 'S3RVER',
    BLOB_S3_SECRET_ACCESS_KEY: 'S3RVER',
    // HAProxy connects from 127.0.0.1: the client is the address it appends to X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  };
  // Both start at once on the empty database, as `docker compose up` starts them (migrations take turns).
  const started = await Promise.allSettled([
    startServer({ databaseUrl: database.url, env }),
    startServer({ databaseUrl: database.url, env }),
  ]);
  for (const result of started)
    if (result.status === 'fulfilled') cleanup.push(() => result.value.stop('SIGKILL'));
  for (const result of started) if (result.status === 'rejected') throw result.reason;
  [a, b] = started.map((r) => (r as PromiseFulfilledResult<ServerProcess>).value) as [
    ServerProcess,
    ServerProcess,
  ];
  for (const server of [a, b]) expect(server.lines.some((l) => l.includes('"blobs":"s3"'))).toBe(true);
  lb = await startHaproxy([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]);
  cleanup.push(() => lb.stop());
  sql = postgres(database.url, { max: 1, onnotice: () => {} });
  cleanup.push(() => sql.end({ timeout: 5 }));
});

/** Which process answered (its log has the request id the answer names). */
async function servedBy(res: Answer | Response): Promise<'a' | 'b'> {
  const id = res.headers.get('x-request-id');
  expect(id).toBeTruthy();
  const needle = `"reqId":"${id}"`;
  let who: 'a' | 'b' | null = null;
  await waitFor(() => {
    who = a.lines.some((l) => l.includes(needle))
      ? 'a'
      : b.lines.some((l) => l.includes(needle))
        ? 'b'
        : null;
    return who !== null;
  }, 5000);
  if (!who) throw new Error(`no process logged request ${id}`);
  return who;
}

async function onePagePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(text);
  return Buffer.from(await doc.save());
}

async function upload(client: HttpClient, base: string, orderId: number, pdf: Buffer): Promise<Response> {
  const form = new FormData();
  form.append('blueprint', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'drawing.pdf');
  return fetch(`${base}/api/orders/${orderId}/blueprint/`, {
    method: 'POST',
    headers: { cookie: client.cookieHeader, 'x-csrftoken': client.csrfToken! },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('two server processes behind HAProxy (deploy/haproxy.cfg)', () => {
  it('balances over both, and the client address is the one HAProxy saw, whatever X-Forwarded-For says', async () => {
    const who = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await new HttpClient(lb.url).request('GET', '/healthz');
      expect(res.status).toBe(200);
      who.add(await servedBy(res));
    }
    expect([...who].sort()).toEqual(['a', 'b']);

    // A forged X-Forwarded-For on a failed sign-in: the throttle counts 127.0.0.1 (where HAProxy saw it come from).
    const stranger = new HttpClient(lb.url);
    await stranger.request('GET', '/api/auth/csrf/');
    const res = await stranger.request(
      'POST',
      '/api/auth/login/',
      { username: 'nobody', password: 'wrong-password' },
      {
        headers: { 'x-forwarded-for': '203.0.113.9' },
      },
    );
    expect(res.status).toBe(401);
    const keys = (await sql<{ key: string }[]>`select key from login_attempts where key like 'ip:%'`).map(
      (r) => r.key,
    );
    expect(keys).toEqual(['ip:127.0.0.1']);
  });

  it('signs in on one process and the session and its CSRF token work on the other; through HAProxy every request lands anywhere', async () => {
    const onA = new HttpClient(a.url);
    await onA.login();
    const onB = new HttpClient(b.url).copyFrom(onA);
    const check = await onB.request('GET', '/api/auth/check/');
    expect(check.json).toMatchObject({ isAuthenticated: true, user: { username: expect.any(String) } });
    const withoutCsrf = await fetch(`${b.url}/api/orders/`, {
      method: 'POST',
      headers: { cookie: onB.cookieHeader, 'content-type': 'application/json' },
      body: JSON.stringify(simpleOrder('LB-CSRF-0')),
    });
    expect(withoutCsrf.status).toBe(403);
    const created = await onB.request('POST', '/api/orders/', simpleOrder('LB-CSRF-1'));
    expect(created.status, created.body).toBe(201);

    const viaLb = new HttpClient(lb.url);
    await viaLb.login();
    const writers = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await viaLb.request('POST', '/api/orders/', simpleOrder(`LB-CSRF-${i + 2}`));
      expect(res.status, res.body).toBe(201);
      writers.add(await servedBy(res));
    }
    expect([...writers].sort(), 'signed-in writes with CSRF answered by both processes').toEqual(['a', 'b']);
  });

  it('stores an upload made on one process in the shared bucket, and the other serves it', async () => {
    const client = new HttpClient(a.url);
    await client.login();
    const order = await client.request('POST', '/api/orders/', simpleOrder('LB-FILE-1'));
    const id = (order.json as { id: number }).id;
    const pdf = await onePagePdf('Uploaded through process A');
    const up = await upload(client, a.url, id, pdf);
    expect(up.status, await up.clone().text()).toBe(200);
    const down = await new HttpClient(b.url)
      .copyFrom(client)
      .request('GET', `/api/orders/${id}/serve-blueprint/`);
    expect(down.status).toBe(200);
    expect(sha256(down.raw)).toBe(sha256(pdf));

    // Through HAProxy: the upload streams through it, and a download on either process gives the same bytes.
    const viaLb = new HttpClient(lb.url).copyFrom(client);
    const second = await onePagePdf('Uploaded through HAProxy');
    const up2 = await upload(viaLb, lb.url, id, second);
    expect(up2.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await viaLb.request('GET', `/api/orders/${id}/serve-blueprint/`);
      expect(sha256(res.raw)).toBe(sha256(second));
    }
  });

  it('carries a change made on one process to a live stream held by the other, and streams through HAProxy unbuffered', async () => {
    const client = new HttpClient(a.url);
    await client.login();
    const order = await client.request('POST', '/api/orders/', simpleOrder('LB-LIVE-1'));
    const id = (order.json as { id: number }).id;
    let version = (order.json as { version: number }).version;

    const onB = await openLiveStream(b.url, client);
    cleanup.push(() => onB.close());
    expect(onB.status).toBe(200);
    await onB.next(isListening);
    const update = await client.request('PATCH', `/api/orders/${id}/`, { notes: 'changed on A', version });
    expect(update.status, update.body).toBe(200);
    version = (update.json as { version: number }).version;
    await onB.next(isChange('order', id, 'updated'));

    // Through HAProxy: the stream lands on one process; changes made directly on each process reach it.
    const viaLb = await openLiveStream(lb.url, client);
    cleanup.push(() => viaLb.close());
    expect(viaLb.status).toBe(200);
    expect(viaLb.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(viaLb.headers.get('content-encoding')).toBeNull();
    await viaLb.next(isListening);
    for (const [n, base] of [a.url, b.url].entries()) {
      const res = await new HttpClient(base)
        .copyFrom(client)
        .request('PATCH', `/api/orders/${id}/`, { notes: `changed directly, ${n}`, version });
      expect(res.status, res.body).toBe(200);
      version = (res.json as { version: number }).version;
      await viaLb.next(
        (e) =>
          isChange('order', id, 'updated')(e) &&
          (e.data as { change: { version: number } }).change.version === version,
      );
    }
    await viaLb.close();
    await onB.close();
  });

  it('delivers each webhook exactly once (jobs shared by both processes) to a real receiver', async () => {
    const client = new HttpClient(lb.url);
    await client.login();
    const hook = await client.request('POST', '/api/webhooks/', {
      url: receiverUrl,
      events: ['order.created'],
      active: true,
    });
    expect(hook.status, hook.body).toBe(201);
    const ORDERS = 24;
    const ids: number[] = [];
    const by = { a: 0, b: 0 };
    await Promise.all(
      Array.from({ length: 4 }, async (_, w) => {
        for (let n = w; n < ORDERS; n += 4) {
          const res = await client.request('POST', '/api/orders/', simpleOrder(`LB-HOOK-${n}`));
          expect(res.status, res.body).toBe(201);
          ids.push((res.json as { id: number }).id);
          by[await servedBy(res)] += 1;
        }
      }),
    );
    expect(by.a).toBeGreaterThan(0);
    expect(by.b).toBeGreaterThan(0);
    const settled = await waitFor(
      async () => {
        const [row] = await sql<{ pending: number; delivered: number }[]>`
        select count(*) filter (where state <> 'delivered')::int as pending, count(*) filter (where state = 'delivered')::int as delivered
        from webhook_deliveries`;
        return row!.pending === 0 && row!.delivered === ORDERS;
      },
      60_000,
      200,
    );
    expect(settled, 'every delivery delivered').toBe(true);
    // Every delivery job finished (none queued, running or retrying on either process) before counting.
    const queued = await waitFor(
      async () => {
        const [row] = await sql<
          { n: number }[]
        >`select count(*)::int as n from pgboss.job where name = 'deliver-webhook' and state not in ('completed')`;
        return row!.n === 0;
      },
      30_000,
      200,
    );
    expect(queued).toBe(true);
    const events = await sql<
      { uid: string }[]
    >`select uid from integration_events where type = 'order.created' and record_id = any(${ids})`;
    expect(events).toHaveLength(ORDERS);
    for (const { uid } of events) expect(received.get(uid), `deliveries of ${uid}`).toBe(1);
    expect([...received.values()].reduce((s, n) => s + n, 0)).toBe(ORDERS);
    record('haproxy-webhooks', { orders: ORDERS, createdOnA: by.a, createdOnB: by.b, received: ORDERS });
  });

  it('replays an Idempotency-Key sent again to the other process: the same answer, one order', async () => {
    const client = new HttpClient(a.url);
    await client.login();
    const onB = new HttpClient(b.url).copyFrom(client);
    const key = { 'idempotency-key': `lb-${process.pid}-1` };
    const first = await client.request('POST', '/api/orders/', simpleOrder('LB-IDEM-1'), { headers: key });
    expect(first.status).toBe(201);
    const again = await onB.request('POST', '/api/orders/', simpleOrder('LB-IDEM-1'), { headers: key });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);

    // The same key sent to both at the same moment (one waits for the other's answer), and through HAProxy.
    const key2 = { 'idempotency-key': `lb-${process.pid}-2` };
    const viaLb = new HttpClient(lb.url).copyFrom(client);
    const answers = await Promise.all([
      client.request('POST', '/api/orders/', simpleOrder('LB-IDEM-2'), { headers: key2 }),
      onB.request('POST', '/api/orders/', simpleOrder('LB-IDEM-2'), { headers: key2 }),
      viaLb.request('POST', '/api/orders/', simpleOrder('LB-IDEM-2'), { headers: key2 }),
    ]);
    for (const res of answers) {
      expect(res.status, res.body).toBe(201);
      expect(res.json).toEqual(answers[0]!.json);
    }
    const rows = await sql<{ door: string; n: number }[]>`
      select door_number as door, count(*)::int as n from orders where door_number in ('LB-IDEM-1', 'LB-IDEM-2') group by 1 order by 1`;
    expect(rows).toEqual([
      { door: 'LB-IDEM-1', n: 1 },
      { door: 'LB-IDEM-2', n: 1 },
    ]);
  });

  it('drains a process told to stop (SIGTERM) under load: no client sees an error, nothing is written twice', async () => {
    const admin = new HttpClient(lb.url);
    await admin.login();
    const statuses = new Map<number, number>();
    const acked: string[] = [];
    const failures: string[] = [];
    let stop = false;
    const worker = async (w: number) => {
      const client = new HttpClient(lb.url).copyFrom(admin);
      for (let n = 0; !stop; n++) {
        const door = `LB-DRAIN-${w}-${n}`;
        try {
          const res =
            n % 2 === 0
              ? await client.request('POST', '/api/orders/', simpleOrder(door))
              : await client.request('GET', '/api/orders/list-view/');
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 201) acked.push(door);
          else if (res.status !== 200) failures.push(`${res.status} ${res.body.slice(0, 200)}`);
        } catch (error) {
          failures.push(String((error as { cause?: unknown }).cause ?? error));
        }
      }
    };
    const workers = Array.from({ length: 32 }, (_, w) => worker(w));
    await sleep(1500);
    const exit = await a.stop('SIGTERM');
    await sleep(3000);
    stop = true;
    await Promise.all(workers);
    expect(exit.code, a.lines.slice(-10).join('\n')).toBe(0);
    expect(failures.slice(0, 5), 'answers other than 200/201 through HAProxy').toEqual([]);
    const [row] = await sql<
      { n: number }[]
    >`select count(*)::int as n from orders where door_number like 'LB-DRAIN-%'`;
    expect(row!.n, 'each acknowledged create once, nothing else').toBe(acked.length);
    // HAProxy's health check takes the stopped process out of rotation; from then on the other answers everything.
    const down = await waitFor(() => lb.lines.some((l) => /Server app\/app1 is DOWN/.test(l)), 10_000);
    expect(down, lb.lines.slice(-10).join('\n')).toBe(true);
    for (let i = 0; i < 4; i++)
      expect(await servedBy(await admin.request('GET', '/api/orders/list-view/'))).toBe('b');
    const served = serversInLog(lb.lines);
    record('haproxy-drain', {
      servedByApp1: served.get('app1') ?? 0,
      servedByApp2: served.get('app2') ?? 0,
      requests: [...statuses.values()].reduce((s, n) => s + n, 0),
      statuses: Object.fromEntries(statuses),
      acked: acked.length,
      exitMs: Math.round(exit.ms),
    });
  });
});
