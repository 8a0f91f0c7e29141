import { describe, expect, it } from 'vitest';
import { countRows } from '../../../tests/orders-test-support';
import { createOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';

/** Orders of different billing customers combine only when confirmed (decision 012). */
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

  it("its list row names its orders, oldest first, as its detail does, in every form of the list", async () => {
    const a = await createOrder(ctx);
    const b = await createOrder(ctx, { date: '2024-01-02' }); // older than a: listed first
    const res = await ctx.staff.post('/api/invoices/create-combined/', { order_ids: [a.id, b.id], date: '2024-06-10' });
    expect(res.statusCode, res.body).toBe(201);
    const id = Number(res.headers['x-invoice-id']);
    const detail = (await ctx.staff.get(`/api/invoices/${id}/`)).json();
    const orders = { order_number: `${b.door_number}, ${a.door_number}`, order_count: 2, orders: [b.id, a.id] };
    expect(detail).toMatchObject(orders);
    const { status } = detail; // overdue by now
    const forms: Record<string, string>[] = [{}, { search: 'acme' }, { status }, { search: 'acme', status }, { updated_since: '2000-01-01T00:00:00Z' }];
    for (const query of forms) {
      const list = await ctx.staff.get('/api/invoices/', { query });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().results.find((r: { id: number }) => r.id === id), JSON.stringify(query)).toMatchObject(orders);
    }
    // an invoice of one order lists that one
    const single = await ctx.staff.post(`/api/orders/${(await createOrder(ctx)).id}/create-invoice/`, { return_json: true });
    const row = (await ctx.staff.get('/api/invoices/')).json().results.find((r: { id: number }) => r.id === single.json().id);
    expect(row).toMatchObject({ order_count: 1, orders: [expect.any(Number)] });
  });
});
