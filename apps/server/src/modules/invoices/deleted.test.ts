import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invoices } from '@icehouse/db/schema';
import { INVOICE_NUMBER_DELETED } from './numbers';
import { deletedInvoiceListRestAnswer } from './schemas';
import { INVOICE_PAGE_SIZE } from './read-queries';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';
import { INVOICE_MESSAGES } from './service-common';

/** A deleted invoice's number is never reused, and the deletion is recorded (decision 011). */
const ctx = useInvoicesTestApp();

describe('deleted invoices', () => {
  it('re-invoicing the order of a deleted invoice gives a new number, not the deleted one', async () => {
    const order = await createOrder(ctx);
    const first = await invoiceOrder(ctx, order.id);
    expect(first.invoice_number).toBe('1001');
    expect((await ctx.staff.delete(`/api/invoices/${first.id}/`)).statusCode).toBe(204);
    // The order still shows 1001 in its Invoice Number field; the new invoice must not take it.
    expect((await ctx.staff.get(`/api/orders/${order.id}/`)).json().invoice_number).toBe('1001');
    const second = await invoiceOrder(ctx, order.id);
    expect(second.invoice_number).toBe('1002');
    expect((await ctx.staff.get(`/api/orders/${order.id}/`)).json().invoice_number).toBe('1002');
  });

  it('a deleted number typed on another order, or given to another invoice by an edit, is refused', async () => {
    const order = await createOrder(ctx);
    const deleted = await invoiceOrder(ctx, order.id);
    await ctx.staff.delete(`/api/invoices/${deleted.id}/`);
    const typed = await createOrder(ctx, { invoice_number: deleted.invoice_number });
    const invoice = await invoiceOrder(ctx, typed.id);
    expect(invoice.invoice_number).not.toBe(deleted.invoice_number);
    const rest = await ctx.staff.patch(`/api/invoices/${invoice.id}/`, {
      invoice_number: deleted.invoice_number,
    });
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toEqual({ invoice_number: [INVOICE_NUMBER_DELETED] });
    const trpc = await ctx.staff.trpcMutation('invoices.update', {
      id: invoice.id,
      data: { invoice_number: deleted.invoice_number },
    });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.fieldErrors).toEqual({ invoice_number: [INVOICE_NUMBER_DELETED] });
  });

  it('superusers read the record (REST and tRPC): number, date, total, customer, orders, who and when; staff may not', async () => {
    const order = await createOrder(ctx, { billing_address: { name: 'Lakeside Resort' } });
    const created = await invoiceOrder(ctx, order.id);
    const total = (await ctx.staff.get(`/api/invoices/${created.id}/`)).json().total_amount as string;
    const before = Date.now();
    await ctx.staff.delete(`/api/invoices/${created.id}/`);

    const rest = await ctx.admin.get('/api/invoices/deleted/');
    expect(rest.statusCode).toBe(200);
    const list = deletedInvoiceListRestAnswer.parse(rest.json());
    expect(list).toMatchObject({ count: 1, next: null, previous: null });
    expect(list.results[0]).toMatchObject({
      invoice_number: created.invoice_number,
      total_amount: total,
      customer_name: 'Lakeside Resort',
      order_number: order.door_number,
      deleted_by: 'staff',
    });
    expect(Date.parse(list.results[0]!.deleted_at)).toBeGreaterThanOrEqual(before - 1000);
    const trpc = await ctx.admin.trpcQuery('invoices.deleted');
    expect(trpc.json().result.data.results).toEqual(list.results);

    expect((await ctx.staff.get('/api/invoices/deleted/')).statusCode).toBe(403);
    expect((await ctx.staff.trpcQuery('invoices.deleted')).statusCode).toBe(403);
  });

  it('pages the record 25 at a time; a page past the end is a 404', async () => {
    for (let i = 0; i <= INVOICE_PAGE_SIZE; i++) {
      const invoice = await invoiceOrder(ctx, (await createOrder(ctx)).id);
      expect((await ctx.staff.delete(`/api/invoices/${invoice.id}/`)).statusCode).toBe(204);
    }
    const first = (await ctx.admin.get('/api/invoices/deleted/')).json();
    expect(first).toMatchObject({
      count: INVOICE_PAGE_SIZE + 1,
      next: expect.stringMatching(/\/api\/invoices\/deleted\/\?page=2$/),
      previous: null,
    });
    expect(first.results).toHaveLength(INVOICE_PAGE_SIZE);
    const second = (await ctx.admin.trpcQuery('invoices.deleted', { page: 2 })).json().result.data;
    expect(second).toMatchObject({ count: INVOICE_PAGE_SIZE + 1, next: null, previous: 1 });
    expect(second.results).toHaveLength(1);
    const past = await ctx.admin.get('/api/invoices/deleted/?page=3');
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
  });

  it('deletions racing new invoices whose orders typed the deleted numbers: no number is ever used twice', async () => {
    const olds = await Promise.all(Array.from({ length: 6 }, () => createOrder(ctx)));
    const issued = [];
    for (const o of olds) issued.push(await invoiceOrder(ctx, o.id));
    const numbers = issued.map((i) => i.invoice_number);
    const fresh = await Promise.all(numbers.map((n) => createOrder(ctx, { invoice_number: n })));
    const results = await Promise.all([
      ...issued.map((i) => ctx.staff.delete(`/api/invoices/${i.id}/`)),
      ...fresh.map((o) => ctx.staff.post(`/api/orders/${o.id}/create-invoice/`, { return_json: true })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(6).fill(201), ...Array(6).fill(204)]);
    const newNumbers = results.slice(6).map((r) => r.json().invoice_number as string);
    expect(newNumbers.filter((n) => numbers.includes(n))).toEqual([]);
    expect(new Set(newNumbers).size).toBe(6);
    const deleted = (await ctx.admin.get('/api/invoices/deleted/')).json();
    expect(deleted.results.map((r: { invoice_number: string }) => r.invoice_number).sort()).toEqual(
      [...numbers].sort(),
    );
  });

  it('an invoice with payments recorded is not deleted (409, saying what to do), and every entry stays in the ledger and the payments CSV; a DELETE row by row is refused by the database too', async () => {
    const order = await createOrder(ctx);
    const invoice = await invoiceOrder(ctx, order.id);
    const paid = await ctx.staff.post(`/api/invoices/${invoice.id}/payments/`, {
      date: '2026-11-20',
      amount: '100.00',
      method: 'check',
      reference: '5521',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const paymentId = paid.json().payment.id as number;
    // Reversing the payment does not make the invoice deletable: the payment and its reversal stay on the books.
    expect(
      (await ctx.staff.post(`/api/payments/${paymentId}/reverse/`, { reason: 'bounced' })).statusCode,
    ).toBe(201);

    for (const attempt of [
      () => ctx.staff.delete(`/api/invoices/${invoice.id}/`),
      () => ctx.admin.delete(`/api/invoices/${invoice.id}/`),
    ]) {
      const refused = await attempt();
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({ detail: INVOICE_MESSAGES.hasPayments });
    }
    const byTrpc = await ctx.staff.trpcMutation('invoices.delete', { id: invoice.id });
    expect(byTrpc.statusCode).toBe(409);

    expect((await ctx.staff.get(`/api/invoices/${invoice.id}/`)).statusCode).toBe(200);
    const ledger = await ctx.admin.get(`/api/invoices/${invoice.id}/payments/`);
    expect(ledger.json().results.map((e: { amount: string }) => e.amount)).toEqual(['100.00', '-100.00']);
    const csv = (await ctx.admin.get('/api/payments/export.csv')).body;
    expect(csv).toContain('5521');
    expect((await ctx.admin.get('/api/invoices/deleted/')).json().count).toBe(0);
    // The database keeps the rule for any other path: the entries' foreign key restricts the delete.
    await expect(ctx.database.db.delete(invoices).where(eq(invoices.id, invoice.id))).rejects.toThrow();
  });
});
