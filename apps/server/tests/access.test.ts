import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MESSAGES, QUOTE_MESSAGES, ROLES, type Role } from '@icehouse/domain';
import { createTestApp } from './test-app';
import { TestClient } from './client';
import { PASSWORD, createRoleUser, createStandardUsers } from './users';
import { moduleOperations } from '../src/modules/operations';
import { listOperations, restBindingsOf } from '../src/operations/define';
import { appRouter } from '../src/trpc/app-router';
import { routeSecurityTable } from '../src/modules/auth/route-security';
import { mayCall } from '../src/operations/access';

/**
 * Walks every REST route and every tRPC procedure: none that needs a session answers an anonymous
 * caller, and each role is refused exactly the operations its areas do not give it.
 */
let app: FastifyInstance;
let anonymous: TestClient;
let staff: TestClient;
let admin: TestClient;
/** A signed-in client of each role (office is `staff`). */
const asRole = {} as Record<Role, TestClient>;

beforeAll(async () => {
  // A small built web app, so that @fastify/static's routes exist and are walked too.
  const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'icehouse-web-'));
  fs.writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Ice House</title>');
  fs.writeFileSync(path.join(webDistDir, 'app.js'), 'console.log(1)');
  const test = await createTestApp({ webDistDir });
  app = test.app;
  await createStandardUsers(test.database);
  anonymous = new TestClient(app);
  staff = new TestClient(app);
  await staff.login('staff', PASSWORD);
  admin = new TestClient(app);
  await admin.login('admin', PASSWORD);
  Object.assign(asRole, { admin, office: staff });
  for (const role of ['sales', 'accounting', 'shop'] as const) {
    await createRoleUser(test.database, role);
    asRole[role] = new TestClient(app);
    await asRole[role].login(role, PASSWORD);
  }
});
afterAll(async () => {
  await app?.close();
});

/**
 * Request targets the router takes for `path` although they are not written as `path`: percent-encoded
 * characters (the first segment's first letter, the whole first segment in lower-case hex, a letter of
 * the last segment) and the absolute form (`http://localhost/api/...`, RFC 9112 3.2.2), plain and encoded.
 * Whatever decides about sessions and CSRF must see them all as the route they reach.
 */
export function targetVariants(path: string): string[] {
  const enc = (c: string, upper = true) => `%${c.charCodeAt(0).toString(16)[upper ? 'toUpperCase' : 'toLowerCase']()}`;
  const firstLetter = path.replace(/^\/(\w)/, (_m, c: string) => `/${enc(c)}`);
  const firstSegment = path.replace(/^\/(\w+)/, (_m, seg: string) => `/${[...seg].map((c) => enc(c, false)).join('')}`);
  const lastLetter = path.replace(/([a-z])([^a-z]*)$/i, (_m, c: string, rest: string) => `${enc(c)}${rest}`);
  return [firstLetter, firstSegment, lastLetter, `http://localhost${path}`, `http://localhost${firstLetter}`, `http://127.0.0.1:80${lastLetter}`];
}

const concretePath = (path: string) => path.replace(/\{\w+\}/g, '1');

/** Only these may answer without a session: sign-in itself (/healthz, outside the route table, tells anonymous callers only {status}). */
const PUBLIC_REST = new Set(['GET /api/auth/csrf/', 'GET /api/auth/check/', 'POST /api/auth/login/', 'POST /api/auth/logout/']);
const PUBLIC_TRPC = new Set(['auth.check', 'auth.login', 'auth.logout']);
/** And what a customer does through a link (decision 161): public, REST only, the token in X-Customer-Link (walked below). */
const CUSTOMER_LINK_REST = new Set([
  'GET /api/customer/quotes/{id}/',
  'GET /api/customer/quotes/{id}/pdf/',
  'POST /api/customer/quotes/{id}/accept/',
  'POST /api/customer/quotes/{id}/decline/',
  'GET /api/customer/invoices/{id}/',
  'GET /api/customer/invoices/{id}/pdf/',
  'GET /api/customer/statements/{id}/',
  'GET /api/customer/statements/{id}/pdf/',
  // Whom a customer asks when a link does not work: the letterhead's name, phone and email, no link needed.
  'GET /api/customer/seller/',
]);
/** And a password reset link's page (decision 269): public, REST only, the token in X-Password-Reset. */
const PASSWORD_RESET_REST = new Set(['GET /api/auth/password-reset/', 'POST /api/auth/password-reset/']);

