import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../tests/test-app';
import { TestClient } from '../tests/client';
import { PASSWORD, createStandardUsers } from '../tests/users';

let app: FastifyInstance;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'icehouse-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Ice House Order Manager</title><div id="root"></div>');
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
  const test = await createTestApp({ webDistDir: webDir });
  app = test.app;
  await createStandardUsers(test.database);
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('health', () => {
  it('tells anyone not signed in as a superuser only whether it is up', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/healthz' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ status: 'ok' });
    const staff = new TestClient(app);
    await staff.login('staff', PASSWORD);
    expect((await staff.get('/healthz')).json()).toEqual({ status: 'ok' });
  });

  it('tells a signed-in superuser the database it checked and the version', async () => {
    const admin = new TestClient(app);
    await admin.login('admin', PASSWORD);
    const res = await admin.get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', version: expect.any(String) });
  });

  it('gives the status screen its details through tRPC, to signed-in users only', async () => {
    expect((await app.inject({ method: 'GET', url: '/trpc/system.status' })).statusCode).toBe(401);
    const staff = new TestClient(app);
    await staff.login('staff', PASSWORD);
    const res = await staff.trpcQuery('system.status');
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toMatchObject({ status: 'ok', version: expect.any(String) });
  });
});

/** Every REST call the spec names: the integrators' contract, written out here, not read from our own declarations. */
const SPEC_ROUTES = [
  'GET /api/auth/check/',
  'GET /api/auth/csrf/',
  'POST /api/auth/login/',
  'POST /api/auth/logout/',
  'GET /api/auth/users/',
  'POST /api/auth/users/',
  'DELETE /api/auth/users/{id}/',
  'PUT /api/auth/users/{id}/',
  'GET /api/company-info/',
  'POST /api/company-info/',
  'GET /api/components/',
  'POST /api/components/',
  'DELETE /api/components/{id}/',
  'PUT /api/components/{id}/',
  'GET /api/customers/country_choices/',
  'GET /api/customers/region_choices/',
  'GET /api/invoices/',
  'POST /api/invoices/create-combined/',
  'DELETE /api/invoices/{id}/',
  'GET /api/invoices/{id}/',
  'PATCH /api/invoices/{id}/',
  'GET /api/invoices/{id}/pdf/',
  'POST /api/orders/',
  'GET /api/orders/by-month/',
  'GET /api/orders/get-next-door-number/',
  'GET /api/orders/initial_data/',
  'GET /api/orders/list-view/',
  'GET /api/orders/status_choices/',
  'DELETE /api/orders/{id}/',
  'GET /api/orders/{id}/',
  'PUT /api/orders/{id}/',
  'POST /api/orders/{id}/blueprint/',
  'POST /api/orders/{id}/change-status/',
  'POST /api/orders/{id}/create-bill-of-lading/',
  'POST /api/orders/{id}/create-invoice/',
  'POST /api/orders/{id}/door-placement-drawing/',
  'POST /api/orders/{id}/door-placement/',
  'GET /api/orders/{id}/get-bol-number/',
  'GET /api/orders/{id}/print/',
  'DELETE /api/orders/{id}/remove-blueprint/',
  'DELETE /api/orders/{id}/remove-door-placement/',
  'GET /api/orders/{id}/serve-blueprint/',
  'GET /api/orders/{id}/serve-door-placement/',
  'POST /api/orders/{id}/unvoid/',
  'POST /api/orders/{id}/void/',
  'GET /api/products/',
  'POST /api/products/',
  'DELETE /api/products/{id}/',
  'PUT /api/products/{id}/',
  'GET /api/settings/',
  'POST /api/settings/',
  'GET /api/settings/categories/',
  'GET /api/settings/ship_via_options/',
  'DELETE /api/settings/{id}/',
  'PUT /api/settings/{id}/',
] as const;

describe('REST layer', () => {
  it('publishes an OpenAPI document of every registered route', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/schema/' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`));
    // Every call of the spec is documented...
    expect(documented).toEqual(expect.arrayContaining([...SPEC_ROUTES]));
    // ...and everything documented is a route the server really has (Fastify's own router says so).
    const missing = documented.filter((entry) => {
      const [method, p] = entry.split(' ') as [string, string];
      return !app.hasRoute({ method: method as 'GET', url: p.replace(/\{(\w+)\}/g, ':$1') });
    });
    expect(missing).toEqual([]);
    for (const entry of documented) {
      const [method, p] = entry.split(' ') as [string, string];
      expect(Object.keys(doc.paths[p]![method.toLowerCase()]!.responses).length, entry).toBeGreaterThan(0);
    }
    const op = doc.paths['/api/orders/status_choices/']!.get! as unknown as {
      tags: string[];
      responses: Record<string, { content: Record<string, { schema: { type: string } }> }>;
    };
    expect(op.tags).toEqual(['Lookups']);
    expect(op.responses['200']!.content['application/json']!.schema.type).toBe('array');
    expect(op.responses['401']).toBeDefined();
  });

  it('serves a docs page that reads the schema', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('/api/schema/');
  });

  it('refuses a protected route without a session with 401 and detail', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/orders/status_choices/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers a malformed JSON body with 400 and no internals', async () => {
    const client = new TestClient(app);
    const res = await client.post('/api/auth/login/', '{"broken": ', { headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'JSON parse error.' });
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('web app', () => {
  it('serves index.html at the root and for client-side routes', async () => {
    for (const url of ['/', '/orders', '/invoices/12/edit']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves built assets', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
  });
});
