import { describe, expect, it } from 'vitest';
import { MESSAGES, todayIso } from '@icehouse/domain';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';
import { invoicePaymentsAnswer } from '../payments/schemas';
import { customerAnswer } from '../customers/schemas';
import { countRows } from '../../../tests/orders-test-support';
import { depositRecordedAnswer, orderDepositsAnswer } from './schemas';

/** Deposits (decision 171) on PGlite and PostgreSQL (TEST_DATABASE_URL). */
const ctx = useInvoicesTestApp();
const today = todayIso();

const customer = async (body: Record<string, unknown> = {}) => {
  const res = await ctx.staff.post('/api/customers/', { name: 'Lakeside Dairy', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
};
const deposit = (orderId: number, body: Record<string, unknown>) =>
  ctx.staff.post(`/api/orders/${orderId}/deposits/`, { date: today, method: 'check', ...body });

describe('deposits', () => {
  it('a deposit is held on the order, moves onto its invoice when invoiced and reduces the balance due', async () => {
    const c = await customer();
    const order = await createOrder(ctx, { customer_id: c.id });
    const first = await deposit(order.id, { amount: '500', reference: '2001' });
    expect(first.statusCode, first.body).toBe(201);
    expect(depositRecordedAnswer.parse(first.json()).order.held).toBe('500.00');
    expect((await deposit(order.id, { amount: '250.50', method: 'card' })).statusCode).toBe(201);

    const account = orderDepositsAnswer.parse(
      (await ctx.staff.get(`/api/orders/${order.id}/deposits/`)).json(),
    );
    expect(account.held).toBe('750.50');
    expect(account.results.map((d) => [d.kind, d.amount])).toEqual([
      ['deposit', '500.00'],
      ['deposit', '250.50'],
    ]);
    // The customer's balance counts what the order holds before any invoice: a credit in their favour.
    let page = customerAnswer.parse((await ctx.staff.get(`/api/customers/${c.id}/`)).json());
    expect(page.balance).toMatchObject({
      invoiced: '0.00',
      deposits_held: '750.50',
      balance: '-750.50',
      credit: '0.00',
    });

    const invoice = await invoiceOrder(ctx, order.id);
    const ledger = invoicePaymentsAnswer.parse(
      (await ctx.staff.get(`/api/invoices/${invoice.id}/payments/`)).json(),
    );
    expect(ledger.results.map((p) => [p.kind, p.amount])).toEqual([['deposit', '750.50']]);
    expect(ledger.invoice.paid).toBe('750.50');
    expect(ledger.invoice.balance_due).toBe(
      (Number(ledger.invoice.total.replace('.', '')) - 75050).toString().replace(/(\d\d)$/, '.$1'),
    );
    // The invoice is created with its deposits at version 1.
    expect(ledger.invoice.version).toBe(1);
    const after = orderDepositsAnswer.parse(
      (await ctx.staff.get(`/api/orders/${order.id}/deposits/`)).json(),
    );
    expect(after.held).toBe('0.00');
    expect(after.results.at(-1)).toMatchObject({
      kind: 'invoiced',
      amount: '-750.50',
      invoice_id: invoice.id,
    });
    // The balance is the same money seen another way: invoiced − paid, nothing held.
    page = customerAnswer.parse((await ctx.staff.get(`/api/customers/${c.id}/`)).json());
    expect(page.balance.deposits_held).toBe('0.00');
    expect(page.balance.balance).toBe(ledger.invoice.balance_due);
    const list = (await ctx.staff.get(`/api/customers/?search=Lakeside`)).json() as {
      results: { id: number; balance: string }[];
    };
    expect(list.results.find((r) => r.id === c.id)?.balance).toBe(page.balance.balance);
  });

  it('refuses a deposit on a voided or an invoiced order, and a bad amount, writing nothing', async () => {
    const voided = await createOrder(ctx);
    expect((await ctx.staff.post(`/api/orders/${voided.id}/void/`, {})).statusCode).toBe(200);
    const before = await countRows(ctx.database, 'order_deposits');
    const onVoided = await deposit(voided.id, { amount: '100' });
    expect(onVoided.statusCode).toBe(409);
    expect(onVoided.json()).toEqual({ detail: MESSAGES.depositOrderVoided });

    const invoiced = await createOrder(ctx);
    await invoiceOrder(ctx, invoiced.id);
    const onInvoiced = await deposit(invoiced.id, { amount: '100' });
    expect(onInvoiced.statusCode).toBe(409);
    expect(onInvoiced.json()).toEqual({ detail: MESSAGES.depositOrderInvoiced });

    const open = await createOrder(ctx);
    const zero = await deposit(open.id, { amount: '0' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ amount: [MESSAGES.depositAmountPositive] });
    expect((await deposit(open.id, { amount: '-5' })).json()).toEqual({
      amount: [MESSAGES.depositAmountPositive],
    });
    expect((await deposit(999999, { amount: '5' })).statusCode).toBe(404);
    expect(await countRows(ctx.database, 'order_deposits')).toBe(before);
  });

  it('refuses a deposit above what the order still needs (its total less what it holds), naming that amount on amount', async () => {
    // An order of exactly 1,068.80: one building, nothing else, no tax.
    const order = await createOrder(ctx, {
      freight_cost: '0',
      discount: '0',
      tax_exempt: true,
      building_info: { product: ctx.cat.product.cooler, price: '1068.80', additional_items: [] },
    });
    expect(order.totals.total).toBe('1068.80');
    const account = async () =>
      orderDepositsAnswer.parse((await ctx.staff.get(`/api/orders/${order.id}/deposits/`)).json());
    expect((await account()).deposit_limit).toBe('1068.80');
    const before = await countRows(ctx.database, 'order_deposits');

    const tooMuch = await deposit(order.id, { amount: '2068.80' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({
      amount: ['The deposit cannot be more than $1,068.80, what this order still needs'],
    });
    expect(await countRows(ctx.database, 'order_deposits')).toBe(before);

    // What it already holds counts: after 68.80, 1,000.00 is open; a cent more is refused.
    const first = await deposit(order.id, { amount: '68.80' });
    expect(first.statusCode, first.body).toBe(201);
    expect(depositRecordedAnswer.parse(first.json()).order).toMatchObject({ held: '68.80', deposit_limit: '1000.00' });
    expect((await deposit(order.id, { amount: '1000.01' })).json()).toEqual({
      amount: ['The deposit cannot be more than $1,000.00, what this order still needs'],
    });
    // The whole of what is open is fine; then nothing is, until a refund opens it again.
    expect((await deposit(order.id, { amount: '1000.00' })).statusCode).toBe(201);
    expect(await account()).toMatchObject({ held: '1068.80', deposit_limit: '0.00' });
    expect((await deposit(order.id, { amount: '0.01' })).json()).toEqual({
      amount: ['The deposit cannot be more than $0.00, what this order still needs'],
    });
    const refund = await ctx.staff.post(`/api/orders/${order.id}/deposits/refund/`, {
      date: today,
      method: 'check',
      amount: '100',
      reason: 'Paid twice',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect((await account()).deposit_limit).toBe('100.00');

    // An invoiced order takes no deposit (409): its account has no limit.
    await invoiceOrder(ctx, order.id);
    expect((await account()).deposit_limit).toBeNull();
  });

  it("a voided order's deposit is owed to the customer until refunded, at most what it holds", async () => {
    const c = await customer({ name: 'Northwind Ice' });
    const order = await createOrder(ctx, { customer_id: c.id });
    await deposit(order.id, { amount: '300' });
    expect((await ctx.staff.post(`/api/orders/${order.id}/void/`, {})).statusCode).toBe(200);
    const account = orderDepositsAnswer.parse(
      (await ctx.staff.get(`/api/orders/${order.id}/deposits/`)).json(),
    );
    expect(account).toMatchObject({ held: '300.00', owed_to_customer: true, order_status: 'voided', deposit_limit: null });
    let page = customerAnswer.parse((await ctx.staff.get(`/api/customers/${c.id}/`)).json());
    expect(page.balance).toMatchObject({ balance: '-300.00', credit: '300.00' });

    const refund = (amount: string) =>
      ctx.staff.post(`/api/orders/${order.id}/deposits/refund/`, {
        date: today,
        method: 'check',
        amount,
        reason: 'Order cancelled',
      });
    const tooMuch = await refund('300.01');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ amount: ['Only $300.00 of credit is available from there'] });
    expect((await refund('300.00')).statusCode).toBe(201);
    page = customerAnswer.parse((await ctx.staff.get(`/api/customers/${c.id}/`)).json());
    expect(page.balance).toMatchObject({ balance: '0.00', credit: '0.00', deposits_held: '0.00' });
    // An order with deposits on the books is never deleted.
    const del = await ctx.staff.delete(`/api/orders/${order.id}/`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ detail: MESSAGES.orderHasDeposits });
  });

  it('a combined invoice takes the deposits of each of its orders', async () => {
    const a = await createOrder(ctx);
    const b = await createOrder(ctx);
    await deposit(a.id, { amount: '100' });
    await deposit(b.id, { amount: '40.25' });
    const res = await ctx.staff.post('/api/invoices/create-combined/', {
      order_ids: [a.id, b.id],
      date: today,
    });
    // 503 here without a browser: the combined invoice is kept all the same, since deposits are on it now.
    expect([200, 201, 503], res.body).toContain(res.statusCode);
    const accounts = await Promise.all(
      [a.id, b.id].map(async (id) =>
        orderDepositsAnswer.parse((await ctx.staff.get(`/api/orders/${id}/deposits/`)).json()),
      ),
    );
    const invoiceIds = accounts.map((acc) => acc.results.at(-1)!.invoice_id);
    expect(accounts.map((acc) => acc.held)).toEqual(['0.00', '0.00']);
    expect(invoiceIds[0]).not.toBeNull();
    expect(invoiceIds[1]).toBe(invoiceIds[0]);
    const ledger = invoicePaymentsAnswer.parse(
      (await ctx.staff.get(`/api/invoices/${invoiceIds[0]}/payments/`)).json(),
    );
    expect(ledger.results.map((p) => p.amount).sort()).toEqual(['100.00', '40.25']);
    expect(ledger.invoice.paid).toBe('140.25');
  });
});
