import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, addOneYear, todayIso } from '@icehouse/domain';
import { invoicePayments, invoices } from '@icehouse/db/schema';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';
import { invoiceAnswer, invoiceListRestAnswer, invoiceUpdateAnswer } from '../invoices/schemas';
import { invoicePaymentsAnswer, paymentRecordedAnswer } from './schemas';

/** The payments ledger, on PGlite and on PostgreSQL (TEST_DATABASE_URL). */
const ctx = useInvoicesTestApp();
const today = todayIso();

/** An invoice of one order; its total, set by PATCH to an exact amount (one line, no tax). */
async function invoiceOf(total = '1000.00', extra: Record<string, unknown> = {}) {
  const invoice = await invoiceOrder(ctx, (await createOrder(ctx)).id);
  const res = await ctx.staff.patch(`/api/invoices/${invoice.id}/`, {
    editable_data: {
      line_items: [{ quantity: 1, description: 'Cooler', price_each: total }],
      tax_exempt: true,
      discount: '0',
      due_date: today,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return invoice;
}

const pay = (id: number, body: Record<string, unknown>) =>
  ctx.staff.post(`/api/invoices/${id}/payments/`, { date: today, method: 'check', ...body });

describe('payments ledger', () => {
  it('every entry is a payment.recorded event with its REST body', async () => {
    const invoice = await invoiceOf('250.00');
    const recorded = paymentRecordedAnswer.parse((await pay(invoice.id, { amount: '100' })).json());
    const events = (await ctx.staff.get('/api/events/?since=0')).json() as {
      results: { type: string; data: unknown }[];
    };
    const payments = events.results.filter((e) => e.type === 'payment.recorded');
    expect(payments).toHaveLength(1);
    expect(paymentRecordedAnswer.parse(payments[0]!.data)).toEqual(recorded);
    // The invoice changed with it (balance, version): invoice.updated, last, with the new balance, so that
    // an open editor of the invoice hears of it and integrators see the invoice as it now is.
    const last = events.results.at(-1) as { type: string; data: { id: number; version: number; totals: { balance_due: string } } };
    expect(last.type).toBe('invoice.updated');
    expect(last.data.id).toBe(invoice.id);
    expect(last.data.totals.balance_due).toBe('150.00');
    expect(last.data.version).toBe(recorded.invoice.version);
  });

  it('partial then final payment: balance, status and the ledger; the invoice reads the sum (REST and tRPC)', async () => {
    const invoice = await invoiceOf('1000.00');
    const first = await pay(invoice.id, { amount: '400', reference: '1201', note: 'deposit' });
    expect(first.statusCode, first.body).toBe(201);
    const a = paymentRecordedAnswer.parse(first.json());
    expect(a.payment).toMatchObject({
      kind: 'payment',
      amount: '400.00',
      method: 'check',
      reference: '1201',
      note: 'deposit',
      recorded_by: 'staff',
    });
    expect(a.invoice).toMatchObject({
      total: '1000.00',
      paid: '400.00',
      balance_due: '600.00',
      credit: '0.00',
      status: 'partially_paid',
    });

    const second = await ctx.staff.trpcMutation('payments.record', {
      invoiceId: invoice.id,
      data: { amount: '600.00', date: today, method: 'ach' },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().result.data.invoice).toMatchObject({
      paid: '1000.00',
      balance_due: '0.00',
      status: 'paid',
    });

    const got = invoiceAnswer.parse((await ctx.staff.get(`/api/invoices/${invoice.id}/`)).json());
    expect(got.editable_data.payments_credits).toBe('1000.00');
    expect(got.totals).toMatchObject({ payments_credits: '1000.00', balance_due: '0.00', credit: '0.00' });
    expect(got.status).toBe('paid');

    const ledger = invoicePaymentsAnswer.parse(
      (await ctx.staff.get(`/api/invoices/${invoice.id}/payments/`)).json(),
    );
    expect(ledger.results.map((p) => [p.kind, p.amount, p.method])).toEqual([
      ['payment', '400.00', 'check'],
      ['payment', '600.00', 'ach'],
    ]);
    const trpcLedger = (await ctx.staff.trpcQuery('payments.forInvoice', { invoiceId: invoice.id })).json()
      .result.data;
    expect(trpcLedger).toEqual(ledger);
  });

  it('an overpayment is a credit and the balance stays 0; a refund needs a reason and cannot exceed what was paid', async () => {
    const invoice = await invoiceOf('100.00');
    const over = paymentRecordedAnswer.parse((await pay(invoice.id, { amount: '130' })).json());
    expect(over.invoice).toMatchObject({
      paid: '130.00',
      balance_due: '0.00',
      credit: '30.00',
      status: 'paid',
    });

    const noReason = await pay(invoice.id, { amount: '-30' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ reason: [MESSAGES.refundReasonRequired] });
    const refund = await pay(invoice.id, { amount: '-30', reason: 'overpaid', method: 'card' });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json()).toMatchObject({
      payment: { kind: 'refund', amount: '-30.00', reason: 'overpaid' },
      invoice: { paid: '100.00', credit: '0.00' },
    });

    const tooMuch = await pay(invoice.id, { amount: '-100.01', reason: 'oops' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ amount: [MESSAGES.paymentsBelowZero] });
  });

  it('an entry is corrected by reversing it, once; a reversal is final; entries stay', async () => {
    const invoice = await invoiceOf('500.00');
    const p = paymentRecordedAnswer.parse(
      (await pay(invoice.id, { amount: '200', reference: '77' })).json(),
    ).payment;
    const rev = await ctx.staff.post(`/api/payments/${p.id}/reverse/`, { reason: 'bounced' });
    expect(rev.statusCode, rev.body).toBe(201);
    const r = paymentRecordedAnswer.parse(rev.json());
    expect(r.payment).toMatchObject({
      kind: 'reversal',
      amount: '-200.00',
      method: 'check',
      reference: '77',
      reverses_id: p.id,
      reason: 'bounced',
      date: today,
    });
    expect(r.invoice).toMatchObject({ paid: '0.00', balance_due: '500.00', status: 'unpaid' });

    const again = await ctx.staff.post(`/api/payments/${p.id}/reverse/`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: MESSAGES.paymentAlreadyReversed });
    const ofReversal = await ctx.staff.trpcMutation('payments.reverse', { id: r.payment.id, data: {} });
    expect(ofReversal.statusCode).toBe(409);
    expect((await ctx.staff.post('/api/payments/999999/reverse/', {})).statusCode).toBe(404);

    const ledger = invoicePaymentsAnswer.parse(
      (await ctx.staff.get(`/api/invoices/${invoice.id}/payments/`)).json(),
    );
    expect(ledger.results.map((e) => [e.amount, e.reversed_by_id, e.reverses_id])).toEqual([
      ['200.00', r.payment.id, null],
      ['-200.00', null, p.id],
    ]);
  });

  it('bad input: field errors with the domain messages (REST top level, tRPC fieldErrors); 4xx, never 5xx', async () => {
    const invoice = await invoiceOf('100.00');
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ amount: '0' }, { amount: [MESSAGES.paymentAmountZero] }],
      [{ amount: '10.005' }, { amount: [MESSAGES.priceDecimals] }],
      [{ amount: '10', date: addOneYear(addOneYear(today)) }, { date: [MESSAGES.paymentDateTooLate] }],
      [{ amount: '10', method: 'bitcoin' }, { method: [MESSAGES.paymentMethodInvalid] }],
      [{ amount: '' }, { amount: [MESSAGES.paymentAmountRequired] }],
    ];
    for (const [body, errors] of cases) {
      const rest = await pay(invoice.id, body);
      expect(rest.statusCode, JSON.stringify(body)).toBe(400);
      expect(rest.json()).toEqual(errors);
      const trpc = await ctx.staff.trpcMutation('payments.record', {
        invoiceId: invoice.id,
        data: { date: today, method: 'check', ...body },
      });
      expect(trpc.statusCode).toBe(400);
      expect(trpc.json().error.data.fieldErrors).toEqual(errors);
    }
    expect((await pay(999999, { amount: '5' })).statusCode).toBe(404);
    expect(await ctx.database.db.select().from(invoicePayments)).toHaveLength(0);
    expect((await ctx.anonymous.get(`/api/invoices/${invoice.id}/payments/`)).statusCode).toBe(401);
  });

  it('concurrent payments on one invoice all land and the balance is right', async () => {
    const invoice = await invoiceOf('1000.00');
    const answers = await Promise.all(Array.from({ length: 8 }, () => pay(invoice.id, { amount: '25.25' })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    const [row] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ paymentsCredits: '202.00', balanceDue: '798.00' });
    expect(await ctx.database.db.select().from(invoicePayments)).toHaveLength(8);
  });

  it('compatibility: a PATCH of payments_credits records one adjustment for the difference and says so', async () => {
    const invoice = await invoiceOf('1000.00');
    await pay(invoice.id, { amount: '100' });
    const version = (await ctx.staff.get(`/api/invoices/${invoice.id}/`)).json().version as number;
    const res = await ctx.staff.patch(`/api/invoices/${invoice.id}/`, {
      editable_data: { payments_credits: '350' },
      version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = invoiceUpdateAnswer.parse(res.json());
    expect(answer.payment_adjustment).toMatchObject({
      kind: 'adjustment',
      amount: '250.00',
      method: 'other',
      recorded_by: 'staff',
    });
    expect(answer.editable_data.payments_credits).toBe('350.00');
    expect(answer.totals.balance_due).toBe('650.00');
    expect(answer.version).toBe(version + 1);

    // Down again: a negative adjustment; the same value: none.
    const down = invoiceUpdateAnswer.parse(
      (
        await ctx.staff.patch(`/api/invoices/${invoice.id}/`, {
          editable_data: { payments_credits: '50.00' },
        })
      ).json(),
    );
    expect(down.payment_adjustment?.amount).toBe('-300.00');
    const same = invoiceUpdateAnswer.parse(
      (
        await ctx.staff.patch(`/api/invoices/${invoice.id}/`, { editable_data: { payments_credits: '50' } })
      ).json(),
    );
    expect(same.payment_adjustment).toBeNull();
    const ledger = invoicePaymentsAnswer.parse(
      (await ctx.staff.get(`/api/invoices/${invoice.id}/payments/`)).json(),
    );
    expect(ledger.results.map((e) => e.amount)).toEqual(['100.00', '250.00', '-300.00']);
    expect(ledger.invoice.paid).toBe('50.00');

    // A payment moves the version on: an edit made with the version read before it is refused.
    await pay(invoice.id, { amount: '1' });
    const stale = await ctx.staff.patch(`/api/invoices/${invoice.id}/`, {
      editable_data: { payments_credits: '50' },
      version: same.version,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('the invoices list filters by status, server side, with its count; rows carry status and balance', async () => {
    const paid = await invoiceOf('100.00');
    await pay(paid.id, { amount: '100' });
    const partial = await invoiceOf('100.00', { due_date: addOneYear(today) });
    await pay(partial.id, { amount: '10' });
    const overdue = await invoiceOf('100.00', { due_date: '2020-01-01' });
    await pay(overdue.id, { amount: '10' });
    const unpaid = await invoiceOf('100.00', { due_date: null });

    const ids = async (status: string) => {
      const res = await ctx.staff.get(`/api/invoices/?status=${status}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = invoiceListRestAnswer.parse(res.json());
      expect(page.count).toBe(page.results.length);
      for (const r of page.results) expect(r.status).toBe(status);
      return page.results.map((r) => r.id);
    };
    expect(await ids('paid')).toEqual([paid.id]);
    expect(await ids('partially_paid')).toEqual([partial.id]);
    expect(await ids('overdue')).toEqual([overdue.id]);
    expect(await ids('unpaid')).toEqual([unpaid.id]);
    const searched = (
      await ctx.staff.trpcQuery('invoices.list', { status: 'overdue', search: overdue.invoice_number })
    ).json().result.data;
    expect(searched.results.map((r: { id: number }) => r.id)).toEqual([overdue.id]);
    const all = invoiceListRestAnswer.parse((await ctx.staff.get('/api/invoices/')).json());
    expect(all.results.find((r) => r.id === partial.id)).toMatchObject({
      balance_due: '90.00',
      status: 'partially_paid',
    });
    const bad = await ctx.staff.get('/api/invoices/?status=late');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: [MESSAGES.invoiceStatusInvalid] });
  });
});
