import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { balanceDueOf } from '@icehouse/domain';
import { companyInfo, customerLinkEvents } from '@icehouse/db/schema';
import { createOrder, invoiceOrder } from '../../../tests/invoices-test-support';
import { useOrdersTestApp } from '../../../tests/orders-test-support';
import { waitFor } from '../../../tests/wait-for-jobs';
import { startSmtpServer } from '../../../tests/smtp-server';
import { linkHeaders } from '../../../tests/quotes-support';

/**
 * An invoice's customer link (decision 210): emailed with the invoice through a real SMTP server (in
 * `{invoice_link}`, or at the end of a template written without it), it opens the invoice's key
 * figures (the staff's payments summary), its terms and the remit-to address, and its PDF; each use
 * is logged; staff list and revoke it like a quote's.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

const ctx = useOrdersTestApp({ pdf: true, jobWorkers: true, smtpUrl: () => smtp.url, app: { publicBaseUrl: 'https://orders.example.com' } });

const textOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
const LINK = /https:\/\/orders\.example\.com\/customer\/invoice\/(\d+)#([A-Za-z0-9_-]{43})/;

async function emailInvoice(id: number, body: string): Promise<string> {
  const before = smtp.received.length;
  const sent = await ctx.staff.trpcMutation('email.send', {
    kind: 'invoice',
    id,
    data: { to: 'ap@acme.example', subject: 'Your invoice', body },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  await waitFor(() => smtp.received.length > before, 60_000);
  return textOf(smtp.received[before]!.raw);
}

describe("an invoice's customer link", () => {
  it('comes in the email, in place of {invoice_link} or after a template without it, and opens the invoice and how to pay', async () => {
    await ctx.database.db
      .update(companyInfo)
      .set({ emailFrom: 'billing@icehouse.example', remitPaymentName: 'Ice House Lockbox', remitPaymentStreet: 'PO Box 77', remitPaymentCity: 'Fargo', remitPaymentState: 'ND', remitPaymentZipCode: '58102' })
      .where(eq(companyInfo.id, 1));
    const invoice = await invoiceOrder(ctx, (await createOrder(ctx)).id);
    const paid = await ctx.staff.post(`/api/invoices/${invoice.id}/payments/`, { date: '2026-03-02', method: 'check', amount: '100.00' });
    expect(paid.statusCode, paid.body).toBe(201);

    const withPlaceholder = await emailInvoice(invoice.id, 'Pay online: {invoice_link}\nThanks');
    expect(withPlaceholder).toMatch(new RegExp(`Pay online: ${LINK.source}\\s+Thanks`));
    expect(withPlaceholder).not.toContain('{invoice_link}');
    const oldTemplate = await emailInvoice(invoice.id, 'Please find attached your invoice.');
    expect(oldTemplate).toMatch(new RegExp(`Please find attached your invoice\\.\\s+View the invoice and how to pay it online:\\s+${LINK.source}`));

    const [, id, token] = LINK.exec(oldTemplate)!;
    expect(Number(id)).toBe(invoice.id);
    const summary = (await ctx.staff.get(`/api/invoices/${invoice.id}/payments/`)).json().invoice;
    const view = await ctx.anonymous.get(`/api/customer/invoices/${invoice.id}/`, linkHeaders(token!));
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      invoice_number: invoice.invoice_number,
      total: summary.total,
      paid: '100.00',
      balance_due: balanceDueOf(summary.total, '100.00'),
      credit: '0.00',
      status: summary.status,
      due_date: summary.due_date,
      remit_to: { name: 'Ice House Lockbox', street: 'PO Box 77', city: 'Fargo', state: 'ND', zip_code: '58102' },
    });
    expect(view.json().terms).not.toBe('');
    const pdf = await ctx.anonymous.get(`/api/customer/invoices/${invoice.id}/pdf/`, linkHeaders(token!));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(/^attachment/);
    expect(pdf.rawPayload.toString('latin1')).toContain('%PDF-');

    // Two links made (one per send), the used one shows its view and download; revoking it closes it.
    const links = (await ctx.staff.get(`/api/invoices/${invoice.id}/links/`)).json().results as { id: number; views: number }[];
    expect(links.map((l) => l.views)).toEqual([2, 0]);
    const actions = await ctx.database.db.select({ action: customerLinkEvents.action, type: customerLinkEvents.entityType }).from(customerLinkEvents);
    expect(actions).toEqual([{ action: 'view', type: 'invoice' }, { action: 'pdf', type: 'invoice' }]);
    expect((await ctx.staff.post(`/api/invoices/${invoice.id}/links/${links[0]!.id}/revoke/`)).statusCode).toBe(200);
    expect((await ctx.anonymous.get(`/api/customer/invoices/${invoice.id}/`, linkHeaders(token!))).statusCode).toBe(403);
  });

  it('staff calls on links answer 404 for an invoice that does not exist', async () => {
    expect((await ctx.staff.post('/api/invoices/999999/links/', {})).statusCode).toBe(404);
    expect((await ctx.staff.get('/api/invoices/999999/links/')).statusCode).toBe(404);
    expect((await ctx.staff.get('/api/invoices/999999/link-events/')).statusCode).toBe(404);
  });
});
