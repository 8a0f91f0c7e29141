import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';

/** Every invoice's payments ledger as CSV, with its date range and method filters (decision 115). */
const ctx = useInvoicesTestApp();

function rowsOf(body: string): Record<string, string>[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parse(body, { bom: true, columns: true }) as Record<string, string>[];
}

async function invoiceFor(name: string, total: string) {
  const invoice = await invoiceOrder(ctx, (await createOrder(ctx, { billing_address: { name } })).id);
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

async function pay(invoiceId: number, body: Record<string, unknown>) {
  const res = await ctx.staff.post(`/api/invoices/${invoiceId}/payments/`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { payment: { id: number } };
}

describe('GET /api/payments/export.csv', () => {
  it('every entry of every invoice, newest first; refunds negative; formula cells neutralised; filters', async () => {
    const lakeside = await invoiceFor('@Lakeside', '1000.00');
    const zed = await invoiceFor('Zed Co', '300.00');
    const deposit = await pay(lakeside.id, {
      date: '2024-03-05',
      amount: '400',
      method: 'check',
      reference: '=HYPERLINK("http://evil","x")',
      note: 'deposit, "first"',
    });
    await pay(lakeside.id, { date: '2024-04-10', amount: '600.00', method: 'card', reference: '4242' });
    const refund = await pay(lakeside.id, {
      date: '2024-04-20',
      amount: '-50.25',
      method: 'check',
      reference: '-1203',
      reason: 'Damaged lid',
    });
    await pay(zed.id, { date: '2023-12-31', amount: '100', method: 'cash' });

    const res = await ctx.staff.get('/api/payments/export.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    // The raw file: CRLF lines, the reference quoted and neutralised.
    expect(res.body).toContain('\r\n');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    const rows = rowsOf(res.body);
    expect(rows.map((r) => r.Date)).toEqual(['2024-04-20', '2024-04-10', '2024-03-05', '2023-12-31']);
    expect(rows[0]).toMatchObject({
      'Payment ID': String(refund.payment.id),
      'Invoice ID': String(lakeside.id),
      'Invoice Number': lakeside.invoice_number,
      Customer: "'@Lakeside",
      Kind: 'refund',
      Method: 'check',
      Reference: "'-1203",
      // A negative amount is a number, never neutralised.
      Amount: '-50.25',
      Reason: 'Damaged lid',
      'Reverses Payment ID': '',
      'Recorded By': 'staff',
    });
    expect(rows[0]!['Recorded At']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(rows[2]).toMatchObject({
      'Payment ID': String(deposit.payment.id),
      Kind: 'payment',
      Amount: '400.00',
      Reference: '\'=HYPERLINK("http://evil","x")',
      Note: 'deposit, "first"',
    });
    expect(rows[3]).toMatchObject({ Customer: 'Zed Co', Method: 'cash', Amount: '100.00' });

    // A reversal is an entry too, pointing at the one it reverses.
    const reversed = await ctx.staff.post(`/api/payments/${deposit.payment.id}/reverse/`, {
      reason: 'bounced',
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    const withReversal = rowsOf((await ctx.staff.get('/api/payments/export.csv')).body);
    expect(withReversal[0]).toMatchObject({
      Kind: 'reversal',
      Amount: '-400.00',
      'Reverses Payment ID': String(deposit.payment.id),
    });

    // Filters: dates inclusive at both ends, the method, both together.
    const aprilCsv = await ctx.staff.get('/api/payments/export.csv?from=2024-04-10&to=2024-04-20');
    // Named for the range it holds, not for the day it was downloaded.
    expect(aprilCsv.headers['content-disposition']).toBe('attachment; filename="payments-2024-04-10-to-2024-04-20.csv"');
    const april = rowsOf(aprilCsv.body);
    expect(april.map((r) => r.Date)).toEqual(['2024-04-20', '2024-04-10']);
    const upTo2023 = rowsOf((await ctx.staff.get('/api/payments/export.csv?to=2023-12-31')).body);
    expect(upTo2023.map((r) => r.Customer)).toEqual(['Zed Co']);
    const checks = rowsOf(
      (await ctx.staff.get('/api/payments/export.csv?method=check&from=2024-01-01&to=2024-12-31')).body,
    );
    expect(checks.map((r) => r.Amount)).toEqual(['-50.25', '400.00']);
    const blank = rowsOf((await ctx.staff.get('/api/payments/export.csv?from=&to=&method=')).body);
    expect(blank).toHaveLength(5);
    expect(rowsOf((await ctx.staff.get('/api/payments/export.csv?from=2030-01-01')).body)).toEqual([]);
  });

  it('bad filters are field errors; signed-in staff only', async () => {
    const method = await ctx.staff.get('/api/payments/export.csv?method=bitcoin');
    expect(method.statusCode).toBe(400);
    expect(method.body).toContain('Select a valid method');
    const date = await ctx.staff.get('/api/payments/export.csv?from=2024-02-30');
    expect(date.statusCode).toBe(400);
    const order = await ctx.staff.get('/api/payments/export.csv?from=2024-05-01&to=2024-04-01');
    expect(order.statusCode).toBe(400);
    expect(order.body).toContain('The end date must be on or after the start date');
    expect((await ctx.anonymous.get('/api/payments/export.csv')).statusCode).toBe(401);
  });

  it('reads past one batch (keyset by date and id)', async () => {
    const invoice = await invoiceFor('Bulk', '999999.00');
    const { PAYMENT_EXPORT_BATCH } = await import('./export');
    const { invoicePayments } = await import('@icehouse/db/schema');
    const many = PAYMENT_EXPORT_BATCH + 3;
    await ctx.database.db.insert(invoicePayments).values(
      Array.from({ length: many }, (_, i) => ({
        invoiceId: invoice.id,
        kind: 'payment' as const,
        // Several entries a day: the keyset must break ties by id.
        date: `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
        amount: '1.00',
        method: 'cash' as const,
      })),
    );
    const rows = rowsOf((await ctx.staff.get('/api/payments/export.csv')).body);
    expect(rows).toHaveLength(many);
    expect(new Set(rows.map((r) => r['Payment ID'])).size).toBe(many);
    const keys = rows.map((r) => `${r.Date} ${r['Payment ID']!.padStart(8, '0')}`);
    expect([...keys].sort().reverse()).toEqual(keys);
  });
});
