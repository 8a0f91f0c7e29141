import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../tests/invoices-test-support';
import { insertOrders } from '../../tests/orders-test-support';
import { ORDER_EXPORT_BATCH } from '../modules/orders/export-query';

/** The orders, invoices and customers lists as CSV downloads with their filters. */
const ctx = useInvoicesTestApp();

function rowsOf(body: string): Record<string, string>[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parse(body, { bom: true, columns: true }) as Record<string, string>[];
}

describe('CSV exports', () => {
  it("orders: the list's filters, every matching order across batches, newest first; formula cells neutralised", async () => {
    const bulk = Array.from({ length: ORDER_EXPORT_BATCH + 5 }, (_, i) => ({
      date: `2023-0${(i % 9) + 1}-15`,
      doorNumber: `BULK-${i}`,
      billingName: i === 0 ? '=HYPERLINK("http://evil")' : `Bulk ${i}`,
    }));
    await insertOrders(ctx.database, bulk);
    const order = await createOrder(ctx, {
      billing_address: { name: '+Plus & Co, "Ltd"' },
      date: '2024-02-01',
    });
    const deposit = await ctx.staff.post(`/api/orders/${order.id}/deposits/`, { date: '2024-02-02', method: 'check', amount: '300' });
    expect(deposit.statusCode, deposit.body).toBe(201);

    const all = await ctx.staff.get('/api/orders/export.csv');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = rowsOf(all.body);
    expect(rows).toHaveLength(ORDER_EXPORT_BATCH + 6);
    expect(new Set(rows.map((r) => r['Order ID'])).size).toBe(rows.length);
    expect(rows[0]).toMatchObject({
      'Door Number': order.door_number,
      Date: '2024-02-01',
      'Billing Name': '\'+Plus & Co, "Ltd"',
      'Freight Cost': '250.00',
      // The status key, as the invoices CSV writes its status (decision 143), and the order's
      // total exactly as GET /api/orders/{id}/ answers it.
      Status: 'pending',
      'Order Total': order.totals.total,
      // Added last (decision 212): what the order's deposit account holds, as the list shows it.
      'Deposits Held': '300.00',
    });
    expect(Object.keys(rows[0]!).at(-1)).toBe('Deposits Held');
    expect(rows.slice(1).every((r) => r['Deposits Held'] === '0.00')).toBe(true);
    expect(Number(order.totals.total)).toBeGreaterThan(0);
    // Every row has its total, past the first batch too.
    expect(rows.every((r) => /^\d+\.\d{2}$/.test(r['Order Total']!))).toBe(true);
    const dates = rows.map((r) => r.Date!);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(rows.find((r) => r['Door Number'] === 'BULK-0')!['Billing Name']).toBe(
      '\'=HYPERLINK("http://evil")',
    );

    // The list's filters: year and month, customer search.
    const march = rowsOf((await ctx.staff.get('/api/orders/export.csv?year=2023&month=3')).body);
    const listed = (await ctx.staff.get('/api/orders/?year=2023&month=3')).json();
    expect(march).toHaveLength(listed.count);
    expect(march.every((r) => r.Date!.startsWith('2023-03'))).toBe(true);
    const plus = rowsOf((await ctx.staff.get('/api/orders/export.csv?customer=plus%20%26')).body);
    expect(plus.map((r) => r['Order ID'])).toEqual([String(order.id)]);
    const bad = await ctx.staff.get('/api/orders/export.csv?month=13');
    expect(bad.statusCode).toBe(400);
    expect((await ctx.anonymous.get('/api/orders/export.csv')).statusCode).toBe(401);
  });

  it('invoices and customers: their search, totals as decimals with a dot, ISO dates', async () => {
    const customer = (
      await ctx.staff.post('/api/customers/', { name: '@Lakeside', email: 'x@lake.example', notes: '-note' })
    ).json();
    await ctx.staff.post('/api/customers/', { name: 'Zed Co' });
    const order = await createOrder(ctx, {
      customer_id: customer.id,
      billing_address: { name: '@Lakeside' },
    });
    await createOrder(ctx, { billing_address: { name: 'Other Inc' } });
    const invoice = await invoiceOrder(ctx, order.id);
    const stored = (await ctx.staff.get(`/api/invoices/${invoice.id}/`)).json();

    const invoices = rowsOf((await ctx.staff.get('/api/invoices/export.csv?search=lakeside')).body);
    expect(invoices).toEqual([
      expect.objectContaining({
        'Invoice Number': invoice.invoice_number,
        Date: stored.date,
        Customer: "'@Lakeside",
        Orders: order.door_number,
        Total: stored.totals.total,
        'Tax Rate': '8.25',
        'Balance Due': stored.totals.balance_due,
        Combined: 'false',
        Status: 'unpaid',
      }),
    ]);
    expect(stored.totals.total).toMatch(/^\d+\.\d{2}$/);
    // The list's status filter selects the export's rows too: the download is what the list shows.
    expect(rowsOf((await ctx.staff.get('/api/invoices/export.csv?status=paid')).body)).toEqual([]);
    const unpaid = rowsOf((await ctx.staff.get('/api/invoices/export.csv?status=unpaid&search=lakeside')).body);
    expect(unpaid.map((r) => r['Invoice Number'])).toEqual([invoice.invoice_number]);

    const customers = rowsOf((await ctx.staff.get('/api/customers/export.csv')).body);
    expect(customers.map((r) => r.Name)).toEqual(["'@Lakeside", 'Zed Co']);
    expect(customers[0]).toMatchObject({ Email: 'x@lake.example', Notes: "'-note", Orders: '1' });
    expect(customers[0]!.Created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const zed = rowsOf((await ctx.staff.get('/api/customers/export.csv?search=zed')).body);
    expect(zed.map((r) => r.Name)).toEqual(['Zed Co']);
  });
});
