import { describe, expect, it } from 'vitest';
import { countRows } from '../../../tests/orders-test-support';
import { createOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';

/** Issue 14 item 16 (decision 012): orders of different billing customers combine only when confirmed. */
const ctx = useInvoicesTestApp({ pdf: true });

const LAKESIDE = { name: 'Lakeside Resort', street: '4 Shore Dr', city: 'Bemidji', state: 'MN', zip_code: '56601', country: 'US' };

describe('combined invoice of different billing customers', () => {
  it('is refused with a field error naming the customers, and nothing is written', async () => {
    const a = await createOrder(ctx);
    const b = await createOrder(ctx, { billing_address: LAKESIDE });
    const res = await ctx.staff.post('/api/invoices/create-combined/', { order_ids: [a.id, b.id], date: '2024-06-10' });
    expect(res.statusCode).toBe(400);
    const [message] = res.json().confirm_mixed_customers as string[];
    expect(message).toContain(`Acme Foods (order ${a.door_number})`);
    expect(message).toContain(`Lakeside Resort (order ${b.door_number})`);
    expect(await countRows(ctx.database, 'invoices')).toBe(0);
    expect((await ctx.staff.get(`/api/orders/${a.id}/`)).json().has_invoice).toBe(false);
  });

  it('the same name at another billing address counts as another customer', async () => {
    const a = await createOrder(ctx);
    const b = await createOrder(ctx, { billing_address: { ...LAKESIDE, name: 'Acme Foods' } });
    const res = await ctx.staff.post('/api/invoices/create-combined/', { order_ids: [a.id, b.id], date: '2024-06-10' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['confirm_mixed_customers']);
  });

  it('case, spacing and punctuation do not make another customer', async () => {
    const a = await createOrder(ctx);
    const b = await createOrder(ctx, {
      billing_address: { name: 'ACME  FOODS', street: '1 main st.', city: 'duluth', state: 'MN', zip_code: '55802', country: 'us' },
    });
    const res = await ctx.staff.post('/api/invoices/create-combined/', { order_ids: [a.id, b.id], date: '2024-06-10' });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('confirm_mixed_customers: true combines them (the documented body without it still works for one customer)', async () => {
    const a = await createOrder(ctx);
    const b = await createOrder(ctx, { billing_address: LAKESIDE });
    const res = await ctx.staff.post('/api/invoices/create-combined/', { order_ids: [a.id, b.id], date: '2024-06-10', confirm_mixed_customers: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toBe('application/pdf');
    const invoice = (await ctx.staff.get(`/api/invoices/${res.headers['x-invoice-id']}/`)).json();
    expect(invoice).toMatchObject({ is_combined: true, order_count: 2, customer_name: 'Acme Foods' });
  });
});
