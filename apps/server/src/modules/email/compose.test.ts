import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { EMAIL_PLACEHOLDERS_BY_KIND, MESSAGES } from '@icehouse/domain';
import { companyInfo, emailMessages } from '@icehouse/db/schema';
import { JOBS_SCHEMA } from '../../jobs/queue';
import { createOrder, invoiceOrder } from '../../../tests/invoices-test-support';
import { useOrdersTestApp } from '../../../tests/orders-test-support';
import { composeAnswer } from './schemas';
import { failedJobsAnswer } from '../failed-jobs/schemas';

/**
 * The email dialog's opening values and the templates: To from the customer's
 * email the first time, To and Cc as last sent after that, dates as MM/DD/YYYY, unknown placeholders
 * refused when the templates are saved, and a failed send named on the Failed jobs screen.
 * SMTP is configured but no worker runs: nothing is sent, jobs stay queued.
 */
const ctx = useOrdersTestApp({ smtpUrl: () => 'smtp://127.0.0.1:9' });

async function compose(kind: 'invoice' | 'bol', id: number) {
  const res = await ctx.staff.trpcQuery('email.compose', { kind, id });
  expect(res.statusCode, res.body).toBe(200);
  return composeAnswer.parse((res.json() as { result: { data: unknown } }).result.data);
}

async function customerWithInvoice(email: string) {
  const customer = await ctx.staff.post('/api/customers/', { name: 'Zenith Ice', email });
  expect(customer.statusCode, customer.body).toBe(201);
  const customerId = customer.json().id as number;
  const order = await createOrder(ctx, { customer_id: customerId });
  return { ...(await invoiceOrder(ctx, order.id)), customerId };
}

