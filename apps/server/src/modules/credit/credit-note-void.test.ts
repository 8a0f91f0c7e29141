import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';
import { countRows } from '../../../tests/orders-test-support';
import { newCustomer } from '../../../tests/statements-support';
import { creditNoteIssuedAnswer, customerCreditAnswer, invoiceCreditNotesAnswer } from './schemas';
import { liveStatementAnswer } from '../statements/schemas';
import { agingAnswer, salesTaxAnswer } from '../reports/schemas';
import { customerAnswer } from '../customers/schemas';

/**
 * Voiding a credit note, on PGlite and PostgreSQL (TEST_DATABASE_URL): the note stays and a reversing entry
 * joins the ledger, which every money document reads. Figures worked out by hand here:
 *
 *   invoice 2026-09-10: Door 185.00 + Cooler 1,000.00, tax 6.88 % on 1,185.00 = 81.528 -> 81.53; total 1,266.53
 *   payment 2026-09-15: 500.00                                   balance due   766.53
 *   credit note 2026-09-20: Door 185.00, tax 185 × 6.88 % = 12.728 -> 12.73; total 197.73;  due 568.80
 *   void 2026-10-05                                              balance due   766.53 again
 */
const ctx = useInvoicesTestApp();

async function ok(res: { statusCode: number; body: string; json(): unknown }, status = 201) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as Record<string, unknown> & { id: number };
}

async function history() {
  const customer = await newCustomer(ctx, 'Pike Lake Bait');
  const order = await createOrder(ctx, { customer_id: customer.id });
  const invoice = (await invoiceOrder(ctx, order.id)) as { id: number; invoice_number: string };
  await ok(
    await ctx.staff.patch(`/api/invoices/${invoice.id}/`, {
      date: '2026-09-10',
      editable_data: {
        line_items: [
          { quantity: 1, description: 'Door', price_each: '185.00' },
          { quantity: 1, description: 'Cooler', price_each: '1000.00' },
        ],
        tax_exempt: false,
        tax_rate: '6.88',
        discount: '0',
        due_date: '2026-09-10',
      },
    }),
    200,
  );
  await ok(await ctx.staff.post(`/api/invoices/${invoice.id}/payments/`, { date: '2026-09-15', method: 'check', amount: '500.00' }));
  const issued = creditNoteIssuedAnswer.parse(
    await ok(
      await ctx.staff.post(`/api/invoices/${invoice.id}/credit-notes/`, {
        date: '2026-09-20',
        reason: 'Door returned',
        line_items: [{ quantity: 1, description: 'Door', price_each: '185.00' }],
      }),
    ),
  );
  expect(issued.credit_note).toMatchObject({ total: '197.73', tax_amount: '12.73', voided: false, void_date: null });
  expect(issued.invoice.balance_due).toBe('568.80');
  return { customer, invoice, note: issued.credit_note };
}

const voidNote = (id: number, body: Record<string, unknown>) => ctx.staff.post(`/api/credit-notes/${id}/void/`, body);

