import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { createDb } from '@icehouse/db/client';
import { livePresence, users } from '@icehouse/db/schema';
import { testDatabaseName } from '@icehouse/db/testing';
import { buildApp } from '../../app';
import { TestClient } from '../../../tests/client';
import { PASSWORD } from '../../../tests/users';
import { orderPayload, useOrdersTestApp } from '../../../tests/orders-test-support';
import { isChange, isListening, openLiveStream } from '../../../tests/live-client';

/** The live subscription over server-sent events. */
const ctx = useOrdersTestApp();
let baseUrl: string;

beforeAll(async () => {
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});

let door = 5000;
const createOrder = async (client: TestClient) => {
  door += 1;
  const res = await client.post('/api/orders/', orderPayload(ctx.cat, { door_number: String(door) }));
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; version: number };
};

describe('live.changes', () => {
  it('refuses a caller without a session with a plain 401, before any stream', async () => {
    const stream = await openLiveStream(baseUrl, ctx.anonymous);
    expect(stream.status).toBe(401);
    await stream.close();
  });

  it("streams another user's committed change with who made it; tracked ids resume a reconnect", async () => {
    const stream = await openLiveStream(baseUrl, ctx.staff);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    // The first event of a new stream says it is listening, with the place a reconnect resumes from.
    const listening = await stream.next(isListening);
    expect(listening.data).toEqual({ type: 'listening' });
    expect(listening.id).toMatch(/^[\w-]+:\d+$/);
    expect(stream.events.find((e) => e.event !== 'connected')).toBe(listening);
    const first = await createOrder(ctx.admin);
    const event = await stream.next(isChange('order', first.id, 'created'));
    expect(event.data).toMatchObject({
      type: 'change',
      change: {
        entity: 'order',
        id: first.id,
        version: 1,
        action: 'created',
        by: ctx.adminId,
        by_name: 'admin',
      },
    });
    expect(event.id).toMatch(/^[\w-]+:\d+$/);
    await stream.close();

    // Changes made while the tab was away arrive when it reconnects with its last event id.
    const missed = await createOrder(ctx.admin);
    const resumed = await openLiveStream(baseUrl, ctx.staff, { lastEventId: event.id! });
    await resumed.next(isChange('order', missed.id, 'created'));
    await resumed.close();
    // A tab that heard nothing but "listening" resumes from there too.
    const quiet = await openLiveStream(baseUrl, ctx.staff);
    const placed = await quiet.next(isListening);
    await quiet.close();
    const meanwhile = await createOrder(ctx.admin);
    const back = await openLiveStream(baseUrl, ctx.staff, { lastEventId: placed.id! });
    await back.next(isChange('order', meanwhile.id, 'created'));
    expect(back.events.some(isListening)).toBe(false);
    await back.close();
    // An id this instance cannot resume from: refetch.
    const unknown = await openLiveStream(baseUrl, ctx.staff, { lastEventId: 'elsewhere:12' });
    expect((await unknown.next((e) => (e.data as { type?: string })?.type === 'refetch')).data).toEqual({
      type: 'refetch',
      reason: 'resume_unavailable',
    });
    await unknown.close();
  });

  it('ends within one session check of sign-out; other sessions keep theirs', async () => {
    const leaving = new TestClient(ctx.app);
    await leaving.login('staff', PASSWORD);
    const gone = await openLiveStream(baseUrl, leaving);
    const staying = await openLiveStream(baseUrl, ctx.staff);
    await Promise.all([
      gone.next(isListening),
      staying.next(isListening),
    ]);
    expect(ctx.app.live.sessions.size).toBeGreaterThanOrEqual(2);
    expect((await leaving.post('/api/auth/logout/', {})).statusCode).toBe(200);
    // The timer runs this every CHECK_INTERVAL_MS (4 s); driven directly here.
    await ctx.app.live.sessions.check();
    await gone.end;
    expect(staying.ended).toBe(false);
    await staying.close();
  });

  it('ends when the user is deactivated', async () => {
    const res = await ctx.admin.post('/api/auth/users/', {
      username: 'temp',
      email: '',
      password: PASSWORD,
      is_admin: false,
      is_active: true,
    });
    expect(res.statusCode).toBe(201);
    const temp = new TestClient(ctx.app);
    await temp.login('temp', PASSWORD);
    const stream = await openLiveStream(baseUrl, temp);
    await stream.next(isListening);
    const id = (res.json() as { id: number }).id;
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, id));
    await ctx.app.live.sessions.check();
    await stream.end;
  });
});

