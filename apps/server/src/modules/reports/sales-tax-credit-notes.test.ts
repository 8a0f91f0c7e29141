import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';
import { salesTaxAnswer } from './schemas';

/**
 * The sales tax report gives credit notes a column of their own, so "Invoiced" ties to the invoices of the
 * period and the net is invoiced − credited. Figures by hand: two tax-exempt invoices in March, 1,200.00 and
 * 300.00 (1,500.00 invoiced), a credit note of 250.00 on the first in March: credited 250.00, net 1,250.00.
 */
const ctx = useInvoicesTestApp();

async function invoice(total: string, date: string) {
  const order = await createOrder(ctx);
  const inv = (await invoiceOrder(ctx, order.id)) as { id: number };
  const res = await ctx.staff.patch(`/api/invoices/${inv.id}/`, {
    date,
    editable_data: { line_items: [{ quantity: 1, description: 'Cooler', price_each: total }], tax_exempt: true, discount: '0' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return inv;
}

describe('the sales tax report and credit notes', () => {
  it('shows what was invoiced and what was credited in columns of their own, the total netting them', async () => {
    const first = await invoice('1200.00', '2025-03-03');
    await invoice('300.00', '2025-03-20');
    const note = await ctx.staff.post(`/api/invoices/${first.id}/credit-notes/`, {
      date: '2025-03-25',
      reason: 'Damaged panel',
      line_items: [{ quantity: 1, description: 'Panel', price_each: '250.00' }],
    });
    expect(note.statusCode, note.body).toBe(201);
    const report = salesTaxAnswer.parse((await ctx.staff.get('/api/reports/sales-tax/?from=2025-03-01&to=2025-03-31&period=month')).json());
    expect(report.rows).toEqual([
      expect.objectContaining({ period: '2025-03', invoices: 2, credit_notes: 1, invoiced: '1500.00', credited: '250.00', total: '1250.00' }),
    ]);
    expect(report.total).toMatchObject({ invoiced: '1500.00', credited: '250.00', total: '1250.00' });
    const csv = parse((await ctx.staff.get('/api/reports/sales-tax/csv/?from=2025-03-01&to=2025-03-31&period=month')).body, {
      columns: true,
      bom: true,
    }) as Record<string, string>[];
    expect(csv.map((r) => [r.Period, r.Invoiced, r['Credit notes'], r['Net total']])).toEqual([
      ['2025-03', '1500.00', '250.00', '1250.00'],
      ['Total', '1500.00', '250.00', '1250.00'],
    ]);
  });
});
