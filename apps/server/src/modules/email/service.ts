import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  MESSAGES,
  emailFormSchema,
  emailSettingsSchema,
  fillEmailTemplate,
  formatMoney,
  splitAddresses,
  zodIssuesToFieldErrors,
  type EmailSettings,
} from '@icehouse/domain';
import { billsOfLading, companyInfo, emailMessages, users } from '@icehouse/db/schema';
import { AppError } from '../../errors';
import type { AppDeps } from '../../deps';
import { getCompanyInfo } from '../company/service';
import { getInvoice } from '../invoices/views';
import { getOrder } from '../orders/order-read';
import { sendEmailJob } from './jobs';
import { COMPANY_ID, fromAddress, getEmailSettings } from './settings';

/**
 * Emailing an invoice or a bill of lading (decision 062). Sending inserts the message (status
 * `queued`, its Message-ID fixed) and its job in one transaction; the job attaches the archived PDF
 * and sends. Without SMTP the message is kept as `not_sent` and no job is queued.
 */

export type EmailKind = 'invoice' | 'bol';

export { fromAddress, getEmailSettings };

export async function saveEmailSettings(
  deps: Pick<AppDeps, 'database'>,
  input: unknown,
): Promise<EmailSettings> {
  const parsed = emailSettingsSchema.safeParse(input);
  if (!parsed.success) throw AppError.validation(zodIssuesToFieldErrors(parsed.error));
  const d = parsed.data;
  const values = {
    emailFrom: d.email_from,
    invoiceEmailSubject: d.invoice_email_subject,
    invoiceEmailBody: d.invoice_email_body,
    bolEmailSubject: d.bol_email_subject,
    bolEmailBody: d.bol_email_body,
  };
  await deps.database.db
    .insert(companyInfo)
    .values({ id: COMPANY_ID, ...values })
    .onConflictDoUpdate({ target: companyInfo.id, set: { ...values, updatedAt: new Date() } });
  return getEmailSettings(deps);
}

/** The placeholders' values for a record, and the customer's name. */
async function placeholders(deps: Pick<AppDeps, 'database'>, kind: EmailKind, recordId: number) {
  const company = await getCompanyInfo(deps);
  if (kind === 'invoice') {
    const invoice = await getInvoice(deps, recordId);
    return {
      invoice_number: invoice.invoice_number,
      customer_name: invoice.editable_data.bill_to.name || invoice.customer_name,
      company_name: company.name,
      total: formatMoney(invoice.totals.total),
      balance_due: formatMoney(invoice.totals.balance_due),
      due_date: invoice.editable_data.due_date ?? '',
      order_number: invoice.orders_data.map((o) => o.door_number).join(', '),
    };
  }
  const order = await getOrder(deps, recordId);
  const [bol] = await deps.database.db
    .select()
    .from(billsOfLading)
    .where(eq(billsOfLading.orderId, recordId))
    .limit(1);
  if (!bol) throw AppError.validation({ detail: [MESSAGES.emailNoBol] }, MESSAGES.emailNoBol);
  return {
    bol_number: bol.bolNumber,
    order_number: order.door_number,
    customer_name: order.billing_address?.name || order.customer_name,
    company_name: company.name,
    total: formatMoney(order.totals.total),
  };
}

/** What the email dialog opens with: To (the last address this record was sent to), Subject and Message from the templates. */
export async function composeEmail(
  deps: Pick<AppDeps, 'database' | 'mailer'>,
  kind: EmailKind,
  recordId: number,
) {
  const [settings, values] = await Promise.all([getEmailSettings(deps), placeholders(deps, kind, recordId)]);
  const [last] = await deps.database.db
    .select({ to: emailMessages.toAddresses })
    .from(emailMessages)
    .where(and(eq(emailMessages.kind, kind), eq(emailMessages.recordId, recordId)))
    .orderBy(desc(emailMessages.id))
    .limit(1);
  const subject = kind === 'invoice' ? settings.invoice_email_subject : settings.bol_email_subject;
  const body = kind === 'invoice' ? settings.invoice_email_body : settings.bol_email_body;
  return {
    to: (last?.to ?? []).join(', '),
    cc: '',
    subject: fillEmailTemplate(subject, values),
    body: fillEmailTemplate(body, values),
    smtp_configured: deps.mailer !== null,
  };
}

