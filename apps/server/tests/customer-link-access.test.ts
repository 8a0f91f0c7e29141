import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@icehouse/db/client';
import { customerLinks, quotes, statements } from '@icehouse/db/schema';
import { QUOTE_MESSAGES, customerStatement } from '@icehouse/domain';
import { createTestApp } from './test-app';
import { TestClient } from './client';
import { PASSWORD, createStandardUsers } from './users';
import { moduleOperations } from '../src/modules/operations';
import { listOperations, restBindingsOf } from '../src/operations/define';
import { createLinkInTx } from '../src/modules/quotes/links';

/**
 * The customer-link routes (decision 161), walked like the access test walks every route: each one
 * with a missing, tampered, foreign (another quote's), revoked and expired link refuses with its 4xx
 * and changes nothing; no route answers anything of the staff's, makes or reads a session, or opens
 * another document; a link's token opens no staff route.
 */
let app: FastifyInstance;
let database: Database;
let staff: TestClient;
let customer: TestClient;
const quote = { a: 0, b: 0 };
const token = { a: '', b: '', revoked: '', expired: '' };
/** Two statements as issued (decision 202) and their links: the same cases as the quotes'. */
const statement = { a: 0, b: 0 };
const statementToken = { a: '', b: '', revoked: '', expired: '' };

const minimalQuote = (name: string) => ({
  date: '2026-03-01',
  valid_until: '2099-12-31',
  billing_address: { name },
  freight_cost: '480.00',
  building_info: { product: 'custom', building_type: 'DOOR_ONLY' },
});

beforeAll(async () => {
  const test = await createTestApp({ publicBaseUrl: 'https://orders.example.com' });
  app = test.app;
  database = test.database;
  await test.reset();
  await createStandardUsers(database);
  staff = new TestClient(app);
  await staff.login('staff', PASSWORD);
  customer = new TestClient(app);
  for (const which of ['a', 'b'] as const) {
    const res = await staff.post('/api/quotes/', minimalQuote(`Customer ${which}`));
    expect(res.statusCode, res.body).toBe(201);
    quote[which] = res.json().id;
  }
  const link = async (id: number) => {
    const res = await staff.post(`/api/quotes/${id}/links/`, {});
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().id as number, token: (res.json().url as string).split('#')[1]! };
  };
  token.a = (await link(quote.a)).token;
  token.b = (await link(quote.b)).token;
  const revoked = await link(quote.a);
  token.revoked = revoked.token;
  expect((await staff.post(`/api/quotes/${quote.a}/links/${revoked.id}/revoke/`)).statusCode).toBe(200);
  const expired = await link(quote.a);
  token.expired = expired.token;
  await database.db.update(customerLinks).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(customerLinks.id, expired.id));

  for (const which of ['a', 'b'] as const) {
    const figures = customerStatement({ from: '2026-10-01', to: '2026-10-31', entries: [], invoices: [] });
    const [row] = await database.db
      .insert(statements)
      .values({
        customerName: `Customer ${which}`,
        billTo: { name: `Customer ${which}`, street: '', city: '', state: '', zip_code: '', country: 'US' },
        periodFrom: figures.from,
        periodTo: figures.to,
        openingBalance: figures.opening_balance,
        closingBalance: figures.closing_balance,
        figures,
      })
      .returning();
    statement[which] = row!.id;
  }
  const statementLink = async (id: number) => {
    const { row, url } = await createLinkInTx(database.db, 'https://orders.example.com', 'statement', id, null);
    return { id: row.id, token: url.split('#')[1]! };
  };
  statementToken.a = (await statementLink(statement.a)).token;
  statementToken.b = (await statementLink(statement.b)).token;
  const sRevoked = await statementLink(statement.a);
  statementToken.revoked = sRevoked.token;
  const revokedStatement = await staff.post(`/api/statements/${statement.a}/links/${sRevoked.id}/revoke/`);
  expect(revokedStatement.statusCode, revokedStatement.body).toBe(200);
  expect(revokedStatement.json()).toMatchObject({ state: 'revoked', entity_type: 'statement' });
  const sExpired = await statementLink(statement.a);
  statementToken.expired = sExpired.token;
  await database.db.update(customerLinks).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(customerLinks.id, sExpired.id));
});

/** The document a customer route opens, its ids and its links. */
const documentOf = (path: string) =>
  path.startsWith('/api/customer/statements/')
    ? { ids: statement, tokens: statementToken, other: token.a }
    : { ids: quote, tokens: token, other: statementToken.a };
afterAll(async () => {
  await app?.close();
});

const customerRoutes = listOperations(moduleOperations)
  .filter((op) => op.access === 'public')
  .flatMap((op) => restBindingsOf(op).map((b) => ({ method: b.method, path: b.path })))
  .filter((r) => r.path.startsWith('/api/customer/'));

const call = (method: string, path: string, id: number, linkToken: string | null, client = customer) =>
  client.request(method as 'GET', path.replace('{id}', String(id)), {
    headers: linkToken === null ? {} : { 'x-customer-link': linkToken },
    ...(method === 'GET' ? {} : { payload: { name: 'Mallory', comment: 'no' } }),
  });

const flip = (t: string) => t.slice(0, 10) + (t[10] === 'A' ? 'B' : 'A') + t.slice(11);