describe('presence', () => {
  it('each open tab sees the other users on the record; leaving removes it at once', async () => {
    const order = await createOrder(ctx.admin);
    const key = (tab: string) => ({ tab_id: tab, entity: 'order', id: order.id });
    const beat = async (client: TestClient, tab: string) => {
      const res = await client.trpcMutation('live.presence', key(tab));
      expect(res.statusCode).toBe(200);
      return (res.json().result.data.viewers as { username: string }[]).map((v) => v.username);
    };
    expect(await beat(ctx.staff, 'staff-tab-1')).toEqual([]);
    expect(await beat(ctx.admin, 'admin-tab-1')).toEqual(['staff']);
    expect(await beat(ctx.staff, 'staff-tab-1')).toEqual(['admin']);
    expect((await ctx.admin.trpcMutation('live.leave', key('admin-tab-1'))).statusCode).toBe(200);
    expect(await beat(ctx.staff, 'staff-tab-1')).toEqual([]);
    // A tab that stopped beating drops out once its row expires (15 s): aged here instead of waited for.
    await beat(ctx.admin, 'admin-tab-2');
    await ctx.database.db
      .update(livePresence)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(livePresence.tabId, 'admin-tab-2'));
    expect(await beat(ctx.staff, 'staff-tab-1')).toEqual([]);
  });
});

describe('the invoice editor (banner and presence, as on the order form)', () => {
  it("another user's invoice save reaches the stream with its version; presence is per kind of record", async () => {
    const order = await createOrder(ctx.admin);
    const made = await ctx.admin.post(`/api/orders/${order.id}/create-invoice/`, { return_json: true });
    expect(made.statusCode, made.body).toBe(201);
    const invoice = made.json() as { id: number };

    const stream = await openLiveStream(baseUrl, ctx.staff);
    await stream.next(isListening);
    const saved = await ctx.admin.patch(`/api/invoices/${invoice.id}/`, {
      editable_data: { po_job_name: 'PO-live' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const event = await stream.next(isChange('invoice', invoice.id, 'updated'));
    expect(event.data).toMatchObject({
      type: 'change',
      change: {
        entity: 'invoice',
        id: invoice.id,
        version: saved.json().version,
        by: ctx.adminId,
        by_name: 'admin',
      },
    });
    await stream.close();

    const beat = async (client: TestClient, entity: 'order' | 'invoice', tab: string) => {
      const res = await client.trpcMutation('live.presence', { tab_id: tab, entity, id: invoice.id });
      expect(res.statusCode).toBe(200);
      return (res.json().result.data.viewers as { username: string }[]).map((v) => v.username);
    };
    // No tab left open by the other tests (ids of orders and invoices overlap).
    await ctx.database.db.delete(livePresence);
    expect(await beat(ctx.staff, 'invoice', 'staff-invoice-tab')).toEqual([]);
    // The order with the same id is another record: nobody there.
    expect(await beat(ctx.admin, 'order', 'admin-order-tab')).toEqual([]);
    expect(await beat(ctx.admin, 'invoice', 'admin-invoice-tab')).toEqual(['staff']);
    const leave = { tab_id: 'admin-invoice-tab', entity: 'invoice', id: invoice.id };
    expect((await ctx.admin.trpcMutation('live.leave', leave)).statusCode).toBe(200);
    expect(await beat(ctx.staff, 'invoice', 'staff-invoice-tab')).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL', () => {
  let other: FastifyInstance;
  let otherUrl: string;
  beforeAll(async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${testDatabaseName()}`;
    const database = await createDb({ databaseUrl: url.toString(), poolMax: 2 });
    other = await buildApp({ database, logger: pino({ level: 'silent' }), checkAnswers: true });
    otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await other?.close();
  });

  it('a change made through instance A reaches a subscriber on instance B', async () => {
    const onB = new TestClient(other);
    await onB.login('staff', PASSWORD);
    const stream = await openLiveStream(otherUrl, onB);
    await stream.next(isListening);
    const order = await createOrder(ctx.admin); // through A (ctx.app)
    const event = await stream.next(isChange('order', order.id, 'created'));
    expect(event.data).toMatchObject({ change: { by_name: 'admin' } });
    await stream.close();
  });
});
