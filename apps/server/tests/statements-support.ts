import { expect } from 'vitest';
import { createOrder, invoiceOrder, type InvoicesTestContext } from './invoices-test-support';

/**
 * A customer's quote-to-cash history for the statement tests, every record dated by hand, and its
 * statement figures added up by hand (not by the code under test):
 *
 *   2026-09-10  deposit 300.00 on order 1                        −300.00
 *   2026-09-15  invoice A 1,000.00 (order 1; the deposit moves onto it, dated 09-10: nets to 0)  +1,000.00
 *   ---- opening balance on 2026-10-01:                           700.00
 *   2026-10-05  invoice B 500.00, due 2026-11-04                  +500.00   1,200.00
 *   2026-10-10  payment 400.00 on A                              −400.00     800.00
 *   2026-10-20  credit note 100.00 on B                          −100.00     700.00
 *   2026-10-25  payment 350.00 on A (A overpaid by 50.00)        −350.00     350.00
 *   2026-10-28  deposit 200.00 on order 3 (not invoiced)         −200.00     150.00
 *   ---- closing balance on 2026-10-31:                           150.00
 *   invoiced 500.00, paid 950.00 (400 + 350 + 200), credited 100.00
 *   aging on 10-31: B 400.00 current (due 11-04); A is overpaid → aging total 400.00,
 *   unapplied credit 250.00 (50.00 overpaid on A + 200.00 held on order 3) = 400.00 − 150.00
 *   2026-11-02  invoice C 80.00 (order 2)                          +80.00     230.00 = the page's balance
 */
export const OCTOBER = { from: '2026-10-01', to: '2026-10-31' } as const;
export const OCTOBER_FIGURES = {
  opening_balance: '700.00',
  invoiced: '500.00',
  paid: '950.00',
  credited: '100.00',
  closing_balance: '150.00',
  aging: { current: '400.00', days_1_30: '0.00', days_31_60: '0.00', days_61_90: '0.00', over_90: '0.00' },
  aging_total: '400.00',
  unapplied_credit: '250.00',
} as const;
export const OCTOBER_RUNNING = ['1200.00', '800.00', '700.00', '350.00', '150.00'];
export const BALANCE_NOW = '230.00';

async function ok(res: { statusCode: number; body: string; json(): unknown }, status = 201) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as Record<string, unknown> & { id: number };
}

export async function newCustomer(ctx: InvoicesTestContext, name: string, email = '') {
  return ok(await ctx.staff.post('/api/customers/', { name, email }));
}

/** An invoice of the order for exactly `total` (one untaxed line), dated and due as given. */
async function invoice(ctx: InvoicesTestContext, orderId: number, total: string, date: string, due: string) {
  const inv = await invoiceOrder(ctx, orderId);
  const res = await ctx.staff.patch(`/api/invoices/${inv.id}/`, {
    date,
    editable_data: {
      line_items: [{ quantity: 1, description: 'Cooler', price_each: total }],
      tax_exempt: true,
      discount: '0',
      due_date: due,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return inv;
}

const pay = async (ctx: InvoicesTestContext, id: number, amount: string, date: string) =>
  ok(await ctx.staff.post(`/api/invoices/${id}/payments/`, { date, method: 'check', amount, reference: `CHK-${amount}` }));
const deposit = async (ctx: InvoicesTestContext, orderId: number, amount: string, date: string) =>
  ok(await ctx.staff.post(`/api/orders/${orderId}/deposits/`, { date, method: 'check', amount }));

/** The history above, for a new customer; answers the customer and the invoices. */
export async function quoteToCashCustomer(ctx: InvoicesTestContext, name = 'Harbor Fish Co', email = 'ap@harbor.example') {
  const customer = await newCustomer(ctx, name, email);
  const [o1, o2, o3] = [
    await createOrder(ctx, { customer_id: customer.id }),
    await createOrder(ctx, { customer_id: customer.id }),
    await createOrder(ctx, { customer_id: customer.id }),
  ];
  await deposit(ctx, o1!.id, '300.00', '2026-09-10');
  const a = await invoice(ctx, o1!.id, '1000.00', '2026-09-15', '2026-09-15');
  const orderB = await createOrder(ctx, { customer_id: customer.id });
  const b = await invoice(ctx, orderB.id, '500.00', '2026-10-05', '2026-11-04');
  await pay(ctx, a.id, '400.00', '2026-10-10');
  await ok(
    await ctx.staff.post(`/api/invoices/${b.id}/credit-notes/`, {
      date: '2026-10-20',
      reason: 'Returned panel',
      line_items: [{ quantity: 1, description: 'Door panel', price_each: '100.00' }],
    }),
  );
  await pay(ctx, a.id, '350.00', '2026-10-25');
  await deposit(ctx, o3!.id, '200.00', '2026-10-28');
  const c = await invoice(ctx, o2!.id, '80.00', '2026-11-02', '2026-11-02');
  return { customer, a, b, c };
}

export { pay, invoice as invoiceDated };
