import { describe, expect, it } from 'vitest';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../tests/invoices-test-support';

/**
 * Many HTTP clients send `Content-Type: application/json` on every request, with no body on a DELETE or
 * on a POST action that takes none: an empty body is no body, not a refusal.
 */
const ctx = useInvoicesTestApp();

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('an empty body sent as application/json', () => {
  it('is accepted on POST actions without a body (void, unvoid) and on DELETE (order, invoice)', async () => {
    const order = await createOrder(ctx);
    const voided = await ctx.staff.request('POST', `/api/orders/${order.id}/void/`, { payload: '', headers: JSON_HEADERS });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().status).toBe('voided');
    const unvoided = await ctx.staff.request('POST', `/api/orders/${order.id}/unvoid/`, {
      payload: '',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(unvoided.statusCode, unvoided.body).toBe(200);
    expect(unvoided.json().status).toBe('pending');

    const invoiced = await createOrder(ctx);
    const invoice = await invoiceOrder(ctx, invoiced.id);
    const deletedInvoice = await ctx.admin.request('DELETE', `/api/invoices/${invoice.id}/`, { payload: '', headers: JSON_HEADERS });
    expect(deletedInvoice.statusCode, deletedInvoice.body).toBe(204);
    const deletedOrder = await ctx.staff.request('DELETE', `/api/orders/${order.id}/`, { payload: '', headers: JSON_HEADERS });
    expect(deletedOrder.statusCode, deletedOrder.body).toBe(204);
    expect((await ctx.staff.get(`/api/orders/${order.id}/`)).statusCode).toBe(404);
  });

  it('on an operation that takes a body is read as an empty object (its field errors), and bad JSON is still 400', async () => {
    const empty = await ctx.staff.request('POST', '/api/orders/', { payload: '', headers: JSON_HEADERS });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().status).toEqual(['Status is required']);
    const broken = await ctx.staff.request('POST', '/api/orders/', { payload: '{"status":', headers: JSON_HEADERS });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ detail: 'JSON parse error.' });
    // The parser still refuses prototype poisoning.
    const poisoned = await ctx.staff.request('POST', '/api/orders/', { payload: '{"__proto__":{"x":1}}', headers: JSON_HEADERS });
    expect(poisoned.statusCode).toBe(400);
  });
});
