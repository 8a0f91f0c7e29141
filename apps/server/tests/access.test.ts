import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from './test-app';
import { TestClient } from './client';
import { PASSWORD, createStandardUsers } from './users';
import { moduleOperations } from '../src/modules/operations';
import { listOperations, restBindingsOf } from '../src/operations/define';
import { appRouter } from '../src/trpc/app-router';

/**
 * Walks every operation's declaration, through both doors: no REST route or tRPC procedure that
 * needs a session answers an anonymous caller, and none that needs a superuser answers staff.
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

const operations = listOperations(moduleOperations);
const restRoutes = operations.flatMap((op) => restBindingsOf(op).map((binding) => ({ method: binding.method, path: binding.path, access: op.access })));
const procedures = operations.filter((op) => op.trpc !== false);
const served = (appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures;

describe('REST routes of the declarations', () => {
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

describe('tRPC procedures of the declarations', () => {
  it('the router serves exactly the declared procedures, and only the sign-in ones are public', () => {
    expect(procedures.length).toBeGreaterThan(5);
    expect(new Set(Object.keys(served))).toEqual(new Set(procedures.map((op) => op.name)));
    expect(new Set(procedures.filter((op) => op.access === 'public').map((op) => op.name))).toEqual(PUBLIC_TRPC);
  });

  for (const op of procedures.filter((p) => p.access !== 'public')) {
    it(`${op.name}: 401 anonymous${op.access === 'superuser' ? ', 403 staff' : ''}`, async () => {
      const call = (client: TestClient) => (op.kind === 'query' ? client.trpcQuery(op.name) : client.trpcMutation(op.name, {}));
      const anon = await call(anonymous);
      expect(anon.statusCode).toBe(401);
      expect(anon.json().error.message).toBe('Authentication credentials were not provided.');
      if (op.access === 'superuser') {
        const res = await call(staff);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.message).toBe('You do not have permission to perform this action.');
      }
    });
  }
});

describe('signed-in callers', () => {
  it('staff reach user routes; admins reach superuser routes', async () => {
    expect((await staff.get('/api/orders/status_choices/')).statusCode).toBe(200);
    expect((await admin.get('/api/auth/users/')).statusCode).toBe(200);
  });
});
