import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { loginAttempts, sessions } from '@icehouse/db/schema';
import type { Database } from '@icehouse/db/client';
import { createTestApp } from '../../../tests/test-app';
import { TestClient } from '../../../tests/client';
import { PASSWORD, createStandardUsers } from '../../../tests/users';
import { createUser } from '../users/service';
import { THROTTLE } from './throttle';

let app: FastifyInstance;
let database: Database;
let reset: () => Promise<void>;

beforeAll(async () => {
  ({ app, database, reset } = await createTestApp());
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  await reset();
  await createStandardUsers(database);
});

describe('sign-in', () => {
  it('signs in, reports the session, and sets safe cookies', async () => {
    const client = new TestClient(app);
    const res = await client.login('admin', PASSWORD);
    expect(res.json()).toMatchObject({ success: true, user: { username: 'admin', is_superuser: true, is_active: true } });
    const cookie = res.cookies.find((c) => c.name === 'sessionid')!;
    expect(cookie.value).toMatch(/^[a-z2-7]{40}$/);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy(); // plain http here; Secure when served over HTTPS (see below)
    expect(res.body).not.toContain('password');

    const check = await client.get('/api/auth/check/');
    expect(check.json()).toMatchObject({ isAuthenticated: true, user: { username: 'admin', is_superuser: true } });
  });

  it('marks cookies Secure when served over HTTPS', async () => {
    const secure = await createTestApp({ trustProxy: true });
    await createStandardUsers(secure.database).catch(() => undefined);
    const client = new TestClient(secure.app);
    const res = await client.post('/api/auth/login/', { username: 'admin', password: PASSWORD }, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sessionid')!.secure).toBe(true);
    await secure.app.close();
  });

  it('accepts the username in any case', async () => {
    const client = new TestClient(app);
    await client.login('ADMIN', PASSWORD);
  });

  it('answers INVALID_CREDENTIALS for a wrong password or unknown user', async () => {
    const client = new TestClient(app);
    for (const [username, password] of [['admin', 'wrong-password'], ['nobody', PASSWORD]]) {
      const res = await client.post('/api/auth/login/', { username, password });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Incorrect username or password.', code: 'INVALID_CREDENTIALS' });
    }
    expect((await client.get('/api/auth/check/')).json()).toEqual({ isAuthenticated: false, user: null });
  });

  it('answers INACTIVE_ACCOUNT for an inactive user with the right password only', async () => {
    await createUser({ database }, { username: 'gone', email: '', password: PASSWORD, is_admin: false, is_active: false });
    const client = new TestClient(app);
    const right = await client.post('/api/auth/login/', { username: 'gone', password: PASSWORD });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({ error: 'Your account is inactive, please contact admin.', code: 'INACTIVE_ACCOUNT' });
    const wrong = await client.post('/api/auth/login/', { username: 'gone', password: 'not-it-at-all' });
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('requires both fields', async () => {
    const client = new TestClient(app);
    const res = await client.post('/api/auth/login/', { username: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['password', 'username']);
  });

  it('starts a new session and a new CSRF token at every sign-in', async () => {
    const client = new TestClient(app);
    const before = await client.csrfToken();
    await client.login('staff', PASSWORD);
    const first = client.cookies.get('sessionid');
    const afterFirst = await client.csrfToken();
    expect(afterFirst).not.toBe(before);
    await client.login('staff', PASSWORD);
    const second = client.cookies.get('sessionid');
    expect(second).not.toBe(first);
    expect(await client.csrfToken()).not.toBe(afterFirst);
    // The replaced session is gone from the database.
    expect(await database.db.select().from(sessions).where(eq(sessions.id, first!))).toHaveLength(0);
  });

  it('signs out: the session ends on the server too', async () => {
    const client = new TestClient(app);
    await client.login('staff', PASSWORD);
    const sessionId = client.cookies.get('sessionid')!;
    const res = await client.post('/api/auth/logout/');
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/auth/check/')).json().isAuthenticated).toBe(false);
    // Replaying the old cookie does not work.
    const replay = new TestClient(app);
    replay.cookies.set('sessionid', sessionId);
    expect((await replay.get('/api/orders/status_choices/')).statusCode).toBe(401);
  });

  it('works the same through tRPC', async () => {
    const client = new TestClient(app);
    const bad = await client.trpcMutation('auth.login', { username: 'admin', password: 'nope-nope' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.data.details).toEqual({ code: 'INVALID_CREDENTIALS' });
    const ok = await client.trpcMutation('auth.login', { username: 'admin', password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.data.user.username).toBe('admin');
    const check = await client.trpcQuery('auth.check');
    expect(check.json().result.data).toMatchObject({ isAuthenticated: true, user: { username: 'admin' } });
    await client.trpcMutation('auth.logout');
    expect((await client.trpcQuery('auth.check')).json().result.data.isAuthenticated).toBe(false);
  });
});

describe('session expiry and revocation', () => {
  it('ends a session past its absolute lifetime', async () => {
    const client = new TestClient(app);
    await client.login('staff', PASSWORD);
    await database.db.update(sessions).set({ createdAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) });
    expect((await client.get('/api/auth/check/')).json().isAuthenticated).toBe(false);
  });

  it('ends a session past its idle expiry', async () => {
    const client = new TestClient(app);
    await client.login('staff', PASSWORD);
    await database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await client.get('/api/auth/check/')).json().isAuthenticated).toBe(false);
  });

  it('ends sessions when the user is deactivated or the password changes', async () => {
    const admin = new TestClient(app);
    await admin.login('admin', PASSWORD);
    const staff = new TestClient(app);
    await staff.login('staff', PASSWORD);
    const staffId = (await staff.get('/api/auth/check/')).json().user.id;

    const body = { username: 'staff', email: '', password: 'a-brand-new-password', is_admin: false, is_active: true };
    expect((await admin.put(`/api/auth/users/${staffId}/`, body)).statusCode).toBe(200);
    expect((await staff.get('/api/auth/check/')).json().isAuthenticated).toBe(false);

    await staff.login('staff', 'a-brand-new-password');
    expect((await admin.put(`/api/auth/users/${staffId}/`, { ...body, password: '', is_active: false })).statusCode).toBe(200);
    expect((await staff.get('/api/auth/check/')).json().isAuthenticated).toBe(false);
  });

  it('keeps the acting session when users change their own password', async () => {
    const admin = new TestClient(app);
    const login = await admin.login('admin', PASSWORD);
    const self = login.json().user;
    const other = new TestClient(app);
    await other.login('admin', PASSWORD);
    const res = await admin.put(`/api/auth/users/${self.id}/`, { username: 'admin', email: 'admin@example.com', password: 'another-good-password', is_admin: true, is_active: true });
    expect(res.statusCode).toBe(200);
    expect((await admin.get('/api/auth/check/')).json().isAuthenticated).toBe(true);
    expect((await other.get('/api/auth/check/')).json().isAuthenticated).toBe(false);
  });
});

describe('CSRF', () => {
  it('refuses a state-changing call without the token, REST and tRPC alike', async () => {
    const client = new TestClient(app);
    await client.login('admin', PASSWORD);
    const rest = await client.post('/api/auth/users/', { username: 'x1', password: 'long-enough-pw' }, { noCsrf: true });
    expect(rest.statusCode).toBe(403);
    expect(rest.json().detail).toMatch(/CSRF/);
    const trpc = await client.trpcMutation('users.create', { username: 'x2', password: 'long-enough-pw' }, { noCsrf: true });
    expect(trpc.statusCode).toBe(403);
    const wrong = await client.post('/api/auth/logout/', {}, { headers: { 'x-csrftoken': 'a'.repeat(32) } });
    expect(wrong.statusCode).toBe(403);
  });

  it('refuses the login call without the token', async () => {
    const client = new TestClient(app);
    const res = await client.post('/api/auth/login/', { username: 'admin', password: PASSWORD }, { noCsrf: true });
    expect(res.statusCode).toBe(403);
  });

  it('does not accept a token planted before sign-in', async () => {
    const client = new TestClient(app);
    const planted = await client.csrfToken();
    await client.login('admin', PASSWORD);
    const res = await client.post('/api/auth/users/', { username: 'x3', password: 'long-enough-pw' }, { headers: { 'x-csrftoken': planted } });
    expect(res.statusCode).toBe(403);
  });
});

describe('content types', () => {
  it('refuses bodies that are not JSON on JSON routes', async () => {
    const client = new TestClient(app);
    await client.login('admin', PASSWORD);
    const text = await client.post('/api/auth/users/', 'username=x', { headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(415);
    const form = await client.post('/api/auth/users/', 'username=x', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(415);
    const trpc = await client.trpcMutation('users.create', 'x', { headers: { 'content-type': 'text/plain' } });
    expect(trpc.statusCode).toBe(415);
  });
});

describe('brute-force protection', () => {
  it('locks an account after repeated failures, even for the right password, with a clear message', async () => {
    const client = new TestClient(app);
    for (let i = 0; i < THROTTLE.perAccount; i++) {
      expect((await client.post('/api/auth/login/', { username: 'staff', password: `wrong-${i}-pw` })).statusCode).toBe(401);
    }
    const locked = await client.post('/api/auth/login/', { username: 'staff', password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: expect.stringMatching(/^Too many failed sign-in attempts\. Please wait \d+ minute\(s\) and try again\.$/), code: 'TOO_MANY_ATTEMPTS' });
    // Another account is unaffected (the address has not reached its own, higher limit).
    const other = new TestClient(app);
    expect((await other.post('/api/auth/login/', { username: 'admin', password: PASSWORD })).statusCode).toBe(200);
    // When the lock ends, the right password works again.
    await database.db.update(loginAttempts).set({ lockedUntil: new Date(Date.now() - 1000), firstFailureAt: new Date(Date.now() - 3600_000) });
    expect((await client.post('/api/auth/login/', { username: 'staff', password: PASSWORD })).statusCode).toBe(200);
  });

  it('locks a client address that tries many accounts', async () => {
    const client = new TestClient(app);
    for (let i = 0; i < THROTTLE.perAddress; i++) {
      await client.post('/api/auth/login/', { username: `user${i}`, password: 'wrong-password' });
    }
    const res = await client.post('/api/auth/login/', { username: 'admin', password: PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('TOO_MANY_ATTEMPTS');
  });
});

describe('security headers', () => {
  it('are on every answer', async () => {
    const client = new TestClient(app);
    for (const url of ['/api/auth/check/', '/api/nothing/', '/healthz', '/']) {
      const res = await client.get(url);
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security'], url).toBeDefined();
    }
  });
});
