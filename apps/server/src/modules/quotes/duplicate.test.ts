import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayIso } from '@icehouse/domain';
import { useOrdersTestApp } from '../../../tests/orders-test-support';
import { linkHeaders, makeLink, makeQuote, markQuoteSent } from '../../../tests/quotes-support';

/** Revise/Duplicate: any quote (a declined or expired one above all) becomes a new draft with the same fields and lines. */
const ctx = useOrdersTestApp();

beforeEach(async () => {
  await ctx.database.db.execute(sql`truncate table login_attempts`);
});

const plusDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('duplicating a quote', () => {
  it('a declined quote becomes a new draft with its fields and lines, dated today, valid as long; the original is kept', async () => {
    const made = await makeQuote(ctx.staff, ctx.cat, { date: '2026-03-01', valid_until: '2026-03-31' });
    const link = await makeLink(ctx.staff, made.id);
    const version = await markQuoteSent(ctx.staff, made.id);
    // Today is past its Valid Until only when the test runs late: decline it while it can still be answered.
    await ctx.database.db.execute(sql`update quotes set valid_until = '2099-12-31' where id = ${made.id}`);
    const declined = await ctx.anonymous.post(`/api/customer/quotes/${made.id}/decline/`, { comment: 'Too dear', version }, linkHeaders(link.token));
    expect(declined.statusCode, declined.body).toBe(200);
    await ctx.database.db.execute(sql`update quotes set valid_until = '2026-03-31' where id = ${made.id}`);
    const original = (await ctx.staff.get(`/api/quotes/${made.id}/`)).json();

    const res = await ctx.staff.post(`/api/quotes/${made.id}/duplicate/`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({ quote_number: 'Q-1002', status: 'draft', accepted: null, declined: null, order_id: null });
    expect(copy.id).not.toBe(made.id);
    expect(copy.date).toBe(todayIso());
    expect(copy.valid_until).toBe(plusDays(todayIso(), 30));
    expect(copy.line_items).toEqual(original.line_items);
    expect(copy.totals).toEqual(original.totals);
    const { date: _d, ...sameFields } = original.fields;
    expect(copy.fields).toMatchObject(sameFields);
    expect((await ctx.staff.get(`/api/quotes/${made.id}/`)).json()).toEqual(original);
    // The copy is an ordinary draft: it can be edited and deleted.
    const edited = await ctx.staff.put(`/api/quotes/${copy.id}/`, { ...copy.fields, valid_until: copy.valid_until, notes: 'Counter-offer', version: copy.version });
    expect(edited.statusCode, edited.body).toBe(200);
  });

  it('an expired quote too, through tRPC; a quote that does not exist is a 404', async () => {
    const old = await makeQuote(ctx.staff, ctx.cat, { date: '2020-01-01', valid_until: '2020-01-15' });
    expect(old.status).toBe('expired');
    const res = await ctx.staff.trpcMutation('quotes.duplicate', { id: old.id });
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json().result.data;
    expect(copy).toMatchObject({ status: 'draft', valid_until: plusDays(todayIso(), 14) });
    expect((await ctx.staff.post('/api/quotes/999999/duplicate/')).statusCode).toBe(404);
  });
});