/** The routes a link's header alone authorises (a customer link's, a password reset link's): no session read, no CSRF token (as Fastify writes their paths). */
const HEADER_AUTHORISED = new Set(['POST /api/customer/quotes/:id/accept/', 'POST /api/customer/quotes/:id/decline/', 'POST /api/auth/password-reset/', 'GET /api/auth/password-reset/', 'HEAD /api/auth/password-reset/']);

const operations = listOperations(moduleOperations);
const restRoutes = operations.flatMap((op) =>
  restBindingsOf(op).map((binding) => ({ method: binding.method, path: binding.path, access: op.access, tokens: op.access !== 'public' && binding.tokens !== false })),
);
const procedures = operations.filter((op) => op.trpc !== false);
const served = (appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures;

describe('route declarations', () => {
  it('every route of the app declares its session and CSRF handling; state changes need the token but where a link header authorises them', () => {
    const table = routeSecurityTable(app);
    expect(table.length).toBeGreaterThan(restRoutes.length + 5);
    expect(table.filter((r) => r.security === null)).toEqual([]);
    // The customer's answers through a link: its X-Customer-Link header authorises them, and they read no cookie.
    expect(table.filter((r) => !r.security?.csrf).map((r) => `${String(r.method)} ${r.url}`).sort()).toEqual(
      [...HEADER_AUTHORISED].sort(),
    );
    for (const r of table.filter((row) => !row.security?.csrf)) expect(r.security).toEqual({ session: false, csrf: false, token: false });
    const reads = (url: string) => table.filter((r) => r.url === url).map((r) => r.security?.session);
    // The API, tRPC and /healthz read the session; files and docs do not.
    for (const route of restRoutes) {
      const url = route.path.replace(/\{(\w+)\}/g, ':$1');
      if (!HEADER_AUTHORISED.has(`${route.method} ${url}`)) expect(reads(url), route.path).not.toContain(false);
    }
    expect(reads('/trpc/:path')).toEqual(expect.arrayContaining([true]));
    expect(reads('/trpc/:path')).not.toContain(false);
    expect(reads('/healthz')).not.toContain(false);
    expect(reads('/app.js')).toEqual([false]);
    expect(reads('/api/docs/')).not.toContain(true);
  });

  it('a state-changing request to no route at all still needs the token', async () => {
    const res = await anonymous.request('POST', '/no-such-page', { payload: {}, noCsrf: true });
    expect(res.statusCode).toBe(403);
    expect((await anonymous.request('POST', '/no-such-page', { payload: {} })).statusCode).toBe(404);
    expect((await anonymous.get('/app.js')).statusCode).toBe(200);
  });
});

describe('REST routes of the declarations', () => {
  it('has routes, and only the sign-in and customer-link ones are public', () => {
    expect(restRoutes.length).toBeGreaterThan(5);
    const publicOnes = restRoutes.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.path}`);
    expect(new Set(publicOnes)).toEqual(new Set([...PUBLIC_REST, ...CUSTOMER_LINK_REST, ...PASSWORD_RESET_REST]));
  });

  // A record that does not exist: an operation a role may call answers 404 (or 400 for the empty body), never the door's 403.
  const missingPath = (path: string) => path.replace(/\{\w+\}/g, '987654');
  for (const route of restRoutes.filter((r) => r.access !== 'public')) {
    it(`${route.method} ${route.path}: 401 anonymous; each role refused or let through as declared`, async () => {
      const url = concretePath(route.path);
      const anon = await anonymous.request(route.method, url, route.method === 'GET' ? {} : { payload: {} });
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      for (const role of ROLES) {
        const res = await asRole[role].request(route.method, missingPath(route.path), route.method === 'GET' ? {} : { payload: {} });
        const refused = res.statusCode === 403 && res.json().detail === 'You do not have permission to perform this action.';
        expect(refused, `${role}: ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(!mayCall(route.access, role));
        expect(res.statusCode, role).not.toBe(401);
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
    it(`${op.name}: 401 anonymous; each role refused or let through as declared`, async () => {
      // Queries and subscriptions (server-sent events) are GETs; a subscription is refused before its stream starts.
      const call = (client: TestClient) => (op.kind === 'mutation' ? client.trpcMutation(op.name, {}) : client.trpcQuery(op.name));
      const anon = await call(anonymous);
      expect(anon.statusCode).toBe(401);
      expect(anon.json().error.message).toBe('Authentication credentials were not provided.');
      for (const role of ROLES) {
        // A subscription let through streams until closed: only its refusals are walked here (its stream: below).
        if (op.kind === 'subscription' && mayCall(op.access, role)) continue;
        const res = await call(asRole[role]);
        const refused = res.statusCode === 403 && res.json().error.message === 'You do not have permission to perform this action.';
        expect(refused, `${role}: ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(!mayCall(op.access, role));
        expect(res.statusCode, role).not.toBe(401);
      }
    });
  }
});

const CSRF_REFUSAL = { detail: 'CSRF Failed: CSRF token missing or incorrect.' };
const payloadFor = (method: string) => (method === 'GET' ? {} : { payload: {} });

describe('encoded and absolute-form request targets', () => {
  // A real socket: app.inject() would normalise the request target before the router saw it.
  let rawAnonymous: TestClient;
  let rawStaff: TestClient;
  let rawAdmin: TestClient;
  let anonymousToken: string;
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    rawAnonymous = new TestClient(app);
    anonymousToken = await rawAnonymous.csrfToken();
    rawStaff = new TestClient(app);
    await rawStaff.login('staff', PASSWORD);
    rawAdmin = new TestClient(app);
    await rawAdmin.login('admin', PASSWORD);
  });

  it('the variants are what the router takes for the path', () => {
    expect(targetVariants('/api/auth/login/')).toEqual([
      '/%61pi/auth/login/',
      '/%61%70%69/auth/login/',
      '/api/auth/logi%6E/',
      'http://localhost/api/auth/login/',
      'http://localhost/%61pi/auth/login/',
      'http://127.0.0.1:80/api/auth/logi%6E/',
    ]);
    expect(targetVariants('/trpc/auth.logout')[0]).toBe('/%74rpc/auth.logout');
  });

  for (const route of restRoutes) {
    const path = concretePath(route.path);
    const byHeader = HEADER_AUTHORISED.has(`${route.method} ${route.path.replace(/\{(\w+)\}/g, ':$1')}`);
    const unsafe = route.method !== 'GET' && !byHeader;
    it(`${route.method} ${route.path}: every variant is the route itself${unsafe ? ', and refuses a call without the CSRF token' : ''}`, async () => {
      for (const target of targetVariants(path)) {
        const headers = { 'x-csrftoken': anonymousToken };
        if (route.access !== 'public') {
          // With a valid token: the route's own access check answers (a 404 would mean another route).
          const anon = await rawAnonymous.raw(route.method, target, { ...payloadFor(route.method), headers });
          expect(anon.statusCode, `anonymous ${target}`).toBe(401);
          if (!mayCall(route.access, 'office')) {
            const res = await rawStaff.raw(route.method, target, payloadFor(route.method));
            expect(res.statusCode, `staff ${target}`).toBe(403);
            expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
          }
        }
        if (byHeader) {
          // No CSRF token needed: the route itself answers, refusing the missing link header.
          for (const [who, client] of [['anonymous', rawAnonymous], ['superuser', rawAdmin]] as const) {
            const res = await client.raw(route.method, target, { ...payloadFor(route.method), noCsrf: true });
            const refusal = route.path === '/api/auth/password-reset/' ? MESSAGES.passwordResetInvalid : QUOTE_MESSAGES.linkInvalid;
            expect([res.statusCode, res.json()], `${who} without CSRF ${target}`).toEqual([404, { detail: refusal }]);
          }
        }
        if (unsafe) {
          for (const [who, client] of [['anonymous', rawAnonymous], ['superuser', rawAdmin]] as const) {
            const res = await client.raw(route.method, target, { ...payloadFor(route.method), noCsrf: true });
            expect(res.statusCode, `${who} without CSRF ${target}`).toBe(403);
            expect(res.json()).toEqual(CSRF_REFUSAL);
          }
        }
      }
    });
  }

  for (const { name, kind, access } of procedures) {
    const mutation = kind === 'mutation';
    it(`tRPC ${name}: every variant is the procedure itself${mutation ? ', and refuses a call without the CSRF token' : ''}`, async () => {
      for (const target of targetVariants(`/trpc/${name}`)) {
        if (access !== 'public') {
          const anon = await rawAnonymous.raw(mutation ? 'POST' : 'GET', target, mutation ? { payload: {}, headers: { 'x-csrftoken': anonymousToken } } : {});
          expect(anon.statusCode, `anonymous ${target}`).toBe(401);
          if (!mayCall(access, 'office')) {
            const res = await rawStaff.raw(mutation ? 'POST' : 'GET', target, mutation ? { payload: {} } : {});
            expect(res.statusCode, `staff ${target}`).toBe(403);
          }
        }
        if (mutation) {
          for (const [who, client] of [['anonymous', rawAnonymous], ['superuser', rawAdmin]] as const) {
            const res = await client.raw('POST', target, { payload: {}, noCsrf: true });
            expect(res.statusCode, `${who} without CSRF ${target}`).toBe(403);
            expect(res.body, target).toContain('CSRF Failed');
          }
        }
      }
    });
  }

  it('targets the router does not take for a route (an encoded slash, double encoding) reach none, and still need the token', async () => {
    for (const target of ['/api%2Fauth%2Flogin/', '/api/auth%2flogin/', '/%2561pi/auth/login/', '/trpc%2Fauth.login', 'http://localhost/api%2Fauth%2Flogout/']) {
      const refused = await rawAnonymous.raw('POST', target, { payload: { username: 'staff', password: PASSWORD }, noCsrf: true });
      expect(refused.statusCode, target).toBe(403);
      const missing = await rawAnonymous.raw('POST', target, { payload: { username: 'staff', password: PASSWORD }, headers: { 'x-csrftoken': anonymousToken } });
      expect(missing.statusCode, target).toBe(404);
      expect(rawAnonymous.cookies.has('sessionid'), target).toBe(false);
    }
  });

  it('signs in and out through every variant only with the token', async () => {
    const logins = [...targetVariants('/api/auth/login/'), ...targetVariants('/trpc/auth.login')];
    for (const target of logins) {
      const client = new TestClient(app);
      const refused = await client.raw('POST', target, { payload: { username: 'staff', password: PASSWORD }, noCsrf: true });
      expect(refused.statusCode, target).toBe(403);
      expect(refused.cookies.map((c) => c.name), target).not.toContain('sessionid');
      // The same target with the token signs in: the variant reaches the sign-in route.
      const signedIn = await client.raw('POST', target, { payload: { username: 'staff', password: PASSWORD } });
      expect(signedIn.statusCode, target).toBe(200);
      expect(client.cookies.has('sessionid'), target).toBe(true);
    }
    const logouts = [...targetVariants('/api/auth/logout/'), ...targetVariants('/trpc/auth.logout')];
    for (const target of logouts) {
      const client = new TestClient(app);
      await client.login('staff', PASSWORD);
      const refused = await client.raw('POST', target, { payload: {}, noCsrf: true });
      expect(refused.statusCode, target).toBe(403);
      expect((await client.get('/api/auth/check/')).json().isAuthenticated, `still signed in after ${target}`).toBe(true);
      expect((await client.raw('POST', target, { payload: {} })).statusCode, target).toBe(200);
      expect((await client.get('/api/auth/check/')).json().isAuthenticated, target).toBe(false);
    }
  });
});

describe('API tokens', () => {
  const keys = { staff: '', admin: '', adminRead: '' };
  const create = async (client: TestClient, scope: 'read' | 'read_write') => {
    const res = await client.trpcMutation('tokens.create', { name: `access ${scope}`, scope });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.data.key as string;
  };
  beforeAll(async () => {
    keys.staff = await create(staff, 'read_write');
    keys.admin = await create(admin, 'read_write');
    keys.adminRead = await create(admin, 'read');
  });
  /** The door's own refusals (authentication, role, scope, CSRF): an operation's own 403 (deleting oneself) is not one. */
  const DOOR_REFUSALS = ['You do not have permission to perform this action.', 'This token is read-only: it may only read (GET).', 'CSRF Failed: CSRF token missing or incorrect.'];
  const byTheDoor = (res: { statusCode: number; body: string }) =>
    res.statusCode === 401 || (res.statusCode === 403 && DOOR_REFUSALS.includes((JSON.parse(res.body) as { detail?: string }).detail ?? ''));
  const withToken = (key: string, method: string, url: string) =>
    app.inject({ method: method as 'GET', url, headers: { authorization: `Token ${key}`, 'content-type': 'application/json' }, ...(method === 'GET' ? {} : { payload: '{}' }) });

  it('only sign-in, the operations that set passwords and those that answer webhook secrets take no token', () => {
    const refusing = restRoutes.filter((r) => !r.tokens).map((r) => `${r.method} ${r.path}`);
    expect(new Set(refusing)).toEqual(
      new Set([
        ...PUBLIC_REST,
        ...CUSTOMER_LINK_REST,
        ...PASSWORD_RESET_REST,
        // A customer link's URL is answered once, like a secret: made in the app, not by an integrator's token.
        'POST /api/quotes/{id}/links/',
        'POST /api/invoices/{id}/links/',
        'POST /api/statements/{id}/links/',
        'POST /api/auth/users/',
        'PUT /api/auth/users/{id}/',
        // A reset link leads to a password.
        'POST /api/auth/users/{id}/password-reset/',
        'POST /api/webhooks/{id}/reveal-secret/',
        'POST /api/webhooks/{id}/rotate-secret/',
      ]),
    );
  });

  for (const route of restRoutes) {
    it(`${route.method} ${route.path}: ${route.tokens ? 'works with a read_write token, reads only with a read token' : 'refuses tokens'}`, async () => {
      const url = concretePath(route.path);
      const writer = mayCall(route.access, 'office') ? keys.staff : keys.admin;
      const res = await withToken(writer, route.method, url);
      if (!route.tokens) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({ detail: MESSAGES.tokenNotAllowedHere });
        return;
      }
      // The operation itself answered (400 for the empty body, 404 for record 1...): never the door's 401/403.
      expect(byTheDoor(res), `${res.statusCode} ${res.body}`).toBe(false);
      const read = await withToken(keys.adminRead, route.method, url);
      if (route.method === 'GET') expect(byTheDoor(read), `${read.statusCode} ${read.body}`).toBe(false);
      else {
        expect(read.statusCode, read.body).toBe(403);
        expect(read.json()).toEqual({ detail: 'This token is read-only: it may only read (GET).' });
      }
    });
  }

  it('no tRPC procedure takes a token', async () => {
    for (const { name, kind } of procedures) {
      const res = await withToken(keys.admin, kind === 'query' ? 'GET' : 'POST', `/trpc/${name}`);
      expect(res.statusCode, name).toBe(403);
    }
  });
});

describe('subscriptions (server-sent events)', () => {
  const subscriptions = procedures.filter((op) => op.kind === 'subscription');
  it('there is one, and none is public', () => {
    expect(subscriptions.map((op) => op.name)).toEqual(['live.changes']);
    expect(subscriptions.filter((op) => op.access === 'public')).toEqual([]);
  });

  for (const op of subscriptions) {
    it(`${op.name}: streams to a signed-in user, and ends once the session check after sign-out runs`, async () => {
      const client = new TestClient(app);
      await client.login('staff', PASSWORD);
      const address = app.server.address();
      const base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
      expect(base, 'the app listens (see the encoded-targets block)').not.toBe('');
      const res = await fetch(`${base}/trpc/${op.name}`, {
        headers: { accept: 'text/event-stream', cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain('connected');
      expect((await client.post('/api/auth/logout/', {})).statusCode).toBe(200);
      await app.live.sessions.check();
      // The stream ends (tRPC's 'return' event, then the end of the body).
      let text = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += new TextDecoder().decode(chunk.value);
      expect(text).toContain('return');
    });
  }
});

describe('signed-in callers', () => {
  it('staff reach user routes; admins reach superuser routes', async () => {
    expect((await staff.get('/api/orders/status_choices/')).statusCode).toBe(200);
    expect((await admin.get('/api/auth/users/')).statusCode).toBe(200);
  });
});
