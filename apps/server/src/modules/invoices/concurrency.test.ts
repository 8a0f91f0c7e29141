import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { history, invoiceOrders, invoices } from '@icehouse/db/schema';
import { countRows } from '../../../tests/orders-test-support';
import { createOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';
import type { OrderView } from '../orders/views';

/** Races the constraints and row locks must win, on PGlite and on PostgreSQL (TEST_DATABASE_URL). */

const ctx = useInvoicesTestApp();

const createInvoice = (orderId: number) => ctx.staff.post(`/api/orders/${orderId}/create-invoice/`, { return_json: true });

describe('one invoice per order, whatever the clicks', () => {
  it('a double click makes one invoice; both answers name it', async () => {
    const order = await createOrder(ctx);
    const [a, b] = await Promise.all([createInvoice(order.id), createInvoice(order.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json()).toEqual(b.json());
    expect(await countRows(ctx.database, 'invoices')).toBe(1);
  });

  it('50 parallel calls make one invoice, one history entry, one number used', async () => {
    const order = await createOrder(ctx);
    const answers = await Promise.all(Array.from({ length: 50 }, () => createInvoice(order.id)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(49);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(await countRows(ctx.database, 'invoices')).toBe(1);
    expect(await countRows(ctx.database, 'invoice_orders')).toBe(1);
    const entries = await ctx.database.db.select().from(history).where(eq(history.action, 'invoice_created'));
    expect(entries).toHaveLength(1);
    const [row] = await ctx.database.db.select({ n: invoices.invoiceNumber }).from(invoices);
    expect(row?.n).toBe('1001');
  });

  it('a combined invoice and a single one racing for the same order: the order ends on exactly one invoice', async () => {
    const a = await createOrder(ctx);
    const b = await createOrder(ctx);
    const [combined, single] = await Promise.all([
      ctx.staff.post('/api/invoices/create-combined/', { order_ids: [a.id, b.id], date: '2024-06-01' }),
      createInvoice(a.id),
    ]);
    const links = await ctx.database.db.select().from(invoiceOrders).where(eq(invoiceOrders.orderId, a.id));
    expect(links).toHaveLength(1);
    if (single.statusCode === 201) {
      // The single invoice won; the combined one was refused without a trace.
      expect(combined.statusCode).toBe(400);
      expect(combined.json().order_ids[0]).toMatch(/already has invoice/);
      expect(await countRows(ctx.database, 'invoices')).toBe(1);
    } else {
      // The combined invoice won (its PDF may be unavailable here, which discards it again).
      expect([201, 503]).toContain(combined.statusCode);
    }
  });
});

describe('invoice numbers under concurrency', () => {
  it('20 orders invoiced in parallel get 20 distinct numbers, 1001-1020', async () => {
    const orders: OrderView[] = [];
    for (let i = 0; i < 20; i++) orders.push(await createOrder(ctx));
    const answers = await Promise.all(orders.map((o) => createInvoice(o.id)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = answers.map((r) => r.json().invoice_number as string);
    expect(new Set(numbers).size).toBe(20);
    expect([...numbers].sort()).toEqual(Array.from({ length: 20 }, (_, i) => String(1001 + i)));
  });

  it('five orders with the same typed number: one gets it, the others the sequence', async () => {
    const orders: OrderView[] = [];
    for (let i = 0; i < 5; i++) orders.push(await createOrder(ctx, { invoice_number: '3000' }));
    const answers = await Promise.all(orders.map((o) => createInvoice(o.id)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(5).fill(201));
    const numbers = answers.map((r) => r.json().invoice_number as string).sort();
    expect(numbers.filter((n) => n === '3000')).toHaveLength(1);
    expect(new Set(numbers).size).toBe(5);
    // The typed 3000 moved the sequence past it, or the sequence handed out numbers below it first.
    for (const n of numbers) expect(Number(n)).toBeGreaterThanOrEqual(1001);
  });

  it('invoice edits racing to take the same number: one wins, the other is told (400)', async () => {
    const a = await createOrder(ctx);
    const b = await createOrder(ctx);
    const ia = (await createInvoice(a.id)).json();
    const ib = (await createInvoice(b.id)).json();
    const [ra, rb] = await Promise.all([
      ctx.staff.patch(`/api/invoices/${ia.id}/`, { invoice_number: 'X-1' }),
      ctx.staff.patch(`/api/invoices/${ib.id}/`, { invoice_number: 'X-1' }),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 400]);
    const loser = ra.statusCode === 400 ? ra : rb;
    expect(loser.json()).toEqual({ invoice_number: ['An invoice with this number already exists.'] });
  });
});

describe('order saves and invoice saves at once', () => {
  it('renaming invoiced customers while their invoices are edited: every save answers, none deadlocks', async () => {
    // A rename rewrites the invoice's search text (a trigger: order, then invoice), and a new invoice
    // number is written onto its order (invoice, then order). Both saves lock the invoice first, so
    // 10 pairs racing all finish, whatever the interleaving: the invoice edits with 200, the order
    // saves with 200, or 409 when the invoice edit moved the order's version first (never a 5xx).
    const pairs: { order: OrderView; invoiceId: number }[] = [];
    for (let i = 0; i < 10; i++) {
      const order = await createOrder(ctx, { billing_address: { name: `Race ${i}` } });
      pairs.push({ order, invoiceId: (await createInvoice(order.id)).json().id });
    }
    const answers = await Promise.all(
      pairs.flatMap(({ order, invoiceId }, i) => [
        ctx.staff.get(`/api/orders/${order.id}/`).then((r) => {
          const current = r.json() as OrderView;
          return ctx.staff.put(`/api/orders/${order.id}/`, { ...current, billing_address: { ...current.billing_address, name: `Renamed ${i}` } });
        }),
        ctx.staff.patch(`/api/invoices/${invoiceId}/`, { invoice_number: `R-${i}` }),
      ]),
    );
    const orderSaves = answers.filter((_, k) => k % 2 === 0).map((r) => r.statusCode);
    const invoiceSaves = answers.filter((_, k) => k % 2 === 1).map((r) => r.statusCode);
    expect(invoiceSaves).toEqual(Array(10).fill(200));
    for (const status of orderSaves) expect([200, 409]).toContain(status);
    for (const [i, { order, invoiceId }] of pairs.entries()) {
      if (orderSaves[i] === 409) {
        const r = (await ctx.staff.get(`/api/orders/${order.id}/`)).json() as OrderView;
        const retry = await ctx.staff.put(`/api/orders/${order.id}/`, { ...r, billing_address: { ...r.billing_address, name: `Renamed ${i}` } });
        expect(retry.statusCode).toBe(200);
      }
      const found = (await ctx.staff.get('/api/invoices/', { query: { search: `renamed ${i}` } })).json();
      expect(found.results.map((r: { id: number }) => r.id)).toEqual([invoiceId]);
    }
  });
});
