import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '@icehouse/db/client';
import { createTestApp } from '../test-app';
import { TestClient } from '../client';
import { PASSWORD, createStandardUsers } from '../users';
import { createLogger } from '../../src/logger';
import { restRoutes } from '../../src/rest/routes';
import { appRouter } from '../../src/trpc/app-router';
import { CSRF_FAILURE } from '../../src/modules/auth/csrf';
import { THROTTLE } from '../../src/modules/auth/throttle';
import { createPdfRenderer, type PdfRenderer } from '../../src/pdf';
import { readPdfText } from '../pdf-text';
import { diffChecksums, tableChecksums } from '../../src/backup/checksums';
import { MULTIPART_HEADERS, TINY_PDF, multipartBody, orderPayload, rawPost, seedCatalogue, type Catalogue } from '../orders-test-support';

/**
 * The security review, as tests that walk every route and procedure (auth.test.ts proves each
 * mechanism once; this proves no route was left out), plus the whole path from a hostile customer
 * name to the printed PDF, and logs free of secrets.
 */

let app: FastifyInstance;
let database: Database;
let pdf: PdfRenderer;
let admin: TestClient;
let staff: TestClient;
let anonymous: TestClient;
let cat: Catalogue;
const logLines: string[] = [];

beforeAll(async () => {
  // The server's own logger configuration (redaction, error serializer), writing here at the finest level.
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  pdf = createPdfRenderer({ executablePath: process.env.CHROME_PATH || null });
  const test = await createTestApp({ logger: createLogger('trace', false, sink), pdf });
  app = test.app;
  database = test.database;
  await test.reset();
  await createStandardUsers(database);
  cat = await seedCatalogue(database);
  admin = new TestClient(app);
  await admin.login('admin', PASSWORD);
  staff = new TestClient(app);
  await staff.login('staff', PASSWORD);
  anonymous = new TestClient(app);
});
afterAll(async () => {
  await app?.close();
  await pdf?.close();
});

