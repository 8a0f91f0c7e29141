import { describe, expect, it } from 'vitest';
import { MESSAGES, addDays, todayIso } from '@icehouse/domain';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';
import { invoiceAnswer } from '../invoices/schemas';
import { invoicePaymentsAnswer } from '../payments/schemas';
import { customerAnswer } from '../customers/schemas';
import { countRows } from '../../../tests/orders-test-support';
import { creditAppliedAnswer, creditRefundedAnswer, customerCreditAnswer } from './schemas';

/** Customer credit and payment terms (decisions 174, 175) on PGlite and PostgreSQL (TEST_DATABASE_URL). */
const ctx = useInvoicesTestApp();
const today = todayIso();

const newCustomer = async (body: Record<string, unknown> = {}) => {
  const res = await ctx.staff.post('/api/customers/', { name: 'Harbor Fish Co', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return customerAnswer.parse(res.json());
};
/** An invoice of the customer for exactly `total` (one untaxed line). */
async function invoiceFor(customerId: number, total: string) {
  const invoice = await invoiceOrder(ctx, (await createOrder(ctx, { customer_id: customerId })).id);
  const res = await ctx.staff.patch(`/api/invoices/${invoice.id}/`, {
    editable_data: {
      line_items: [{ quantity: 1, description: 'Cooler', price_each: total }],
      tax_exempt: true,
      discount: '0',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return invoice;
}
const pay = (id: number, amount: string) =>
  ctx.staff.post(`/api/invoices/${id}/payments/`, { date: today, method: 'check', amount });
const page = async (id: number) =>
  customerAnswer.parse((await ctx.staff.get(`/api/customers/${id}/`)).json());

describe('customer credit', () => {
  it('an overpayment is applied to another invoice as a pair of entries; the balance does not move', async () => {
    const c = await newCustomer();
    const a = await invoiceFor(c.id, '100.00');
    const b = await invoiceFor(c.id, '500.00');
    expect((await pay(a.id, '160.00')).statusCode).toBe(201);
    const before = await page(c.id);
    expect(before.balance).toMatchObject({ balance: '440.00', credit: '60.00' });
    const credit = customerCreditAnswer.parse((await ctx.staff.get(`/api/customers/${c.id}/credit/`)).json());
    expect(credit.sources).toEqual([
      {
        kind: 'invoice',
        invoice_id: a.id,
        invoice_number: a.invoice_number,
        order_id: null,
        door_number: null,
        amount: '60.00',
      },
    ]);
    expect(credit.open_invoices.map((i) => i.invoice_id)).toEqual([b.id]);

    const res = await ctx.staff.post(`/api/customers/${c.id}/credit/apply/`, {
      source_invoice_id: a.id,
      invoice_id: b.id,
      amount: '60.00',
      date: today,
    });
    expect(res.statusCode, res.body).toBe(201);
    const applied = creditAppliedAnswer.parse(res.json());
    expect(applied.applied).toMatchObject({ invoice_id: b.id, kind: 'credit', amount: '60.00' });
    expect(applied.source_payment).toMatchObject({ invoice_id: a.id, kind: 'credit', amount: '-60.00' });
    expect(applied.credit.credit).toBe('0.00');
    // Both sides are visible in their invoices' ledgers.
    const ledgerA = invoicePaymentsAnswer.parse(
      (await ctx.staff.get(`/api/invoices/${a.id}/payments/`)).json(),
    );
    const ledgerB = invoicePaymentsAnswer.parse(
      (await ctx.staff.get(`/api/invoices/${b.id}/payments/`)).json(),
    );
    expect(ledgerA.results.map((p) => p.amount)).toEqual(['160.00', '-60.00']);
    expect(ledgerB.results.map((p) => p.note)).toEqual([`Credit from invoice ${a.invoice_number}`]);
    expect(ledgerB.invoice.balance_due).toBe('440.00');
    expect((await page(c.id)).balance).toMatchObject({ balance: '440.00', credit: '0.00' });
  });

  it("refuses too much, another customer's invoice, and the same invoice, changing nothing", async () => {
    const c = await newCustomer({ name: 'Bay Creamery' });
    const other = await newCustomer({ name: 'Other Customer' });
    const a = await invoiceFor(c.id, '100.00');
    const b = await invoiceFor(c.id, '50.00');
    const foreign = await invoiceFor(other.id, '80.00');
    await pay(a.id, '130.00');
    const entries = await countRows(ctx.database, 'invoice_payments');
    const apply = (body: Record<string, unknown>) =>
      ctx.staff.post(`/api/customers/${c.id}/credit/apply/`, {
        source_invoice_id: a.id,
        invoice_id: b.id,
        amount: '10',
        date: today,
        ...body,
      });
    expect((await apply({ amount: '30.01' })).json()).toEqual({
      amount: ['Only $30.00 of credit is available from there'],
    });
    expect((await apply({ invoice_id: foreign.id })).json()).toEqual({
      invoice_id: [MESSAGES.creditTargetNotCustomers],
    });
    expect((await apply({ source_invoice_id: foreign.id })).json()).toEqual({
      source_invoice_id: [MESSAGES.creditSourceNotCustomers],
    });
    expect((await apply({ invoice_id: a.id })).json()).toEqual({ invoice_id: [MESSAGES.creditTargetSame] });
    expect((await apply({ source_invoice_id: null })).json()).toEqual({
      source_invoice_id: [MESSAGES.creditSourceRequired],
    });
    expect(await countRows(ctx.database, 'invoice_payments')).toBe(entries);

    const refund = await ctx.staff.post(`/api/customers/${c.id}/credit/refund/`, {
      source_invoice_id: a.id,
      amount: '30.00',
      date: today,
      method: 'check',
      reason: 'Overpaid',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(creditRefundedAnswer.parse(refund.json())).toMatchObject({
      payment: { kind: 'refund', amount: '-30.00' },
      credit: { credit: '0.00' },
    });
  });

  it("a voided order's deposit is applied to another invoice: the deposit entry and the invoice entry name each other", async () => {
    const c = await newCustomer({ name: 'Pier Ice' });
    const order = await createOrder(ctx, { customer_id: c.id });
    await ctx.staff.post(`/api/orders/${order.id}/deposits/`, { date: today, method: 'cash', amount: '200' });
    const open = await createOrder(ctx, { customer_id: c.id });
    const notVoided = await ctx.staff.post(`/api/customers/${c.id}/credit/apply/`, {
      source_order_id: order.id,
      invoice_id: 1,
      amount: '1',
      date: today,
    });
    expect(notVoided.statusCode).toBe(400);
    await ctx.staff.post(`/api/orders/${order.id}/void/`, {});
    const b = await invoiceFor(c.id, '150.00');
    void open;
    expect((await page(c.id)).balance).toMatchObject({ balance: '-50.00', credit: '200.00' });
    const res = await ctx.staff.post(`/api/customers/${c.id}/credit/apply/`, {
      source_order_id: order.id,
      invoice_id: b.id,
      amount: '150',
      date: today,
    });
    expect(res.statusCode, res.body).toBe(201);
    const applied = creditAppliedAnswer.parse(res.json());
    expect(applied.source_deposit).toMatchObject({
      kind: 'applied',
      amount: '-150.00',
      invoice_payment_id: applied.applied.id,
      invoice_id: b.id,
    });
    expect(applied.credit).toMatchObject({
      credit: '50.00',
      sources: [{ kind: 'voided_order', order_id: order.id, amount: '50.00' }],
    });
    expect((await page(c.id)).balance).toMatchObject({ balance: '-50.00', credit: '50.00' });
    const refund = await ctx.staff.post(`/api/customers/${c.id}/credit/refund/`, {
      source_order_id: order.id,
      amount: '50',
      date: today,
      method: 'cash',
      reason: 'Cancelled order',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect((await page(c.id)).balance).toMatchObject({ balance: '0.00', credit: '0.00' });
  });
});

describe('payment terms', () => {
  it("a customer's terms fill each new invoice's terms and due date", async () => {
    const c = await newCustomer({ name: 'Net Thirty Foods', payment_terms: 'Net 30' });
    expect(c.payment_terms).toBe('Net 30');
    const invoice = await invoiceOrder(ctx, (await createOrder(ctx, { customer_id: c.id })).id);
    const view = invoiceAnswer.parse((await ctx.staff.get(`/api/invoices/${invoice.id}/`)).json());
    expect(view.editable_data.terms).toBe('Net 30');
    expect(view.editable_data.due_date).toBe(addDays(view.date, 30));
    // Without terms: the default, due on the invoice date.
    const plain = await invoiceOrder(ctx, (await createOrder(ctx)).id);
    const plainView = invoiceAnswer.parse((await ctx.staff.get(`/api/invoices/${plain.id}/`)).json());
    expect(plainView.editable_data.terms).toBe('Due on receipt');
    expect(plainView.editable_data.due_date).toBe(plainView.date);
  });

  it("an invoice's due date follows its date and terms through PATCH, until a PATCH sets the due date by hand", async () => {
    const c = await newCustomer({ name: 'Thirty Days Ice', payment_terms: 'Net 30' });
    const invoice = await invoiceOrder(ctx, (await createOrder(ctx, { customer_id: c.id })).id);
    const read = async () => invoiceAnswer.parse((await ctx.staff.get(`/api/invoices/${invoice.id}/`)).json());
    const patch = async (body: Record<string, unknown>) => {
      const res = await ctx.staff.patch(`/api/invoices/${invoice.id}/`, body);
      expect(res.statusCode, res.body).toBe(200);
      return invoiceAnswer.parse(res.json());
    };
    expect((await read()).editable_data.due_date).toBe(addDays((await read()).date, 30));

    // Only the date: Net 30 from the new date.
    let view = await patch({ date: '2026-03-02' });
    expect(view.editable_data).toMatchObject({ terms: 'Net 30', due_date: '2026-04-01' });
    // The editor sends every field back, the due date as it was: the new date still moves it.
    view = await patch({ date: '2026-03-10', editable_data: { ...view.editable_data, payments_credits: undefined } });
    expect(view.editable_data.due_date).toBe('2026-04-09');
    // New terms move it too.
    view = await patch({ editable_data: { terms: 'Net 45' } });
    expect(view.editable_data.due_date).toBe('2026-04-24');

    // A due date set by hand is kept, now and when the date or the terms change afterwards.
    view = await patch({ editable_data: { due_date: '2026-05-15' } });
    expect(view.editable_data.due_date).toBe('2026-05-15');
    view = await patch({ date: '2026-03-20' });
    expect(view.date).toBe('2026-03-20');
    expect(view.editable_data.due_date).toBe('2026-05-15');
    view = await patch({ editable_data: { terms: 'Net 10' } });
    expect(view.editable_data.due_date).toBe('2026-05-15');

    // A date and a due date in the same PATCH: the due date sent wins and is kept.
    const other = await invoiceOrder(ctx, (await createOrder(ctx, { customer_id: c.id })).id);
    const both = await ctx.staff.patch(`/api/invoices/${other.id}/`, {
      date: '2026-06-01',
      editable_data: { due_date: '2026-06-05' },
    });
    expect(invoiceAnswer.parse(both.json()).editable_data.due_date).toBe('2026-06-05');
    const later = await ctx.staff.patch(`/api/invoices/${other.id}/`, { date: '2026-06-15' });
    expect(invoiceAnswer.parse(later.json()).editable_data.due_date).toBe('2026-06-05');
  });

  it("recreating an invoice from its order applies the customer's terms again to a due date not set by hand", async () => {
    const c = await newCustomer({ name: 'Recreated Terms Co', payment_terms: 'Net 30' });
    const order = await createOrder(ctx, { customer_id: c.id });
    const invoice = await invoiceOrder(ctx, order.id);
    const typedOrder = await createOrder(ctx, { customer_id: c.id });
    const typed = await invoiceOrder(ctx, typedOrder.id);
    const set = await ctx.staff.patch(`/api/invoices/${typed.id}/`, { editable_data: { due_date: '2030-01-31' } });
    expect(set.statusCode, set.body).toBe(200);
    const terms = await ctx.staff.put(`/api/customers/${c.id}/`, {
      name: 'Recreated Terms Co',
      payment_terms: 'Net 60',
      version: c.version,
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const recreate = (orderId: number) =>
      ctx.staff.post(`/api/orders/${orderId}/create-invoice/`, { return_json: true, recreate: true });
    expect((await recreate(order.id)).statusCode).toBe(200);
    const view = invoiceAnswer.parse((await ctx.staff.get(`/api/invoices/${invoice.id}/`)).json());
    expect(view.editable_data).toMatchObject({ terms: 'Net 60', due_date: addDays(view.date, 60) });
    // One set by hand stays.
    expect((await recreate(typedOrder.id)).statusCode).toBe(200);
    const kept = invoiceAnswer.parse((await ctx.staff.get(`/api/invoices/${typed.id}/`)).json());
    expect(kept.editable_data).toMatchObject({ terms: 'Net 60', due_date: '2030-01-31' });
  });
});
