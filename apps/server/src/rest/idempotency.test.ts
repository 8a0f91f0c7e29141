import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { MESSAGES } from '@icehouse/domain';
import { customers, invoices, orders } from '@icehouse/db/schema';
import { orderPayload, useOrdersTestApp } from '../../tests/orders-test-support';

/** Idempotency-Key on the REST layer's POSTs. */
const ctx = useOrdersTestApp({ pdf: true });

const ordersCount = async () => (await ctx.database.db.select({ n: count() }).from(orders))[0]!.n;
const customersCount = async () => (await ctx.database.db.select({ n: count() }).from(customers))[0]!.n;
const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });

describe('Idempotency-Key', () => {
  it('a retry with the same key and body answers the first answer again without a second order', async () => {
    const body = orderPayload(ctx.cat, { door_number: 'K-1' });
    const first = await ctx.staff.post('/api/orders/', body, withKey('order-k-1'));
    expect(first.statusCode, first.body).toBe(201);
    const again = await ctx.staff.post('/api/orders/', { ...body }, withKey('order-k-1'));
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(await ordersCount()).toBe(1);
    // Another key does new work (and meets the door number already taken).
    expect((await ctx.staff.post('/api/orders/', body, withKey('order-k-2'))).statusCode).toBe(400);
  });

  it('a replayed retry does not run the work again (a customer, which no unique field would stop)', async () => {
    const before = await customersCount();
    const first = await ctx.staff.post('/api/customers/', { name: 'Retry Bay Lodge' }, withKey('customer-once'));
    expect(first.statusCode, first.body).toBe(201);
    const again = await ctx.staff.post('/api/customers/', { name: 'Retry Bay Lodge' }, withKey('customer-once'));
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect((await customersCount()) - before).toBe(1);
  });

  it('the same key with another body is 422; a key is only its caller’s', async () => {
    const body = orderPayload(ctx.cat, { door_number: 'K-3' });
    expect((await ctx.staff.post('/api/orders/', body, withKey('shared'))).statusCode).toBe(201);
    const other = await ctx.staff.post('/api/orders/', { ...body, door_number: 'K-4' }, withKey('shared'));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ detail: MESSAGES.idempotencyKeyReused });
    // The admin's 'shared' is another key: new work.
    expect(
      (await ctx.admin.post('/api/orders/', { ...body, door_number: 'K-5' }, withKey('shared'))).statusCode,
    ).toBe(201);
    expect(await ordersCount()).toBe(2);
    const bad = await ctx.staff.post('/api/orders/', body, withKey('spaces are not allowed'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: MESSAGES.idempotencyKeyInvalid });
  });

  it('a refused request keeps nothing: the key may be used again, even with a corrected body', async () => {
    const refused = await ctx.staff.post(
      '/api/orders/',
      { ...orderPayload(ctx.cat), door_number: '' },
      withKey('fix-me'),
    );
    expect(refused.statusCode).toBe(400);
    const fixed = await ctx.staff.post(
      '/api/orders/',
      orderPayload(ctx.cat, { door_number: 'K-6' }),
      withKey('fix-me'),
    );
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('10 concurrent retries with one key make exactly one customer, and all get its answer (or 409)', async () => {
    // A customer has no unique field: without the key's claim each retry would make a customer of its own.
    const body = { name: 'Burst Lake Resort' };
    const before = await customersCount();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => ctx.staff.post('/api/customers/', body, withKey('burst'))),
    );
    expect((await customersCount()) - before).toBe(1);
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((a) => a.json().id)).size).toBe(1);
    for (const a of answers) expect([201, 409], a.body).toContain(a.statusCode);
    expect(created.filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
  });

  it('a binary answer (the combined invoice PDF) is replayed byte for byte, headers included', async () => {
    const a = (await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { door_number: 'K-8' }))).json();
    const b = (await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { door_number: 'K-9' }))).json();
    const body = { order_ids: [a.id, b.id], date: '2024-06-10' };
    const first = await ctx.staff.post('/api/invoices/create-combined/', body, withKey('combined-1'));
    expect(first.statusCode, first.body.slice(0, 200)).toBe(201);
    expect(first.headers['content-type']).toBe('application/pdf');
    const again = await ctx.staff.post('/api/invoices/create-combined/', body, withKey('combined-1'));
    expect(again.statusCode).toBe(201);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    for (const header of ['content-type', 'content-disposition', 'x-invoice-id', 'x-invoice-number']) {
      expect(again.headers[header], header).toBe(first.headers[header]);
    }
    expect((await ctx.database.db.select({ n: count() }).from(invoices))[0]!.n).toBe(1);
  });
});
