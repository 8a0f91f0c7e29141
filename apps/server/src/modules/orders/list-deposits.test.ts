import { describe, expect, it } from 'vitest';
import { todayIso } from '@icehouse/domain';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';
import { orderDepositsAnswer } from '../deposits/schemas';
import { orderListRestAnswer } from './schemas';

/**
 * The orders list shows what each order's deposit account holds (decision 212): the figure the order
 * form shows (GET /api/orders/{id}/deposits/ `held`), on REST, tRPC and the sync order alike; run on
 * PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
const ctx = useInvoicesTestApp();
const today = todayIso();

const deposit = async (orderId: number, body: Record<string, unknown>) => {
  const res = await ctx.staff.post(`/api/orders/${orderId}/deposits/`, { date: today, method: 'check', ...body });
  expect(res.statusCode, res.body).toBe(201);
};
const held = async (orderId: number) =>
  orderDepositsAnswer.parse((await ctx.staff.get(`/api/orders/${orderId}/deposits/`)).json()).held;

async function listed(query: string): Promise<Map<number, string>> {
  const res = await ctx.staff.get(`/api/orders/list-view/?page_size=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return new Map(orderListRestAnswer.parse(res.json()).results.map((r) => [r.id, r.deposits_held]));
}

describe('deposits on the orders list', () => {
  it("each row carries its order's held deposits, the order form's figure, as deposits, refunds and invoicing move it", async () => {
    const customer = { billing_address: { name: 'Deposit Row Dairy' }, shipping_address: { name: 'Deposit Row Dairy' } };
    const [withDeposits, without, refunded] = [await createOrder(ctx, customer), await createOrder(ctx, customer), await createOrder(ctx, customer)];
    await deposit(withDeposits.id, { amount: '500' });
    await deposit(withDeposits.id, { amount: '250.50', method: 'card' });
    await deposit(refunded.id, { amount: '100' });
    const refund = await ctx.staff.post(`/api/orders/${refunded.id}/deposits/refund/`, { date: today, method: 'check', amount: '40', reason: 'Changed the size' });
    expect(refund.statusCode, refund.body).toBe(201);

    const page = await listed('&customer=Deposit%20Row');
    expect(page.get(withDeposits.id)).toBe('750.50');
    expect(page.get(without.id)).toBe('0.00');
    expect(page.get(refunded.id)).toBe('60.00');
    for (const id of [withDeposits.id, without.id, refunded.id]) expect(page.get(id), String(id)).toBe(await held(id));

    // Invoiced, the deposits move onto the invoice: the order holds nothing more, and the list says so.
    await invoiceOrder(ctx, withDeposits.id);
    expect((await listed('&customer=Deposit%20Row')).get(withDeposits.id)).toBe('0.00');
    expect(await held(withDeposits.id)).toBe('0.00');

    // The same figure in the sync order (updated_since) and on tRPC.
    expect((await listed('&ordering=updated_at&updated_since=2000-01-01T00:00:00Z')).get(refunded.id)).toBe('60.00');
    const trpc = (await ctx.staff.trpcQuery('orders.list', { customer: 'Deposit Row' })).json().result.data.results as { id: number; deposits_held: string }[];
    expect(trpc.find((r) => r.id === refunded.id)?.deposits_held).toBe('60.00');
  });
});