/**
 * Queues an email of the record's current document. Field errors for bad addresses. No SMTP: kept as
 * `not_sent` (answered so the dialog says so). The job is inserted with the message, in one transaction.
 */
export async function sendEmail(
  deps: AppDeps,
  userId: number,
  kind: EmailKind,
  recordId: number,
  form: unknown,
) {
  const parsed = emailFormSchema.safeParse(form);
  if (!parsed.success) throw AppError.validation(zodIssuesToFieldErrors(parsed.error));
  await placeholders(deps, kind, recordId); // 404 for a missing record, 400 for an order without a BOL
  const configured = deps.mailer !== null;
  if (configured && !(await fromAddress(deps)))
    throw AppError.validation({ detail: [MESSAGES.emailNoFromAddress] }, MESSAGES.emailNoFromAddress);
  const id = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(emailMessages)
      .values({
        kind,
        recordId,
        toAddresses: splitAddresses(parsed.data.to),
        ccAddresses: splitAddresses(parsed.data.cc),
        subject: parsed.data.subject,
        body: parsed.data.body,
        messageId: `<${randomUUID()}@icehouse.invalid>`,
        status: configured ? 'queued' : 'not_sent',
        error: configured ? '' : MESSAGES.emailNotConfigured,
        createdBy: userId,
      })
      .returning({ id: emailMessages.id });
    if (configured) {
      const jobId = await deps.jobs.send(
        sendEmailJob,
        { emailId: row!.id },
        { tx, singletonKey: `email:${row!.id}` },
      );
      await tx.update(emailMessages).set({ jobId }).where(eq(emailMessages.id, row!.id));
    }
    return row!.id;
  });
  if (configured) deps.jobs.wake(sendEmailJob);
  const [entry] = (await emailLog(deps, kind, recordId)).filter((e) => e.id === id);
  return entry!;
}

/** The sent log of an invoice or an order's BOL, newest first, with each failed attempt's next retry. */
export async function emailLog(deps: Pick<AppDeps, 'database' | 'jobs'>, kind: EmailKind, recordId: number) {
  const rows = await deps.database.db
    .select({
      m: emailMessages,
      username: users.username,
      version: sql<
        number | null
      >`(select version from archived_documents d where d.id = ${emailMessages.documentId})`,
    })
    .from(emailMessages)
    .leftJoin(users, eq(users.id, emailMessages.createdBy))
    .where(and(eq(emailMessages.kind, kind), eq(emailMessages.recordId, recordId)))
    .orderBy(desc(emailMessages.id));
  return Promise.all(
    rows.map(async ({ m, username, version }) => {
      let nextRetry: string | null = null;
      if ((m.status === 'queued' || m.status === 'sending') && m.error && m.jobId) {
        const state = await deps.jobs.state(sendEmailJob.name, m.jobId);
        if (state && (state.state === 'retry' || state.state === 'created')) nextRetry = state.start_after;
      }
      return {
        id: m.id,
        kind: m.kind,
        record_id: m.recordId,
        to: m.toAddresses,
        cc: m.ccAddresses,
        subject: m.subject,
        status: m.status,
        document_version: version === null ? null : Number(version),
        server_message_id: m.status === 'sent' ? m.messageId : null,
        server_response: m.serverResponse,
        error: m.error,
        attempts: m.attempts,
        next_retry: nextRetry,
        created_at: m.createdAt.toISOString(),
        created_by: username,
        sent_at: m.sentAt ? m.sentAt.toISOString() : null,
      };
    }),
  );
}
