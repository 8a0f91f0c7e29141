import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@icehouse/db/client';
import { users } from '@icehouse/db/schema';
import { createTestApp } from '../../../tests/test-app';
import { TestClient } from '../../../tests/client';
import { PASSWORD, createStandardUsers } from '../../../tests/users';
import { MESSAGES } from '@icehouse/domain';
import { bootstrapAdmin, deleteUser, updateUser } from './service';

let app: FastifyInstance;
let database: Database;
let reset: () => Promise<void>;
let admin: TestClient;
let adminId: number;
let staffId: number;

beforeAll(async () => {
  ({ app, database, reset } = await createTestApp());
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  await reset();
  const users = await createStandardUsers(database);
  adminId = users.admin.id;
  staffId = users.staff.id;
  admin = new TestClient(app);
  await admin.login('admin', PASSWORD);
});

describe('users REST', () => {
  it('lists users with is_superuser and no password', async () => {
    const res = await admin.get('/api/auth/users/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: adminId, username: 'admin', email: 'admin@example.com', is_superuser: true, is_active: true, role: 'admin' },
      { id: staffId, username: 'staff', email: null, is_superuser: false, is_active: true, role: 'office' },
    ]);
  });

  it('creates a user with is_admin on write and is_superuser on read', async () => {
    const res = await admin.post('/api/auth/users/', { username: 'maria', email: 'maria@example.com', password: 'maria-pass-123', is_admin: true, is_active: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'maria', is_superuser: true, is_active: true });
    const maria = new TestClient(app);
    expect((await maria.login('maria', 'maria-pass-123')).json().user.is_superuser).toBe(true);
  });

  it('validates: username and password required, password at least 8, email shaped', async () => {
    const res = await admin.post('/api/auth/users/', { username: '', email: 'not-an-email', password: 'short' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.username).toHaveLength(1);
    expect(body.email).toHaveLength(1);
    expect(body.password[0]).toMatch(/8/);
    const missing = await admin.post('/api/auth/users/', { username: 'pat' });
    expect(missing.json().password).toHaveLength(1);
  });

  it('refuses a duplicate username (any case) as a field error', async () => {
    const res = await admin.post('/api/auth/users/', { username: 'Staff', password: 'another-pass-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ username: ['A user with that username already exists.'] });
    const rename = await admin.put(`/api/auth/users/${staffId}/`, { username: 'ADMIN', password: '', is_admin: false, is_active: true });
    expect(rename.statusCode).toBe(400);
    expect(rename.json()).toEqual({ username: ['A user with that username already exists.'] });
  });

  it('keeps the password when the update leaves it blank', async () => {
    const res = await admin.put(`/api/auth/users/${staffId}/`, { id: staffId, username: 'staff', email: 'staff@example.com', password: '', is_admin: false, is_active: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('staff@example.com');
    await new TestClient(app).login('staff', PASSWORD);
  });

  it('changes the password when one is given', async () => {
    await admin.put(`/api/auth/users/${staffId}/`, { username: 'staff', password: 'new-staff-pass', is_admin: false, is_active: true });
    const old = await new TestClient(app).post('/api/auth/login/', { username: 'staff', password: PASSWORD });
    expect(old.statusCode).toBe(401);
    await new TestClient(app).login('staff', 'new-staff-pass');
  });

  it('refuses to let anyone delete, deactivate or demote themselves', async () => {
    const del = await admin.delete(`/api/auth/users/${adminId}/`);
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual({ detail: 'You cannot delete your own account.' });
    const deactivate = await admin.put(`/api/auth/users/${adminId}/`, { username: 'admin', password: '', is_admin: true, is_active: false });
    expect(deactivate.json()).toEqual({ is_active: ['You cannot deactivate your own account.'] });
    const demote = await admin.put(`/api/auth/users/${adminId}/`, { username: 'admin', password: '', is_admin: false, is_active: true });
    expect(demote.json()).toEqual({ is_admin: ['You cannot remove your own admin rights.'] });
  });

  it('deletes another user, whose sessions end', async () => {
    const staff = new TestClient(app);
    await staff.login('staff', PASSWORD);
    const res = await admin.delete(`/api/auth/users/${staffId}/`);
    expect(res.statusCode).toBe(204);
    expect((await staff.get('/api/auth/check/')).json().isAuthenticated).toBe(false);
    expect((await admin.delete(`/api/auth/users/${staffId}/`)).statusCode).toBe(404);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await admin.put('/api/auth/users/abc/', { username: 'x', is_admin: false, is_active: true })).statusCode).toBe(400);
    expect((await admin.put('/api/auth/users/99999/', { username: 'x', password: '', is_admin: false, is_active: true })).statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('a user has one role; is_admin keeps its documented meaning (admin exactly when true)', async () => {
    const shop = await admin.post('/api/auth/users/', { username: 'lead', password: 'lead-pass-123', role: 'shop' });
    expect([shop.statusCode, shop.json()]).toEqual([201, expect.objectContaining({ role: 'shop', is_superuser: false })]);
    const legacy = await admin.post('/api/auth/users/', { username: 'old', password: 'old-pass-1234', is_admin: true });
    expect(legacy.json()).toMatchObject({ role: 'admin', is_superuser: true });
    const mismatch = await admin.post('/api/auth/users/', { username: 'odd', password: 'odd-pass-1234', is_admin: true, role: 'sales' });
    expect([mismatch.statusCode, mismatch.json()]).toEqual([400, { role: [MESSAGES.roleAdminMismatch] }]);
    const unknown = await admin.post('/api/auth/users/', { username: 'odd', password: 'odd-pass-1234', role: 'boss' });
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { role: [MESSAGES.roleInvalid] }]);
    // An update without a role keeps a non-admin's; is_admin: false takes an admin to office.
    const id = shop.json().id;
    const kept = await admin.put(`/api/auth/users/${id}/`, { username: 'lead', password: '', is_admin: false, is_active: true });
    expect(kept.json().role).toBe('shop');
    const demoted = await admin.put(`/api/auth/users/${legacy.json().id}/`, { username: 'old', password: '', is_admin: false, is_active: true });
    expect(demoted.json()).toMatchObject({ role: 'office', is_superuser: false });
  });

  it('every role change is recorded with who and when', async () => {
    const made = await admin.post('/api/auth/users/', { username: 'kim', password: 'kim-pass-1234', role: 'sales' });
    const id = made.json().id;
    await admin.put(`/api/auth/users/${id}/`, { username: 'kim', password: '', role: 'accounting', is_active: true });
    await admin.put(`/api/auth/users/${id}/`, { username: 'kim2', password: '', role: 'accounting', is_active: true });
    const changes = (await admin.get('/api/auth/users/role-changes/')).json() as { username: string; from_role: string | null; to_role: string; changed_by: string; changed_at: string }[];
    const kims = changes.filter((c) => c.username === 'kim2');
    expect(kims.map((c) => [c.from_role, c.to_role, c.changed_by])).toEqual([
      ['sales', 'accounting', 'admin'],
      [null, 'sales', 'admin'],
    ]);
    expect(Date.now() - Date.parse(kims[0]!.changed_at)).toBeLessThan(60_000);
  });

  it('the last active admin can be neither demoted, deactivated nor deleted, whoever asks', async () => {
    // Through the API only an admin can ask, and the self rules answer first; the rule itself is the
    // service's, for every caller (a second admin's session, a script).
    const deps = { database, log: app.log } as never;
    const store = { invalidateUserSessions: async () => {} } as never;
    const by = { userId: staffId, sessionId: null };
    const demote = updateUser(deps, store, by, adminId, { username: 'admin', email: '', password: undefined, is_admin: false, is_active: true, role: 'office' });
    await expect(demote).rejects.toMatchObject({ fieldErrors: { role: [MESSAGES.lastActiveAdmin] } });
    const deactivate = updateUser(deps, store, by, adminId, { username: 'admin', email: '', password: undefined, is_admin: true, is_active: false, role: null });
    await expect(deactivate).rejects.toMatchObject({ fieldErrors: { is_active: [MESSAGES.lastActiveAdmin] } });
    await expect(deleteUser(deps, staffId, adminId)).rejects.toMatchObject({ message: MESSAGES.lastActiveAdmin });
    // With a second active admin, each may go.
    await admin.post('/api/auth/users/', { username: 'boss', password: 'boss-pass-1234', role: 'admin' });
    const demoted = await updateUser(deps, store, by, adminId, { username: 'admin', email: '', password: undefined, is_admin: false, is_active: true, role: 'office' });
    expect(demoted.role).toBe('office');
  });

  it('two admins demoting each other at the same moment leave one admin', async () => {
    // Both past the door (their sessions read while both were admins): the database decides.
    const bossId = (await admin.post('/api/auth/users/', { username: 'boss', password: 'boss-pass-1234', role: 'admin' })).json().id;
    const deps = { database, log: app.log } as never;
    const store = { invalidateUserSessions: async () => {} } as never;
    const demote = (actor: number, id: number, username: string) =>
      updateUser(deps, store, { userId: actor, sessionId: null }, id, { username, email: '', password: undefined, is_admin: false, is_active: true, role: 'office' });
    const outcomes = await Promise.allSettled([demote(adminId, bossId, 'boss'), demote(bossId, adminId, 'admin')]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ fieldErrors: { role: [MESSAGES.lastActiveAdmin] } });
    const admins = (await database.db.select().from(users)).filter((u) => u.role === 'admin' && u.isActive);
    expect(admins).toHaveLength(1);
  });
});

describe('users tRPC', () => {
  it('offers the same behaviour to the web client', async () => {
    const created = await admin.trpcMutation('users.create', { username: 'lee', email: '', password: 'lee-password', is_admin: false, is_active: true });
    expect(created.statusCode).toBe(200);
    const lee = created.json().result.data;
    const dup = await admin.trpcMutation('users.create', { username: 'LEE', password: 'lee-password' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.data.fieldErrors).toEqual({ username: ['A user with that username already exists.'] });
    const list = await admin.trpcQuery('users.list');
    expect(list.json().result.data.map((u: { username: string }) => u.username)).toEqual(['admin', 'lee', 'staff']);
    const self = await admin.trpcMutation('users.delete', { id: adminId });
    expect(self.statusCode).toBe(403);
    expect((await admin.trpcMutation('users.delete', { id: lee.id })).statusCode).toBe(200);
  });
});

describe('bootstrap', () => {
  it('creates the first superuser only when no user exists', async () => {
    expect(await bootstrapAdmin({ database }, { username: 'root', password: 'root-password' })).toBeNull();
    await reset();
    const created = await bootstrapAdmin({ database }, { username: 'root', password: 'root-password' });
    expect(created).toMatchObject({ username: 'root', is_superuser: true, is_active: true });
    await expect(bootstrapAdmin({ database }, { username: 'x', password: 'short' })).resolves.toBeNull();
  });

  it('creates it once when several instances start at once on an empty database: the others carry on', async () => {
    await reset();
    const results = await Promise.all(
      Array.from({ length: 3 }, () => bootstrapAdmin({ database }, { username: 'root', password: 'root-password' })),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    const rows = await database.db.select().from(users);
    expect(rows.map((u) => u.username)).toEqual(['root']);
  });

  it('refuses a too-short ADMIN_PASSWORD', async () => {
    await reset();
    await expect(bootstrapAdmin({ database }, { username: 'root', password: 'short' })).rejects.toThrow(/password/);
  });
});
