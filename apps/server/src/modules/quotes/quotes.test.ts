import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { QUOTE_MESSAGES } from '@icehouse/domain';
import { customerLinkEvents, customerLinks, orders, quotes } from '@icehouse/db/schema';
import { useOrdersTestApp } from '../../../tests/orders-test-support';
import { linkHeaders, makeLink, makeQuote, markQuoteSent, quotePayload } from '../../../tests/quotes-support';
import { CUSTOMER_LINK_RATE_LIMIT, linkRateKey } from '../links/links';

const ctx = useOrdersTestApp({ app: { publicBaseUrl: 'https://orders.example.com/' } });

beforeEach(async () => {
  await ctx.database.db.execute(sql`truncate table login_attempts`);
});

const detail = (res: { json(): unknown }) => (res.json() as { detail?: string }).detail;

/** The quote's stored row and its link uses: to prove a refusal changed nothing. */
const snapshot = async (id: number) => ({
  quote: (await ctx.database.db.select().from(quotes).where(eq(quotes.id, id)))[0],
  uses: (await ctx.database.db.select().from(customerLinkEvents)).length,
  orders: (await ctx.database.db.select().from(orders)).length,
});

describe('quotes', () => {
  it("are numbered Q-1001, Q-1002... and priced by the order's rules", async () => {
    const a = await makeQuote(ctx.staff, ctx.cat);
    const b = await makeQuote(ctx.staff, ctx.cat);
    expect([a.quote_number, b.quote_number]).toEqual(['Q-1001', 'Q-1002']);
    expect(a.status).toBe('draft');
    // The same fields saved as an order price to the same cent (the order's own answer).
    const order = await ctx.staff.post('/api/orders/', { ...quotePayload(ctx.cat), status: 'pending', door_number: '9001' });
    expect(order.statusCode, order.body).toBe(201);
    const quote = (await ctx.staff.get(`/api/quotes/${a.id}/`)).json();
    expect(quote.totals.total).toBe(order.json().totals.total);
    expect(quote.totals.subtotal).toBe(order.json().totals.subtotal);
    // Its lines add up to its subtotal; the product's description names the building.
    expect(quote.line_items.map((l: { description: string }) => l.description)).toEqual([
      'Walk-in Cooler 8x10 (Freezer/Cooler Unit)',
      'Door Cladding: Stainless',
      'Rod Holder',
      'Freight',
    ]);
  });

  it("answer the order form's messages on the order's fields, and Valid Until's own", async () => {
    const res = await ctx.staff.post('/api/quotes/', quotePayload(ctx.cat, { valid_until: '', freight_cost: 'x' }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.valid_until).toEqual([QUOTE_MESSAGES.validUntilRequired]);
    const asOrder = await ctx.staff.post('/api/orders/', { ...quotePayload(ctx.cat, { freight_cost: 'x' }), status: 'pending', door_number: '77' });
    expect(body.freight_cost).toEqual(asOrder.json().freight_cost);
    expect(body).not.toHaveProperty('door_number');
    // The order's reference checks too: a product that does not exist.
    const gone = await ctx.staff.post('/api/quotes/', quotePayload(ctx.cat, { building_info: { product: 999999, price: '1.00' } }));
    const goneAsOrder = await ctx.staff.post('/api/orders/', { ...quotePayload(ctx.cat, { building_info: { product: 999999, price: '1.00' } }), status: 'pending', door_number: '78' });
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toEqual(goneAsOrder.json());
    expect(await ctx.database.db.select().from(quotes)).toEqual([]);
  });

  it('a deleted draft keeps its number out of use; a sent quote is not deleted', async () => {
    const a = await makeQuote(ctx.staff, ctx.cat);
    expect((await ctx.staff.delete(`/api/quotes/${a.id}/`)).statusCode).toBe(204);
    const b = await makeQuote(ctx.staff, ctx.cat);
    expect(b.quote_number).toBe('Q-1002');
    await ctx.database.db.update(quotes).set({ status: 'sent' }).where(eq(quotes.id, b.id));
    const refused = await ctx.staff.delete(`/api/quotes/${b.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(detail(refused)).toBe(QUOTE_MESSAGES.deleteNotDraft);
  });

  it('list: search, status (expired computed), customer; CSV of the same filter', async () => {
    await makeQuote(ctx.staff, ctx.cat, { billing_address: { name: 'Borealis Farms' } });
    const old = await makeQuote(ctx.staff, ctx.cat, { date: '2020-01-01', valid_until: '2020-01-31', billing_address: { name: 'Old Mill' } });
    expect(old.status).toBe('expired');
    const byName = (await ctx.staff.get('/api/quotes/?search=borealis')).json();
    expect(byName.results.map((r: { customer_name: string }) => r.customer_name)).toEqual(['Borealis Farms']);
    const byNumber = (await ctx.staff.get('/api/quotes/?search=q-1002')).json();
    expect(byNumber.results.map((r: { id: number }) => r.id)).toEqual([old.id]);
    const expired = (await ctx.staff.get('/api/quotes/?status=expired')).json();
    expect(expired.results.map((r: { id: number }) => r.id)).toEqual([old.id]);
    expect((await ctx.staff.get('/api/quotes/?status=draft')).json().count).toBe(1);
    expect((await ctx.staff.get('/api/quotes/?status=nonsense')).statusCode).toBe(400);
    const csv = await ctx.staff.get('/api/quotes/export.csv?status=expired');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Quote #,Date,Valid Until,Status,Customer,Customer ID,Subtotal,Sales Tax,Total,Order ID,Created');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Q-1002,2020-01-01,2020-01-31,expired,Old Mill,/);
    // tRPC beside REST: the same list.
    const trpc = await ctx.staff.trpcQuery('quotes.list', { status: 'expired' });
    expect(trpc.json().result.data.results.map((r: { id: number }) => r.id)).toEqual([old.id]);
  });
});

describe('customer links', () => {
  it('are built from PUBLIC_BASE_URL (never the Host header), 256-bit tokens stored hashed', async () => {
    const q = await makeQuote(ctx.staff, ctx.cat);
    const res = await ctx.staff.post(`/api/quotes/${q.id}/links/`, {}, { headers: { host: 'evil.example' } });
    expect(res.statusCode, res.body).toBe(201);
    const { url, expires_at } = res.json();
    expect(url).toMatch(new RegExp(`^https://orders\\.example\\.com/customer/quote/${q.id}#[A-Za-z0-9_-]{43}$`));
    const token = url.split('#')[1];
    const [row] = await ctx.database.db.select().from(customerLinks);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    // Sixty days by default.
    const days = (new Date(expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59.9);
    expect(days).toBeLessThan(60.1);
    // The list never shows a token again.
    const list = await ctx.staff.get(`/api/quotes/${q.id}/links/`);
    expect(list.body).not.toContain(token);
    expect((await ctx.staff.post(`/api/quotes/${q.id}/links/`, { days: 0 })).json()).toEqual({ days: [QUOTE_MESSAGES.linkDaysInvalid] });
  });

  it('show the key figures without a session, log each view, and refuse tampered, foreign, revoked and expired links', async () => {
    const q = await makeQuote(ctx.staff, ctx.cat);
    const other = await makeQuote(ctx.staff, ctx.cat);
    const link = await makeLink(ctx.staff, q.id);
    const otherLink = await makeLink(ctx.staff, other.id);

    const view = await ctx.anonymous.get(`/api/customer/quotes/${q.id}/`, { ...linkHeaders(link.token), headers: { 'x-customer-link': link.token, 'user-agent': 'CustomerBrowser/1.0' } });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ quote_number: 'Q-1001', company_name: 'Ice House Co', status: 'draft', can_respond: false });
    expect(view.json()).not.toHaveProperty('fields');
    expect(view.body).not.toMatch(/created_by|staff|admin/);
    expect(view.cookies.map((c) => c.name)).not.toContain('sessionid');
    const uses = (await ctx.staff.get(`/api/quotes/${q.id}/link-events/`)).json().results;
    expect(uses).toEqual([expect.objectContaining({ link_id: link.id, action: 'view', user_agent: 'CustomerBrowser/1.0' })]);

    const tampered = link.token.slice(0, -1) + (link.token.endsWith('A') ? 'B' : 'A');
    for (const [token, status, message] of [
      [tampered, 404, QUOTE_MESSAGES.linkInvalid],
      ['', 404, QUOTE_MESSAGES.linkInvalid],
      [otherLink.token, 404, QUOTE_MESSAGES.linkOtherDocument],
    ] as const) {
      const res = await ctx.anonymous.get(`/api/customer/quotes/${q.id}/`, linkHeaders(token));
      expect(res.statusCode, token).toBe(status);
      expect(detail(res)).toBe(message);
    }
    expect((await ctx.staff.post(`/api/quotes/${q.id}/links/${otherLink.id}/revoke/`)).statusCode).toBe(404);
    const revoked = await ctx.staff.post(`/api/quotes/${q.id}/links/${link.id}/revoke/`);
    expect(revoked.json().state).toBe('revoked');
    const afterRevoke = await ctx.anonymous.get(`/api/customer/quotes/${q.id}/`, linkHeaders(link.token));
    expect([afterRevoke.statusCode, detail(afterRevoke)]).toEqual([403, QUOTE_MESSAGES.linkRevoked]);

    await ctx.database.db.update(customerLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(customerLinks.id, otherLink.id));
    const expired = await ctx.anonymous.post(`/api/customer/quotes/${other.id}/accept/`, { name: 'Pat' }, linkHeaders(otherLink.token));
    expect([expired.statusCode, detail(expired)]).toEqual([403, QUOTE_MESSAGES.linkExpired]);
    expect((await snapshot(other.id)).quote!.status).toBe('draft');
    // Only the one good view was logged.
    expect((await ctx.database.db.select().from(customerLinkEvents)).length).toBe(1);
  });

  it('accept with a typed name (time and address recorded), then: no second answer, no edit, convert once', async () => {
    const made = await makeQuote(ctx.staff, ctx.cat);
    const link = await makeLink(ctx.staff, made.id);
    const q = { ...made, version: await markQuoteSent(ctx.staff, made.id) };
    const post = (path: string, body: unknown) => ctx.anonymous.post(`/api/customer/quotes/${q.id}/${path}/`, body, linkHeaders(link.token));

    const noName = await post('accept', { name: '  ' });
    expect([noName.statusCode, noName.json()]).toEqual([400, { name: [QUOTE_MESSAGES.acceptNameRequired] }]);
    const staleShown = await post('accept', { name: 'Pat Doe', version: q.version + 5 });
    expect([staleShown.statusCode, detail(staleShown)]).toEqual([409, QUOTE_MESSAGES.changedSinceOpened]);

    const accepted = await post('accept', { name: 'Pat Doe', version: q.version });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', can_respond: false, accepted: { name: 'Pat Doe' } });
    const staffView = (await ctx.staff.get(`/api/quotes/${q.id}/`)).json();
    expect(staffView.accepted).toMatchObject({ name: 'Pat Doe', ip: '127.0.0.1' });

    const before = await snapshot(q.id);
    for (const [path, body, message] of [
      ['accept', { name: 'Someone Else' }, QUOTE_MESSAGES.alreadyAccepted],
      ['decline', { comment: 'changed my mind' }, QUOTE_MESSAGES.alreadyAccepted],
    ] as const) {
      const res = await post(path, body);
      expect([res.statusCode, detail(res)]).toEqual([409, message]);
    }
    const edit = await ctx.staff.put(`/api/quotes/${q.id}/`, { ...quotePayload(ctx.cat), version: staffView.version });
    expect([edit.statusCode, detail(edit)]).toEqual([409, QUOTE_MESSAGES.lockedAccepted]);
    expect(await snapshot(q.id)).toEqual(before);

    // Convert: the door number is taken only now, with the order form's rule.
    const noDoor = await ctx.staff.post(`/api/quotes/${q.id}/convert/`, { door_number: '' });
    expect(noDoor.statusCode).toBe(400);
    expect(noDoor.json().door_number).toHaveLength(1);
    expect(await snapshot(q.id)).toEqual(before);
    const converted = await ctx.staff.post(`/api/quotes/${q.id}/convert/`, { door_number: '5150' });
    expect(converted.statusCode, converted.body).toBe(200);
    expect(converted.json()).toMatchObject({ status: 'converted', order_door_number: '5150' });
    const order = (await ctx.staff.get(`/api/orders/${converted.json().order_id}/`)).json();
    expect(order.totals.total).toBe(staffView.totals.total);
    expect(order.building_info.price).toBe('12000.00');
    expect(order.status).toBe('pending');

    const again = await ctx.staff.post(`/api/quotes/${q.id}/convert/`, { door_number: '5151' });
    expect([again.statusCode, detail(again)]).toEqual([409, QUOTE_MESSAGES.alreadyConverted]);
    const late = await post('accept', { name: 'Pat Doe' });
    expect([late.statusCode, detail(late)]).toEqual([409, QUOTE_MESSAGES.alreadyConverted]);
    expect((await ctx.database.db.select().from(orders)).length).toBe(1);
  });

  it('decline with a comment; an expired quote cannot be answered; a draft cannot be converted', async () => {
    const q = await makeQuote(ctx.staff, ctx.cat);
    const link = await makeLink(ctx.staff, q.id);
    const notAccepted = await ctx.staff.post(`/api/quotes/${q.id}/convert/`, { door_number: '5152' });
    expect([notAccepted.statusCode, detail(notAccepted)]).toEqual([409, QUOTE_MESSAGES.convertNotAccepted]);
    await markQuoteSent(ctx.staff, q.id);
    const declined = await ctx.anonymous.post(`/api/customer/quotes/${q.id}/decline/`, { comment: 'Too dear' }, linkHeaders(link.token));
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await ctx.staff.get(`/api/quotes/${q.id}/`)).json().declined).toMatchObject({ comment: 'Too dear' });

    const old = await makeQuote(ctx.staff, ctx.cat, { date: '2020-01-01', valid_until: '2020-01-31' });
    const oldLink = await makeLink(ctx.staff, old.id);
    const late = await ctx.anonymous.post(`/api/customer/quotes/${old.id}/accept/`, { name: 'Pat' }, linkHeaders(oldLink.token));
    expect([late.statusCode, detail(late)]).toEqual([409, QUOTE_MESSAGES.expired]);
  });

  it('are rate limited per address, counted in the database', async () => {
    const q = await makeQuote(ctx.staff, ctx.cat);
    const link = await makeLink(ctx.staff, q.id);
    await ctx.database.db.execute(
      sql`insert into login_attempts (key, failures) values (${linkRateKey('127.0.0.1')}, ${CUSTOMER_LINK_RATE_LIMIT})`,
    );
    const res = await ctx.anonymous.get(`/api/customer/quotes/${q.id}/`, linkHeaders(link.token));
    expect([res.statusCode, detail(res)]).toEqual([429, QUOTE_MESSAGES.rateLimited]);
  });
});
