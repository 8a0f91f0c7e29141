import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { archivedDocuments, companyInfo, history, invoices } from '@icehouse/db/schema';
import { readPdfText } from '../../../tests/pdf-text';
import type { InvoiceLineView } from './views';
import { countRows } from '../../../tests/orders-test-support';
import { PDF_503_DETAIL, appWithoutBrowser, createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';

/** Invoice PDFs and the combined invoice through the real Chromium, read back as text. */

const ctx = useInvoicesTestApp({ pdf: true });

async function pdfText(body: Buffer | string) {
  return (await readPdfText(Buffer.isBuffer(body) ? body : Buffer.from(body, 'binary'))).all;
}

describe('GET /api/invoices/{id}/pdf/', () => {
  it('prints the number, customer, lines, totals and balance due; inline as invoice-{number}.pdf', async () => {
    await ctx.database.db
      .update(companyInfo)
      .set({ street: '1200 Industrial Pkwy', city: 'Duluth', state: 'MN', zipCode: '55802', phone: '(218) 555-0142' })
      .where(eq(companyInfo.id, 1));
    const order = await createOrder(ctx);
    const created = await invoiceOrder(ctx, order.id);
    const res = await ctx.staff.get(`/api/invoices/${created.id}/pdf/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="invoice-1001.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Ice House Co',
      '1001',
      'Acme Foods',
      'Acme Warehouse',
      'Lake cabin',
      'Due on receipt',
      `Lake cabin Due on receipt`,
      order.door_number,
      'Walk-in Cooler 8x10 (Freezer/Cooler Unit) $12,000.00 $12,000.00',
      'Door Cladding: Stainless $275.00 $275.00',
      '2 Rod Holder $19.90 $39.80',
      'Extra cam locks',
      '1 Freight $250.00 $250.00',
      'Subtotal $12,564.80',
      'Discount (10%) -$1,256.48',
      'Sales Tax (8.25%) $912.31',
      'Total $12,220.63',
      'Balance Due $12,220.63',
      // Remit-to falls back to the company address.
      '1200 Industrial Pkwy',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints what the editor saved', async () => {
    const order = await createOrder(ctx);
    const created = await invoiceOrder(ctx, order.id);
    await ctx.database.db.update(companyInfo).set({ remitPaymentStreet: 'PO Box 4410', remitPaymentCity: 'Duluth' }).where(eq(companyInfo.id, 1));
    const patched = await ctx.staff.patch(`/api/invoices/${created.id}/`, {
      invoice_number: 'INV 10/2',
      editable_data: {
        bill_to: { name: 'Lakeside Bait & Tackle', city: 'Two Harbors', state: 'MN' },
        line_items: [
          { quantity: 1, description: 'Shore lunch shelter <b>deluxe</b>', price_each: '1500' },
          { quantity: 1, description: 'Freight', price_each: '100' },
        ],
        discount: '0',
        tax_exempt: true,
        payments_credits: '600',
      },
    });
    expect(patched.statusCode).toBe(200);
    const res = await ctx.staff.get(`/api/invoices/${created.id}/pdf/`);
    expect(res.headers['content-disposition']).toBe('inline; filename="invoice-INV_10_2.pdf"');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'INV 10/2',
      'Lakeside Bait & Tackle',
      'Shore lunch shelter <b>deluxe</b> $1,500.00',
      'Total $1,600.00',
      'Payments/Credits -$600.00',
      'Balance Due $1,000.00',
      'PO Box 4410',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Rod Holder');
  });

  it('lists the payments and the balance; a new entry makes a new archived PDF', async () => {
    const created = await invoiceOrder(ctx, (await createOrder(ctx)).id);
    const patched = await ctx.staff.patch(`/api/invoices/${created.id}/`, {
      editable_data: {
        line_items: [{ quantity: 1, description: 'Cooler', price_each: '1000.00' }],
        tax_exempt: true,
        discount: '0',
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const pay = async (body: Record<string, unknown>) => {
      const res = await ctx.staff.post(`/api/invoices/${created.id}/payments/`, body);
      expect(res.statusCode, res.body).toBe(201);
    };
    const pdf = async () => {
      const res = await ctx.staff.get(`/api/invoices/${created.id}/pdf/`);
      expect(res.statusCode, res.body).toBe(200);
      return { bytes: res.rawPayload, text: await pdfText(res.rawPayload) };
    };
    const versions = async () =>
      (await ctx.database.db.select().from(archivedDocuments).where(eq(archivedDocuments.recordId, created.id)))
        .length;

    const unpaid = await pdf();
    expect(unpaid.text).toContain('Balance Due $1,000.00');
    expect(unpaid.text).not.toContain('PAYMENTS');
    expect(unpaid.text).not.toContain('Credit $');

    await pay({ date: '2024-03-05', amount: '400', method: 'check', reference: '1201' });
    const partial = await pdf();
    for (const expected of [
      'PAYMENTS\nDATE METHOD REFERENCE AMOUNT',
      '03/05/2024 Check 1201 $400.00',
      'Payments/Credits -$400.00',
      'Balance Due $600.00',
    ]) {
      expect(partial.text).toContain(expected);
    }
    expect(await versions()).toBe(2);
    // Nothing changed: the archived bytes again, no new version.
    expect((await pdf()).bytes.equals(partial.bytes)).toBe(true);
    expect(await versions()).toBe(2);

    // A refund prints negative; paying more than the total leaves a credit and no balance.
    await pay({ date: '2024-03-20', amount: '-50', method: 'check', reference: 'R-7', reason: 'Damaged lid' });
    await pay({ date: '2024-04-02', amount: '700.00', method: 'wire', reference: 'FED-88' });
    const overpaid = await pdf();
    for (const expected of [
      '03/05/2024 Check 1201 $400.00',
      '03/20/2024 Check (Refund) R-7 -$50.00',
      '04/02/2024 Wire FED-88 $700.00',
      'Payments/Credits -$1,050.00',
      'Balance Due $0.00',
      'Credit $50.00',
    ]) {
      expect(overpaid.text).toContain(expected);
    }
    expect(await versions()).toBe(3);
  });

  it('404 for an unknown invoice', async () => {
    expect((await ctx.staff.get('/api/invoices/999/pdf/')).statusCode).toBe(404);
  });
});

describe('POST /api/invoices/create-combined/', () => {
  it('makes one invoice for the orders, lines grouped by door number, answered as a PDF download', async () => {
    const a = await createOrder(ctx, { date: '2024-05-01', customer_po_job_name: 'Cabin A' });
    const b = await createOrder(ctx, { date: '2024-05-03', customer_po_job_name: 'Cabin B', freight_cost: '0', discount: '10', discount_is_percentage: true });
    const res = await ctx.staff.post('/api/invoices/create-combined/', { order_ids: [b.id, String(a.id)], date: '2024-06-10' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="invoice-1001.pdf"');
    expect(res.headers['x-invoice-number']).toBe('1001');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('1001');
    expect(text).toContain(`Order ${a.door_number}: Walk-in Cooler 8x10 (Freezer/Cooler Unit)`);
    expect(text).toContain(`Order ${a.door_number}: Freight $250.00`);
    expect(text).toContain(`Order ${b.door_number}: Rod Holder`);
    expect(text).toContain(`${a.door_number}, ${b.door_number}`);

    const id = Number(res.headers['x-invoice-id']);
    const invoice = (await ctx.staff.get(`/api/invoices/${id}/`)).json();
    expect(invoice).toMatchObject({
      invoice_number: '1001',
      date: '2024-06-10',
      customer_name: 'Acme Foods',
      order_count: 2,
      orders: [a.id, b.id],
      order_number: `${a.door_number}, ${b.door_number}`,
      is_combined: true,
      has_manual_edits: false,
    });
    expect(invoice.editable_data).toMatchObject({ po_job_name: 'Cabin A, Cabin B', discount: '10.00', discount_is_percentage: true });
    expect(invoice.line_items.items.map((l: InvoiceLineView) => l.description)).toEqual([
      `Order ${a.door_number}: Walk-in Cooler 8x10 (Freezer/Cooler Unit)`,
      `Order ${a.door_number}: Door Cladding: Stainless`,
      `Order ${a.door_number}: Rod Holder`,
      `Order ${a.door_number}: Extra cam locks`,
      `Order ${a.door_number}: Freight`,
      `Order ${b.door_number}: Walk-in Cooler 8x10 (Freezer/Cooler Unit)`,
      `Order ${b.door_number}: Door Cladding: Stainless`,
      `Order ${b.door_number}: Rod Holder`,
      `Order ${b.door_number}: Extra cam locks`,
    ]);
    expect(invoice.totals.subtotal).toBe('24879.60'); // 12564.80 + 12314.80
    for (const o of [a, b]) {
      const after = (await ctx.staff.get(`/api/orders/${o.id}/`)).json();
      expect(after).toMatchObject({ has_invoice: true, invoice_number: '1001', invoice_details: { id } });
    }
    const list = (await ctx.staff.get('/api/invoices/')).json();
    expect(list.results[0]).toMatchObject({ id, is_combined: true, order_count: 2 });
  });

  it('different discounts become one fixed discount: the sum of each order’s', async () => {
    const a = await createOrder(ctx); // 10 % of 12564.80 = 1256.48
    const b = await createOrder(ctx, { discount: '100', discount_is_percentage: false });
    const res = await ctx.staff.post('/api/invoices/create-combined/', { order_ids: [a.id, b.id], date: '2024-06-10' });
    expect(res.statusCode).toBe(201);
    const invoice = (await ctx.staff.get(`/api/invoices/${res.headers['x-invoice-id']}/`)).json();
    expect(invoice.editable_data).toMatchObject({ discount: '1356.48', discount_is_percentage: false });
    expect(invoice.totals.discount_amount).toBe('1356.48');
  });

  it('refuses with clear messages: one order, unknown, voided, already invoiced, mixed tax exemption, no date', async () => {
    const a = await createOrder(ctx);
    const b = await createOrder(ctx);
    const voided = await createOrder(ctx);
    await ctx.staff.post(`/api/orders/${voided.id}/void/`);
    const invoiced = await createOrder(ctx);
    const existing = await invoiceOrder(ctx, invoiced.id);
    const exempt = await createOrder(ctx, { tax_exempt: true });
    const post = (body: unknown) => ctx.staff.post('/api/invoices/create-combined/', body);

    const one = await post({ order_ids: [a.id], date: '2024-06-10' });
    expect(one.statusCode).toBe(400);
    expect(one.json()).toEqual({ order_ids: ['Select at least 2 orders for a combined invoice'] });
    expect((await post({ order_ids: [a.id, a.id], date: '2024-06-10' })).json()).toEqual({ order_ids: ['Each order can only be included once'] });

    const unknown = await post({ order_ids: [a.id, 9999], date: '2024-06-10' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ order_ids: ['Order 9999 does not exist.'] });

    const bad = await post({ order_ids: [a.id, voided.id, invoiced.id], date: '2024-06-10' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      order_ids: [`Order ${voided.door_number} is voided and cannot be invoiced.`, `Order ${invoiced.door_number} already has invoice #${existing.invoice_number}.`],
    });

    const mixed = await post({ order_ids: [a.id, exempt.id], date: '2024-06-10' });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().order_ids[0]).toBe(
      `These orders cannot share an invoice: ${exempt.door_number} is tax exempt and ${a.door_number} is not. Invoice them separately.`,
    );

    const noDate = await post({ order_ids: [a.id, b.id] });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json()).toEqual({ date: ['Date is required'] });

    expect(await countRows(ctx.database, 'invoices')).toBe(1);
  });
});

