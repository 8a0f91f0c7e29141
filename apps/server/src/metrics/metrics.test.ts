import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { companyInfo } from '@icehouse/db/schema';
import { createOrder, invoiceOrder } from '../../tests/invoices-test-support';
import { useOrdersTestApp } from '../../tests/orders-test-support';
import { waitFor } from '../../tests/wait-for-jobs';
import { startSmtpServer } from '../../tests/smtp-server';
import { useWebhookReceiver } from '../../tests/webhook-receiver';
import { isListening, openLiveStream } from '../../tests/live-client';
import { scrape, sampleOf, type Sample } from '../../tests/metrics-scrape';
import { startMetricsServer, type MetricsServer } from './http';

/**
 * The metrics endpoint scraped over HTTP as Prometheus does, while the app does real work: requests,
 * emails through a real SMTP server in this process (one refused), PDFs in Chromium (its browser killed),
 * webhooks to a real receiver (one refused), a live stream over a real socket.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});
/** Status codes for the next webhook POSTs; then 200. */
const script: number[] = [];
const receiver = useWebhookReceiver(() => ({ status: script.shift() ?? 200, body: 'ok' }));

const ctx = useOrdersTestApp({
  pdf: true,
  jobWorkers: true,
  smtpUrl: () => smtp.url,
  app: { webhooks: { allowPrivateTargets: true, firstRetrySeconds: 1 } },
});
let server: MetricsServer;
beforeAll(async () => {
  server = await startMetricsServer(ctx.app.metrics, '127.0.0.1', 0);
});
afterAll(async () => {
  await server?.close();
});

const metrics = () => scrape(server.url);
const emailsOf = (s: Sample[], outcome: string) => sampleOf(s, 'icehouse_email_attempts_total', { outcome });