const procedures = Object.entries(
  (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures,
);
const mutations = procedures.filter(([, p]) => p._def.type === 'mutation').map(([name]) => name);
const concrete = (path: string, id = 1) => path.replace(/\{\w+\}/g, String(id));
// A customer link's answers are authorised by its header, not a cookie: no CSRF token there (decision 248).
const writeRoutes = restRoutes.filter((r) => r.method !== 'GET' && r.csrf);

function cookieHeader(client: TestClient) {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

describe('CSRF on every mutation', () => {
  it('every REST write and every tRPC mutation refuses a signed-in caller without the token, with a wrong one or with another session’s; nothing changes', async () => {
    const before = await tableChecksums(database.db);
    const staffToken = await staff.csrfToken();
    const adminToken = await admin.csrfToken();
    const variants: [string, Record<string, string>][] = [
      ['no token', {}],
      ['wrong token', { 'x-csrftoken': `${adminToken.slice(0, -2)}zz` }],
      ["another session's token", { 'x-csrftoken': staffToken }],
      ['token in a cookie only', { 'x-csrftoken': '' }],
    ];
    let tried = 0;
    for (const route of writeRoutes) {
      for (const [what, headers] of variants) {
        const res = await app.inject({
          method: route.method,
          url: concrete(route.path),
          headers: { cookie: cookieHeader(admin), 'content-type': 'application/json', ...headers },
          payload: '{}',
        });
        expect(res.statusCode, `${route.method} ${route.path}: ${what}`).toBe(403);
        expect(res.json(), `${route.method} ${route.path}: ${what}`).toEqual({ detail: CSRF_FAILURE });
        tried++;
      }
    }
    for (const name of mutations) {
      for (const [what, headers] of variants) {
        const res = await app.inject({
          method: 'POST',
          url: `/trpc/${name}`,
          headers: { cookie: cookieHeader(admin), 'content-type': 'application/json', ...headers },
          payload: '{}',
        });
        expect(res.statusCode, `${name}: ${what}`).toBe(403);
        tried++;
      }
      // A mutation cannot be slipped through as a GET (which needs no token).
      const asGet = await app.inject({ method: 'GET', url: `/trpc/${name}?input=%7B%7D`, headers: { cookie: cookieHeader(admin) } });
      expect(asGet.statusCode, `${name} as GET`).toBe(405);
    }
    expect(tried).toBeGreaterThan(200);
    expect(diffChecksums(before, await tableChecksums(database.db), ['sessions'])).toEqual([]);
  });
});

describe('Content-Type enforcement', () => {
  it('every route with a body refuses the types a cross-site form can send (and JSON on uploads) with 415', async () => {
    const token = await admin.csrfToken();
    const headers = { cookie: cookieHeader(admin), 'x-csrftoken': token };
    let tried = 0;
    for (const route of writeRoutes.filter((r) => r.body)) {
      const isUpload = route.consumes?.includes('multipart/form-data') ?? false;
      const wrong: [string, string][] = isUpload
        ? [
            ['application/json', '{}'],
            ['text/plain', 'x'],
            ['application/x-www-form-urlencoded', 'a=1'],
          ]
        : [
            ['text/plain', '{}'],
            ['application/x-www-form-urlencoded', 'a=1'],
            [MULTIPART_HEADERS['content-type'], multipartBody('x', 'a.pdf', TINY_PDF).toString('latin1')],
            ['application/xml', '<a/>'],
          ];
      for (const [type, payload] of wrong) {
        const res = await app.inject({ method: route.method, url: concrete(route.path), headers: { ...headers, 'content-type': type }, payload });
        expect(res.statusCode, `${route.method} ${route.path} as ${type}`).toBe(415);
        expect(typeof res.json().detail).toBe('string');
        tried++;
      }
    }
    for (const name of mutations) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', MULTIPART_HEADERS['content-type']]) {
        const res = await app.inject({ method: 'POST', url: `/trpc/${name}`, headers: { ...headers, 'content-type': type }, payload: '{}' });
        expect(res.statusCode, `${name} as ${type}`).toBe(415);
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(100);
  });
});

describe('security headers', () => {
  const expectHeaders = (res: LightMyRequestResponse, what: string) => {
    expect(res.headers['content-security-policy'], what).toContain("default-src 'self'");
    expect(res.headers['content-security-policy'], what).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options'], what).toBe('nosniff');
    expect(res.headers['x-frame-options'], what).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security'], what).toBeDefined();
    expect(res.headers['referrer-policy'], what).toBeDefined();
    expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
    expect(res.headers['x-powered-by'], what).toBeUndefined();
  };

  it('are on every answer of every route, for every caller, errors and PDFs included', async () => {
    const order = (await staff.post('/api/orders/', orderPayload(cat, { door_number: '7001' }))).json() as { id: number };
    const invoice = (await staff.post(`/api/orders/${order.id}/create-invoice/`, { return_json: true })).json() as { id: number };
    const pdfAnswer = await staff.get(`/api/invoices/${invoice.id}/pdf/`);
    expect(pdfAnswer.headers['content-type']).toBe('application/pdf');
    expectHeaders(pdfAnswer, 'invoice PDF');
    // Callers of their own, so that what the walk does (sign out, void...) touches no other test.
    const walkStaff = new TestClient(app);
    await walkStaff.login('staff', PASSWORD);
    const walkAdmin = new TestClient(app);
    await walkAdmin.login('admin', PASSWORD);
    const seen = new Set<number>();
    for (const route of restRoutes) {
      const callers = route.path === '/api/auth/logout/' ? [new TestClient(app)] : [new TestClient(app), walkStaff, walkAdmin];
      for (const client of callers) {
        // Deletes aim at nothing (a 404): the headers are what is checked.
        const id = route.method === 'DELETE' ? 999_999 : route.path.startsWith('/api/invoices/{id}') ? invoice.id : order.id;
        const res = await client.request(route.method, concrete(route.path, id), route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} });
        expectHeaders(res, `${route.method} ${route.path} (${res.statusCode})`);
        seen.add(res.statusCode);
      }
    }
    // A subscription's stream never ends: its refusal (401 before any stream) carries the headers.
    for (const [name, p] of procedures) {
      const caller = p._def.type === 'subscription' ? anonymous : admin;
      expectHeaders(await caller.trpcQuery(name), `tRPC ${name}`);
    }
    for (const url of ['/healthz', '/api/schema/', '/api/docs/', '/nothing/', '/api/nothing/']) expectHeaders(await anonymous.get(url), url);
    expectHeaders(await app.inject({ method: 'POST', url: '/api/orders/', headers: { 'content-type': 'application/json' }, payload: '{' }), 'malformed JSON');
    expectHeaders(await app.inject({ method: 'OPTIONS', url: '/api/orders/' }), 'OPTIONS');
    // Successes and every kind of refusal were among them.
    for (const status of [200, 400, 401, 403, 404]) expect(seen).toContain(status);
  });
});

