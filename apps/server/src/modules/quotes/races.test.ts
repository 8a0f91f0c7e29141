import { describe, expect, it } from 'vitest';
import { orders, quotes } from '@icehouse/db/schema';
import { useOrdersTestApp } from '../../../tests/orders-test-support';
import { TestClient } from '../../../tests/client';
import { linkHeaders, makeLink, makeQuote, markQuoteSent, quotePayload } from '../../../tests/quotes-support';

/** Races the sequence row lock and the quote's row lock must win (PGlite and PostgreSQL: TEST_DATABASE_URL). */

const ctx = useOrdersTestApp();

describe('quotes at once', () => {
  it('20 quotes made at once get 20 different numbers, Q-1001 to Q-1020', async () => {
    const made = await Promise.all(Array.from({ length: 20 }, () => ctx.staff.post('/api/quotes/', quotePayload(ctx.cat))));
    expect(made.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = made.map((r) => (r.json() as { quote_number: string }).quote_number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `Q-${1001 + i}`));
  });

  it('ten accepts at once: one is recorded, the others are refused', async () => {
    const q = await makeQuote(ctx.staff, ctx.cat);
    const link = await makeLink(ctx.staff, q.id);
    await markQuoteSent(ctx.staff, q.id);
    const answers = await Promise.all(
      // Ten browsers (each its own CSRF cookie) pressing Accept at the same moment.
      Array.from({ length: 10 }, (_, i) => new TestClient(ctx.app).post(`/api/customer/quotes/${q.id}/accept/`, { name: `Name ${i}` }, linkHeaders(link.token))),
    );
    expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([200, ...Array(9).fill(409)]);
    const [row] = await ctx.database.db.select().from(quotes);
    const winner = answers.find((r) => r.statusCode === 200)!.json() as { accepted: { name: string } };
    expect(row!.acceptedName).toBe(winner.accepted.name);
  });

  it('five converts at once make one order', async () => {
    const q = await makeQuote(ctx.staff, ctx.cat);
    const link = await makeLink(ctx.staff, q.id);
    await markQuoteSent(ctx.staff, q.id);
    expect((await ctx.anonymous.post(`/api/customer/quotes/${q.id}/accept/`, { name: 'Pat' }, linkHeaders(link.token))).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => ctx.staff.post(`/api/quotes/${q.id}/convert/`, { door_number: String(6000 + i) })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(4);
    expect(await ctx.database.db.select().from(orders)).toHaveLength(1);
  });
});