describe('without a browser', () => {
  it('PDF routes answer 503 naming the fix; a combined invoice is not kept, so trying again works', async () => {
    const order = await createOrder(ctx);
    const created = await invoiceOrder(ctx, order.id);
    const a = await createOrder(ctx, { invoice_number: 'TYPED-1' });
    const b = await createOrder(ctx);
    const broken = await appWithoutBrowser(ctx.database);
    try {
      const pdf = await broken.staff.get(`/api/invoices/${created.id}/pdf/`);
      expect(pdf.statusCode).toBe(503);
      expect(pdf.json().detail).toMatch(PDF_503_DETAIL);

      const print = await broken.staff.get(`/api/orders/${order.id}/print/`);
      expect(print.statusCode).toBe(503);
      expect(print.json().detail).toMatch(PDF_503_DETAIL);

      const combined = await broken.staff.post('/api/invoices/create-combined/', { order_ids: [a.id, b.id], date: '2024-06-10' });
      expect(combined.statusCode).toBe(503);
      expect(combined.json().detail).toMatch(PDF_503_DETAIL);
      expect(await countRows(ctx.database, 'invoices')).toBe(1);
      const entries = await ctx.database.db.select().from(history).where(eq(history.orderId, a.id));
      expect(entries.map((e) => e.action)).toEqual(['created']);
      const aAfter = (await ctx.staff.get(`/api/orders/${a.id}/`)).json();
      expect(aAfter).toMatchObject({ has_invoice: false, invoice_number: 'TYPED-1' });

      // The BOL is saved even when its PDF cannot be made (saving again gives the PDF).
      const bol = await broken.staff.post(`/api/orders/${order.id}/create-bill-of-lading/`, { bill_of_lading_date: '2024-06-11' });
      expect(bol.statusCode).toBe(503);
      expect((await ctx.staff.get(`/api/orders/${order.id}/get-bol-number/`)).json()).toMatchObject({ is_update: true, bol_number: '1001' });
    } finally {
      await broken.close();
    }
    // Trying again with a browser works.
    const again = await ctx.staff.post('/api/invoices/create-combined/', { order_ids: [a.id, b.id], date: '2024-06-10' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['x-invoice-number']).toBe('TYPED-1');
    const [row] = await ctx.database.db.select().from(invoices).where(eq(invoices.invoiceNumber, 'TYPED-1'));
    expect(row?.isCombined).toBe(true);
  });
});
