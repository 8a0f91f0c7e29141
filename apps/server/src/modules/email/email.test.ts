import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { archivedDocuments, companyInfo, emailMessages } from '@icehouse/db/schema';
import { createOrder, invoiceOrder } from '../../../tests/invoices-test-support';
import { useOrdersTestApp } from '../../../tests/orders-test-support';
import { waitFor } from '../../../tests/wait-for-jobs';
import { headerOf, pdfAttachmentOf, startSmtpServer } from '../../../tests/smtp-server';

/** Emailing an invoice through a real SMTP server in this process, the archived PDF attached (decision 062). */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

const ctx = useOrdersTestApp({ pdf: true, jobWorkers: true, smtpUrl: () => smtp.url });

type LogEntry = {
  id: number;
  status: string;
  to: string[];
  document_version: number | null;
  server_message_id: string | null;
  error: string;
  next_retry: string | null;
  created_by: string;
};

async function setCompany() {
  await ctx.database.db
    .insert(companyInfo)
    .values({
      id: 1,
      name: 'Ice House Co',
      email: 'office@icehouse.example',
      emailFrom: 'billing@icehouse.example',
    })
    .onConflictDoUpdate({
      target: companyInfo.id,
      set: { emailFrom: 'billing@icehouse.example', name: 'Ice House Co' },
    });
}

async function log(invoiceId: number): Promise<LogEntry[]> {
  const res = await ctx.staff.trpcQuery('email.log', { kind: 'invoice', id: invoiceId });
  return (res.json() as { result: { data: { results: LogEntry[] } } }).result.data.results;
}

/**
 * A new invoice emailed while the SMTP server refuses the next message: answers once the failed
 * attempt is logged with its next retry, with how many messages the server had received before.
 */
async function sendWhileSmtpFailsOnce() {
  const order = await createOrder(ctx);
  const invoice = await invoiceOrder(ctx, order.id);
  await setCompany();
  const before = smtp.received.length;
  smtp.failNext(1);
  const sent = await ctx.staff.trpcMutation('email.send', {
    kind: 'invoice',
    id: invoice.id,
    data: { to: 'buyer@acme.example', subject: 'Invoice', body: 'Attached.' },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  // The job writes the error before pg-boss records the retry, so wait for both: until then the
  // job is still active, the log has no next retry yet and `retryNow` would find nothing to bring forward.
  await waitFor(async () => {
    const [entry] = await log(invoice.id);
    return (entry?.error ?? '') !== '' && entry?.next_retry != null;
  }, 30_000);
  return { invoice, before };
}

/** The retry waits out its backoff; this brings it forward instead of waiting for it. */
async function retryNow() {
  await ctx.database.db.execute(
    sql.raw(`update pgboss.job set start_after = now() where name = 'send-email' and state = 'retry'`),
  );
}

describe('emailing an invoice', () => {
  it('sends it to the SMTP server with the recipients, subject, body and the archived PDF, and logs it as sent', async () => {
    await setCompany();
    const order = await createOrder(ctx);
    const invoice = await invoiceOrder(ctx, order.id);

    const composed = await ctx.staff.trpcQuery('email.compose', { kind: 'invoice', id: invoice.id });
    const form = (
      composed.json() as { result: { data: { subject: string; body: string; smtp_configured: boolean } } }
    ).result.data;
    expect(form.smtp_configured).toBe(true);
    expect(form.subject).toBe(`Invoice ${invoice.invoice_number} from Ice House Co`);
    expect(form.body).toContain('$12,220.63');

    const bad = await ctx.staff.trpcMutation('email.send', {
      kind: 'invoice',
      id: invoice.id,
      data: { to: 'buyer@acme.example, not-an-address', subject: form.subject, body: form.body },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Not a valid email address: not-an-address');

    const sent = await ctx.staff.trpcMutation('email.send', {
      kind: 'invoice',
      id: invoice.id,
      data: { to: 'buyer@acme.example', cc: 'boss@acme.example', subject: form.subject, body: form.body },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await waitFor(async () => (await log(invoice.id))[0]?.status === 'sent', 30_000);

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to.sort()).toEqual(['boss@acme.example', 'buyer@acme.example']);
    expect(mail.from).toBe('billing@icehouse.example');
    expect(headerOf(mail.raw, 'Subject')).toBe(form.subject);
    expect(mail.raw).toContain('Please find attached invoice');
    const [entry] = await log(invoice.id);
    expect(headerOf(mail.raw, 'Message-ID')).toBe(entry!.server_message_id);
    const attachment = pdfAttachmentOf(mail.raw);
    expect(attachment).not.toBeNull();
    const [archived] = await ctx.database.db
      .select()
      .from(archivedDocuments)
      .where(eq(archivedDocuments.recordId, invoice.id));
    expect(createHash('sha256').update(attachment!).digest('hex')).toBe(archived!.sha256);
    expect(entry).toMatchObject({
      status: 'sent',
      to: ['buyer@acme.example'],
      document_version: archived!.version,
      created_by: 'staff',
      error: '',
    });
  });

  it('SMTP down: the attempt is logged as failed with the error and the next retry, then sent once', async () => {
    const { invoice, before } = await sendWhileSmtpFailsOnce();
    const [failed] = await log(invoice.id);
    expect(failed!.status).toBe('queued');
    expect(failed!.error).toMatch(/451|temporarily unavailable/i);
    expect(failed!.next_retry).not.toBeNull();
    await retryNow();
    await waitFor(async () => (await log(invoice.id))[0]?.status === 'sent', 30_000);
    expect(smtp.received.length - before).toBe(1);
    const [row] = await ctx.database.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.recordId, invoice.id));
    expect(row!.attempts).toBe(2);
  });

  it('a retry after the invoice was edited attaches the version current when Send was pressed, and logs that one', async () => {
    const { invoice, before } = await sendWhileSmtpFailsOnce();
    const versions = async () =>
      ctx.database.db
        .select()
        .from(archivedDocuments)
        .where(eq(archivedDocuments.recordId, invoice.id))
        .orderBy(archivedDocuments.version);
    const [atSend] = await versions();

    // Edited while the email waits for its retry; the next download archives the edit as a new version.
    const edited = await ctx.staff.patch(`/api/invoices/${invoice.id}/`, {
      editable_data: { po_job_name: 'Changed after Send' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const current = await ctx.staff.get(`/api/invoices/${invoice.id}/pdf/`);
    expect(current.statusCode).toBe(200);
    const afterEdit = (await versions()).at(-1)!;
    expect(afterEdit.version).toBeGreaterThan(atSend!.version);

    await retryNow();
    await waitFor(async () => (await log(invoice.id))[0]?.status === 'sent', 30_000);
    expect(smtp.received.length - before).toBe(1);
    const attachment = pdfAttachmentOf(smtp.received.at(-1)!.raw)!;
    const sha = createHash('sha256').update(attachment).digest('hex');
    expect(sha).toBe(atSend!.sha256);
    expect(sha).not.toBe(afterEdit.sha256);
    expect((await log(invoice.id))[0]!.document_version).toBe(atSend!.version);
  });
});