describe('voiding a credit note', () => {
  it('keeps the note and reverses its entry, and every money document reads the void', async () => {
    const { customer, invoice, note } = await history();
    const voided = creditNoteIssuedAnswer.parse(await ok(await voidNote(note.id, { date: '2026-10-05', reason: 'Door kept after all' }), 200));
    expect(voided.credit_note).toMatchObject({
      id: note.id,
      credit_note_number: note.credit_note_number,
      total: '197.73',
      voided: true,
      void_date: '2026-10-05',
      void_reason: 'Door kept after all',
      voided_by: 'staff',
    });
    expect(voided.invoice).toMatchObject({ total: '1266.53', paid: '500.00', balance_due: '766.53', credit: '0.00' });

    // The ledger keeps both entries: the note's +197.73 and its void's −197.73, which names it.
    const payments = (await ctx.staff.get(`/api/invoices/${invoice.id}/payments/`)).json() as { results: { id: number; kind: string; amount: string; reverses_id: number | null; date: string }[] };
    const entries = payments.results.map((p) => [p.kind, p.amount, p.date]);
    expect(entries).toEqual(expect.arrayContaining([['credit_note', '197.73', '2026-09-20'], ['credit_note_void', '-197.73', '2026-10-05']]));
    const voidEntry = payments.results.find((p) => p.kind === 'credit_note_void')!;
    expect(voidEntry.reverses_id).toBe(note.payment_id);
    expect(voided.credit_note.void_payment_id).toBe(voidEntry.id);
    // Nothing deleted: the note is still there, and what it credited may be credited again.
    expect(await countRows(ctx.database, 'credit_notes')).toBe(1);
    const listed = invoiceCreditNotesAnswer.parse((await ctx.staff.get(`/api/invoices/${invoice.id}/credit-notes/`)).json());
    expect(listed).toMatchObject({ credited: '0.00', creditable: '1266.53' });
    expect(listed.results.map((n) => [n.credit_note_number, n.voided])).toEqual([[note.credit_note_number, true]]);

    // The statement of September and October: the note, then its void; nothing stands credited.
    const s = liveStatementAnswer.parse((await ctx.staff.get(`/api/customers/${customer.id}/statement/?from=2026-09-01&to=2026-10-31`)).json());
    expect(s.entries.map((e) => [e.date, e.label, e.amount, e.balance])).toEqual([
      ['2026-09-10', 'Invoice', '1266.53', '1266.53'],
      ['2026-09-15', 'Payment', '-500.00', '766.53'],
      ['2026-09-20', 'Credit note', '-197.73', '568.80'],
      ['2026-10-05', 'Credit note voided', '197.73', '766.53'],
    ]);
    expect(s).toMatchObject({ invoiced: '1266.53', paid: '500.00', credited: '0.00', closing_balance: '766.53', aging_total: '766.53' });
    expect(s.entries[3]!.detail).toBe(note.credit_note_number);
    // September alone still shows the note as it stood then.
    const september = liveStatementAnswer.parse((await ctx.staff.get(`/api/customers/${customer.id}/statement/?from=2026-09-01&to=2026-09-30`)).json());
    expect(september).toMatchObject({ credited: '197.73', closing_balance: '568.80' });

    // The customer page, the aging report and the customer's credit.
    expect(customerAnswer.parse((await ctx.staff.get(`/api/customers/${customer.id}/`)).json()).balance.balance).toBe('766.53');
    const aging = agingAnswer.parse((await ctx.staff.get('/api/reports/aging/')).json());
    expect(aging.rows.find((r) => r.customer_id === customer.id)?.total).toBe('766.53');
    expect(customerCreditAnswer.parse((await ctx.staff.get(`/api/customers/${customer.id}/credit/`)).json()).credit).toBe('0.00');

    // The sales tax report: the note in September, given back in October, each in the credit notes column.
    const tax = salesTaxAnswer.parse((await ctx.staff.get('/api/reports/sales-tax/?from=2026-09-01&to=2026-10-31&period=month')).json());
    expect(tax.rows.map((r) => [r.period, r.invoiced, r.credited, r.tax, r.total, r.credit_notes, r.voided_credit_notes])).toEqual([
      ['2026-09', '1266.53', '197.73', '68.80', '1068.80', 1, 0],
      ['2026-10', '0.00', '-197.73', '12.73', '197.73', 0, 1],
    ]);

    // The payments CSV and the accountant's files carry the void on its day.
    const csv = parse((await ctx.staff.get('/api/payments/export.csv?from=2026-10-01&to=2026-10-31')).body, { columns: true, bom: true }) as Record<string, string>[];
    expect(csv.map((r) => [r.Kind, r.Amount])).toEqual([['credit_note_void', '-197.73']]);
    const iif = (await ctx.staff.get('/api/reports/accounting-export/?from=2026-10-01&to=2026-10-31&format=iif')).body;
    const trns = iif.split('\r\n').find((l) => l.startsWith('TRNS\t'))!.split('\t');
    expect(trns).toEqual(expect.arrayContaining(['GENERAL JOURNAL', 'Accounts Receivable', '197.73', `${note.credit_note_number}-VOID`]));
    const xero = parse((await ctx.staff.get('/api/reports/accounting-export/?from=2026-10-01&to=2026-10-31&format=xero-invoices')).body, { columns: true, bom: true }) as Record<string, string>[];
    expect(xero.map((r) => [r['*InvoiceNumber'], r['*UnitAmount'], r.TaxAmount, r.Reference])).toEqual([
      [`${note.credit_note_number}-VOID`, '185.00', '12.73', note.credit_note_number],
    ]);
  });

  it('refuses a second void, a void without a reason or dated before the note, and an unknown note, writing nothing', async () => {
    const { invoice, note } = await history();
    const noReason = await voidNote(note.id, { date: '2026-10-05', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ reason: ['Give the reason for voiding the credit note'] });
    const early = await voidNote(note.id, { date: '2026-09-19', reason: 'Kept' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ date: ['A void cannot be dated before its credit note (09/20/2026)'] });
    expect((await voidNote(99_999, { date: '2026-10-05', reason: 'Kept' })).statusCode).toBe(404);
    // Two people at once: one void, the other refused.
    const both = await Promise.all([voidNote(note.id, { date: '2026-10-05', reason: 'Kept' }), voidNote(note.id, { date: '2026-10-06', reason: 'Kept' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json()).toEqual({ detail: 'This credit note is already voided.' });
    const payments = (await ctx.staff.get(`/api/invoices/${invoice.id}/payments/`)).json() as { results: { kind: string }[] };
    expect(payments.results.filter((p) => p.kind === 'credit_note_void')).toHaveLength(1);
    // The void's entry is not reversed on its own (the note would then stand voided and credited).
    const entry = (payments.results as { id: number; kind: string }[]).find((p) => p.kind === 'credit_note_void')!;
    expect((await ctx.staff.post(`/api/payments/${entry.id}/reverse/`, { reason: 'Undo' })).statusCode).toBe(409);
  });
});
