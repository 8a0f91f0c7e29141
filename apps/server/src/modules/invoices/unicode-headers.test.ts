import { describe, expect, it } from 'vitest';
import { countRows } from '../../../tests/orders-test-support';
import { createOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';

/**
 * Invoice numbers come from users: any character may be in one. Headers built from them must
 * still be sendable, or the answer is a 500 after the invoice was committed.
 */
const ctx = useInvoicesTestApp({ pdf: true });

describe('headers built from an invoice number outside Latin-1', () => {
  for (const number of ['INV–7001', 'INV 🧊 7002']) {
    it(`combined invoice ${number}: 201 with the number percent-encoded in X-Invoice-Number, one invoice kept`, async () => {
      const a = await createOrder(ctx, { invoice_number: number });
      const b = await createOrder(ctx);
      const res = await ctx.staff.post('/api/invoices/create-combined/', { order_ids: [a.id, b.id], date: '2024-06-10' });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(201);
      expect(decodeURIComponent(String(res.headers['x-invoice-number']))).toBe(number);
      expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="invoice-[A-Za-z0-9._-]+\.pdf"$/);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await countRows(ctx.database, 'invoices')).toBe(1);
      const invoice = (await ctx.staff.get(`/api/invoices/${res.headers['x-invoice-id']}/`)).json();
      expect(invoice.invoice_number).toBe(number);
      // Its PDF is served too.
      expect((await ctx.staff.get(`/api/invoices/${invoice.id}/pdf/`)).statusCode).toBe(200);
    });
  }
});
