import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { integrationEvents, webhookEndpoints } from '@icehouse/db/schema';
import { clearWebhooks, useWebhookReceiver } from '../../../tests/webhook-receiver';
import { waitFor } from '../../../tests/wait-for-jobs';
import { useOrdersTestApp, orderPayload } from '../../../tests/orders-test-support';
import { postWebhook } from './deliver';
import { deliverWebhookJob } from './jobs';
import { Webhook } from 'standardwebhooks';
import { TARGET_REFUSED, guardedLookup, targetProblem } from './target';
import { eventsAnswer } from './schemas';

/** The event log and signed webhooks, delivered to a real HTTP receiver in this process. */
interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  type: string;
  data: { id: number; status?: string };
}
const received: Received[] = [];
/** Answers for the next requests (status, or 'slow' to answer after the attempt timeout); then 200. */
const script: (number | 'slow')[] = [];
const receiver = useWebhookReceiver(({ headers, body }) => {
  const next = script.shift() ?? 200;
  if (next === 'slow') return { status: 200, body: 'late', afterMs: 1500 };
  if (next === 200) {
    const parsed = JSON.parse(body) as { type: string; data: Received['data'] };
    received.push({
      id: String(headers['webhook-id']),
      timestamp: String(headers['webhook-timestamp']),
      signature: String(headers['webhook-signature']),
      body,
      type: parsed.type,
      data: parsed.data,
    });
  }
  return { status: next, body: next === 200 ? 'ok' : 'boom' };
});

const ctx = useOrdersTestApp({
  app: {
    jobs: {
      workers: true,
      pollingIntervalSeconds: 0.5,
      definitions: [{ ...deliverWebhookJob, retryDelay: 1, retryBackoff: false } as never],
    },
    webhooks: { allowPrivateTargets: true, timeoutMs: 500, firstRetrySeconds: 1 },
  },
});

beforeEach(async () => {
  received.length = 0;
  script.length = 0;
  await clearWebhooks(ctx.database);
});

