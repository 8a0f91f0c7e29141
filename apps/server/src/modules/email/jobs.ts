import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { billsOfLading, creditNotes, emailMessages, invoices, purchaseOrders, quotes } from '@icehouse/db/schema';
import { defineJob } from '../../jobs/define';
import { currentDocument, pinnedDocument } from './document';
import { fromAddress } from '../outbox/settings';
import { SEND_EMAIL_JOB } from '../outbox/send-email';

/** The jobs of the email module (listed in src/jobs/all-jobs.ts). */

/**
 * Sends one queued email (decision 062). Idempotent per message: a message already `sent` is never
 * sent again (a re-run after a crash finds the row); every attempt sends the same Message-ID. The PDF
 * is the archived version pinned when Send was pressed (decision 128), whatever changed since, and it
 * must be there: no mail leaves without its attachment.
 */
export const sendEmailJob = defineJob({
  ...SEND_EMAIL_JOB,
  label: 'Send an email',
  /** "Invoice #2042 to buyer@acme.example", "Bill of lading #B-1042 to ..." (the Failed jobs screen). */
  describe: async ({ database, data }) => {
    const db = database.db;
    const [message] = await db.select().from(emailMessages).where(eq(emailMessages.id, data.emailId));
    if (!message) return null;
    const document =
      message.kind === 'quote'
        ? await db
            .select({ number: quotes.quoteNumber })
            .from(quotes)
            .where(eq(quotes.id, message.recordId))
            .then(([row]) => (row ? `Quote #${row.number}` : `Quote (deleted, id ${message.recordId})`))
        : message.kind === 'statement'
        ? `Statement S-${message.recordId}`
        : message.kind === 'purchase_order'
        ? await db
            .select({ number: purchaseOrders.number })
            .from(purchaseOrders)
            .where(eq(purchaseOrders.id, message.recordId))
            .then(([row]) => (row ? `Purchase order #${row.number}` : `Purchase order id ${message.recordId}`))
        : message.kind === 'credit_note'
        ? await db
            .select({ number: creditNotes.creditNoteNumber })
            .from(creditNotes)
            .where(eq(creditNotes.id, message.recordId))
            .then(([row]) => (row ? `Credit note #${row.number}` : `Credit note id ${message.recordId}`))
        : message.kind === 'invoice'
          ? await db
              .select({ number: invoices.invoiceNumber })
              .from(invoices)
              .where(eq(invoices.id, message.recordId))
              .then(([row]) => (row ? `Invoice #${row.number}` : `Invoice (deleted, id ${message.recordId})`))
          : await db
              .select({ number: billsOfLading.bolNumber })
              .from(billsOfLading)
              .where(eq(billsOfLading.orderId, message.recordId))
              .then(([row]) =>
                row ? `Bill of lading #${row.number}` : `Bill of lading of order id ${message.recordId}`,
              );
    const recipients = [...message.toAddresses, ...message.ccAddresses].join(', ');
    return recipients ? `${document} to ${recipients}` : document;
  },
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
    // A failure to record a sent message is not a failed email.
    let sentOk = false;
    try {
      if (!deps.mailer) throw new Error('No SMTP server is configured (SMTP_URL).');
      const from = await fromAddress(deps);
      if (!from) throw new Error('No From address: set one in Company Information.');
      // The version current when Send was pressed (decision 128); a message queued before versions were
      // pinned takes the current one, as it did.
      let pdf;
      try {
        pdf = message.documentId
          ? await pinnedDocument(deps, message.documentId)
          : await currentDocument(deps, message.kind, message.recordId, message.createdBy);
        if (!pdf) throw new Error('The archived PDF is missing.');
      } catch (error) {
        throw new Error(`The PDF could not be made, so nothing was sent: ${(error as Error).message}`, {
          cause: error,
        });
      }
      const content = await pdf.bytes();
      if (createHash('sha256').update(content).digest('hex') !== pdf.document.sha256)
        throw new Error('The archived PDF does not match its hash; nothing was sent.');
      if (message.documentId !== pdf.document.id)
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
      sentOk = true;
      deps.metrics.emailAttempt('sent');
      await db
        .update(emailMessages)
        .set({ status: 'sent', serverResponse: sent.response, error: '', sentAt: new Date() })
        .where(eq(emailMessages.id, message.id));
    } catch (error) {
      if (!sentOk) deps.metrics.emailAttempt('failed');
      const last = job.retryCount >= job.retryLimit;
      await db
        .update(emailMessages)
        .set({ status: last ? 'failed' : 'queued', error: (error as Error).message || String(error) })
        .where(eq(emailMessages.id, message.id));
      throw error;
    }
  },
});