describe('login throttling', () => {
  it('counts REST and tRPC attempts together, for any spelling of the name, whatever X-Forwarded-For says', async () => {
    const client = new TestClient(app);
    const spellings = ['other-user', 'OTHER-USER', ' other-user ', 'Other-User', 'other-user'];
    for (const [i, username] of spellings.slice(0, THROTTLE.perAccount).entries()) {
      const res =
        i % 2 === 0
          ? await client.post('/api/auth/login/', { username, password: 'wrong-password' }, { headers: { 'x-forwarded-for': `10.0.0.${i}` } })
          : await client.trpcMutation('auth.login', { username, password: 'wrong-password' }, { headers: { 'x-forwarded-for': `10.0.1.${i}` } });
      expect(res.statusCode, username).toBe(401);
    }
    const locked = await client.post('/api/auth/login/', { username: 'other-user', password: 'wrong-password' }, { headers: { 'x-forwarded-for': '192.0.2.1' } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_ATTEMPTS');
    const viaTrpc = await client.trpcMutation('auth.login', { username: 'other-user', password: 'wrong-password' });
    expect(viaTrpc.statusCode).toBe(429);
  });

  it('a refused sign-in leaves the caller’s current session alone', async () => {
    const client = new TestClient(app);
    await client.login('staff', PASSWORD);
    expect((await client.post('/api/auth/login/', { username: 'staff', password: 'wrong-password' })).statusCode).toBe(401);
    expect((await client.get('/api/auth/check/')).json()).toMatchObject({ isAuthenticated: true, user: { username: 'staff' } });
  });
});

describe('uploads are judged by their content', () => {
  it('refuses HTML and a PNG sent as application/pdf, accepts a PDF whatever type the browser claims', async () => {
    const order = (await staff.post('/api/orders/', orderPayload(cat, { door_number: '7002' }))).json() as { id: number };
    const url = `/api/orders/${order.id}/blueprint/`;
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    for (const body of [html, svg, Buffer.from(' %PDF-1.4 leading space')]) {
      const res = await rawPost(app, staff, url, multipartBody('blueprint', 'plan.pdf', body, 'application/pdf'), MULTIPART_HEADERS);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ detail: 'Please upload PDF files only' });
    }
    const ok = await rawPost(app, staff, url, multipartBody('blueprint', '<img src=x onerror=alert(1)>.pdf', TINY_PDF, 'image/png'), MULTIPART_HEADERS);
    expect(ok.statusCode, ok.body).toBe(200);
    const served = await staff.get(`/api/orders/${order.id}/serve-blueprint/`);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['content-disposition'])).toMatch(/^inline; filename="[^"\r\n]*"; filename\*=UTF-8''/);
    expect(served.rawPayload.equals(TINY_PDF)).toBe(true);
  });
});

