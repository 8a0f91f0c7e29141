import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '@icehouse/domain';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';
import { makeQuote, markQuoteSent } from '../../../tests/quotes-support';
import { dashboardAnswer } from './schemas';

/**
 * The dashboard's money figures: the open quotes (sent, still valid: waiting for the customer's answer), their
 * count and value, and the receivables from the one ledger: what the open invoices ask for and how much of it
 * is past due. Figures added up here: invoices of 1,000.00 (due 10 days ago, 400.00 paid) and 250.00 (due in
 * 20 days): owed 600.00 + 250.00 = 850.00, overdue 600.00.
 */
const ctx = useInvoicesTestApp();
const today = todayIso();

async function invoiceFor(total: string, due: string) {
  const order = await createOrder(ctx);
  const invoice = (await invoiceOrder(ctx, order.id)) as { id: number };
  const res = await ctx.staff.patch(`/api/invoices/${invoice.id}/`, {
    date: addDays(today, -40),
    editable_data: { line_items: [{ quantity: 1, description: 'Cooler', price_each: total }], tax_exempt: true, discount: '0', due_date: due },
  });
  expect(res.statusCode, res.body).toBe(200);
  return invoice;
}

describe('the dashboard figures', () => {
  it('counts the open quotes and their value, and reads what is owed and overdue from the ledger', async () => {
    const sent = await makeQuote(ctx.staff, ctx.cat);
    await markQuoteSent(ctx.staff, sent.id);
    const other = await makeQuote(ctx.staff, ctx.cat, { freight_cost: '100' });
    await markQuoteSent(ctx.staff, other.id);
    // A draft is not an offer yet, and an offer past Valid Until is expired: neither is open.
    await makeQuote(ctx.staff, ctx.cat);
    const stale = await makeQuote(ctx.staff, ctx.cat, { date: '2026-01-01', valid_until: '2026-01-31' });
    await markQuoteSent(ctx.staff, stale.id);
    const totals = await Promise.all([sent, other].map(async (q) => (await ctx.staff.get(`/api/quotes/${q.id}/`)).json().total as string));
    const value = totals.map((t) => Math.round(Number(t) * 100)).reduce((a, b) => a + b, 0);

    const late = await invoiceFor('1000.00', addDays(today, -10));
    await invoiceFor('250.00', addDays(today, 20));
    const paid = await ctx.staff.post(`/api/invoices/${late.id}/payments/`, { date: today, method: 'check', amount: '400.00' });
    expect(paid.statusCode, paid.body).toBe(201);

    const res = await ctx.staff.get('/api/reports/dashboard/');
    expect(res.statusCode, res.body).toBe(200);
    const answer = dashboardAnswer.parse(res.json());
    expect(answer.open_quotes).toEqual({ count: 2, value: (value / 100).toFixed(2) });
    expect(answer.receivables).toEqual({ owed: '850.00', overdue: '600.00', open_invoices: 2, overdue_invoices: 1, as_of: today });
    const trpc = (await ctx.staff.trpcQuery('reports.dashboard', undefined)).json().result.data;
    expect(trpc).toEqual(answer);
  });
});
