import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@icehouse/domain';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';

/**
 * What the accountant's files say about an invoice beside its amounts: QuickBooks Online's Memo and
 * Xero's Reference carry the invoice's PO/job name (Xero's number column already holds the invoice number).
 */
const ctx = useInvoicesTestApp();
const today = todayIso();
const csvRows = (body: string) => parse(body, { columns: true, bom: true }) as Record<string, string>[];

async function invoiceFor(poJobName: string) {
  const order = await createOrder(ctx);
  const invoice = await invoiceOrder(ctx, order.id);
  const res = await ctx.staff.patch(`/api/invoices/${invoice.id}/`, {
    date: today,
    editable_data: { po_job_name: poJobName, line_items: [{ quantity: 1, description: 'Cooler', price_each: '100.00' }], tax_exempt: true, discount: '0' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return invoice as { invoice_number: string };
}

const download = async (format: string) => {
  const res = await ctx.staff.get(`/api/reports/accounting-export/?from=${today}&to=${today}&format=${format}`);
  expect(res.statusCode, res.body).toBe(200);
  return csvRows(res.body);
};

describe('the accountant export names the PO/job', () => {
  it("puts the PO/job name in QuickBooks Online's Memo and Xero's Reference, never the invoice number again", async () => {
    const withPo = await invoiceFor('PO 7781 Lake cabin');
    const without = await invoiceFor('');
    const qbo = await download('qbo-invoices');
    expect(qbo.find((r) => r.InvoiceNo === withPo.invoice_number)?.Memo).toBe('PO/Job: PO 7781 Lake cabin');
    expect(qbo.find((r) => r.InvoiceNo === without.invoice_number)?.Memo).toBe('');
    const xero = await download('xero-invoices');
    expect(xero.find((r) => r['*InvoiceNumber'] === withPo.invoice_number)?.Reference).toBe('PO 7781 Lake cabin');
    expect(xero.find((r) => r['*InvoiceNumber'] === without.invoice_number)?.Reference).toBe('');
  });
});
