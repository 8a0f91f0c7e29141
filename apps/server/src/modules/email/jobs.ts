import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { billsOfLading, emailMessages } from '@icehouse/db/schema';
import { defineJob } from '../../jobs/define';
import { invoicePdf } from '../invoices/documents';
import { bolPdf } from '../bols/documents';
import { fromAddress } from './settings';

/** The jobs of the email module (listed in src/jobs/all-jobs.ts). */

/**
 * Sends one queued email (decision 062). Idempotent per message: a message already `sent` is never
 * sent again (a re-run after a crash finds the row); every attempt sends the same Message-ID. The PDF
 * is the record's current archived version (rendered now if it changed), and it must be there: a PDF
 * that cannot be rendered fails the attempt, and no mail leaves without its attachment.
 */
export const sendEmailJob = defineJob({
  name: 'send-email',
  label: 'Send an email',
  data: z.object({ emailId: z.number().int().positive() }),
  retryLimit: 4,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 120,
  run: async ({ deps, data, job }) => {
    const db = deps.database.db;
    const [message] = await db.select().from(emailMessages).where(eq(emailMessages.id, data.emailId));
    if (!message || message.status === 'sent' || message.status === 'not_sent') return;
    await db
      .update(emailMessages)
      .set({ status: 'sending', attempts: sql`${emailMessages.attempts} + 1` })
      .where(eq(emailMessages.id, message.id));
    try {
      if (!deps.mailer) throw new Error('No SMTP server is configured (SMTP_URL).');
      const from = await fromAddress(deps);
      if (!from) throw new Error('No From address: set one in Company Information.');
      let pdf;
      try {
        if (message.kind === 'invoice') {
          pdf = await invoicePdf(deps, message.recordId, message.createdBy);
        } else {
          const [bol] = await db
            .select()
            .from(billsOfLading)
            .where(eq(billsOfLading.orderId, message.recordId));
          if (!bol) throw new Error('The order has no bill of lading.');
          pdf = await bolPdf(deps, message.recordId, bol, message.createdBy);
        }
      } catch (error) {
        throw new Error(`The PDF could not be made, so nothing was sent: ${(error as Error).message}`, {
          cause: error,
        });
      }
      const content = await pdf.bytes();
      if (createHash('sha256').update(content).digest('hex') !== pdf.document.sha256)
        throw new Error('The archived PDF does not match its hash; nothing was sent.');
      await db
        .update(emailMessages)
        .set({ documentId: pdf.document.id })
        .where(eq(emailMessages.id, message.id));
      const sent = await deps.mailer.send({
        from,
        to: message.toAddresses,
        cc: message.ccAddresses,
        subject: message.subject,
        text: message.body,
        messageId: message.messageId,
        attachment: { filename: pdf.filename, content },
      });
      await db
        .update(emailMessages)
        .set({ status: 'sent', serverResponse: sent.response, error: '', sentAt: new Date() })
        .where(eq(emailMessages.id, message.id));
    } catch (error) {
      const last = job.retryCount >= job.retryLimit;
      await db
        .update(emailMessages)
        .set({ status: last ? 'failed' : 'queued', error: (error as Error).message || String(error) })
        .where(eq(emailMessages.id, message.id));
      throw error;
    }
  },
});
