import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { companyInfo, emailMessages } from '@icehouse/db/schema';
import { useOrdersTestApp } from '../../../tests/orders-test-support';
import { waitFor } from '../../../tests/wait-for-jobs';
import { startSmtpServer } from '../../../tests/smtp-server';
import { linkHeaders, makeLink, makeQuote, markQuoteSent } from '../../../tests/quotes-support';
import { quoteSenderEmail } from './jobs';

/**
 * When a customer accepts or declines a quote, whoever sent it is emailed through the queue (a real SMTP server in
 * this process): who emailed the quote last, else who made it. The signed-in staff see the answer live (web).
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

const ctx = useOrdersTestApp({ jobWorkers: true, smtpUrl: () => smtp.url, app: { publicBaseUrl: 'https://orders.example.com' } });

beforeEach(async () => {
  await ctx.database.db.execute(sql`truncate table login_attempts`);
  await ctx.database.db.update(companyInfo).set({ emailFrom: 'sales@icehouse.example' }).where(eq(companyInfo.id, 1));
  smtp.received.length = 0;
});

/** The text of a raw message, quoted-printable soft breaks joined. */
const textOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=').replace(/=22/g, '"');

describe("the customer's answer, told to the quote's sender", () => {
  it('an accept emails the user who sent the quote, naming it, its total and where to open it', async () => {
    const made = await makeQuote(ctx.admin, ctx.cat);
    const link = await makeLink(ctx.admin, made.id);
    const version = await markQuoteSent(ctx.admin, made.id);
    const accepted = await ctx.anonymous.post(`/api/customer/quotes/${made.id}/accept/`, { name: 'Pat Doe', version }, linkHeaders(link.token));
    expect(accepted.statusCode, accepted.body).toBe(200);
    await waitFor(() => smtp.received.length > 0, 30_000);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['admin@example.com']);
    const text = textOf(mail!.raw);
    expect(text).toContain('Subject: Quote Q-1001 accepted by Acme Foods');
    expect(text).toContain('signed "Pat Doe"');
    expect(text).toContain(`https://orders.example.com/quotes/${made.id}`);
  });

  it('a decline emails whoever emailed the quote last, with the comment; a sender without an address is not emailed', async () => {
    const made = await makeQuote(ctx.staff, ctx.cat);
    // The staff user who made it has no email address: nobody to tell.
    expect(await quoteSenderEmail(ctx, made.id)).toBeNull();
    // The admin emailed it (the sent log's row is what counts).
    await ctx.database.db.insert(emailMessages).values({
      kind: 'quote',
      recordId: made.id,
      toAddresses: ['buyer@acme.example'],
      ccAddresses: [],
      subject: 'Quote Q-1001',
      body: '',
      messageId: '<q@test>',
      status: 'sent',
      createdBy: ctx.adminId,
    });
    expect(await quoteSenderEmail(ctx, made.id)).toBe('admin@example.com');
    const link = await makeLink(ctx.staff, made.id);
    const version = await markQuoteSent(ctx.staff, made.id);
    const declined = await ctx.anonymous.post(`/api/customer/quotes/${made.id}/decline/`, { comment: 'Too dear this year', version }, linkHeaders(link.token));
    expect(declined.statusCode, declined.body).toBe(200);
    await waitFor(() => smtp.received.length > 0, 30_000);
    expect(smtp.received[0]!.to).toEqual(['admin@example.com']);
    const text = textOf(smtp.received[0]!.raw);
    expect(text).toContain('Subject: Quote Q-1001 declined by Acme Foods');
    expect(text).toContain('Their comment: "Too dear this year"');
  });
});
