import { describe, expect, it } from 'vitest';
import { MESSAGES, todayIso } from '@icehouse/domain';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';
import { invoiceAnswer } from '../invoices/schemas';
import { invoicePaymentsAnswer } from '../payments/schemas';
import { countRows } from '../../../tests/orders-test-support';
import { salesTaxAnswer } from '../reports/schemas';
import { customerAnswer } from '../customers/schemas';
import { creditNoteIssuedAnswer, creditRefundedAnswer, customerCreditAnswer, invoiceCreditNotesAnswer } from './schemas';

/** Credit notes (decision 172) on PGlite and PostgreSQL (TEST_DATABASE_URL). */
const ctx = useInvoicesTestApp();
const today = todayIso();

/** An invoice with two taxed lines and freight at 8.25 %, no discount. */
async function invoiceWithTax() {
  const invoice = await invoiceOrder(ctx, (await createOrder(ctx)).id);
  const res = await ctx.staff.patch(`/api/invoices/${invoice.id}/`, {
    editable_data: {
      line_items: [
        { quantity: 2, description: 'Door panel', price_each: '333.33' },
        { quantity: 1, description: 'Cooler', price_each: '1000.00' },
        { quantity: 1, description: 'Freight', price_each: '150.00' },
      ],
      tax_exempt: false,
      tax_rate: '8.25',
      discount: '0',
      due_date: today,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return invoiceAnswer.parse((await ctx.staff.get(`/api/invoices/${invoice.id}/`)).json());
}

const issue = (invoiceId: number, lines: Record<string, unknown>[], reason = 'Returned panel') =>
  ctx.staff.post(`/api/invoices/${invoiceId}/credit-notes/`, { date: today, reason, line_items: lines });

describe('credit notes', () => {
  it("reverses the credited lines' tax, reduces the balance, keeps the invoice total, numbers CN-1001 onwards", async () => {
    const invoice = await invoiceWithTax();
    // 1816.66 + 8.25 % of the taxed 1666.66 (137.50)
    expect(invoice.totals.total).toBe('1954.16');
    const res = await issue(invoice.id, [{ quantity: 1, description: 'Door panel', price_each: '333.33' }]);
    expect(res.statusCode, res.body).toBe(201);
    const { credit_note: note, invoice: money } = creditNoteIssuedAnswer.parse(res.json());
    expect(note.credit_note_number).toMatch(/^CN-\d{4,}$/);
    expect(note).toMatchObject({
      subtotal: '333.33',
      tax_amount: '27.50',
      total: '360.83',
      tax_rate: '8.25',
    });
    // Its lines read as the invoice's do: the quantity a whole number, amounts with two places.
    expect(note.line_items).toEqual([
      { quantity: 1, description: 'Door panel', price_each: '333.33', amount: '333.33', is_freight: null },
    ]);
    expect(invoice.line_items.items[0]).toMatchObject({ quantity: 2, description: 'Door panel', price_each: '333.33' });
    const read = (await ctx.staff.get(`/api/credit-notes/${note.id}/`)).json() as { line_items: { quantity: unknown }[] };
    expect(read.line_items.map((l) => l.quantity)).toEqual([1]);
    expect(money.total).toBe(invoice.totals.total);
    expect(money.paid).toBe('360.83');
    const after = invoiceAnswer.parse((await ctx.staff.get(`/api/invoices/${invoice.id}/`)).json());
    expect(after.totals.total).toBe(invoice.totals.total);
    expect(after.totals.balance_due).toBe(money.balance_due);
    const ledger = invoicePaymentsAnswer.parse(
      (await ctx.staff.get(`/api/invoices/${invoice.id}/payments/`)).json(),
    );
    expect(ledger.results).toHaveLength(1);
    expect(ledger.results[0]).toMatchObject({
      kind: 'credit_note',
      amount: '360.83',
      reference: note.credit_note_number,
    });
    // Its ledger entry is not reversed on its own.
    const reverse = await ctx.staff.post(`/api/payments/${ledger.results[0]!.id}/reverse/`, {});
    expect(reverse.statusCode).toBe(409);
    expect(reverse.json()).toEqual({ detail: MESSAGES.creditEntryNotReversible });

    const second = creditNoteIssuedAnswer.parse(
      (await issue(invoice.id, [{ quantity: 1, description: 'Freight', price_each: '50' }])).json(),
    );
    expect(Number(second.credit_note.credit_note_number.slice(3))).toBe(
      Number(note.credit_note_number.slice(3)) + 1,
    );
    expect(second.credit_note.tax_amount).toBe('0.00'); // freight is not taxed, so none is reversed
    const list = invoiceCreditNotesAnswer.parse(
      (await ctx.staff.get(`/api/invoices/${invoice.id}/credit-notes/`)).json(),
    );
    expect(list).toMatchObject({
      credited: '410.83',
      results: [{ id: note.id }, { id: second.credit_note.id }],
    });
  });

  it('a credit note above what remains creditable is refused and changes nothing', async () => {
    const invoice = await invoiceWithTax();
    const before = await countRows(ctx.database, 'credit_notes');
    const entries = await countRows(ctx.database, 'invoice_payments');
    const tooMuch = await issue(invoice.id, [
      { quantity: 1, description: 'Everything and more', price_each: '5000' },
    ]);
    expect(tooMuch.statusCode).toBe(400);
    // The amount is written as staff read money everywhere else: with its thousands separator.
    expect(invoice.totals.total).toBe('1954.16');
    expect(tooMuch.json()).toEqual({
      line_items: ['The credit note cannot be more than $1,954.16, what remains to be credited on this invoice'],
    });
    // Part of it, then the rest would go past: the message names what remains.
    expect(
      (await issue(invoice.id, [{ quantity: 1, description: 'Cooler', price_each: '1000' }])).statusCode,
    ).toBe(201);
    const rest = await issue(invoice.id, [{ quantity: 1, description: 'Cooler', price_each: '1000' }]);
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toEqual({
      line_items: [
        'The credit note cannot be more than $871.66, what remains to be credited on this invoice',
      ],
    });
    expect(await countRows(ctx.database, 'credit_notes')).toBe(before + 1);
    expect(await countRows(ctx.database, 'invoice_payments')).toBe(entries + 1);
    // No reason, no lines, unknown invoice.
    const bad = await ctx.staff.post(`/api/invoices/${invoice.id}/credit-notes/`, {
      date: today,
      reason: ' ',
      line_items: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      reason: [MESSAGES.creditNoteReasonRequired],
      line_items: [MESSAGES.creditNoteLinesRequired],
    });
    expect((await issue(999999, [{ quantity: 1, description: 'x', price_each: '1' }])).statusCode).toBe(404);
  });

  it('on a partly paid invoice: up to what was invoiced and not yet credited (payments do not lower it); past the balance due the customer is in credit', async () => {
    const customer = customerAnswer.parse((await ctx.staff.post('/api/customers/', { name: 'Marina Bait Shop' })).json());
    const invoice = await invoiceOrder(ctx, (await createOrder(ctx, { customer_id: customer.id })).id);
    const edited = await ctx.staff.patch(`/api/invoices/${invoice.id}/`, {
      editable_data: { line_items: [{ quantity: 1, description: 'Cooler', price_each: '1000.00' }], tax_exempt: true, discount: '0' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const paid = await ctx.staff.post(`/api/invoices/${invoice.id}/payments/`, { date: today, method: 'check', amount: '600.00' });
    expect(paid.statusCode, paid.body).toBe(201);
    const creditable = async () =>
      invoiceCreditNotesAnswer.parse((await ctx.staff.get(`/api/invoices/${invoice.id}/credit-notes/`)).json()).creditable;
    const credit = async () =>
      customerCreditAnswer.parse((await ctx.staff.get(`/api/customers/${customer.id}/credit/`)).json());
    // 600.00 received of 1,000.00: all 1,000.00 may still be credited.
    expect(await creditable()).toBe('1000.00');

    // Crediting 300.00 of the 400.00 still owed: 100.00 due, no credit.
    let note = creditNoteIssuedAnswer.parse(
      (await issue(invoice.id, [{ quantity: 1, description: 'Price concession', price_each: '300.00' }])).json(),
    );
    expect(note.invoice).toMatchObject({ total: '1000.00', paid: '900.00', balance_due: '100.00', credit: '0.00', status: 'partially_paid' });
    expect(await creditable()).toBe('700.00');

    // 500.00 more goes 400.00 past the balance due: the invoice is paid and the customer is 400.00 in credit.
    note = creditNoteIssuedAnswer.parse(
      (await issue(invoice.id, [{ quantity: 1, description: 'Returned door', price_each: '500.00' }])).json(),
    );
    expect(note.invoice).toMatchObject({ paid: '1400.00', balance_due: '0.00', credit: '400.00', status: 'paid' });
    expect(await creditable()).toBe('200.00');
    expect(await credit()).toMatchObject({
      credit: '400.00',
      sources: [{ kind: 'invoice', invoice_id: invoice.id, amount: '400.00' }],
    });
    const page = customerAnswer.parse((await ctx.staff.get(`/api/customers/${customer.id}/`)).json());
    expect(page.balance).toMatchObject({ invoiced: '1000.00', balance: '-400.00', credit: '400.00' });

    // Never more than was invoiced and not yet credited, however much was paid.
    const tooMuch = await issue(invoice.id, [{ quantity: 1, description: 'The rest and more', price_each: '200.01' }]);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({
      line_items: ['The credit note cannot be more than $200.00, what remains to be credited on this invoice'],
    });

    // The customer is paid back their credit: the invoice is settled, the customer owes nothing and is owed nothing.
    const refund = await ctx.staff.post(`/api/customers/${customer.id}/credit/refund/`, {
      source_invoice_id: invoice.id,
      amount: '400.00',
      date: today,
      method: 'check',
      reason: 'Credit note after payment',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(creditRefundedAnswer.parse(refund.json()).credit.credit).toBe('0.00');
    const after = invoicePaymentsAnswer.parse((await ctx.staff.get(`/api/invoices/${invoice.id}/payments/`)).json());
    expect(after.invoice).toMatchObject({ paid: '1000.00', balance_due: '0.00', credit: '0.00', status: 'paid' });
    expect(after.results.map((p) => [p.kind, p.amount])).toEqual([
      ['payment', '600.00'],
      ['credit_note', '300.00'],
      ['credit_note', '500.00'],
      ['refund', '-400.00'],
    ]);
  });

  it('on a paid invoice: the whole total may be credited, and all of it becomes credit the customer can apply elsewhere', async () => {
    const customer = customerAnswer.parse((await ctx.staff.post('/api/customers/', { name: 'Dockside Oysters' })).json());
    const invoiceFor = async (total: string) => {
      const invoice = await invoiceOrder(ctx, (await createOrder(ctx, { customer_id: customer.id })).id);
      const edited = await ctx.staff.patch(`/api/invoices/${invoice.id}/`, {
        editable_data: { line_items: [{ quantity: 1, description: 'Cooler', price_each: total }], tax_exempt: true, discount: '0' },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      return invoice;
    };
    const paidInvoice = await invoiceFor('2500.00');
    const next = await invoiceFor('800.00');
    expect((await ctx.staff.post(`/api/invoices/${paidInvoice.id}/payments/`, { date: today, method: 'wire', amount: '2500.00' })).statusCode).toBe(201);

    const over = await issue(paidInvoice.id, [{ quantity: 1, description: 'Cooler returned', price_each: '2500.01' }]);
    expect(over.json()).toEqual({
      line_items: ['The credit note cannot be more than $2,500.00, what remains to be credited on this invoice'],
    });
    const whole = creditNoteIssuedAnswer.parse(
      (await issue(paidInvoice.id, [{ quantity: 1, description: 'Cooler returned', price_each: '2500.00' }])).json(),
    );
    expect(whole.invoice).toMatchObject({ total: '2500.00', paid: '5000.00', balance_due: '0.00', credit: '2500.00', status: 'paid' });

    // The credit pays the customer's next invoice (decision 174); what is left stays theirs.
    const applied = await ctx.staff.post(`/api/customers/${customer.id}/credit/apply/`, {
      source_invoice_id: paidInvoice.id,
      invoice_id: next.id,
      amount: '800.00',
      date: today,
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const page = customerAnswer.parse((await ctx.staff.get(`/api/customers/${customer.id}/`)).json());
    expect(page.balance).toMatchObject({ invoiced: '3300.00', balance: '-1700.00', credit: '1700.00' });
    const nextLedger = invoicePaymentsAnswer.parse((await ctx.staff.get(`/api/invoices/${next.id}/payments/`)).json());
    expect(nextLedger.invoice).toMatchObject({ balance_due: '0.00', status: 'paid' });
  });

  it('counts in the sales tax report of the period it is dated in, its tax reversed', async () => {
    const invoice = await invoiceWithTax();
    const datedLater = await ctx.staff.post(`/api/invoices/${invoice.id}/credit-notes/`, {
      date: '2026-02-10',
      reason: 'Returned cooler',
      line_items: [{ quantity: 1, description: 'Cooler', price_each: '1000' }],
    });
    expect(datedLater.statusCode, datedLater.body).toBe(201);
    const report = salesTaxAnswer.parse(
      (await ctx.staff.get('/api/reports/sales-tax/?from=2026-02-01&to=2026-02-28&period=month')).json(),
    );
    const feb = report.rows.find((r) => r.period === '2026-02')!;
    // Only the credit note is dated in February here (the invoice is dated today).
    if (!invoice.date.startsWith('2026-02')) {
      expect(feb).toMatchObject({
        invoices: 0,
        credit_notes: 1,
        taxable_sales: '-1000.00',
        tax: '-82.50',
        total: '-1082.50',
        freight: '0.00',
      });
    }
    expect(report.total.credit_notes).toBe(1);
  });
});