async function emailInvoice(): Promise<number> {
  await ctx.database.db
    .insert(companyInfo)
    .values({ id: 1, name: 'Ice House Co', emailFrom: 'billing@icehouse.example' })
    .onConflictDoUpdate({ target: companyInfo.id, set: { emailFrom: 'billing@icehouse.example' } });
  const order = await createOrder(ctx);
  const invoice = await invoiceOrder(ctx, order.id);
  const sent = await ctx.staff.trpcMutation('email.send', {
    kind: 'invoice',
    id: invoice.id,
    data: { to: 'buyer@acme.example', subject: 'Invoice', body: 'Attached.' },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  orderOf[invoice.id] = order.id;
  return invoice.id;
}
const orderOf: Record<number, number> = {};

describe('GET /metrics (Prometheus text format)', () => {
  it('times each request under its route pattern and status, never its raw URL', async () => {
    const before = await metrics();
    const route = { method: 'GET', route: '/api/orders/:id/' };
    expect((await ctx.staff.get('/api/orders/987654/')).statusCode).toBe(404);
    expect((await ctx.staff.get('/api/orders/')).statusCode).toBe(200);
    expect((await ctx.staff.trpcQuery('orders.get', { id: 987655 })).statusCode).toBe(404);
    expect((await ctx.anonymous.get('/api/no-such-thing-987656/')).statusCode).toBe(404);
    const after = await metrics();
    const count = (s: Sample[], labels: Record<string, string>) =>
      sampleOf(s, 'icehouse_http_request_duration_seconds_count', labels);
    expect(count(after, { ...route, status: '404' }) - count(before, { ...route, status: '404' })).toBe(1);
    expect(count(after, { route: '/api/orders/', status: '200' })).toBeGreaterThan(0);
    expect(count(after, { route: '/trpc/orders.get', status: '404' })).toBe(1);
    expect(count(after, { route: 'unmatched', status: '404' })).toBeGreaterThan(0);
    const labels = after.flatMap((s) => Object.values(s.labels));
    expect(labels.filter((v) => /98765\d/.test(v))).toEqual([]);
    // The main port does not serve them: METRICS_ADDRESS does.
    expect((await ctx.anonymous.get('/metrics')).statusCode).toBe(404);
  });

  it('counts emails sent and failed (SMTP refusing one), the failed job attempt, and times the PDF renders', async () => {
    const before = await metrics();
    const first = await emailInvoice();
    await waitFor(async () => emailsOf(await metrics(), 'sent') === emailsOf(before, 'sent') + 1, 30_000);
    smtp.failNext(1);
    await emailInvoice();
    await waitFor(async () => emailsOf(await metrics(), 'failed') === emailsOf(before, 'failed') + 1, 30_000);
    const after = await metrics();
    expect(emailsOf(after, 'sent')).toBe(emailsOf(before, 'sent') + 1);
    const failedJobs = (s: Sample[]) => sampleOf(s, 'icehouse_job_failures_total', { queue: 'send-email' });
    await waitFor(async () => failedJobs(await metrics()) === failedJobs(before) + 1);
    // Its retry waits 30 s: one job waiting in the email queue. The failure is counted as the attempt throws,
    // a moment before the queue writes the job back as waiting for its retry.
    const depth = async () => sampleOf(await metrics(), 'icehouse_job_queue_depth', { queue: 'send-email' });
    await waitFor(async () => (await depth()) === 1);
    expect(await depth()).toBe(1);

    const renders = (s: Sample[]) => sampleOf(s, 'icehouse_pdf_render_seconds_count', { outcome: 'ok' });
    const beforePdf = await metrics();
    // The shop printout is rendered on each request (an invoice's PDF comes from the archive).
    expect((await ctx.staff.get(`/api/orders/${orderOf[first]}/print/`)).statusCode).toBe(200);
    const afterPdf = await metrics();
    expect(renders(afterPdf) - renders(beforePdf)).toBe(1);
    expect(sampleOf(afterPdf, 'icehouse_pdf_render_seconds_sum') - sampleOf(beforePdf, 'icehouse_pdf_render_seconds_sum')).toBeGreaterThan(0);
  });

  it('counts a browser restart after Chromium dies', async () => {
    const restarts = (s: Sample[]) => sampleOf(s, 'icehouse_pdf_browser_restarts_total');
    const order = await createOrder(ctx);
    expect((await ctx.staff.get(`/api/orders/${order.id}/print/`)).statusCode).toBe(200);
    const before = await metrics();
    process.kill(ctx.pdf!.stats().browserPid!, 'SIGKILL');
    await waitFor(() => !ctx.pdf!.stats().launched);
    // Another order's printout (one already printed may be served from the archive).
    const other = await createOrder(ctx);
    expect((await ctx.staff.get(`/api/orders/${other.id}/print/`)).statusCode).toBe(200);
    expect(restarts(await metrics())).toBe(restarts(before) + 1);
  });

  it('counts webhook attempts, shows how far behind a refused delivery is, and times the lag of a delivered one', async () => {
    const attempts = (s: Sample[], outcome: string) => sampleOf(s, 'icehouse_webhook_attempts_total', { outcome });
    const hook = await ctx.admin.post('/api/webhooks/', { url: receiver.url, events: ['order.created'] });
    expect(hook.statusCode, hook.body).toBe(201);
    const before = await metrics();
    expect(sampleOf(before, 'icehouse_webhook_oldest_pending_seconds')).toBe(0);
    script.push(500);
    await createOrder(ctx);
    await waitFor(async () => attempts(await metrics(), 'failed') === attempts(before, 'failed') + 1, 30_000);
    // Refused, its retry 1 s away: pending, and its age shows.
    await waitFor(async () => sampleOf(await metrics(), 'icehouse_webhook_oldest_pending_seconds') > 0);
    await waitFor(async () => attempts(await metrics(), 'delivered') === attempts(before, 'delivered') + 1, 30_000);
    const after = await metrics();
    expect(sampleOf(after, 'icehouse_webhook_delivery_lag_seconds_count')).toBe(
      sampleOf(before, 'icehouse_webhook_delivery_lag_seconds_count') + 1,
    );
    // Delivered after a refusal and a 1 s retry: its lag is at least that.
    expect(sampleOf(after, 'icehouse_webhook_delivery_lag_seconds_bucket', { le: '0.5' })).toBe(
      sampleOf(before, 'icehouse_webhook_delivery_lag_seconds_bucket', { le: '0.5' }),
    );
    expect(sampleOf(after, 'icehouse_webhook_oldest_pending_seconds')).toBe(0);
  });

  // postgres-js does not tell its pool's figures; the embedded database's one connection does.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('shows the embedded database\'s connection in use and the statements waiting for it', async () => {
    // The job workers' polls come and go: between them the connection is idle.
    await waitFor(async () => sampleOf(await metrics(), 'icehouse_db_connections_in_use') === 0);
    // drizzle sends a query when it is awaited: started here, one holding the connection and two behind it.
    const send = (query: PromiseLike<unknown>) => new Promise((resolve, reject) => query.then(resolve, reject));
    const sleeping = send(ctx.database.db.execute(sql`select pg_sleep(0.5)`));
    const behind = [send(ctx.database.db.execute(sql`select 1`)), send(ctx.database.db.execute(sql`select 2`))];
    const busy = await metrics();
    await Promise.all([sleeping, ...behind]);
    expect(sampleOf(busy, 'icehouse_db_connections_in_use')).toBe(1);
    expect(sampleOf(busy, 'icehouse_db_queries_waiting')).toBeGreaterThanOrEqual(2);
  });

  it('counts the live subscriptions open on this instance, and the event loop delay', async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    expect(sampleOf(await metrics(), 'icehouse_live_subscriptions')).toBe(0);
    const stream = await openLiveStream(base, ctx.staff);
    await stream.next(isListening);
    expect(sampleOf(await metrics(), 'icehouse_live_subscriptions')).toBe(1);
    await stream.close();
    await waitFor(async () => sampleOf(await metrics(), 'icehouse_live_subscriptions') === 0);
    // The event loop held for 300 ms: the delay since the last scrape shows it. A scrape resets the delay
    // monitor, which measures from its next tick (every 20 ms): a block before that tick would not show.
    await metrics();
    await new Promise((resolve) => setTimeout(resolve, 60));
    const until = Date.now() + 300;
    while (Date.now() < until);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sampleOf(await metrics(), 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThanOrEqual(0.25);
  });
});
