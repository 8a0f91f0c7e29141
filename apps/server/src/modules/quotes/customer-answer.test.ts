import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { QUOTE_MESSAGES } from '@icehouse/domain';
import { companyInfo, quotes } from '@icehouse/db/schema';
import { useOrdersTestApp } from '../../../tests/orders-test-support';
import { linkHeaders, makeLink, makeQuote } from '../../../tests/quotes-support';

/**
 * The customer's answer through a link: only a quote that was sent can be answered (a link made by hand
 * for a draft shows it, no more), and the answer is authorised by the link's header alone, so no CSRF
 * token is asked for (there is no cookie session to protect on these routes).
 */
const ctx = useOrdersTestApp({ app: { publicBaseUrl: 'https://orders.example.com/' } });

beforeEach(async () => {
  await ctx.database.db.execute(sql`truncate table login_attempts`);
});

const detail = (res: { json(): unknown }) => (res.json() as { detail?: string }).detail;

describe("a customer's answer through a link", () => {
  it('a draft is shown but cannot be accepted or declined; once sent it can', async () => {
    const q = await makeQuote(ctx.staff, ctx.cat);
    const link = await makeLink(ctx.staff, q.id);
    const view = await ctx.anonymous.get(`/api/customer/quotes/${q.id}/`, linkHeaders(link.token));
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ can_respond: false });
    for (const [path, body] of [
      ['accept', { name: 'Pat Doe', version: q.version }],
      ['decline', { comment: 'no', version: q.version }],
    ] as const) {
      const res = await ctx.anonymous.post(`/api/customer/quotes/${q.id}/${path}/`, body, linkHeaders(link.token));
      expect([res.statusCode, detail(res)], path).toEqual([409, QUOTE_MESSAGES.notSent]);
    }
    const [row] = await ctx.database.db.select().from(quotes).where(eq(quotes.id, q.id));
    expect(row).toMatchObject({ status: 'draft', acceptedName: null, declinedAt: null });

    const sent = await ctx.staff.post(`/api/quotes/${q.id}/mark-sent/`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await ctx.anonymous.get(`/api/customer/quotes/${q.id}/`, linkHeaders(link.token))).json()).toMatchObject({ can_respond: true });
    const accepted = await ctx.anonymous.post(`/api/customer/quotes/${q.id}/accept/`, { name: 'Pat Doe', version: sent.json().version }, linkHeaders(link.token));
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('needs no CSRF token: the link header authorises it', async () => {
    const q = await makeQuote(ctx.staff, ctx.cat);
    const link = await makeLink(ctx.staff, q.id);
    const sent = (await ctx.staff.post(`/api/quotes/${q.id}/mark-sent/`)).json() as { version: number };
    const declined = await ctx.anonymous.post(
      `/api/customer/quotes/${q.id}/decline/`,
      { comment: 'Too dear', version: sent.version },
      { ...linkHeaders(link.token), noCsrf: true },
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined' });
    // Not even a signed-in browser's session is read there: its cookie without a token changes nothing else.
    const other = await makeQuote(ctx.staff, ctx.cat);
    const otherLink = await makeLink(ctx.staff, other.id);
    const otherSent = (await ctx.staff.post(`/api/quotes/${other.id}/mark-sent/`)).json() as { version: number };
    const accepted = await ctx.staff.post(
      `/api/customer/quotes/${other.id}/accept/`,
      { name: 'Pat Doe', version: otherSent.version },
      { ...linkHeaders(otherLink.token), noCsrf: true },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Every other state change still needs it.
    const refused = await ctx.staff.post(`/api/quotes/${q.id}/links/`, {}, { noCsrf: true });
    expect(refused.statusCode).toBe(403);
  });

  it('whom to ask is answered without a link or a session: the seller named, with phone and email', async () => {
    await ctx.database.db.update(companyInfo).set({ phone: '218-555-0100', email: 'sales@icehouse.example' }).where(eq(companyInfo.id, 1));
    const res = await ctx.anonymous.get('/api/customer/seller/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ name: 'Ice House Co', phone: '218-555-0100', email: 'sales@icehouse.example' });
    expect(res.cookies.map((c) => c.name)).not.toContain('sessionid');
  });
});
