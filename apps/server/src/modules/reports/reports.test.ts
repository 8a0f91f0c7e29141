import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import {
  AGING_BUCKETS,
  MESSAGES,
  addSalesTax,
  calculateInvoiceTotals,
  periodOf,
  salesTaxOfInvoice,
  todayIso,
  addDays,
  type SalesTaxAmounts,
} from '@icehouse/domain';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';
import { agingAnswer, agingInvoicesAnswer, salesTaxAnswer } from './schemas';

/** Sales tax by period and receivables aging, on PGlite and PostgreSQL. */
const ctx = useInvoicesTestApp();

const cents = (max: number) =>
  fc.integer({ min: 0, max }).map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`);
const generatedInvoice = fc.record({
  date: fc.integer({ min: 0, max: 364 }).map((d) => addDays('2025-01-01', d)),
  lines: fc.array(
    fc.record({
      quantity: fc.integer({ min: 1, max: 9 }),
      description: fc.constantFrom('Cooler', 'Freight', 'Door', 'Heater'),
      price_each: cents(900_000),
      is_freight: fc.constantFrom(true, false, null),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  discount_is_percentage: fc.boolean(),
  percent: cents(10_000),
  fixed: cents(500_000),
  tax_exempt: fc.boolean(),
  tax_rate: cents(1_500),
});

async function createInvoice(patch: Record<string, unknown>, billTo = 'Report Customer') {
  const order = await createOrder(ctx, { billing_address: { name: billTo } });
  const invoice = await invoiceOrder(ctx, order.id);
  const res = await ctx.staff.patch(`/api/invoices/${invoice.id}/`, patch);
  expect(res.statusCode, res.body).toBe(200);
  return { ...invoice, order };
}

describe('sales tax report', () => {
  it('agrees to the cent with the invoices, per quarter and in total, for random invoices (summed both ways)', async () => {
    const generated = fc.sample(generatedInvoice, { numRuns: 14, seed: 16 });
    const expected: { date: string; amounts: SalesTaxAmounts }[] = [];
    for (const g of generated) {
      const editable = {
        line_items: g.lines,
        discount: g.discount_is_percentage ? g.percent : g.fixed,
        discount_is_percentage: g.discount_is_percentage,
        tax_exempt: g.tax_exempt,
        tax_rate: g.tax_rate,
      };
      await createInvoice({ date: g.date, editable_data: editable });
      const totals = calculateInvoiceTotals({
        lineItems: g.lines.map((l) => ({ ...l, is_freight: l.is_freight ?? undefined })),
        discount: editable.discount,
        discountIsPercentage: g.discount_is_percentage,
        taxRate: g.tax_rate,
        taxExempt: g.tax_exempt,
      });
      expected.push({ date: g.date, amounts: salesTaxOfInvoice({ ...totals, taxExempt: g.tax_exempt }) });
    }
    // One invoice outside the range counts nowhere.
    await createInvoice({
      date: '2026-01-01',
      editable_data: { line_items: [{ quantity: 1, description: 'x', price_each: '5' }] },
    });

    const res = await ctx.staff.get('/api/reports/sales-tax/?from=2025-01-01&to=2025-12-31&period=quarter');
    expect(res.statusCode, res.body).toBe(200);
    const report = salesTaxAnswer.parse(res.json());
    expect(report.rows.map((r) => r.period)).toEqual(['2025-Q1', '2025-Q2', '2025-Q3', '2025-Q4']);
    for (const row of report.rows) {
      const mine = expected.filter((e) => periodOf(e.date, 'quarter').key === row.period);
      expect(row).toMatchObject({ invoices: mine.length, ...addSalesTax(mine.map((e) => e.amounts)) });
    }
    expect(report.total).toEqual({
      invoices: expected.length,
      credit_notes: 0,
      voided_credit_notes: 0,
      ...addSalesTax(expected.map((e) => e.amounts)),
    });
    // The tax collected is the invoices' own tax, summed.
    const listed = await Promise.all(
      (await ctx.staff.get('/api/invoices/'))
        .json()
        .results.map(async (r: { id: number }) => (await ctx.staff.get(`/api/invoices/${r.id}/`)).json()),
    );
    const taxOf2025 = listed
      .filter((i) => i.date.startsWith('2025'))
      .map((i) => i.totals.tax_amount as string);
    expect(report.total.tax).toBe(
      addSalesTax(
        taxOf2025.map((tax) => ({
          taxable_sales: '0',
          exempt_sales: '0',
          freight: '0',
          discounts: '0',
          tax,
          invoiced: '0',
          credited: '0',
          total: '0',
        })),
      ).tax,
    );

    const monthly = salesTaxAnswer.parse(
      (
        await ctx.staff.trpcQuery('reports.salesTax', {
          from: '2025-01-01',
          to: '2025-12-31',
          period: 'month',
        })
      ).json().result.data,
    );
    expect(monthly.rows).toHaveLength(12);
    expect(monthly.total).toEqual(report.total);
  });

  it('CSV: BOM, header, one line per period and a Total line; bad filters are field errors', async () => {
    await createInvoice({
      date: '2025-02-03',
      editable_data: {
        line_items: [{ quantity: 1, description: '=HYPERLINK("x")', price_each: '100' }],
        tax_rate: '10',
        tax_exempt: false,
        discount: '0',
      },
    });
    const res = await ctx.staff.get('/api/reports/sales-tax/csv/?from=2025-01-01&to=2025-12-31&period=year');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(res.rawPayload.toString('utf8').slice(1)) as string[][];
    expect(rows[0]).toEqual([
      'Period',
      'From',
      'To',
      'Invoices',
      'Credit notes issued',
      'Credit notes voided',
      'Taxable sales',
      'Exempt sales',
      'Freight',
      'Discounts',
      'Tax collected',
      'Invoiced',
      'Credit notes',
      'Net total',
    ]);
    expect(rows[1]).toEqual([
      '2025',
      '2025-01-01',
      '2025-12-31',
      '1',
      '0',
      '0',
      '100.00',
      '0.00',
      '0.00',
      '0.00',
      '10.00',
      '110.00',
      '0.00',
      '110.00',
    ]);
    expect(rows[2]?.[0]).toBe('Total');

    const bad = await ctx.staff.get('/api/reports/sales-tax/?from=2025-05-01&to=2025-01-01&period=week');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ period: [MESSAGES.reportPeriodInvalid] });
    const backwards = await ctx.staff.get('/api/reports/sales-tax/?from=2025-05-01&to=2025-01-01');
    expect(backwards.json()).toEqual({ to: [MESSAGES.reportRangeOrder] });
    expect((await ctx.anonymous.get('/api/reports/sales-tax/')).statusCode).toBe(401);
  });
});

describe('aging report', () => {
  it('buckets balances by days past due, per customer (bill-to name when unlinked), with totals; CSV too', async () => {
    const today = todayIso();
    const one = (price: string, due: string | null) => ({
      editable_data: {
        line_items: [{ quantity: 1, description: 'Cooler', price_each: price }],
        tax_exempt: true,
        discount: '0',
        due_date: due,
      },
    });
    await createInvoice(one('100.00', addDays(today, 5)), 'Alpha Farms');
    await createInvoice(one('200.00', addDays(today, -10)), 'alpha farms ');
    await createInvoice(one('300.00', addDays(today, -45)), 'Beta Resort');
    const partly = await createInvoice(one('400.00', addDays(today, -75)), 'Beta Resort');
    await ctx.staff.post(`/api/invoices/${partly.id}/payments/`, {
      amount: '150',
      date: today,
      method: 'cash',
    });
    await createInvoice(one('500.00', addDays(today, -91)), 'Gamma');
    const paid = await createInvoice(one('50.00', addDays(today, -200)), 'Gamma');
    await ctx.staff.post(`/api/invoices/${paid.id}/payments/`, { amount: '50', date: today, method: 'cash' });

    const res = await ctx.staff.get('/api/reports/aging/');
    expect(res.statusCode, res.body).toBe(200);
    const report = agingAnswer.parse(res.json());
    const byName = Object.fromEntries(report.rows.map((r) => [r.customer_name.toLowerCase(), r]));
    expect(byName['alpha farms']).toMatchObject({
      invoices: 2,
      current: '100.00',
      days_1_30: '200.00',
      total: '300.00',
    });
    expect(byName['beta resort']).toMatchObject({
      invoices: 2,
      days_31_60: '300.00',
      days_61_90: '250.00',
      total: '550.00',
    });
    expect(byName['gamma']).toMatchObject({ invoices: 1, over_90: '500.00', total: '500.00' });
    expect(report.total).toEqual({
      invoices: 5,
      current: '100.00',
      days_1_30: '200.00',
      days_31_60: '300.00',
      days_61_90: '250.00',
      over_90: '500.00',
      total: '1350.00',
    });

    // Drill-down: the invoices behind every cell add up to it, to the cent.
    const behind = async (query: Record<string, string>) => {
      const answer = await ctx.staff.get('/api/reports/aging/invoices/', { query });
      expect(answer.statusCode, answer.body).toBe(200);
      return agingInvoicesAnswer.parse(answer.json()).results;
    };
    const centsOf = (amounts: string[]) => amounts.reduce((sum, a) => sum + BigInt(a.replace('.', '')), 0n);
    for (const row of report.rows) {
      const who: Record<string, string> =
        row.customer_id === null
          ? { customer_name: row.customer_name }
          : { customer_id: String(row.customer_id) };
      const all = await behind(who);
      expect(all).toHaveLength(row.invoices);
      for (const b of AGING_BUCKETS) {
        const listed = await behind({ ...who, bucket: b.key });
        expect(listed.every((inv) => inv.bucket === b.key)).toBe(true);
        expect(centsOf(listed.map((inv) => inv.balance_due)), `${row.customer_name} ${b.key}`).toBe(
          centsOf([row[b.key]]),
        );
      }
    }
    const over90 = await behind({ bucket: 'over_90' });
    expect(over90.map((inv) => [inv.customer_name, inv.balance_due])).toEqual([['Gamma', '500.00']]);
    expect(over90[0]!.days_past_due).toBe(91);
    expect((await ctx.staff.get('/api/reports/aging/invoices/?bucket=soon')).statusCode).toBe(400);

    const csv = await ctx.staff.get('/api/reports/aging/csv/');
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.rawPayload.toString('utf8').slice(1)) as string[][];
    expect(rows[0]).toEqual([
      'Customer',
      'Customer id',
      'Invoices',
      'Current',
      '1–30 days',
      '31–60 days',
      '61–90 days',
      'Over 90 days',
      'Total',
    ]);
    expect(rows.at(-1)).toEqual([
      'Total',
      '',
      '5',
      '100.00',
      '200.00',
      '300.00',
      '250.00',
      '500.00',
      '1350.00',
    ]);
  });
});