/** What the staff may see that a customer must never get: who made things, addresses the staff typed, notes, links. */
const STAFF_KEYS = /"(created_by|updated_by|fields|ip|customer_id|order_id|notes|links|username|email|sent_at|url)"/;

describe('customer-link routes', () => {
  it("are the four routes of a quote and the two of a statement", () => {
    expect(customerRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /api/customer/quotes/{id}/',
      'GET /api/customer/quotes/{id}/pdf/',
      'GET /api/customer/statements/{id}/',
      'GET /api/customer/statements/{id}/pdf/',
      'POST /api/customer/quotes/{id}/accept/',
      'POST /api/customer/quotes/{id}/decline/',
    ]);
  });

  for (const route of customerRoutes) {
    it(`${route.method} ${route.path}: missing, tampered, foreign, revoked and expired links are refused; nothing changes`, async () => {
      const before = [await database.db.select().from(quotes).orderBy(quotes.id), await database.db.select().from(statements).orderBy(statements.id)];
      const { ids, tokens, other } = documentOf(route.path);
      const cases: [string, number, string | null, number, string][] = [
        ['no link', ids.a, null, 404, QUOTE_MESSAGES.linkInvalid],
        ['a tampered link', ids.a, flip(tokens.a), 404, QUOTE_MESSAGES.linkInvalid],
        ['a made-up link', ids.a, 'x'.repeat(43), 404, QUOTE_MESSAGES.linkInvalid],
        ['an oversized header', ids.a, 'A'.repeat(5000), 404, QUOTE_MESSAGES.linkInvalid],
        ["another document's link of the same kind", ids.a, tokens.b, 404, QUOTE_MESSAGES.linkOtherDocument],
        ["a link of another kind of document", ids.a, other, 404, QUOTE_MESSAGES.linkOtherDocument],
        ['a link to a document that does not exist', 999_999, tokens.a, 404, QUOTE_MESSAGES.linkOtherDocument],
        ['a revoked link', ids.a, tokens.revoked, 403, QUOTE_MESSAGES.linkRevoked],
        ['an expired link', ids.a, tokens.expired, 403, QUOTE_MESSAGES.linkExpired],
      ];
      for (const [what, id, linkToken, status, message] of cases) {
        const res = await call(route.method, route.path, id, linkToken);
        expect(res.statusCode, what).toBe(status);
        const code = status === 403 ? { code: message === QUOTE_MESSAGES.linkRevoked ? 'link_revoked' : 'link_expired' } : {};
        expect(res.json(), what).toEqual({ detail: message, ...code });
        expect(res.cookies.map((c) => c.name), what).not.toContain('sessionid');
      }
      expect([await database.db.select().from(quotes).orderBy(quotes.id), await database.db.select().from(statements).orderBy(statements.id)]).toEqual(before);
    });
  }

  it('a good statement link opens its own statement only, with no staff data and no session', async () => {
    const view = await call('GET', '/api/customer/statements/{id}/', statement.a, statementToken.a);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ customer_name: 'Customer a', closing_balance: '0.00', from: '2026-10-01', to: '2026-10-31' });
    expect(view.body).not.toMatch(STAFF_KEYS);
    expect(view.body).not.toContain('Customer b');
    expect(view.cookies.map((c) => c.name)).not.toContain('sessionid');
    for (const path of [`/api/statements/${statement.a}/`, `/api/statements/${statement.a}/pdf/`, '/api/customers/']) {
      const res = await customer.get(path, { headers: { 'x-customer-link': statementToken.a } });
      expect(res.statusCode, path).toBe(401);
    }
  });

  it('a good link opens its own quote only, with no staff data and no session, signed in or not', async () => {
    for (const client of [customer, staff]) {
      const view = await call('GET', '/api/customer/quotes/{id}/', quote.a, token.a, client);
      expect(view.statusCode, view.body).toBe(200);
      expect(view.body).not.toMatch(STAFF_KEYS);
      expect(view.body).not.toContain('Customer b');
      expect(view.cookies.map((c) => c.name)).not.toContain('sessionid');
    }
    // A link's token is no staff credential: staff routes stay closed to it, the quote's own included.
    for (const path of [`/api/quotes/${quote.a}/`, '/api/quotes/', `/api/quotes/${quote.a}/links/`, '/api/orders/', '/api/customers/']) {
      const res = await customer.get(path, { headers: { 'x-customer-link': token.a } });
      expect(res.statusCode, path).toBe(401);
    }
    const trpc = await customer.get(`/trpc/quotes.get?input=${encodeURIComponent(JSON.stringify({ id: quote.a }))}`, { headers: { 'x-customer-link': token.a } });
    expect(trpc.statusCode).toBe(401);
    const session = await customer.get('/api/auth/check/', { headers: { 'x-customer-link': token.a } });
    expect(session.body).not.toMatch(/"username"/);
  });

  it('a link cannot answer for another quote: the accept is refused and both quotes stay as they were', async () => {
    const res = await call('POST', '/api/customer/quotes/{id}/accept/', quote.b, token.a);
    expect(res.statusCode).toBe(404);
    const rows = await database.db.select({ status: quotes.status }).from(quotes).orderBy(quotes.id);
    expect(rows.map((r) => r.status)).toEqual(['draft', 'draft']);
  });
});
