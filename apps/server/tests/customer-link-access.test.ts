import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@icehouse/db/client';
import { customerLinkEvents, customerLinks, invoices, quotes, statements } from '@icehouse/db/schema';
import { QUOTE_MESSAGES, customerStatement } from '@icehouse/domain';
import { createTestApp } from './test-app';
import { TestClient } from './client';
import { PASSWORD, createStandardUsers } from './users';
import { moduleOperations } from '../src/modules/operations';
import { listOperations, restBindingsOf } from '../src/operations/define';
import { createLinkInTx } from '../src/modules/links/links';

/**
 * The customer-link routes (decisions 161, 202, 210), walked like the access test walks every route: each
 * one with a missing, tampered, foreign (another document's of the same kind, or one of the other
 * kind), revoked and expired link refuses with its 4xx and changes nothing; no route answers anything
 * of the staff's, makes or reads a session, or opens another document; a link's token opens no staff route.
 */
let app: FastifyInstance;
let database: Database;
let staff: TestClient;
let customer: TestClient;
const KINDS = ['quote', 'invoice', 'statement'] as const;
type Kind = (typeof KINDS)[number];
type Links = { a: string; b: string; revoked: string; expired: string };
const doc = Object.fromEntries(KINDS.map((k) => [k, { a: 0, b: 0 }])) as Record<Kind, { a: number; b: number }>;
const links = Object.fromEntries(KINDS.map((k) => [k, { a: '', b: '', revoked: '', expired: '' }])) as Record<Kind, Links>;
const quote = doc.quote;
const token = links.quote;

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
  for (const which of ['a', 'b'] as const) {
    const order = await staff.post('/api/orders/', { ...minimalQuote(`Customer ${which}`), status: 'pending', door_number: `LINK-${which}` });
    expect(order.statusCode, order.body).toBe(201);
    const invoice = await staff.post(`/api/orders/${order.json().id}/create-invoice/`, { return_json: true });
    expect(invoice.statusCode, invoice.body).toBe(201);
    doc.invoice[which] = invoice.json().id;
  }
  // Two statements as issued (decision 202): their links are made when one is emailed, so here directly.
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
    doc.statement[which] = row!.id;
  }
  for (const kind of KINDS) {
    const base = `/api/${kind}s`;
    const link = async (id: number) => {
      if (kind === 'statement') {
        const { row, url } = await createLinkInTx(database.db, 'https://orders.example.com', 'statement', id, null);
        return { id: row.id, token: url.split('#')[1]! };
      }
      const res = await staff.post(`${base}/${id}/links/`, {});
      expect(res.statusCode, res.body).toBe(201);
      return { id: res.json().id as number, token: (res.json().url as string).split('#')[1]! };
    };
    links[kind].a = (await link(doc[kind].a)).token;
    links[kind].b = (await link(doc[kind].b)).token;
    const revoked = await link(doc[kind].a);
    links[kind].revoked = revoked.token;
    expect((await staff.post(`${base}/${doc[kind].a}/links/${revoked.id}/revoke/`)).statusCode).toBe(200);
    const expired = await link(doc[kind].a);
    links[kind].expired = expired.token;
    await database.db.update(customerLinks).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(customerLinks.id, expired.id));
  }
});
afterAll(async () => {
  await app?.close();
});

const customerRoutes = listOperations(moduleOperations)
  .filter((op) => op.access === 'public')
  .flatMap((op) => restBindingsOf(op).map((b) => ({ method: b.method, path: b.path })))
  // The routes of one linked document (the seller's contact, for any link page, needs none).
  .filter((r) => r.path.startsWith('/api/customer/') && r.path.includes('{id}'));
const kindOf = (path: string): Kind => KINDS.find((k) => path.startsWith(`/api/customer/${k}s/`))!;
const otherKinds = (kind: Kind): Kind[] => KINDS.filter((k) => k !== kind);
/** Everything a refused call must leave as it was: the documents, and the log of uses (a refusal is no view). */
const snapshot = async () => ({
  quotes: await database.db.select().from(quotes).orderBy(quotes.id),
  invoices: await database.db.select().from(invoices).orderBy(invoices.id),
  statements: await database.db.select().from(statements).orderBy(statements.id),
  events: await database.db.select().from(customerLinkEvents).orderBy(customerLinkEvents.id),
});

const call = (method: string, path: string, id: number, linkToken: string | null, client = customer) =>
  client.request(method as 'GET', path.replace('{id}', String(id)), {
    headers: linkToken === null ? {} : { 'x-customer-link': linkToken },
    ...(method === 'GET' ? {} : { payload: { name: 'Mallory', comment: 'no' } }),
  });

