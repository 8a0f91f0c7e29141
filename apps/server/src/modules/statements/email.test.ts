import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyInfo, emailMessages } from '@icehouse/db/schema';
import { useOrdersTestApp, countRows } from '../../../tests/orders-test-support';
import { waitFor } from '../../../tests/wait-for-jobs';
import { pdfAttachmentOf, startSmtpServer } from '../../../tests/smtp-server';
import { readPdfText } from '../../../tests/pdf-text';
import { linkHeaders } from '../../../tests/quotes-support';
import { OCTOBER, OCTOBER_FIGURES, invoiceDated, newCustomer, pay, quoteToCashCustomer } from '../../../tests/statements-support';
import { createOrder } from '../../../tests/invoices-test-support';
import { batchAnswer, statementEmailedAnswer } from './schemas';

/**
 * Statements emailed through the queue to a real SMTP server in this process, PDFs rendered by
 * Chromium and read back as text (decisions 200-202): one customer's, and a batch to exactly the
 * customers with a balance, each send its own job and its own row in the sent log.
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
const fromAddress = () => ctx.database.db.update(companyInfo).set({ emailFrom: 'ar@icehouse.example' }).where(eq(companyInfo.id, 1));

describe('statement PDF and email', () => {
  it('prints the figures on the PDF, emails it with a link that opens it for the customer', async () => {
    await fromAddress();
    const { customer, b } = await quoteToCashCustomer(ctx);
    const onScreen = await ctx.staff.get(`/api/customers/${customer.id}/statement/pdf/?from=${OCTOBER.from}&to=${OCTOBER.to}`);
    expect(onScreen.statusCode, onScreen.body).toBe(200);
    const text = (await readPdfText(onScreen.rawPayload)).all;
    for (const shown of ['Statement', 'Harbor Fish Co', '10/01/2026 – 10/31/2026', 'Opening Balance', '$700.00', '$150.00', '$400.00', '$250.00', b.invoice_number, 'Credit note'])
      expect(text, shown).toContain(shown);
    // Not issued: it says it is a preview, not "Statement # Not issued".
    expect(text).toMatch(/Statement Preview/i);
    expect(text).toContain('Preview, not issued');
    expect(text).not.toContain('Not issued');

    const sent = await ctx.staff.post(`/api/customers/${customer.id}/statement/email/`, OCTOBER);
    expect(sent.statusCode, sent.body).toBe(201);
    const answer = statementEmailedAnswer.parse(sent.json());
    expect(answer.statement).toMatchObject({ statement_number: `S-${answer.statement.id}`, ...OCTOBER_FIGURES });
    expect(answer.email).toMatchObject({ kind: 'statement', to: ['ap@harbor.example'], status: 'queued' });

    await waitFor(() => smtp.received.length > 0, 60_000);
    const raw = smtp.received[0]!.raw;
    expect(smtp.received[0]!.to).toEqual(['ap@harbor.example']);
    const pdf = pdfAttachmentOf(raw);
    const attached = (await readPdfText(pdf!)).all;
    expect(attached).toContain(`S-${answer.statement.id}`);
    expect(attached).toContain('$150.00');
    const url = /https:\/\/orders\.example\.com\/customer\/statement\/(\d+)#([A-Za-z0-9_-]{43})/.exec(textOf(raw));
    expect(url, textOf(raw)).not.toBeNull();
    const view = await ctx.anonymous.get(`/api/customer/statements/${url![1]}/`, linkHeaders(url![2]!));
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ ...OCTOBER_FIGURES, customer_name: 'Harbor Fish Co' });
    const customerPdf = await ctx.anonymous.get(`/api/customer/statements/${url![1]}/pdf/`, linkHeaders(url![2]!));
    expect(customerPdf.statusCode).toBe(200);
    // The sent log has the message, sent, with the archived version attached.
    const logOf = async () => (await ctx.staff.trpcQuery('email.log', { kind: 'statement', id: answer.statement.id })).json().result.data.results;
    await waitFor(async () => (await logOf())[0]?.status === 'sent', 30_000);
    expect(await logOf()).toMatchObject([{ status: 'sent', document_version: 1 }]);
  });

  it('refuses a customer without an email address, and a bad period, issuing nothing', async () => {
    await fromAddress();
    const c = await newCustomer(ctx, 'No Mail Inc');
    const res = await ctx.staff.post(`/api/customers/${c.id}/statement/email/`, OCTOBER);
    expect(res.statusCode).toBe(400);
    expect(res.json().email).toEqual(['This customer has no email address: add one on the customer before sending a statement.']);
    const withMail = await newCustomer(ctx, 'Mail Inc', 'm@mail.example');
    const bad = await ctx.staff.post(`/api/customers/${withMail.id}/statement/email/`, { from: '2026-10-31', to: '2026-10-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().to).toEqual(['To must be on or after From.']);
    expect(await countRows(ctx.database, 'statements')).toBe(0);
    expect(await countRows(ctx.database, 'email_messages')).toBe(0);
  });

  it('a batch emails exactly the customers with a balance, each its own job and sent-log row', async () => {
    await fromAddress();
    smtp.received.length = 0;
    const { customer: owing } = await quoteToCashCustomer(ctx, 'Owing Co', 'owing@example.com');
    // Paid in full: no balance, no statement.
    const settled = await newCustomer(ctx, 'Settled Co', 'settled@example.com');
    const paidInvoice = await invoiceDated(ctx, (await createOrder(ctx, { customer_id: settled.id })).id, '640.00', '2026-10-01', '2026-10-01');
    await pay(ctx, paidInvoice.id, '640.00', '2026-10-02');
    // In credit (a deposit on an order not invoiced): a balance of −75.00, so a statement.
    const inCredit = await newCustomer(ctx, 'Credit Co', 'credit@example.com');
    const order = await createOrder(ctx, { customer_id: inCredit.id });
    expect((await ctx.staff.post(`/api/orders/${order.id}/deposits/`, { date: '2026-10-03', method: 'cash', amount: '75.00' })).statusCode).toBe(201);
    // A balance but no email address: skipped.
    const noMail = await newCustomer(ctx, 'Silent Co');
    await invoiceDated(ctx, (await createOrder(ctx, { customer_id: noMail.id })).id, '90.00', '2026-10-04', '2026-10-04');
    // No records at all.
    await newCustomer(ctx, 'Quiet Co', 'quiet@example.com');

    const res = await ctx.staff.post('/api/statements/batches/', OCTOBER);
    expect(res.statusCode, res.body).toBe(201);
    const batch = batchAnswer.parse(res.json());
    expect(batch).toMatchObject({ statements: 2, skipped_no_email: 1, failed: 0 });
    expect(batch.results.map((r) => [r.customer_name, r.closing_balance, r.to])).toEqual([
      ['Owing Co', '150.00', ['owing@example.com']],
      ['Credit Co', '-75.00', ['credit@example.com']],
    ]);
    await waitFor(() => smtp.received.length >= 2, 90_000);
    await waitFor(async () => batchAnswer.parse((await ctx.staff.get(`/api/statements/batches/${batch.id}/`)).json()).sent === 2, 30_000);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['credit@example.com', 'owing@example.com']);
    expect(await countRows(ctx.database, 'email_messages')).toBe(2);
    const after = batchAnswer.parse((await ctx.staff.get(`/api/statements/batches/${batch.id}/`)).json());
    expect(after).toMatchObject({ statements: 2, queued: 0, sent: 2, failed: 0 });
    // Each customer's send is in its statement's sent log, and is its own job.
    for (const r of after.results) {
      const log = (await ctx.staff.trpcQuery('email.log', { kind: 'statement', id: r.statement_id })).json().result.data.results;
      expect(log.map((m: { status: string; to: string[] }) => [m.status, m.to])).toEqual([['sent', r.to]]);
    }
    const messages = await ctx.database.db.select({ jobId: emailMessages.jobId }).from(emailMessages);
    expect(new Set(messages.map((m) => m.jobId)).size).toBe(2);
    expect(after.results.map((r) => r.customer_id)).toContain(owing.id);
  });
});
