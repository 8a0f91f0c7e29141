import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@icehouse/domain';
import { companyInfo, passwordResets } from '@icehouse/db/schema';
import type { Database } from '@icehouse/db/client';
import { createTestApp } from '../../../tests/test-app';
import { TestClient } from '../../../tests/client';
import { PASSWORD, createRoleUser, createStandardUsers } from '../../../tests/users';
import { startSmtpServer } from '../../../tests/smtp-server';
import { waitFor } from '../../../tests/wait-for-jobs';
import { passwordResetSentAnswer, passwordResetShowAnswer } from './schemas';

/**
 * Password reset links an admin sends (decision 269), through the REST paths, with the job queue's workers
 * and a real SMTP server in this process: the token kept only as its SHA-256, single use, 72 hours, a newer
 * link revoking the older, the user's sessions ended, and one clear refusal for every link that is not valid.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: FastifyInstance;
let database: Database;
let admin: TestClient;
let ids: { admin: number; staff: number; sales: number };

beforeAll(async () => {
  smtp = await startSmtpServer();
  const test = await createTestApp({ publicBaseUrl: 'https://orders.example.com', smtpUrl: smtp.url, jobs: { workers: true, pollingIntervalSeconds: 0.5 } });
  ({ app, database } = test);
  await test.reset();
  const standard = await createStandardUsers(database);
  const sales = await createRoleUser(database, 'sales');
  ids = { admin: standard.admin.id, staff: standard.staff.id, sales: sales.id };
  await database.db
    .insert(companyInfo)
    .values({ id: 1, emailFrom: 'office@icehouse.example' })
    .onConflictDoUpdate({ target: companyInfo.id, set: { emailFrom: 'office@icehouse.example' } });
  admin = new TestClient(app);
  await admin.login('admin', PASSWORD);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate table login_attempts, password_resets`);
  // Every user signs in with PASSWORD again (the admin's never changes here).
  await database.db.execute(sql`update users set password_hash = (select password_hash from users where id = ${ids.admin})`);
  smtp.received.length = 0;
});

const resetHeaders = (token: string) => ({ headers: { 'x-password-reset': token } });
const tokenOf = (url: string) => url.split('#')[1]!;
const textOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

async function send(userId: number, client = admin) {
  const res = await client.post(`/api/auth/users/${userId}/password-reset/`);
  expect(res.statusCode, res.body).toBe(201);
  return passwordResetSentAnswer.parse(res.json());
}

async function signIn(username: string, password: string) {
  const client = new TestClient(app);
  const res = await client.post('/api/auth/login/', { username, password });
  return { client, status: res.statusCode };
}

describe('sending a reset link', () => {
  it('emails the link to a user with an address; only its SHA-256 is stored; it sets the password once and ends the sessions', async () => {
    const before = await signIn('sales', PASSWORD);
    expect(before.status).toBe(200);
    const sent = await send(ids.sales);
    expect(sent).toMatchObject({ username: 'sales', email: 'sales@example.com', emailed: true, url: null });
    expect(new Date(sent.expires_at).getTime() - Date.now()).toBeGreaterThan(71.9 * 3600_000);
    await waitFor(() => smtp.received.length > 0, 30_000);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['sales@example.com']);
    const url = /https:\/\/orders\.example\.com\/reset-password#[A-Za-z0-9_-]{43}/.exec(textOf(mail.raw))?.[0];
    expect(url).toBeTruthy();
    const token = tokenOf(url!);

    const [row] = await database.db.select().from(passwordResets).where(eq(passwordResets.userId, ids.sales));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const dump = JSON.stringify(await database.db.execute(sql`select * from password_resets`));
    expect(dump).not.toContain(token);

    const anonymous = new TestClient(app);
    const shown = await anonymous.get('/api/auth/password-reset/', resetHeaders(token));
    expect(shown.statusCode, shown.body).toBe(200);
    expect(passwordResetShowAnswer.parse(shown.json())).toEqual({ username: 'sales' });

    // No cookie and no CSRF token: the header authorises the call.
    const done = await anonymous.post('/api/auth/password-reset/', { password: 'a-brand-new-secret' }, { ...resetHeaders(token), noCsrf: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ username: 'sales' });

    expect((await before.client.get('/api/auth/check/')).json()).toMatchObject({ isAuthenticated: false });
    expect((await signIn('sales', 'a-brand-new-secret')).status).toBe(200);
    expect((await signIn('sales', PASSWORD)).status).not.toBe(200);

    for (const again of [
      await anonymous.get('/api/auth/password-reset/', resetHeaders(token)),
      await anonymous.post('/api/auth/password-reset/', { password: 'yet-another-one' }, { ...resetHeaders(token), noCsrf: true }),
    ]) {
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ detail: MESSAGES.passwordResetInvalid });
    }
    const [used] = await database.db.select().from(passwordResets).where(eq(passwordResets.id, row!.id));
    expect(used!.usedAt).not.toBeNull();
  });

  it('answers the link to hand over when the user has no address; a newer link revokes the older', async () => {
    const first = await send(ids.staff);
    expect(first).toMatchObject({ username: 'staff', email: null, emailed: false, detail: MESSAGES.passwordResetNoEmail });
    expect(first.url).toMatch(/^https:\/\/orders\.example\.com\/reset-password#[A-Za-z0-9_-]{43}$/);
    const second = await send(ids.staff);
    const anonymous = new TestClient(app);
    const old = await anonymous.get('/api/auth/password-reset/', resetHeaders(tokenOf(first.url!)));
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ detail: MESSAGES.passwordResetInvalid });
    expect((await anonymous.get('/api/auth/password-reset/', resetHeaders(tokenOf(second.url!)))).statusCode).toBe(200);
    expect(smtp.received).toHaveLength(0);
  });

  it('answers the link to hand over when no From address is set, and nothing is emailed', async () => {
    await database.db.update(companyInfo).set({ emailFrom: '', email: '' }).where(eq(companyInfo.id, 1));
    try {
      const sent = await send(ids.sales);
      expect(sent).toMatchObject({ emailed: false, detail: MESSAGES.passwordResetNotConfigured });
      expect(sent.url).toMatch(/reset-password#/);
    } finally {
      await database.db.update(companyInfo).set({ emailFrom: 'office@icehouse.example' }).where(eq(companyInfo.id, 1));
    }
  });

  it('only an admin may send one (403 for the office and sales roles, 401 signed out)', async () => {
    for (const username of ['staff', 'sales']) {
      const client = new TestClient(app);
      await client.login(username, PASSWORD);
      expect((await client.post(`/api/auth/users/${ids.admin}/password-reset/`)).statusCode).toBe(403);
    }
    expect((await new TestClient(app).post(`/api/auth/users/${ids.admin}/password-reset/`)).statusCode).toBe(401);
    expect((await admin.post('/api/auth/users/99999/password-reset/')).statusCode).toBe(404);
    expect(await database.db.select().from(passwordResets)).toHaveLength(0);
  });
});

describe('refusals through a link', () => {
  it('refuses an expired link, a made-up token and a missing header with the one message', async () => {
    const sent = await send(ids.staff);
    await database.db.update(passwordResets).set({ expiresAt: sql`now() - interval '1 second'` });
    const anonymous = new TestClient(app);
    for (const headers of [resetHeaders(tokenOf(sent.url!)), resetHeaders('x'.repeat(43)), {}]) {
      const res = await anonymous.get('/api/auth/password-reset/', headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: MESSAGES.passwordResetInvalid });
    }
  });

  it('a short password is refused on its field and the link stays usable', async () => {
    const sent = await send(ids.staff);
    const anonymous = new TestClient(app);
    const res = await anonymous.post('/api/auth/password-reset/', { password: 'short' }, { ...resetHeaders(tokenOf(sent.url!)), noCsrf: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ password: [MESSAGES.passwordMin] });
    const missing = await anonymous.post('/api/auth/password-reset/', {}, { ...resetHeaders(tokenOf(sent.url!)), noCsrf: true });
    expect([missing.statusCode, missing.json()]).toEqual([400, { password: [MESSAGES.passwordRequired] }]);
    // A call without a valid link is refused as such, whatever password it sends.
    const stranger = await anonymous.post('/api/auth/password-reset/', { password: 'short' }, { ...resetHeaders('z'.repeat(43)), noCsrf: true });
    expect([stranger.statusCode, stranger.json()]).toEqual([404, { detail: MESSAGES.passwordResetInvalid }]);
    expect((await anonymous.get('/api/auth/password-reset/', resetHeaders(tokenOf(sent.url!)))).statusCode).toBe(200);
  });

  it('two uses of one link at once set the password once', async () => {
    const sent = await send(ids.staff);
    const headers = { ...resetHeaders(tokenOf(sent.url!)), noCsrf: true };
    const [a, b] = await Promise.all([
      new TestClient(app).post('/api/auth/password-reset/', { password: 'first-of-two' }, headers),
      new TestClient(app).post('/api/auth/password-reset/', { password: 'second-of-two' }, headers),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 404]);
    const winner = a.statusCode === 200 ? 'first-of-two' : 'second-of-two';
    const loser = a.statusCode === 200 ? 'second-of-two' : 'first-of-two';
    expect((await signIn('staff', winner)).status).toBe(200);
    expect((await signIn('staff', loser)).status).not.toBe(200);
  });

  it('past 30 calls per 15 minutes from one address: 429', async () => {
    const anonymous = new TestClient(app);
    for (let i = 0; i < 30; i++) expect((await anonymous.get('/api/auth/password-reset/', resetHeaders('y'.repeat(43)))).statusCode).toBe(404);
    const limited = await anonymous.get('/api/auth/password-reset/', resetHeaders('y'.repeat(43)));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: MESSAGES.passwordResetRateLimited });
  });
});
