import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@icehouse/domain';
import type { Database } from '@icehouse/db/client';
import { apiTokens } from '@icehouse/db/schema';
import { createTestApp } from '../../../tests/test-app';
import { TestClient } from '../../../tests/client';
import { PASSWORD, createStandardUsers } from '../../../tests/users';
import { apiTokenListAnswer, createdApiTokenAnswer } from './schemas';
import { hashTokenKey } from './keys';

/** Personal API tokens on the REST paths. */
let app: FastifyInstance;
let database: Database;
let staff: TestClient;
let admin: TestClient;

const RATE_LIMIT = 8;

beforeAll(async () => {
  const test = await createTestApp({ apiTokenRateLimit: RATE_LIMIT });
  app = test.app;
  database = test.database;
  await createStandardUsers(database);
  staff = new TestClient(app);
  await staff.login('staff', PASSWORD);
  admin = new TestClient(app);
  await admin.login('admin', PASSWORD);
});
afterAll(async () => {
  await app?.close();
});

async function newToken(client: TestClient, data: Record<string, unknown> = {}) {
  const res = await client.trpcMutation('tokens.create', {
    name: 'Sync script',
    scope: 'read_write',
    ...data,
  });
  expect(res.statusCode, res.body).toBe(200);
  return createdApiTokenAnswer.parse(res.json().result.data);
}

/** A request with only the token: no cookie, no CSRF token. */
const withToken = (
  key: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    headers: {
      authorization: `Token ${key}`,
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });

