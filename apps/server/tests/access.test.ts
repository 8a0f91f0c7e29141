import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from './test-app';
import { TestClient } from './client';
import { PASSWORD, createStandardUsers } from './users';
import { restRoutes } from '../src/rest/routes';
import { appRouter } from '../src/trpc/app-router';
import type { ProcedureMeta } from '../src/trpc/init';

/**
 * Walks every REST route and every tRPC procedure: none that needs a session
 * answers an anonymous caller, and none that needs a superuser answers staff.
 */
let app: FastifyInstance;
let anonymous: TestClient;
let staff: TestClient;
let admin: TestClient;

beforeAll(async () => {
  const test = await createTestApp();
  app = test.app;
  await createStandardUsers(test.database);
  anonymous = new TestClient(app);
  staff = new TestClient(app);
  await staff.login('staff', PASSWORD);
  admin = new TestClient(app);
  await admin.login('admin', PASSWORD);
});
afterAll(async () => {
  await app?.close();
});

const concretePath = (path: string) => path.replace(/\{\w+\}/g, '1');

/** Only these may answer without a session: sign-in itself and the status probe. */
const PUBLIC_REST = new Set(['GET /api/auth/csrf/', 'GET /api/auth/check/', 'POST /api/auth/login/', 'POST /api/auth/logout/']);
const PUBLIC_TRPC = new Set(['system.status', 'auth.check', 'auth.login', 'auth.logout']);

const procedures = Object.entries(
  (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string; meta?: ProcedureMeta } }> } })._def.procedures,
);

describe('REST route table', () => {
  it('has routes, and only the sign-in ones are public', () => {
    expect(restRoutes.length).toBeGreaterThan(5);
    const publicOnes = restRoutes.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.path}`);
    expect(new Set(publicOnes)).toEqual(PUBLIC_REST);
  });

  for (const route of restRoutes.filter((r) => r.access !== 'public')) {
    it(`${route.method} ${route.path}: 401 anonymous${route.access === 'superuser' ? ', 403 staff' : ''}`, async () => {
      const url = concretePath(route.path);
      const anon = await anonymous.request(route.method, url, route.method === 'GET' ? {} : { payload: {} });
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      if (route.access === 'superuser') {
        const res = await staff.request(route.method, url, route.method === 'GET' ? {} : { payload: {} });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
      }
    });
  }
});

describe('tRPC procedures', () => {
  it('all declare their access, and only the sign-in ones are public', () => {
    expect(procedures.length).toBeGreaterThan(5);
    for (const [name, proc] of procedures) expect(proc._def.meta?.access, name).toMatch(/^(public|user|superuser)$/);
    expect(new Set(procedures.filter(([, p]) => p._def.meta?.access === 'public').map(([n]) => n))).toEqual(PUBLIC_TRPC);
  });

  for (const [name, proc] of procedures.filter(([, p]) => p._def.meta?.access !== 'public')) {
    it(`${name}: 401 anonymous${proc._def.meta?.access === 'superuser' ? ', 403 staff' : ''}`, async () => {
      const call = (client: TestClient) => (proc._def.type === 'query' ? client.trpcQuery(name) : client.trpcMutation(name, {}));
      expect((await call(anonymous)).statusCode).toBe(401);
      if (proc._def.meta?.access === 'superuser') expect((await call(staff)).statusCode).toBe(403);
    });
  }
});

describe('signed-in callers', () => {
  it('staff reach user routes; admins reach superuser routes', async () => {
    expect((await staff.get('/api/orders/status_choices/')).statusCode).toBe(200);
    expect((await admin.get('/api/auth/users/')).statusCode).toBe(200);
  });
});
