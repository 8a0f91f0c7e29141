import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@icehouse/domain';
import { emailMessages } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import type { AppDeps } from '../../deps';
import { SEND_EMAIL_JOB, type EmailKind } from './send-email';

/**
 * One message into the sent log and, when SMTP is configured, its job, in the caller's transaction
 * (decision 062): the email dialog's send and the statements' sends (one job per customer) both queue
 * through here. The caller wakes the job's queue after committing (`deps.jobs.wake(SEND_EMAIL_JOB)`).
 */
export async function queueEmailInTx(
  tx: Db,
  deps: Pick<AppDeps, 'jobs'>,
  m: {
    kind: EmailKind;
    recordId: number;
    to: string[];
    cc: string[];
    subject: string;
    body: string;
    documentId: number | null;
    userId: number;
    configured: boolean;
  },
): Promise<number> {
  const [row] = await tx
    .insert(emailMessages)
    .values({
      kind: m.kind,
      recordId: m.recordId,
      toAddresses: m.to,
      ccAddresses: m.cc,
      subject: m.subject,
      body: m.body,
      messageId: `<${randomUUID()}@icehouse.invalid>`,
      documentId: m.documentId,
      status: m.configured ? 'queued' : 'not_sent',
      error: m.configured ? '' : MESSAGES.emailNotConfigured,
      createdBy: m.userId,
    })
    .returning({ id: emailMessages.id });
  if (m.configured) {
    const jobId = await deps.jobs.send(SEND_EMAIL_JOB, { emailId: row!.id }, { tx, singletonKey: `email:${row!.id}` });
    await tx.update(emailMessages).set({ jobId }).where(eq(emailMessages.id, row!.id));
  }
  return row!.id;
}