describe('API tokens', () => {
  it('the key is shown once and only its hash is kept; the list shows name, scope, created, last used and expiry', async () => {
    const created = await newToken(staff, { name: 'Accounting sync' });
    expect(created.key).toMatch(/^ihk_[A-Za-z0-9_-]{43}$/);
    const [stored] = await database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(stored!.keyHash).toBe(hashTokenKey(created.key));
    expect(JSON.stringify(stored)).not.toContain(created.key);
    const listed = await staff.trpcQuery('tokens.list');
    const rows = apiTokenListAnswer.parse(listed.json().result.data);
    const row = rows.find((r) => r.id === created.id)!;
    expect(row).toMatchObject({
      name: 'Accounting sync',
      scope: 'read_write',
      username: 'staff',
      last_used_at: null,
      expires_at: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(created.key);
    expect((await withToken(created.key, 'GET', '/api/orders/')).statusCode).toBe(200);
    // The use reaches the row with the instance's next write of its counts (about once a second).
    await app.tokenUsage.flush();
    const [used] = await database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(used!.lastUsedAt).not.toBeNull();
  });

  it('a read_write token acts as its user without a CSRF token; a read token only reads', async () => {
    const writer = await newToken(staff);
    const reader = await newToken(staff, { scope: 'read' });
    const check = await withToken(writer.key, 'GET', '/api/auth/check/');
    // The sign-in routes take no token: a token is refused there, not ignored.
    expect(check.statusCode).toBe(403);
    expect(check.json()).toEqual({ detail: MESSAGES.tokenNotAllowedHere });
    // The order form's own validation answers: the token got past authentication and CSRF.
    const created = await withToken(writer.key, 'POST', '/api/orders/', {});
    expect(created.statusCode).toBe(400);
    expect(created.json().detail).toBeUndefined();
    const read = await withToken(reader.key, 'GET', '/api/orders/');
    expect(read.statusCode).toBe(200);
    const refused = await withToken(reader.key, 'DELETE', '/api/orders/1/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: MESSAGES.tokenReadOnly });
    // A staff token cannot reach superuser paths: the token has its user's role.
    const users = await withToken(writer.key, 'GET', '/api/auth/users/');
    expect(users.statusCode).toBe(403);
  });

  it('wrong, malformed, revoked and expired keys and inactive users answer 401 with the reason', async () => {
    const wrong = await withToken('ihk_nope', 'GET', '/api/orders/');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: MESSAGES.tokenInvalid });
    expect(wrong.headers['www-authenticate']).toBe('Token');
    const bare = await app.inject({
      method: 'GET',
      url: '/api/orders/',
      headers: { authorization: 'Token' },
    });
    expect(bare.json()).toEqual({ detail: MESSAGES.tokenHeaderMissingKey });
    const spaced = await app.inject({
      method: 'GET',
      url: '/api/orders/',
      headers: { authorization: 'Token a b' },
    });
    expect(spaced.json()).toEqual({ detail: MESSAGES.tokenHeaderSpaces });

    const revoked = await newToken(staff);
    expect((await staff.trpcMutation('tokens.revoke', { id: revoked.id })).statusCode).toBe(200);
    expect((await withToken(revoked.key, 'GET', '/api/orders/')).json()).toEqual({
      detail: MESSAGES.tokenRevoked,
    });

    const expiring = await newToken(staff, { expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect(expiring.expires_at).not.toBeNull();
    expect((await withToken(expiring.key, 'GET', '/api/orders/')).statusCode).toBe(200);
    await database.db
      .update(apiTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.id, expiring.id));
    const expired = await withToken(expiring.key, 'GET', '/api/orders/');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: MESSAGES.tokenExpired });
    const past = await staff.trpcMutation('tokens.create', {
      name: 'x',
      scope: 'read',
      expires_at: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.data.fieldErrors).toEqual({ expires_at: [MESSAGES.tokenExpiryPast] });
  });

  it("deactivating a user disables the user's tokens", async () => {
    const other = await admin.post('/api/auth/users/', {
      username: 'temp',
      email: '',
      password: PASSWORD,
      is_admin: false,
      is_active: true,
    });
    expect(other.statusCode).toBe(201);
    const temp = new TestClient(app);
    await temp.login('temp', PASSWORD);
    const token = await newToken(temp);
    expect((await withToken(token.key, 'GET', '/api/orders/')).statusCode).toBe(200);
    const off = await admin.put(`/api/auth/users/${other.json().id}/`, {
      username: 'temp',
      email: '',
      password: '',
      is_admin: false,
      is_active: false,
    });
    expect(off.statusCode).toBe(200);
    const refused = await withToken(token.key, 'GET', '/api/orders/');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: MESSAGES.tokenUserInactive });
  });

  it('tokens cannot manage tokens or passwords, and no tRPC procedure takes one', async () => {
    const token = await newToken(admin);
    for (const [method, url] of [
      ['POST', '/api/auth/users/'],
      ['GET', '/trpc/tokens.list'],
      ['POST', '/trpc/tokens.create'],
      ['GET', '/trpc/orders.list'],
    ] as const) {
      const res = await withToken(token.key, method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().detail ?? res.json().error?.message, url).toBe(MESSAGES.tokenNotAllowedHere);
    }
    // A path no route takes: the token is not judged, the answer is the usual 404.
    expect((await withToken(token.key, 'GET', '/api/no-such-thing/')).statusCode).toBe(404);
  });

  it('superusers see and revoke every token; staff only their own', async () => {
    const staffToken = await newToken(staff, { name: 'staff token' });
    const adminToken = await newToken(admin, { name: 'admin token' });
    const adminList = JSON.parse((await admin.trpcQuery('tokens.list')).body).result.data as { id: number }[];
    expect(adminList.map((t) => t.id)).toEqual(expect.arrayContaining([staffToken.id, adminToken.id]));
    const staffList = JSON.parse((await staff.trpcQuery('tokens.list')).body).result.data as {
      id: number;
      username: string;
    }[];
    expect(staffList.every((t) => t.username === 'staff')).toBe(true);
    const notYours = await staff.trpcMutation('tokens.revoke', { id: adminToken.id });
    expect(notYours.statusCode).toBe(404);
    expect((await admin.trpcMutation('tokens.revoke', { id: staffToken.id })).statusCode).toBe(200);
    expect((await withToken(staffToken.key, 'GET', '/api/orders/')).statusCode).toBe(401);
  });

  it('over the per-token rate limit: 429 with Retry-After; another token is not held back', async () => {
    const busy = await newToken(staff);
    const calm = await newToken(staff);
    for (let i = 0; i < RATE_LIMIT; i++)
      expect((await withToken(busy.key, 'GET', '/api/orders/status_choices/')).statusCode).toBe(200);
    const limited = await withToken(busy.key, 'GET', '/api/orders/status_choices/');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json().detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
    expect((await withToken(calm.key, 'GET', '/api/orders/status_choices/')).statusCode).toBe(200);
    // Every request was counted, the refused one too, in the token's row.
    await app.tokenUsage.flush();
    const [row] = await database.db.select().from(apiTokens).where(eq(apiTokens.id, busy.id));
    expect(row!.rateCount).toBe(RATE_LIMIT + 1);
    // The window passed (moved back in the database): the token may call again.
    await database.db
      .update(apiTokens)
      .set({ rateWindowStart: sql`now() - interval '61 seconds'` })
      .where(eq(apiTokens.id, busy.id));
    expect((await withToken(busy.key, 'GET', '/api/orders/status_choices/')).statusCode).toBe(200);
  });
});
