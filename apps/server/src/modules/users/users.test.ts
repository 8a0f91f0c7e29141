import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@icehouse/db/client';
import { users } from '@icehouse/db/schema';
import { createTestApp } from '../../../tests/test-app';
import { TestClient } from '../../../tests/client';
import { PASSWORD, createStandardUsers } from '../../../tests/users';
import { bootstrapAdmin } from './service';

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
      { id: adminId, username: 'admin', email: 'admin@example.com', is_superuser: true, is_active: true },
      { id: staffId, username: 'staff', email: null, is_superuser: false, is_active: true },
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
