import { describe, expect, it } from 'vitest';
import { createOrder, useInvoicesTestApp, type InvoicesTestContext } from '../../../tests/invoices-test-support';
import { invoiceDated, newCustomer, pay } from '../../../tests/statements-support';

/**
 * The customer's ledger (decision 237) against figures added up by hand: who owes a combined invoice over
 * two customers' orders on every document (page, list, statement, aging and its drill-down), and a
 * statement's running balances when a deposit moves onto its invoice on a day with other money.
 */
const ctx = useInvoicesTestApp({ pdf: true });

const SOUTH_PIER = { name: 'South Pier Marina', street: '9 Dock Rd', city: 'Two Harbors', state: 'MN', zip_code: '55616', country: 'US' };

const get = async (path: string) => {
  const res = await ctx.staff.get(path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const statement = (id: number, from: string, to: string) => get(`/api/customers/${id}/statement/?from=${from}&to=${to}`);
const rows = (s: { entries: { date: string; label: string; amount: string; balance: string }[] }) =>
  s.entries.map((e) => [e.date, e.label, e.amount, e.balance]);
const listBalance = async (name: string) =>
  (await get(`/api/customers/?search=${encodeURIComponent(name)}`)).results.find((r: { name: string }) => r.name === name)?.balance;

async function deposit(c: InvoicesTestContext, orderId: number, amount: string, date: string) {
  const res = await c.staff.post(`/api/orders/${orderId}/deposits/`, { date, method: 'check', amount });
  expect(res.statusCode, res.body).toBe(201);
}

describe("the customer's ledger", () => {
  it("a combined invoice over two customers' orders is owed by the customer of its first order, on every document", async () => {
    const north = await newCustomer(ctx, 'North Bay Fisheries');
    const south = await newCustomer(ctx, 'South Pier Marina');
    const a = await createOrder(ctx, { customer_id: north.id, date: '2026-09-01' });
    const b = await createOrder(ctx, { customer_id: south.id, date: '2026-09-10', billing_address: SOUTH_PIER });
    await deposit(ctx, b.id, '100.00', '2026-09-12');
    const created = await ctx.staff.post('/api/invoices/create-combined/', {
      order_ids: [b.id, a.id],
      date: '2026-09-15',
      confirm_mixed_customers: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.headers['x-invoice-id']);
    const patched = await ctx.staff.patch(`/api/invoices/${id}/`, {
      editable_data: { line_items: [{ quantity: 1, description: 'Two coolers', price_each: '1000.00' }], tax_exempt: true, discount: '0', due_date: '2026-10-15' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await pay(ctx, id, '300.00', '2026-09-20');

    // North Bay owes it: 1,000.00 less South Pier's deposit moved onto it (09-12) and the payment.
    expect((await get(`/api/customers/${north.id}/`)).balance).toMatchObject({ invoiced: '1000.00', paid: '400.00', balance: '600.00' });
    expect(await listBalance('North Bay Fisheries')).toBe('600.00');
    const n = await statement(north.id, '2026-09-01', '2026-09-30');
    expect(rows(n)).toEqual([
      ['2026-09-12', 'Deposit', '-100.00', '-100.00'],
      ['2026-09-15', 'Invoice', '1000.00', '900.00'],
      ['2026-09-20', 'Payment', '-300.00', '600.00'],
    ]);
    expect(n).toMatchObject({ opening_balance: '0.00', closing_balance: '600.00', aging_total: '600.00' });

    // South Pier owes nothing: their deposit went onto North Bay's invoice. Both sides show on their statement.
    expect((await get(`/api/customers/${south.id}/`)).balance).toMatchObject({ invoiced: '0.00', balance: '0.00' });
    expect(await listBalance('South Pier Marina')).toBe('0.00');
    const s = await statement(south.id, '2026-09-01', '2026-09-30');
    expect(rows(s)).toEqual([
      ['2026-09-12', 'Deposit', '-100.00', '-100.00'],
      ['2026-09-12', 'Deposit: moved onto invoice', '100.00', '0.00'],
    ]);
    expect(s).toMatchObject({ closing_balance: '0.00', aging_total: '0.00', open_invoices: [] });

    // Aging counts it once, for North Bay, as of each day: before the payment 900.00, after it 600.00.
    for (const [asOf, due] of [['2026-09-18', '900.00'], ['2026-09-30', '600.00']] as const) {
      const aging = await get(`/api/reports/aging/?as_of=${asOf}`);
      const mine = aging.rows.filter((r: { customer_id: number | null }) => r.customer_id === north.id || r.customer_id === south.id);
      expect(mine, asOf).toEqual([expect.objectContaining({ customer_id: north.id, invoices: 1, current: due, total: due })]);
      const drill = await get(`/api/reports/aging/invoices/?as_of=${asOf}&customer_id=${north.id}`);
      expect(drill.results.map((r: { id: number; balance_due: string }) => [r.id, r.balance_due]), asOf).toEqual([[id, due]]);
      expect((await get(`/api/reports/aging/invoices/?as_of=${asOf}&customer_id=${south.id}`)).results).toEqual([]);
    }
  });

  it('a deposit moved onto its invoice on a day with other money leaves every running balance right', async () => {
    const customer = await newCustomer(ctx, 'Cold Spring Bait');
    const order = await createOrder(ctx, { customer_id: customer.id, date: '2026-09-25' });
    await deposit(ctx, order.id, '250.00', '2026-10-05');
    const inv = await invoiceDated(ctx, order.id, '1000.00', '2026-10-01', '2026-10-31');
    await pay(ctx, inv.id, '300.00', '2026-10-05');
    const s = await statement(customer.id, '2026-10-01', '2026-10-31');
    // In the order they were recorded within 10-05; the deposit's move onto the invoice nets to 0 and is not listed.
    expect(rows(s)).toEqual([
      ['2026-10-01', 'Invoice', '1000.00', '1000.00'],
      ['2026-10-05', 'Deposit', '-250.00', '750.00'],
      ['2026-10-05', 'Payment', '-300.00', '450.00'],
    ]);
    expect(s).toMatchObject({ opening_balance: '0.00', closing_balance: '450.00', paid: '550.00' });
  });

  it('aging as of a past day counts what an invoice paid since then asked for that day', async () => {
    const customer = await newCustomer(ctx, 'Birch Point Lodge');
    const order = await createOrder(ctx, { customer_id: customer.id, date: '2026-07-20' });
    const inv = await invoiceDated(ctx, order.id, '500.00', '2026-08-01', '2026-08-31');
    await pay(ctx, inv.id, '200.00', '2026-09-05');
    await pay(ctx, inv.id, '300.00', '2026-09-20');
    const mine = async (asOf: string) =>
      (await get(`/api/reports/aging/?as_of=${asOf}`)).rows.filter((r: { customer_id: number | null }) => r.customer_id === customer.id);
    expect(await mine('2026-08-15')).toEqual([expect.objectContaining({ current: '500.00', total: '500.00' })]);
    expect(await mine('2026-09-10')).toEqual([expect.objectContaining({ days_1_30: '300.00', total: '300.00' })]);
    expect(await mine('2026-09-20')).toEqual([]);
    expect((await statement(customer.id, '2026-09-01', '2026-09-10')).aging).toMatchObject({ days_1_30: '300.00' });
  });
});