const flip = (t: string) => t.slice(0, 10) + (t[10] === 'A' ? 'B' : 'A') + t.slice(11);

/** What the staff may see that a customer must never get: who made things, addresses the staff typed, notes, links. */
const STAFF_KEYS = /"(created_by|updated_by|fields|ip|customer_id|order_id|notes|links|username|email|sent_at|url)"/;

describe('customer-link routes', () => {
  it('are the four routes of a quote, the two of an invoice and the two of a statement', () => {
    expect(customerRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /api/customer/invoices/{id}/',
      'GET /api/customer/invoices/{id}/pdf/',
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
      const kind = kindOf(route.path);
      const [own, t] = [doc[kind], links[kind]];
      const before = await snapshot();
      const cases: [string, number, string | null, number, string][] = [
        ['no link', own.a, null, 404, QUOTE_MESSAGES.linkInvalid],
        ['a tampered link', own.a, flip(t.a), 404, QUOTE_MESSAGES.linkInvalid],
        ['a made-up link', own.a, 'x'.repeat(43), 404, QUOTE_MESSAGES.linkInvalid],
        ['an oversized header', own.a, 'A'.repeat(5000), 404, QUOTE_MESSAGES.linkInvalid],
        [`another ${kind}'s link`, own.a, t.b, 404, QUOTE_MESSAGES.linkOtherDocument],
        ...otherKinds(kind).flatMap((other): [string, number, string | null, number, string][] => [
          [`a ${other}'s link`, own.a, links[other].a, 404, QUOTE_MESSAGES.linkOtherDocument],
          [`a ${other}'s link on its own id`, doc[other].a, links[other].a, 404, QUOTE_MESSAGES.linkOtherDocument],
        ]),
        [`a link to a ${kind} that does not exist`, 999_999, t.a, 404, QUOTE_MESSAGES.linkOtherDocument],
        ['a revoked link', own.a, t.revoked, 403, QUOTE_MESSAGES.linkRevoked],
        ['an expired link', own.a, t.expired, 403, QUOTE_MESSAGES.linkExpired],
      ];
      for (const [what, id, linkToken, status, message] of cases) {
        const res = await call(route.method, route.path, id, linkToken);
        expect(res.statusCode, what).toBe(status);
        const code = status === 403 ? { code: message === QUOTE_MESSAGES.linkRevoked ? 'link_revoked' : 'link_expired' } : {};
        expect(res.json(), what).toEqual({ detail: message, ...code });
        expect(res.cookies.map((c) => c.name), what).not.toContain('sessionid');
      }
      expect(await snapshot()).toEqual(before);
    });
  }

  it('a good statement link opens its own statement only, with no staff data and no session', async () => {
    const view = await call('GET', '/api/customer/statements/{id}/', doc.statement.a, links.statement.a);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ customer_name: 'Customer a', closing_balance: '0.00', from: '2026-10-01', to: '2026-10-31' });
    expect(view.body).not.toMatch(STAFF_KEYS);
    expect(view.body).not.toContain('Customer b');
    expect(view.cookies.map((c) => c.name)).not.toContain('sessionid');
    for (const path of [`/api/statements/${doc.statement.a}/`, `/api/statements/${doc.statement.a}/pdf/`, '/api/customers/']) {
      const res = await customer.get(path, { headers: { 'x-customer-link': links.statement.a } });
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

  it('a good invoice link opens its own invoice only: key figures and how to pay, no staff data, no session, each view logged', async () => {
    const eventsBefore = (await database.db.select().from(customerLinkEvents)).length;
    for (const client of [customer, staff]) {
      const view = await call('GET', '/api/customer/invoices/{id}/', doc.invoice.a, links.invoice.a, client);
      expect(view.statusCode, view.body).toBe(200);
      expect(Object.keys(view.json()).sort()).toEqual(
        ['balance_due', 'company_name', 'credit', 'customer_name', 'date', 'due_date', 'invoice_number', 'paid', 'remit_to', 'status', 'terms', 'total'],
      );
      expect(view.body).not.toMatch(STAFF_KEYS);
      expect(view.body).not.toContain('Customer b');
      expect(view.body).not.toContain('LINK-a');
      expect(view.cookies.map((c) => c.name)).not.toContain('sessionid');
    }
    expect((await database.db.select().from(customerLinkEvents)).length).toBe(eventsBefore + 2);
    for (const path of [`/api/invoices/${doc.invoice.a}/`, '/api/invoices/', `/api/invoices/${doc.invoice.a}/links/`, `/api/invoices/${doc.invoice.a}/payments/`]) {
      const res = await customer.get(path, { headers: { 'x-customer-link': links.invoice.a } });
      expect(res.statusCode, path).toBe(401);
    }
  });
});