async function send(id: number, to: string, cc: string) {
  await ctx.database.db
    .insert(companyInfo)
    .values({ id: 1, name: 'Ice House Co', emailFrom: 'billing@icehouse.example' })
    .onConflictDoUpdate({ target: companyInfo.id, set: { emailFrom: 'billing@icehouse.example' } });
  const { subject, body } = await compose('invoice', id);
  const res = await ctx.staff.trpcMutation('email.send', {
    kind: 'invoice',
    id,
    data: { to, cc, subject, body },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('composing an email', () => {
  it("starts To with the customer's email, then remembers To and Cc as last sent (Cc for the customer's next invoice too)", async () => {
    const invoice = await customerWithInvoice('ap@zenith.example');
    expect(await compose('invoice', invoice.id)).toMatchObject({ to: 'ap@zenith.example', cc: '' });

    await send(invoice.id, 'owner@zenith.example', 'books@zenith.example, ap@zenith.example');
    expect(await compose('invoice', invoice.id)).toMatchObject({
      to: 'owner@zenith.example',
      cc: 'books@zenith.example, ap@zenith.example',
    });

    // The customer's next invoice: To from the customer, Cc as their last email copied.
    const next = await invoiceOrder(ctx, (await createOrder(ctx, { customer_id: invoice.customerId })).id);
    expect(await compose('invoice', next.id)).toMatchObject({
      to: 'ap@zenith.example',
      cc: 'books@zenith.example, ap@zenith.example',
    });

    // An order without a customer: To starts empty, as before.
    const loose = await invoiceOrder(ctx, (await createOrder(ctx)).id);
    expect((await compose('invoice', loose.id)).to).toBe('');
  });

  it('answers the message as it queued it, though a worker takes it up as soon as it is woken', async () => {
    const invoice = await customerWithInvoice('ap@zenith.example');
    // A worker that takes the message the moment it is woken (as one did under load in CI): its update is
    // issued before the answer could be read after the commit.
    const wake = ctx.app.jobs.wake;
    ctx.app.jobs.wake = (job) => {
      const take = ctx.database.db.update(emailMessages).set({ status: 'sending' });
      void take.where(eq(emailMessages.status, 'queued')).execute();
      wake(job);
    };
    try {
      await send(invoice.id, 'ap@zenith.example', '');
      const { subject, body } = await compose('invoice', invoice.id);
      const data = { to: 'ap@zenith.example', cc: '', subject, body };
      const res = await ctx.staff.trpcMutation('email.send', { kind: 'invoice', id: invoice.id, data });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { result: { data: { status: string } } }).result.data.status).toBe('queued');
    } finally {
      ctx.app.jobs.wake = wake;
    }
    // The worker stand-in did run: the messages are now being sent.
    const statuses = async () =>
      (await ctx.database.db.select({ status: emailMessages.status }).from(emailMessages)).map((m) => m.status);
    await expect.poll(statuses).toEqual(['sending', 'sending']);
  });

  it("answers a send with its own message, without looking up the retries of the record's older ones", async () => {
    const invoice = await customerWithInvoice('ap@zenith.example');
    await send(invoice.id, 'ap@zenith.example', '');
    // The first message failed once and waits for its retry: the sent log asks the queue when.
    await ctx.database.db.update(emailMessages).set({ error: 'connection refused' });
    const state = ctx.app.jobs.state;
    const asked: string[] = [];
    ctx.app.jobs.state = (name, id) => {
      asked.push(id);
      return state(name, id);
    };
    try {
      const { subject, body } = await compose('invoice', invoice.id);
      const data = { to: 'ap@zenith.example', cc: '', subject, body };
      const res = await ctx.staff.trpcMutation('email.send', { kind: 'invoice', id: invoice.id, data });
      expect(res.statusCode, res.body).toBe(200);
      const answer = (res.json() as { result: { data: { id: number; error: string | null } } }).result.data;
      expect(answer.error).toBe('');
      expect(asked).toEqual([]);
      // The log itself still asks for the older message's retry.
      const log = await ctx.staff.trpcQuery('email.log', { kind: 'invoice', id: invoice.id });
      expect(log.statusCode, log.body).toBe(200);
      expect(asked).toHaveLength(1);
      const ids = (log.json() as { result: { data: { results: { id: number }[] } } }).result.data.results.map((m) => m.id);
      expect(ids[0]).toBe(answer.id);
      expect(ids).toHaveLength(2);
    } finally {
      ctx.app.jobs.state = state;
    }
  });

  it('writes dates in the body as the app shows them (MM/DD/YYYY)', async () => {
    const invoice = await customerWithInvoice('ap@zenith.example');
    const patched = await ctx.staff.patch(`/api/invoices/${invoice.id}/`, {
      editable_data: { due_date: '2026-04-15' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const { body } = await compose('invoice', invoice.id);
    expect(body).toContain('due 04/15/2026');
    expect(body).not.toContain('2026-04-15');
  });

  it('refuses a template with an unknown placeholder, naming it on its field, and keeps the saved ones', async () => {
    const read = await ctx.admin.trpcQuery('email.settings');
    const settings = (read.json() as { result: { data: Record<string, string> } }).result.data;
    const saved = await ctx.admin.trpcMutation('email.saveSettings', {
      ...settings,
      invoice_email_subject: 'Invoice {invoice_no} from {company_name}',
    });
    expect(saved.statusCode).toBe(400);
    expect((saved.json() as { error: { data: { fieldErrors: unknown } } }).error.data.fieldErrors).toEqual({
      invoice_email_subject: [
        MESSAGES.emailPlaceholderUnknown(['invoice_no'], EMAIL_PLACEHOLDERS_BY_KIND.invoice),
      ],
    });
    const after = await ctx.admin.trpcQuery('email.settings');
    expect((after.json() as { result: { data: Record<string, string> } }).result.data).toEqual(settings);
  });

  it('names the document and the recipients of a failed send on the Failed jobs screen', async () => {
    const invoice = await customerWithInvoice('ap@zenith.example');
    await send(invoice.id, 'owner@zenith.example', 'books@zenith.example');
    // The send's job used up its attempts (as an unreachable SMTP server would make it).
    await ctx.database.db.execute(
      sql.raw(`update ${JOBS_SCHEMA}.job set state = 'failed', completed_on = now(),
        output = '{"message":"connect ECONNREFUSED 127.0.0.1:9"}'::jsonb where name = 'send-email'`),
    );
    const res = await ctx.admin.trpcQuery('jobs.failed');
    expect(res.statusCode, res.body).toBe(200);
    const { results } = failedJobsAnswer.parse((res.json() as { result: { data: unknown } }).result.data);
    const failed = results.find((j) => j.about?.startsWith(`Invoice #${invoice.invoice_number} `));
    expect(failed).toMatchObject({
      label: 'Send an email',
      about: `Invoice #${invoice.invoice_number} to owner@zenith.example, books@zenith.example`,
      error: 'connect ECONNREFUSED 127.0.0.1:9',
    });
  });

  it('refuses to send without a From address with its message, not as a field (the one error shape)', async () => {
    const invoice = await customerWithInvoice('ap@nofrom.example');
    await ctx.database.db
      .insert(companyInfo)
      .values({ id: 1, name: 'Ice House Co', email: '', emailFrom: '' })
      .onConflictDoUpdate({ target: companyInfo.id, set: { email: '', emailFrom: '' } });
    const res = await ctx.staff.trpcMutation('email.send', {
      kind: 'invoice',
      id: invoice.id,
      data: { to: 'ap@nofrom.example', cc: '', subject: 'Invoice', body: 'Attached.' },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json() as { error: { message: string; data: { appCode: string; fieldErrors: unknown } } };
    expect(error.message).toBe(MESSAGES.emailNoFromAddress);
    expect(error.data).toMatchObject({ appCode: 'VALIDATION', fieldErrors: null });
  });
});
