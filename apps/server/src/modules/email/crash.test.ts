import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { companyInfo, emailMessages } from '@icehouse/db/schema';
import { createDb } from '@icehouse/db/client';
import { createOrder, invoiceOrder } from '../../../tests/invoices-test-support';
import { useOrdersTestApp } from '../../../tests/orders-test-support';
import { testDatabaseUrl, waitFor } from '../../../tests/wait-for-jobs';
import { buildApp } from '../../app';
import { startSmtpServer } from '../../../tests/smtp-server';

/**
 * kill -9 during an email job (PostgreSQL only: PGlite is one process): another instance runs the
 * job again once, and exactly one email arrives (decision 062).
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let child: ChildProcess | null = null;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await smtp?.close();
});

const ctx = useOrdersTestApp({ pdf: true, smtpUrl: () => smtp.url });

describe.skipIf(!testDatabaseUrl())('a server killed during an email job', () => {
  it('the job runs again on another instance, and one email is sent', async () => {
    const url = (await testDatabaseUrl(ctx.database))!;
    await ctx.database.db
      .insert(companyInfo)
      .values({ id: 1, name: 'Ice House Co', emailFrom: 'billing@icehouse.example' })
      .onConflictDoUpdate({ target: companyInfo.id, set: { emailFrom: 'billing@icehouse.example' } });
    const order = await createOrder(ctx);
    const invoice = await invoiceOrder(ctx, order.id);
    // Only the email job for the child to take (the invoice's pre-render is not part of this test).
    await ctx.database.db.execute(sql`delete from pgboss.job where name = 'render-invoice'`);

    const script = fileURLToPath(new URL('../../../tests/fixtures/email-worker-child.ts', import.meta.url));
    child = fork(script, [url, smtp.url], { execArgv: ['--import', 'tsx'], stdio: 'ignore' });
    const messages: string[] = [];
    child.on('message', (m) => messages.push(String(m)));
    await waitFor(() => messages.includes('ready'), 60_000);

    const sent = await ctx.staff.trpcMutation('email.send', {
      kind: 'invoice',
      id: invoice.id,
      data: { to: 'buyer@acme.example', subject: 'Invoice', body: 'Attached.' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The child's worker took the job and hangs reading the PDF pinned at Send (decision 128).
    await waitFor(() => messages.includes('reading'), 60_000);
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));

    const [during] = await ctx.database.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.recordId, invoice.id));
    expect(during).toMatchObject({ status: 'sending', attempts: 1 });
    expect(smtp.received).toHaveLength(0);

    // Another instance. The dead worker's job expires (made due now instead of in 120 s), is retried, and sent.
    const other = await buildApp({
      database: await createDb({ databaseUrl: url }),
      logger: pino({ level: 'silent' }),
      pdf: ctx.pdf!,
      blobs: ctx.blobs,
      smtpUrl: smtp.url,
      jobs: { workers: true, pollingIntervalSeconds: 0.5 },
    });
    try {
      await ctx.database.db.execute(
        sql`update pgboss.job set started_on = now() - interval '1 hour' where name = 'send-email' and state = 'active'`,
      );
      await other.jobs.maintain();
      await ctx.database.db.execute(
        sql`update pgboss.job set start_after = now() where name = 'send-email' and state = 'retry'`,
      );
      await waitFor(
        async () =>
          (
            await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.recordId, invoice.id))
          )[0]?.status === 'sent',
        60_000,
      );
      expect(smtp.received).toHaveLength(1);
      const [after] = await ctx.database.db
        .select()
        .from(emailMessages)
        .where(eq(emailMessages.recordId, invoice.id));
      expect(after!.attempts).toBe(2);
    } finally {
      await other.close();
    }
  });
});
