import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@icehouse/domain';
import { createTestApp } from '../../tests/test-app';
import { TestClient } from '../../tests/client';
import { PASSWORD, createStandardUsers } from '../../tests/users';
import { createdApiTokenAnswer } from '../modules/tokens/schemas';

/**
 * What every integrator's answer carries: `Authorization: Bearer <key>` works as `Token <key>` does,
 * `RateLimit-*` headers on every token answer, and an `X-Request-Id` on every answer.
 */
let app: FastifyInstance;
let staff: TestClient;
const RATE_LIMIT = 5;

beforeAll(async () => {
  // The token counts stay in this process's memory for the whole file: a write of them to the row (once a
  // second) racing a request's read of the row could make that one answer count low, and the headers here
  // are checked to the request. That race, a transient of the cross-instance counting, is usage.ts's.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const test = await createTestApp({ apiTokenRateLimit: RATE_LIMIT }).finally(() => vi.useRealTimers());
  app = test.app;
  await createStandardUsers(test.database);
  staff = new TestClient(app);
  await staff.login('staff', PASSWORD);
});
afterAll(async () => {
  await app?.close();
});

async function newKey(scope: 'read' | 'read_write' = 'read_write'): Promise<string> {
  const res = await staff.trpcMutation('tokens.create', { name: 'Sync', scope });
  expect(res.statusCode, res.body).toBe(200);
  return createdApiTokenAnswer.parse(res.json().result.data).key;
}

const call = (authorization: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: { authorization, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });

describe('Authorization: Bearer', () => {
  it('is accepted as Token is: reads, writes with a read_write key, the read-only refusal, a wrong key 401', async () => {
    const key = await newKey();
    const read = await call(`Bearer ${key}`, 'GET', '/api/orders/');
    expect(read.statusCode, read.body).toBe(200);
    const write = await call(`bearer ${key}`, 'POST', '/api/customers/', { name: 'Bearer Foods' });
    expect(write.statusCode, write.body).toBe(201);
    const readOnly = await call(`Bearer ${await newKey('read')}`, 'POST', '/api/customers/', { name: 'Nope' });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json()).toEqual({ detail: MESSAGES.tokenReadOnly });
    const wrong = await call(`Bearer ${key}x`, 'GET', '/api/orders/');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: MESSAGES.tokenInvalid });
    // Not on tRPC or token management, as with Token.
    expect((await call(`Bearer ${key}`, 'GET', '/trpc/tokens.list')).statusCode).toBe(403);
  });

  it("leaves a bearer credential that is not one of our keys (a proxy's JWT) alone: the session decides", async () => {
    const jwt = 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    const withSession = await staff.get('/api/orders/', { headers: { authorization: jwt } });
    expect(withSession.statusCode, withSession.body).toBe(200);
    // Without a session it was meant as a token: not "no credentials", but not a valid token.
    const withoutSession = await call(jwt, 'GET', '/api/orders/');
    expect(withoutSession.statusCode).toBe(401);
    expect(withoutSession.json()).toEqual({ detail: MESSAGES.tokenInvalid });
    expect(withoutSession.headers['www-authenticate']).toBe('Token');
    expect((await call('Bearer not-a-key', 'GET', '/api/orders/')).json()).toEqual({ detail: MESSAGES.tokenInvalid });
    // Sign-in takes no token: a proxy's bearer header there changes nothing.
    expect((await call(jwt, 'GET', '/api/auth/csrf/')).statusCode).toBe(200);
  });
});

describe('RateLimit headers', () => {
  it('every token answer says the limit, what is left and when the window ends; a 429 says 0 left', async () => {
    const key = await newKey();
    const first = await call(`Token ${key}`, 'GET', '/api/orders/status_choices/');
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe(String(RATE_LIMIT));
    expect(first.headers['ratelimit-remaining']).toBe(String(RATE_LIMIT - 1));
    const reset = Number(first.headers['ratelimit-reset']);
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);
    expect(first.headers['ratelimit-policy']).toBe(`${RATE_LIMIT};w=60`);
    // Refusals of a known token carry them too (here a 404 and a 400).
    const missing = await call(`Bearer ${key}`, 'GET', '/api/orders/999999/');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['ratelimit-remaining']).toBe(String(RATE_LIMIT - 2));
    const invalid = await call(`Token ${key}`, 'GET', '/api/orders/?month=13');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['ratelimit-remaining']).toBe(String(RATE_LIMIT - 3));
    await call(`Token ${key}`, 'GET', '/api/orders/status_choices/');
    await call(`Token ${key}`, 'GET', '/api/orders/status_choices/');
    const limited = await call(`Token ${key}`, 'GET', '/api/orders/status_choices/');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(limited.headers['ratelimit-reset']).toBe(limited.headers['retry-after']);
  });

  it('session answers carry none (no per-session limit)', async () => {
    const res = await staff.get('/api/orders/status_choices/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['ratelimit-limit']).toBeUndefined();
  });
});

describe('X-Request-Id', () => {
  it('is on every answer: success, refusal, not found, tRPC, the docs; a new id each time', async () => {
    const answers = [
      await staff.get('/api/orders/'),
      await app.inject({ method: 'GET', url: '/api/orders/' }),
      await app.inject({ method: 'GET', url: '/api/no-such-thing/' }),
      await app.inject({ method: 'POST', url: '/api/orders/', payload: '{}', headers: { 'content-type': 'application/json' } }),
      await staff.trpcQuery('orders.byMonth'),
      await app.inject({ method: 'GET', url: '/api/schema/' }),
      await app.inject({ method: 'GET', url: '/healthz' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404, 403, 200, 200, 200]);
    const ids = answers.map((a) => a.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("passes on a caller's well-formed X-Request-Id, and replaces one that is not", async () => {
    const given = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'sync-2026-11-27.42' } });
    expect(given.headers['x-request-id']).toBe('sync-2026-11-27.42');
    const odd = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'has spaces\tand tabs' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