/** A request with an API token only (no cookie, no CSRF token), as an integrator's script sends it. */
async function newToken(scope: 'read' | 'read_write') {
  const res = await ctx.admin.trpcMutation('tokens.create', { name: `hooks ${scope}`, scope });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.data.key as string;
}
const withToken = (key: string, method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Token ${key}`, 'content-type': 'application/json' },
    ...(method === 'POST' ? { payload: '{}' } : {}),
  });
const verifies = (secret: string, got: Received) => {
  try {
    new Webhook(secret).verify(got.body, {
      'webhook-id': got.id,
      'webhook-timestamp': got.timestamp,
      'webhook-signature': got.signature,
    });
    return true;
  } catch {
    return false;
  }
};

async function register(events: string[]) {
  const res = await ctx.admin.post('/api/webhooks/', { url: receiver.url, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; secret: string };
}

const deliveries = async (endpointId: number) =>
  (await ctx.admin.get(`/api/webhooks/${endpointId}/deliveries/`)).json() as {
    state: string;
    attempts: number;
    last_status: number | null;
    webhook_id: string;
    id: number;
  }[];

describe('webhooks', () => {
  it('a change is delivered signed (Standard Webhooks) with the record, and is in GET /api/events/', async () => {
    const hook = await register(['order.created']);
    const created = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { door_number: 'W-1' }));
    expect(created.statusCode).toBe(201);
    await waitFor(() => received.length === 1);
    const [got] = received;
    expect(got!.type).toBe('order.created');
    expect(got!.data.id).toBe(created.json().id);
    // Verified by the Standard Webhooks reference library, as an integrator would: never by our own signer.
    const verified = new Webhook(hook.secret).verify(got!.body, {
      'webhook-id': got!.id,
      'webhook-timestamp': got!.timestamp,
      'webhook-signature': got!.signature,
    });
    expect(verified).toEqual(JSON.parse(got!.body));
    expect(() =>
      new Webhook(hook.secret).verify(got!.body.replace('W-1', 'W-2'), {
        'webhook-id': got!.id,
        'webhook-timestamp': got!.timestamp,
        'webhook-signature': got!.signature,
      }),
    ).toThrow();
    expect(got!.signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(hook.secret).toMatch(/^whsec_/);
    const events = eventsAnswer.parse((await ctx.staff.get('/api/events/?since=0')).json());
    expect(events.results.map((e) => [e.type, e.webhook_id])).toEqual([['order.created', got!.id]]);
    expect(events.results[0]!.data).toMatchObject({ id: created.json().id, door_number: 'W-1' });
    expect((await ctx.staff.get(`/api/events/?since=${events.last_id}`)).json().results).toEqual([]);
  });

  it('keeps events 30 days: every hundredth event deletes the older ones', async () => {
    const event = (uid: string, daysOld: number) => ({
      uid,
      type: 'customer.created',
      entity: 'customer',
      recordId: 1,
      data: {},
      createdAt: sql`now() - make_interval(days => ${daysOld})`,
    });
    await ctx.database.db.insert(integrationEvents).values([event('evt_31_days', 31), event('evt_29_days', 29)]);
    // The next event's id is a multiple of 100.
    await ctx.database.db.execute(
      sql`select setval(pg_get_serial_sequence('integration_events', 'id'), (select (max(id) / 100 + 1) * 100 - 1 from integration_events))`,
    );
    expect((await ctx.staff.post('/api/customers/', { name: 'The hundredth' })).statusCode).toBe(201);
    const kept = await ctx.database.db.select({ id: integrationEvents.id, uid: integrationEvents.uid }).from(integrationEvents);
    const uids = kept.map((e) => e.uid);
    expect(uids).toContain('evt_29_days');
    expect(uids).not.toContain('evt_31_days');
    // The hundredth: the new customer's event.
    expect(kept.filter((e) => e.id % 100 === 0)).toHaveLength(1);
  });

  it("an order's created and updated events carry exactly what GET /api/orders/{id}/ answers after the change", async () => {
    const created = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { door_number: 'W-9' }));
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const afterCreate = (await ctx.staff.get(`/api/orders/${id}/`)).json();
    const updated = await ctx.staff.put(`/api/orders/${id}/`, {
      ...orderPayload(ctx.cat, { door_number: 'W-9' }),
      notes: 'changed',
      version: afterCreate.version,
    });
    expect(updated.statusCode).toBe(200);
    const afterUpdate = (await ctx.staff.get(`/api/orders/${id}/`)).json();
    const events = eventsAnswer.parse((await ctx.staff.get('/api/events/?since=0')).json());
    const mine = events.results.filter((e) => (e.data as { id?: number }).id === id);
    expect(mine.map((e) => e.type)).toEqual(['order.created', 'order.updated']);
    expect(mine[0]!.data).toEqual(afterCreate);
    expect(mine[1]!.data).toEqual(afterUpdate);
    expect(afterUpdate.notes).toBe('changed');
  });

  it('retries after a 500 and after a timeout with the same webhook-id, and keeps the order of one record’s events', async () => {
    const hook = await register(['order.created', 'order.voided']);
    script.push(500, 'slow');
    const order = (
      await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { door_number: 'W-2' }))
    ).json();
    expect((await ctx.staff.post(`/api/orders/${order.id}/void/`, {})).statusCode).toBe(200);
    await waitFor(() => received.length === 2, 30_000);
    expect(received.map((r) => r.type)).toEqual(['order.created', 'order.voided']);
    // The receiver has the second event before the worker has written down its 200.
    await waitFor(async () => (await deliveries(hook.id)).every((d) => d.state === 'delivered'), 30_000);
    const log = await deliveries(hook.id);
    expect(log.map((d) => d.state)).toEqual(['delivered', 'delivered']);
    const first = log.find((d) => d.webhook_id === received[0]!.id)!;
    expect(first.attempts).toBeGreaterThanOrEqual(3);
  });

  it('Redeliver sends the same event (same webhook-id) again; Send test event reaches the endpoint', async () => {
    const hook = await register(['order.deleted']);
    const order = (
      await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { door_number: 'W-3' }))
    ).json();
    expect((await ctx.staff.delete(`/api/orders/${order.id}/`)).statusCode).toBe(204);
    await waitFor(() => received.length === 1);
    expect(received[0]).toMatchObject({ type: 'order.deleted', data: { id: order.id } });
    const [delivery] = await deliveries(hook.id);
    expect((await ctx.admin.post(`/api/webhooks/deliveries/${delivery!.id}/redeliver/`, {})).statusCode).toBe(
      202,
    );
    await waitFor(() => received.length === 2);
    expect(received[1]!.id).toBe(received[0]!.id);
    expect((await ctx.admin.post(`/api/webhooks/${hook.id}/test/`, {})).statusCode).toBe(202);
    await waitFor(() => received.length === 3);
    expect(received[2]!.type).toBe('webhook.test');
    // Staff may not manage webhooks.
    expect((await ctx.staff.get('/api/webhooks/')).statusCode).toBe(403);
  });

  it('refuses loopback, link-local and private targets unless allowed, also after DNS resolution', async () => {
    for (const url of [
      'http://127.0.0.1/x',
      'http://localhost:8080/',
      'http://169.254.169.254/latest',
      'http://10.1.2.3/',
      'http://[::1]/',
      'http://192.168.0.10/',
    ])
      expect(targetProblem(url, false), url).toBe(TARGET_REFUSED);
    expect(targetProblem('https://example.com/hooks', false)).toBeNull();
    expect(targetProblem('ftp://example.com/', false)).not.toBeNull();
    // A name that resolves to loopback is refused when the request connects.
    const refused = await postWebhook(receiver.url.replace('127.0.0.1', 'localhost'), {}, '{}', {
      allowPrivateTargets: false,
      timeoutMs: 1000,
    });
    expect(refused.status).toBeNull();
    expect(refused.error).toBe(TARGET_REFUSED);
    await new Promise<void>((resolve) =>
      guardedLookup(true)('localhost', {}, (error) => (expect(error).toBeNull(), resolve())),
    );
    expect(received).toHaveLength(0);
  });

  it('a secret is answered once at creation, then only on Reveal by a signed-in superuser: never in a list or update, never to a token', async () => {
    const hook = await register(['order.created']);
    expect(hook.secret).toMatch(/^whsec_/);
    const list = await ctx.admin.get('/api/webhooks/');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('whsec_');
    const patched = await ctx.admin.patch(`/api/webhooks/${hook.id}/`, { active: true });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.body).not.toContain('whsec_');
    for (const scope of ['read', 'read_write'] as const) {
      const key = await newToken(scope);
      const listed = await withToken(key, 'GET', '/api/webhooks/');
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.body).not.toContain('whsec_');
      for (const action of ['reveal-secret', 'rotate-secret']) {
        const refused = await withToken(key, 'POST', `/api/webhooks/${hook.id}/${action}/`);
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.body).not.toContain('whsec_');
      }
    }
    // Staff (no write rights on webhooks) may not reveal; a call without the CSRF token is refused.
    expect((await ctx.staff.post(`/api/webhooks/${hook.id}/reveal-secret/`, {})).statusCode).toBe(403);
    expect(
      (await ctx.admin.post(`/api/webhooks/${hook.id}/reveal-secret/`, {}, { noCsrf: true })).statusCode,
    ).toBe(403);
    const revealed = await ctx.admin.post(`/api/webhooks/${hook.id}/reveal-secret/`, {});
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json()).toEqual({ secret: hook.secret, previous_secret_expires_at: null });
    const byTrpc = await ctx.admin.trpcMutation('webhooks.revealSecret', { id: hook.id });
    expect(byTrpc.json().result.data.secret).toBe(hook.secret);
  });

  it('Rotate secret: for the grace period each delivery is signed with the new and the old secret (both verify), then with the new one only', async () => {
    const hook = await register(['order.created']);
    const rotated = await ctx.admin.post(`/api/webhooks/${hook.id}/rotate-secret/`, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret, previous_secret_expires_at } = rotated.json() as {
      secret: string;
      previous_secret_expires_at: string;
    };
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(hook.secret);
    const graceHours = (Date.parse(previous_secret_expires_at) - Date.now()) / 3_600_000;
    expect(graceHours).toBeGreaterThan(23.9);
    expect(graceHours).toBeLessThanOrEqual(24);
    const listed = (await ctx.admin.get('/api/webhooks/')).json() as { previous_secret_expires_at: string }[];
    expect(listed[0]!.previous_secret_expires_at).toBe(previous_secret_expires_at);
    expect((await ctx.admin.post(`/api/webhooks/${hook.id}/reveal-secret/`, {})).json().secret).toBe(secret);

    await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { door_number: 'R-1' }));
    await waitFor(() => received.length === 1);
    expect(received[0]!.signature.split(' ')).toHaveLength(2);
    // The Standard Webhooks library, as a receiver that has not switched yet and one that has.
    expect(verifies(hook.secret, received[0]!)).toBe(true);
    expect(verifies(secret, received[0]!)).toBe(true);
    expect(verifies(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, received[0]!)).toBe(false);

    // The grace period over: the old secret no longer signs.
    await ctx.database.db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, hook.id));
    await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { door_number: 'R-2' }));
    await waitFor(() => received.length === 2);
    expect(received[1]!.signature.split(' ')).toHaveLength(1);
    expect(verifies(secret, received[1]!)).toBe(true);
    expect(verifies(hook.secret, received[1]!)).toBe(false);
    expect((await ctx.admin.get('/api/webhooks/')).json()[0].previous_secret_expires_at).toBeNull();
  });
});