describe('hostile customer text in PDFs', () => {
  it('prints <script> and <img onerror> customers as text on the invoice, the BOL and the order print', async () => {
    const hostile = {
      billing: '<script>document.title="pwned"</script>',
      shipping: '<img src=x onerror=alert(1)>',
      po: '"><svg onload=alert(1)>',
      notes: '</style><h1>BIG</h1>',
    };
    const created = await staff.post(
      '/api/orders/',
      orderPayload(cat, {
        door_number: '7003',
        customer_po_job_name: hostile.po,
        notes: hostile.notes,
        billing_address: { name: hostile.billing, street: '1 Main St', city: 'Duluth', state: 'MN', zip_code: '55802', country: 'US' },
        shipping_address: { name: hostile.shipping, street: '9 Dock Rd', city: 'Superior', state: 'WI', zip_code: '54880', country: 'US' },
      }),
    );
    expect(created.statusCode).toBe(201);
    const orderId = (created.json() as { id: number }).id;
    const invoice = (await staff.post(`/api/orders/${orderId}/create-invoice/`, { return_json: true })).json() as { id: number };
    const documents = {
      invoice: await staff.get(`/api/invoices/${invoice.id}/pdf/`),
      bol: await staff.post(`/api/orders/${orderId}/create-bill-of-lading/`, { bill_of_lading_date: '2024-06-01', free_on_board: '<b>FOB</b>' }),
      print: await staff.get(`/api/orders/${orderId}/print/`),
    };
    const squash = (s: string) => s.replace(/\s+/g, '');
    const texts: Record<string, string> = {};
    for (const [name, res] of Object.entries(documents)) {
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
      expect(res.headers['content-type']).toBe('application/pdf');
      texts[name] = squash((await readPdfText(res.rawPayload)).all);
    }
    // The markup is printed character for character (pdf.js may break lines anywhere: compare without spaces).
    expect(texts.invoice).toContain(squash(hostile.billing));
    expect(texts.invoice).toContain(squash(hostile.shipping));
    expect(texts.bol).toContain(squash(hostile.shipping));
    expect(texts.bol).toContain(squash('<b>FOB</b>'));
    for (const value of Object.values(hostile)) expect(texts.print).toContain(squash(value));
  });
});

describe('logs', () => {
  it('hold no password, session id, CSRF token or cookie, from sign-in, uploads, failures and everything above', async () => {
    const client = new TestClient(app);
    const login = await client.login('staff', PASSWORD);
    await client.trpcMutation('auth.login', { username: 'admin', password: PASSWORD });
    await client.post('/api/auth/login/', { username: 'admin', password: 'wrong-password-123' });
    const order = (await client.post('/api/orders/', orderPayload(cat, { door_number: '7004' }))).json() as { id: number };
    await rawPost(app, client, `/api/orders/${order.id}/blueprint/`, multipartBody('blueprint', 'plan.pdf', TINY_PDF), MULTIPART_HEADERS);
    await client.trpcMutation('users.create', { username: 'logtest', email: '', password: 'new-secret-password', is_admin: false, is_active: true });
    await client.post('/api/auth/logout/', {});

    const secrets = new Set<string>([PASSWORD, 'wrong-password-123', 'new-secret-password']);
    for (const c of [admin, staff, client]) for (const value of c.cookies.values()) secrets.add(value);
    for (const cookie of login.cookies as { value: string }[]) secrets.add(cookie.value);
    secrets.add(await admin.csrfToken());
    secrets.add(await staff.csrfToken());
    const logs = logLines.join('');
    expect(logLines.length).toBeGreaterThan(50);
    for (const secret of secrets) {
      if (secret.length < 8) continue;
      expect(logs.includes(secret), `a secret (${secret.slice(0, 4)}…) is in the logs`).toBe(false);
    }
    expect(logs).not.toMatch(/sessionid=|csrftoken=|x-csrftoken"\s*:\s*"[a-z2-7]/i);
    expect(logs).not.toMatch(/"password"\s*:\s*"(?!\[redacted\])/);
  });
});
