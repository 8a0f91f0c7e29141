import { describe, expect, it } from 'vitest';
import { MESSAGES, TEXT_LIMITS } from '@icehouse/domain';
import { countRows, orderPayload } from '../../../tests/orders-test-support';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';

/**
 * The domain's input rules through the real API (REST and tRPC): text limits, malformed Unicode and the
 * invoice line minimums answer field errors, and nothing is stored.
 */
const ctx = useInvoicesTestApp();

const LONE_ERROR = 'Surrogate characters are not allowed: U+D800.';
/** JSON text with a lone surrogate escaped, as a client in any language can send it. */
const withLoneSurrogate = (body: unknown) => JSON.stringify(body).replaceAll('LONE', '\\ud800');

describe('text limits (item 5)', () => {
  it('order notes of 1,000,000 characters: 400 on notes (REST and tRPC), nothing stored', async () => {
    const huge = 'n'.repeat(1_000_000);
    const rest = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { notes: huge }));
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toEqual({ notes: [MESSAGES.textTooLong(TEXT_LIMITS.longText)] });
    const trpc = await ctx.staff.trpcMutation('orders.create', orderPayload(ctx.cat, { notes: huge }));
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.fieldErrors).toEqual({ notes: [MESSAGES.textTooLong(TEXT_LIMITS.longText)] });
    expect(await countRows(ctx.database, 'orders')).toBe(0);
    expect(await countRows(ctx.database, 'history')).toBe(0);
  });

  it('an update with a too long address line or additional info: 400 on that field, the order unchanged', async () => {
    const order = await createOrder(ctx);
    const res = await ctx.staff.put(`/api/orders/${order.id}/`, {
      ...orderPayload(ctx.cat, { door_number: order.door_number }),
      shipping_address: { name: 'x'.repeat(TEXT_LIMITS.line + 1) },
      additional_info: 'i'.repeat(TEXT_LIMITS.longText + 1),
      version: order.version,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      shipping_address: { name: [MESSAGES.textTooLong(TEXT_LIMITS.line)] },
      additional_info: [MESSAGES.textTooLong(TEXT_LIMITS.longText)],
    });
    expect((await ctx.staff.get(`/api/orders/${order.id}/`)).json().version).toBe(order.version);
  });

  it('components, settings, users, company info and the BOL refuse text over their limits', async () => {
    const long = 'x'.repeat(TEXT_LIMITS.line + 1);
    const tooLong = [MESSAGES.textTooLong(TEXT_LIMITS.line)];
    expect((await ctx.admin.post('/api/components/', { name: long, cost: '1', markup: '1' })).json()).toEqual({ name: tooLong });
    expect((await ctx.admin.post('/api/settings/', { category: 'size', value: long, price: '0' })).json()).toEqual({ value: tooLong });
    expect((await ctx.admin.post('/api/company-info/', { name: 'Ice', website: long })).json()).toEqual({ website: tooLong });
    const user = await ctx.admin.post('/api/auth/users/', { username: 'u'.repeat(151), password: 'p'.repeat(201) });
    expect(user.json()).toEqual({ username: [MESSAGES.textTooLong(150)], password: [MESSAGES.textTooLong(200)] });
    const order = await createOrder(ctx);
    const bol = await ctx.staff.post(`/api/orders/${order.id}/create-bill-of-lading/`, { bill_of_lading_date: '2024-06-01', free_on_board: long });
    expect(bol.statusCode).toBe(400);
    expect(bol.json()).toEqual({ free_on_board: tooLong });
  });
});

