import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyInfo, customerLinks } from '@icehouse/db/schema';
import { useOrdersTestApp } from '../../../tests/orders-test-support';
import { waitFor } from '../../../tests/wait-for-jobs';
import { readPdfText } from '../../../tests/pdf-text';
import { pdfAttachmentOf, startSmtpServer } from '../../../tests/smtp-server';
import { linkHeaders, makeQuote } from '../../../tests/quotes-support';
import { tokenHash } from '../links/links';

/**
 * A quote emailed through the queue to a real SMTP server in this process (decision 162): the archived
 * quote PDF attached, a new customer link in the message (built from PUBLIC_BASE_URL), the quote sent;
 * the link from the received message opens the quote.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

const ctx = useOrdersTestApp({ pdf: true, jobWorkers: true, smtpUrl: () => smtp.url, app: { publicBaseUrl: 'https://orders.example.com' } });

/** The text part of a raw message, quoted-printable soft breaks joined. */
const textOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('emailing a quote', () => {
  it('sends the PDF and a working customer link, and marks the quote sent', async () => {
    await ctx.database.db.update(companyInfo).set({ emailFrom: 'sales@icehouse.example' }).where(eq(companyInfo.id, 1));
    const quote = await makeQuote(ctx.staff, ctx.cat);
    const compose = (await ctx.staff.trpcQuery('email.compose', { kind: 'quote', id: quote.id })).json().result.data;
    expect(compose.subject).toBe('Quote Q-1001 from Ice House Co');
    expect(compose.body).toContain('{quote_link}');
    const sent = await ctx.staff.trpcMutation('email.send', {
      kind: 'quote',
      id: quote.id,
      data: { to: 'buyer@acme.example', subject: compose.subject, body: compose.body },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await ctx.staff.get(`/api/quotes/${quote.id}/`)).json()).toMatchObject({ status: 'sent' });

    await waitFor(() => smtp.received.length > 0, 60_000);
    const raw = smtp.received[0]!.raw;
    expect(smtp.received[0]!.to).toEqual(['buyer@acme.example']);
    const pdf = pdfAttachmentOf(raw);
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    // The attached PDF is this quote: read back as text (pdf.js), its figures as the quote's GET answers them.
    const answer = (await ctx.staff.get(`/api/quotes/${quote.id}/`)).json() as { totals: Record<string, string> };
    const usd = (amount: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(amount));
    const text = (await readPdfText(pdf!)).all;
    for (const expected of [
      'Page 1 of 1 Quote Q-1001',
      '03/01/2026 Q-1001',
      'Acme Foods',
      'Acme Warehouse',
      // The P.O. / Job Name and Valid Until facts, as the payload gave them.
      'Lake cabin 12/31/2099',
      '1 Walk-in Cooler 8x10 (Freezer/Cooler Unit) $12,000.00 $12,000.00',
      '2 Rod Holder $19.90 $39.80',
      `Subtotal ${usd(answer.totals.subtotal!)}`,
      `Sales Tax (8.25%) ${usd(answer.totals.tax_amount!)}`,
      `Total ${usd(answer.totals.total!)}`,
    ])
      expect(text).toContain(expected);
    const url = /https:\/\/orders\.example\.com\/customer\/quote\/(\d+)#([A-Za-z0-9_-]{43})/.exec(textOf(raw));
    expect(url, textOf(raw)).not.toBeNull();
    expect(Number(url![1])).toBe(quote.id);
    expect(textOf(raw)).not.toContain('{quote_link}');
    // Only the hash of the token is kept.
    const [link] = await ctx.database.db.select().from(customerLinks);
    expect(link!.tokenHash).toBe(tokenHash(url![2]!));
    const view = await ctx.anonymous.get(`/api/customer/quotes/${quote.id}/`, linkHeaders(url![2]!));
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ quote_number: 'Q-1001', status: 'sent', can_respond: true });
    const customerPdf = await ctx.anonymous.get(`/api/customer/quotes/${quote.id}/pdf/`, linkHeaders(url![2]!));
    expect(customerPdf.statusCode).toBe(200);
    expect(customerPdf.rawPayload.toString('latin1')).toContain('%PDF-');
  });
});
