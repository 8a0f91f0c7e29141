import { describe, expect, it } from 'vitest';
import { MESSAGES, todayIso } from '@icehouse/domain';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';
import { invoiceAnswer } from '../invoices/schemas';
import { invoicePaymentsAnswer } from '../payments/schemas';
import { countRows } from '../../../tests/orders-test-support';
import { salesTaxAnswer } from '../reports/schemas';
import { creditNoteIssuedAnswer, invoiceCreditNotesAnswer } from './schemas';

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