describe('malformed Unicode (item 6)', () => {
  it('a lone surrogate is refused on orders, components, users and company info (it used to be stored as U+FFFD)', async () => {
    const headers = { 'content-type': 'application/json' };
    const order = await ctx.staff.request('POST', '/api/orders/', {
      headers,
      payload: withLoneSurrogate(orderPayload(ctx.cat, { notes: 'beforeLONEafter', billing_address: { name: 'AcmeLONE' } })),
    });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toEqual({ notes: [LONE_ERROR], billing_address: { name: [LONE_ERROR] } });
    const component = await ctx.admin.request('POST', '/api/components/', { headers, payload: withLoneSurrogate({ name: 'BoltLONE', cost: '1', markup: '1' }) });
    expect(component.json()).toEqual({ name: [LONE_ERROR] });
    const user = await ctx.admin.request('POST', '/api/auth/users/', { headers, payload: withLoneSurrogate({ username: 'annaLONE', password: 'longenough' }) });
    expect(user.json()).toEqual({ username: [LONE_ERROR] });
    const company = await ctx.admin.request('POST', '/api/company-info/', { headers, payload: withLoneSurrogate({ name: 'IceLONE' }) });
    expect(company.json()).toEqual({ name: [LONE_ERROR] });
    const trpc = await ctx.staff.request('POST', '/trpc/orders.create', { headers, payload: withLoneSurrogate(orderPayload(ctx.cat, { notes: 'LONE' })) });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.fieldErrors).toEqual({ notes: [LONE_ERROR] });
    expect(await countRows(ctx.database, 'orders')).toBe(0);
    expect(await countRows(ctx.database, 'components')).toBe(0);
  });

  it('the invoice PATCH answers the same field error on every text field (jsonb and text columns alike)', async () => {
    const order = await createOrder(ctx);
    const invoice = await invoiceOrder(ctx, order.id);
    const res = await ctx.staff.request('PATCH', `/api/invoices/${invoice.id}/`, {
      headers: { 'content-type': 'application/json' },
      payload: withLoneSurrogate({ editable_data: { bill_to: { name: 'AcmeLONE' }, terms: 'Net 30LONE' } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ editable_data: { bill_to: { name: [LONE_ERROR] }, terms: [LONE_ERROR] } });
  });
});

describe('invoice lines and the PATCH body (item 7)', () => {
  it('quantity -1 and price -5.00 are refused on their fields (REST and tRPC); the invoice is unchanged', async () => {
    const order = await createOrder(ctx);
    const invoice = await invoiceOrder(ctx, order.id);
    const lines = [
      { quantity: -1, description: 'Refund', price_each: '10.00' },
      { quantity: 1, description: 'Credit', price_each: '-5.00' },
      { quantity: 2.5, description: 'Half', price_each: '1.005' },
    ];
    const rest = await ctx.staff.patch(`/api/invoices/${invoice.id}/`, { editable_data: { line_items: lines } });
    expect(rest.statusCode).toBe(400);
    const expected = {
      editable_data: {
        line_items: [
          { quantity: [MESSAGES.quantityMin] },
          { price_each: [MESSAGES.priceNegative] },
          { quantity: [MESSAGES.quantityWhole], price_each: [MESSAGES.priceDecimals] },
        ],
      },
    };
    expect(rest.json()).toEqual(expected);
    const trpc = await ctx.staff.trpcMutation('invoices.update', { id: invoice.id, data: { editable_data: { line_items: lines } } });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.fieldErrors).toEqual(expected);
    expect((await ctx.staff.get(`/api/invoices/${invoice.id}/`)).json().version).toBe(1);
  });

  it('a null, array or scalar PATCH body is a 400 with a detail, and changes nothing', async () => {
    const order = await createOrder(ctx);
    const invoice = await invoiceOrder(ctx, order.id);
    for (const payload of ['null', '[]', '42', '"text"']) {
      const res = await ctx.staff.request('PATCH', `/api/invoices/${invoice.id}/`, { headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(typeof res.json().detail === 'string' || typeof res.json().non_field_errors?.[0] === 'string', res.body).toBe(true);
    }
    const trpc = await ctx.staff.trpcMutation('invoices.update', { id: invoice.id, data: null });
    expect(trpc.statusCode).toBe(400);
    expect((await ctx.staff.get(`/api/invoices/${invoice.id}/`)).json().version).toBe(1);
  });
});
