import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '@icehouse/domain';
import { useInvoicesTestApp } from '../../../tests/invoices-test-support';
import { countRows } from '../../../tests/orders-test-support';
import { BALANCE_NOW, OCTOBER, OCTOBER_FIGURES, OCTOBER_RUNNING, quoteToCashCustomer } from '../../../tests/statements-support';
import { customerAnswer } from '../customers/schemas';
import { liveStatementAnswer } from './schemas';

/**
 * A customer's statement (decision 200) against figures added up by hand (tests/statements-support.ts),
 * on PGlite and PostgreSQL (TEST_DATABASE_URL): opening, entries, running balance, closing, aging; the
 * closing balance of a period ending today is the customer page's balance; bad periods are refused.
 */
const ctx = useInvoicesTestApp();

const statement = async (id: number, query: string, status = 200) => {
  const res = await ctx.staff.get(`/api/customers/${id}/statement/?${query}`);
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

describe('a customer statement', () => {
  it('adds up to the hand-written figures of October', async () => {
    const { customer, a, b } = await quoteToCashCustomer(ctx);
    const s = liveStatementAnswer.parse(await statement(customer.id, `from=${OCTOBER.from}&to=${OCTOBER.to}`));
    expect(s).toMatchObject({ ...OCTOBER, ...OCTOBER_FIGURES, customer_id: customer.id, customer_name: 'Harbor Fish Co' });
    expect(s.entries.map((e) => [e.date, e.label, e.document, e.amount])).toEqual([
      ['2026-10-05', 'Invoice', `Invoice ${b.invoice_number}`, '500.00'],
      ['2026-10-10', 'Payment', `Invoice ${a.invoice_number}`, '-400.00'],
      ['2026-10-20', 'Credit note', `Invoice ${b.invoice_number}`, '-100.00'],
      ['2026-10-25', 'Payment', `Invoice ${a.invoice_number}`, '-350.00'],
      ['2026-10-28', 'Deposit', expect.stringMatching(/^Order /), '-200.00'],
    ]);
    expect(s.entries.map((e) => e.balance)).toEqual(OCTOBER_RUNNING);
    expect(s.entries[2]!.detail).toMatch(/^CN-/);
    expect(s.open_invoices).toEqual([
      { invoice_number: b.invoice_number, date: '2026-10-05', due_date: '2026-11-04', amount_due: '400.00', bucket: 'current' },
    ]);
    // tRPC answers the same figures.
    const trpc = (await ctx.staff.trpcQuery('statements.forCustomer', { id: customer.id, ...OCTOBER })).json().result.data;
    expect(trpc.closing_balance).toBe(OCTOBER_FIGURES.closing_balance);
  });

  it("closes a period ending today at the customer page's balance; a period's closing opens the next", async () => {
    const { customer } = await quoteToCashCustomer(ctx);
    const today = todayIso();
    const page = customerAnswer.parse((await ctx.staff.get(`/api/customers/${customer.id}/`)).json());
    expect(page.balance.balance).toBe(BALANCE_NOW);
    const toToday = await statement(customer.id, `from=${addDays(OCTOBER.to, 1)}&to=${today}`);
    expect(toToday.opening_balance).toBe(OCTOBER_FIGURES.closing_balance);
    expect(toToday.closing_balance).toBe(BALANCE_NOW);
    // The whole history in one period: nothing before it.
    const all = await statement(customer.id, `from=2026-01-01&to=${today}`);
    expect(all).toMatchObject({ opening_balance: '0.00', closing_balance: BALANCE_NOW });
    // The deposit moved onto invoice A (both sides 09-10) is left out of the listing.
    expect(all.entries.filter((e: { label: string }) => /moved/i.test(e.label))).toEqual([]);
  });

  it('refuses a bad period, an unknown customer, and changes nothing', async () => {
    const { customer } = await quoteToCashCustomer(ctx);
    const before = await countRows(ctx.database, 'statements');
    expect((await statement(customer.id, 'from=2026-10-31&to=2026-10-01', 400)).to).toEqual(['To must be on or after From.']);
    const tomorrow = addDays(todayIso(), 1);
    expect((await statement(customer.id, `from=2026-10-01&to=${tomorrow}`, 400)).to).toEqual(['A statement cannot end after today.']);
    expect((await statement(customer.id, 'from=oct&to=2026-10-31', 400)).from).toEqual(['Enter a date as YYYY-MM-DD.']);
    expect((await statement(customer.id, 'to=2026-10-31', 400)).from).toEqual(['From is required.']);
    expect((await statement(999_999, 'from=2026-10-01&to=2026-10-31', 404)).detail).toBe('Customer not found.');
    expect(await countRows(ctx.database, 'statements')).toBe(before);
    // Signed out: refused.
    expect((await ctx.anonymous.get(`/api/customers/${customer.id}/statement/?from=2026-10-01&to=2026-10-31`)).statusCode).toBe(401);
  });
});
