import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { HttpClient, freePort, simpleOrder, startServer, waitFor, type ServerProcess } from './harness';
import { startHaproxy, type Haproxy } from './haproxy';
import { throwawayPostgres } from './backup-support';
import { startPrometheus, type ActiveTarget, type Alert, type Prometheus } from './prometheus';
import { startSmtpServer } from '../smtp-server';
import { record } from './results';

/**
 * The monitoring of a shared deployment, all real: two built server processes on one PostgreSQL behind
 * HAProxy (deploy/haproxy.cfg, its check on /readyz), each serving its metrics on METRICS_ADDRESS, and
 * Prometheus (Debian's) scraping both with deploy/prometheus/alerts.yml, scraping and evaluating every
 * second. An SMTP server in this process takes the first email, then goes down: the next emails fail and
 * IcehouseEmailsFailing fires. Then one process is told to stop: /readyz says so while it still serves,
 * HAProxy takes it out before it stops answering, and Prometheus sees its target go down.
 */

let a: ServerProcess;
let b: ServerProcess;
let lb: Haproxy;
let prometheus: Prometheus;
let sql: postgres.Sql;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const metricsPorts: number[] = [];
const started = performance.now();
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
});

beforeAll(async () => {
  smtp = await startSmtpServer();
  cleanup.push(() => smtp.close());
  const database = await throwawayPostgres(`icehouse_faults_prom_${process.pid}`);
  cleanup.push(() => database.drop());
  // One blob folder for both, as a shared deployment has one store: a PDF archived by one is mailed by the other.
  const blobDir = mkdtempSync(path.join(tmpdir(), 'icehouse-faults-prom-blobs-'));
  const env = async (drainSeconds: number) => {
    const port = await freePort();
    metricsPorts.push(port);
    return {
      METRICS_ADDRESS: `127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      BLOB_DIR: blobDir,
      TRUST_PROXY: '127.0.0.1',
      SHUTDOWN_DRAIN_SECONDS: String(drainSeconds),
    };
  };
  // The first one drains 5 s on SIGTERM (the default): HAProxy's check (every 2 s, out after 2 failures) takes at most 4.
  const servers = await Promise.allSettled([
    startServer({ databaseUrl: database.url, env: await env(5) }),
    startServer({ databaseUrl: database.url, env: await env(0) }),
  ]);
  for (const result of servers) if (result.status === 'fulfilled') cleanup.push(() => result.value.stop('SIGKILL'));
  for (const result of servers) if (result.status === 'rejected') throw result.reason;
  [a, b] = servers.map((r) => (r as PromiseFulfilledResult<ServerProcess>).value) as [ServerProcess, ServerProcess];
  lb = await startHaproxy([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]);
  cleanup.push(() => lb.stop());
  prometheus = await startPrometheus(metricsPorts.map((port) => `127.0.0.1:${port}`));
  cleanup.push(() => prometheus.stop());
  sql = postgres(database.url, { max: 1, onnotice: () => {} });
  cleanup.push(() => sql.end({ timeout: 5 }));
  await sql`insert into company_info (id, name, email_from) values (1, 'Ice House Co', 'billing@icehouse.example')
    on conflict (id) do update set email_from = excluded.email_from`;
});

const targets = () => prometheus.api<{ activeTargets: ActiveTarget[] }>('targets').then((d) => d.activeTargets);
const alerts = () => prometheus.api<{ alerts: Alert[] }>('alerts').then((d) => d.alerts);
const firing = async (name: string) =>
  (await alerts()).some((alert) => alert.labels.alertname === name && alert.state === 'firing');

/** An invoice emailed through HAProxy (tRPC, as the web app does); answers once the send is queued. */
async function emailAnInvoice(client: HttpClient, door: string): Promise<{ id: number; requestId: string }> {
  const order = await client.request('POST', '/api/orders/', simpleOrder(door));
  expect(order.status, order.body).toBe(201);
  const invoice = await client.request('POST', `/api/orders/${(order.json as { id: number }).id}/create-invoice/`, {
    return_json: true,
  });
  expect(invoice.status, invoice.body).toBe(201);
  const id = (invoice.json as { id: number }).id;
  const sent = await client.request('POST', '/trpc/email.send', {
    kind: 'invoice',
    id,
    data: { to: 'buyer@acme.example', subject: 'Invoice', body: 'Attached.' },
  });
  expect(sent.status, sent.body).toBe(200);
  return { id, requestId: sent.headers.get('x-request-id')! };
}

/** The processes whose log has a line of `job` naming request `reqId` (whichever process ran the job). */
const jobLoggedBy = (job: string, reqId: string) =>
  (['a', 'b'] as const).filter((name) =>
    (name === 'a' ? a : b).lines.some((l) => l.includes(`"reqId":"${reqId}"`) && l.includes(`"job":"${job}"`)),
  );

const emailOf = async (invoiceId: number) =>
  (
    await sql<{ status: string; error: string }[]>`
      select status, error from email_messages where record_id = ${invoiceId} and kind = 'invoice'`
  )[0];

describe('Prometheus scraping two server processes behind HAProxy (deploy/prometheus, deploy/haproxy.cfg)', () => {
  it('scrapes both processes: their targets are up and their figures are in Prometheus', async () => {
    const up = await waitFor(async () => {
      const active = await targets();
      return active.length === 2 && active.every((t) => t.health === 'up');
    }, 20_000);
    expect(up, JSON.stringify(await targets())).toBe(true);
    expect((await targets()).map((t) => t.scrapeUrl).sort()).toEqual(
      metricsPorts.map((port) => `http://127.0.0.1:${port}/metrics`).sort(),
    );
    // HAProxy's checks of /readyz, counted by each process under their route.
    const checked = await waitFor(async () => {
      const result = await prometheus.api<{ result: unknown[] }>(
        `query?query=${encodeURIComponent('icehouse_http_request_duration_seconds_count{route="/readyz",status="200"} > 0')}`,
      );
      return result.result.length === 2;
    }, 15_000);
    expect(checked, 'both processes answered HAProxy\'s /readyz checks').toBe(true);
  });

  it('raises IcehouseEmailsFailing once the SMTP server is down and emails fail, not while they go out', async () => {
    const client = new HttpClient(lb.url);
    await client.login();
    const { id: first, requestId } = await emailAnInvoice(client, 'PROM-MAIL-1');
    expect(await waitFor(async () => (await emailOf(first))?.status === 'sent', 30_000)).toBe(true);
    // The job names the request that sent it, on whichever process ran it.
    expect(await waitFor(() => jobLoggedBy('send-email', requestId).length === 1, 5000)).toBe(true);
    expect(smtp.received).toHaveLength(1);
    // Prometheus has seen the sent email, and no alert.
    const seen = await waitFor(async () => {
      const result = await prometheus.api<{ result: { value: [number, string] }[] }>(
        `query?query=${encodeURIComponent('sum(icehouse_email_attempts_total{outcome="sent"})')}`,
      );
      return result.result[0]?.value[1] === '1';
    }, 15_000);
    expect(seen).toBe(true);
    expect(await firing('IcehouseEmailsFailing')).toBe(false);

    await smtp.close();
    const failedAt = performance.now();
    // Two failures beside the one sent: most attempts of the last 15 minutes failed.
    const failing = await Promise.all([emailAnInvoice(client, 'PROM-MAIL-2'), emailAnInvoice(client, 'PROM-MAIL-3')]);
    for (const { id } of failing)
      expect(await waitFor(async () => Boolean((await emailOf(id))?.error), 30_000), `email of invoice ${id} failed`).toBe(true);
    const fired = await waitFor(() => firing('IcehouseEmailsFailing'), 30_000, 250);
    expect(fired, JSON.stringify(await alerts())).toBe(true);
    record('prometheus-email-alert', { secondsToFire: Math.round((performance.now() - failedAt) / 100) / 10 });
  });

  it('a process told to stop says so on /readyz while it still serves; HAProxy takes it out before it stops answering, and Prometheus sees its target down', async () => {
    const stopping = a.stop('SIGTERM', 30_000);
    const draining = await waitFor(async () => {
      const res = await fetch(`${a.url}/readyz`).catch(() => null);
      return res?.status === 503 && ((await res.json()) as { status: string }).status === 'shutting down';
    }, 5000, 50);
    expect(draining, '/readyz says "shutting down"').toBe(true);
    // Everything else is still served meanwhile.
    expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
    let downAt = 0;
    const outOfRotation = waitFor(() => {
      if (lb.lines.some((l) => /Server app\/app1 is DOWN/.test(l))) downAt = performance.now();
      return downAt > 0;
    }, 15_000, 20);
    const exit = await stopping;
    const exitedAt = performance.now();
    expect(await outOfRotation, lb.lines.slice(-10).join('\n')).toBe(true);
    expect(exit.code, a.lines.slice(-10).join('\n')).toBe(0);
    expect(downAt, 'HAProxy took the process out before it stopped').toBeLessThan(exitedAt);
    // Through HAProxy the other process answers.
    expect((await new HttpClient(lb.url).request('GET', '/readyz')).status).toBe(200);
    const aDown = await waitFor(async () => {
      const active = await targets();
      return active.find((t) => t.scrapeUrl.includes(`:${metricsPorts[0]}/`))?.health === 'down';
    }, 15_000);
    expect(aDown).toBe(true);
    record('prometheus-drain', {
      drainedMs: Math.round(exit.ms),
      outOfRotationBeforeExitMs: Math.round(exitedAt - downAt),
      fileSeconds: Math.round((performance.now() - started) / 1000),
    });
  });
});
