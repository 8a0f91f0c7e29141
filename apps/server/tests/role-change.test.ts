import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from './test-app';
import { TestClient } from './client';
import { PASSWORD, createRoleUser, createStandardUsers } from './users';
import { openLiveStream } from './live-client';

/** A role change reaches the user's open sessions at once: their next call, and their live updates. */
let app: FastifyInstance;
let admin: TestClient;
let base: string;

beforeAll(async () => {
  const test = await createTestApp();
  app = test.app;
  await createStandardUsers(test.database);
  await createRoleUser(test.database, 'sales', 'pat');
  admin = new TestClient(app);
  await admin.login('admin', PASSWORD);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
});
afterAll(async () => {
  await app?.close();
});

describe('a role change', () => {
  it("applies to the user's next call, and tells their open live feed to read everything again before it ends", async () => {
    const pat = new TestClient(app);
    await pat.login('pat', PASSWORD);
    expect((await pat.get('/api/quotes/')).statusCode).toBe(200);
    const live = await openLiveStream(base, pat);
    await live.next((e) => (e.data as { type?: string }).type === 'listening');

    const patId = (await admin.get('/api/auth/users/')).json().find((u: { username: string }) => u.username === 'pat').id;
    const changed = await admin.put(`/api/auth/users/${patId}/`, { username: 'pat', password: '', role: 'shop', is_active: true });
    expect(changed.json().role).toBe('shop');

    // The same session, no sign-in again: the shop may not read quotes, and its orders come without money.
    expect((await pat.get('/api/quotes/')).statusCode).toBe(403);
    expect((await pat.get('/api/auth/check/')).json().user.role).toBe('shop');
    const refetch = await live.next((e) => (e.data as { type?: string }).type === 'refetch');
    expect(refetch.data).toEqual({ type: 'refetch', reason: 'role_changed' });
    await live.end;
    expect(live.ended).toBe(true);
  });
});
