import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createDb, type Database } from '@icehouse/db/client';
import { companyInfo } from '@icehouse/db/schema';
import { useOrdersTestApp, orderPayload } from '../tests/orders-test-support';
import { startSmtpServer } from '../tests/smtp-server';
import { useWebhookReceiver } from '../tests/webhook-receiver';
import { testDatabaseUrl, waitFor } from '../tests/wait-for-jobs';
import { buildApp } from './app';
import { createLogger } from './logger';

/**
 * One id across a user's action: the id of the request (its X-Request-Id) goes into the jobs it queues
 * (a webhook delivery, an invoice's PDF, an email) and into their log lines, on another app instance
 * than the one that answered: its own job queue and workers (on PostgreSQL its own connections), as a
 * second process would run them. The app that answers runs no workers, so only the other can.
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
// SMTP configured on both (the answering app queues an email only when it is).
const ctx = useOrdersTestApp({ pdf: true, smtpUrl: () => smtp.url, app: { webhooks: { allowPrivateTargets: true } } });

/** The worker instance's log, one parsed JSON line each, as production writes it. */
const lines: Record<string, unknown>[] = [];
let worker: FastifyInstance;
beforeAll(async () => {
  const url = await testDatabaseUrl(ctx.database);
  // PostgreSQL: a pool of its own. PGlite (one connection per process): the same database, left open for the file.
  const database: Database = url
    ? await createDb({ databaseUrl: url })
    : Object.assign(Object.create(ctx.database) as Database, { close: async () => undefined });
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  worker = await buildApp({
    database,
    logger: createLogger('info', false, destination),
    pdf: ctx.pdf!,
    blobs: ctx.blobs,
    smtpUrl: smtp.url,
    webhooks: { allowPrivateTargets: true, firstRetrySeconds: 1 },
    jobs: { workers: true, pollingIntervalSeconds: 0.5 },
  });
});
afterAll(async () => {
  await worker?.close();
});

beforeEach(async () => {
  await ctx.database.db
    .insert(companyInfo)
    .values({ id: 1, name: 'Ice House Co', emailFrom: 'billing@icehouse.example' })
    .onConflictDoUpdate({ target: companyInfo.id, set: { emailFrom: 'billing@icehouse.example' } });
});

/** The worker's log lines of `job` that name request `reqId`. */
const linesOf = (job: string, reqId: string) => lines.filter((l) => l.job === job && l.reqId === reqId);

describe('one id across a user\'s action', () => {
  it('names the request in the jobs it queued, run by another instance: webhook, PDF, email', async () => {
    const hook = await ctx.admin.post('/api/webhooks/', { url: receiver.url, events: ['order.created'] });
    expect(hook.statusCode, hook.body).toBe(201);

    // The order's change queues its webhook delivery.
    const created = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { door_number: 'RID-1' }), {
      headers: { 'x-request-id': 'rid-order-create' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['x-request-id']).toBe('rid-order-create');
    const orderId = (created.json() as { id: number }).id;
    // The invoice queues its PDF's rendering.
    const invoice = await ctx.staff.post(`/api/orders/${orderId}/create-invoice/`, { return_json: true }, {
      headers: { 'x-request-id': 'rid-invoice-create' },
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const invoiceId = (invoice.json() as { id: number }).id;
    // An id of the server's own making (no X-Request-Id sent) travels the same way.
    const sent = await ctx.staff.trpcMutation('email.send', {
      kind: 'invoice',
      id: invoiceId,
      data: { to: 'buyer@acme.example', subject: 'Invoice', body: 'Attached.' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const emailRequest = String(sent.headers['x-request-id']);
    expect(emailRequest).toMatch(/^[0-9a-f-]{36}$/);

    const done = (job: string, reqId: string) => linesOf(job, reqId).some((l) => l.msg === 'job done');
    await waitFor(() => done('deliver-webhook', 'rid-order-create'), 30_000);
    await waitFor(() => done('render-invoice', 'rid-invoice-create'), 30_000);
    await waitFor(() => done('send-email', emailRequest), 30_000);
    expect(smtp.received).toHaveLength(1);
    // No job line of another request carries these ids.
    expect(lines.filter((l) => l.reqId === 'rid-order-create').map((l) => l.job)).not.toContain('send-email');
  });

  it('names it in a failed attempt\'s log line, and in the job a job queues (a refused webhook\'s next attempt)', async () => {
    smtp.failNext(1);
    script.push(500);
    const created = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { door_number: 'RID-2' }), {
      headers: { 'x-request-id': 'rid-hook-refused' },
    });
    expect(created.statusCode, created.body).toBe(201);
    // The first attempt is refused; the delivery job queues the next attempt as a job of its own.
    await waitFor(() => linesOf('deliver-webhook', 'rid-hook-refused').filter((l) => l.msg === 'job done').length === 2, 30_000);
    expect(script).toEqual([]);

    const orderId = (created.json() as { id: number }).id;
    const invoice = await ctx.staff.post(`/api/orders/${orderId}/create-invoice/`, { return_json: true });
    const sent = await ctx.staff.trpcMutation(
      'email.send',
      { kind: 'invoice', id: (invoice.json() as { id: number }).id, data: { to: 'buyer@acme.example', subject: 'Invoice', body: 'Attached.' } },
      { headers: { 'x-request-id': 'rid-email-refused' } },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    await waitFor(() => linesOf('send-email', 'rid-email-refused').some((l) => l.msg === 'job failed'), 30_000);
    const failed = linesOf('send-email', 'rid-email-refused').find((l) => l.msg === 'job failed')!;
    expect(JSON.stringify(failed.err)).toMatch(/Mailbox temporarily unavailable/);
  });
});
