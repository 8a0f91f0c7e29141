import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  MESSAGES,
  QUOTE_EMAIL_BODY,
  QUOTE_EMAIL_SUBJECT,
  withInvoiceLink,
  withQuoteLink,
  withStatementLink,
  statementEmail,
  emailFormSchema,
  emailSettingsSchema,
  fillEmailTemplate,
  creditNoteEmail,
  formatMoney,
  formatUsDate,
  splitAddresses,
  zodIssuesToFieldErrors,
  type EmailSettings,
} from '@icehouse/domain';
import {
  billsOfLading,
  companyInfo,
  creditNotes,
  customers,
  emailMessages,
  invoiceOrders,
  orders,
} from '@icehouse/db/schema';
import { AppError } from '../../errors';
import type { AppDeps } from '../../deps';
import { getCompanyInfo } from '../company/service';
import { getInvoice } from '../invoices/views';
import { getOrder } from '../orders/order-read';
import { getQuote } from '../quotes/quote-read';
import { createLinkInTx } from '../links/links';
import { markQuoteSent } from '../quotes/quote-write';
import { announceChange, changeTransaction } from '../../changes';
import { getCreditNote } from '../credit/credit-notes';
import { queueEmailInTx } from '../outbox/queue';
import { getStatement } from '../statements/statement-read';
import { currentDocument } from './document';
import { SEND_EMAIL_JOB, type EmailKind } from '../outbox/send-email';
import { emailLog } from '../outbox/log';
import { COMPANY_ID, fromAddress, getEmailSettings } from '../outbox/settings';

/**
 * Emailing an invoice or a bill of lading (decision 062). Sending inserts the message (status
 * `queued`, its Message-ID fixed) and its job in one transaction; the job attaches the archived PDF
 * and sends. Without SMTP the message is kept as `not_sent` and no job is queued.
 */

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

/**
 * The placeholders' values for a record (amounts as $1,234.50 and dates as MM/DD/YYYY, as the app
 * shows them), and the customers of its orders (first first) for the To of a first email.
 */
async function placeholders(deps: Pick<AppDeps, 'database'>, kind: EmailKind, recordId: number) {
  const company = await getCompanyInfo(deps);
  if (kind === 'quote') {
    const quote = await getQuote(deps, recordId);
    return {
      values: {
        quote_number: quote.quote_number,
        customer_name: quote.customer_name,
        company_name: company.name,
        total: formatMoney(quote.totals.total),
        valid_until: formatUsDate(quote.valid_until),
      },
      customerIds: quote.customer_id === null ? [] : [quote.customer_id],
    };
  }
  if (kind === 'statement') {
    const statement = await getStatement(deps, recordId);
    return {
      values: {},
      fixed: statementEmail({
        customerName: statement.customer_name,
        companyName: company.name,
        from: formatUsDate(statement.from),
        to: formatUsDate(statement.to),
        closingBalance: formatMoney(statement.closing_balance),
      }),
      customerIds: statement.customer_id === null ? [] : [statement.customer_id],
    };
  }
  if (kind === 'credit_note') {
    const note = await getCreditNote(deps, recordId);
    const invoice = await getInvoice(deps, note.invoice_id);
    return {
      values: {},
      fixed: creditNoteEmail({
        creditNoteNumber: note.credit_note_number,
        invoiceNumber: note.invoice_number,
        customerName: note.customer_name || invoice.customer_name,
        companyName: company.name,
        total: formatMoney(note.total),
      }),
      customerIds: invoice.orders_data.flatMap((o) => (o.customer_id === null ? [] : [o.customer_id])),
    };
  }
  if (kind === 'invoice') {
    const invoice = await getInvoice(deps, recordId);
    return {
      values: {
        invoice_number: invoice.invoice_number,
        customer_name: invoice.editable_data.bill_to.name || invoice.customer_name,
        company_name: company.name,
        total: formatMoney(invoice.totals.total),
        balance_due: formatMoney(invoice.totals.balance_due),
        due_date: formatUsDate(invoice.editable_data.due_date),
        order_number: invoice.orders_data.map((o) => o.door_number).join(', '),
      },
      customerIds: invoice.orders_data.flatMap((o) => (o.customer_id === null ? [] : [o.customer_id])),
    };
  }
  const order = await getOrder(deps, recordId);
  const [bol] = await deps.database.db
    .select()
    .from(billsOfLading)
    .where(eq(billsOfLading.orderId, recordId))
    .limit(1);
  if (!bol) throw new AppError('VALIDATION', MESSAGES.emailNoBol);
  return {
    values: {
      bol_number: bol.bolNumber,
      order_number: order.door_number,
      customer_name: order.billing_address?.name || order.customer_name,
      company_name: company.name,
      total: formatMoney(order.totals.total),
    },
    customerIds: order.customer_id === null ? [] : [order.customer_id],
  };
}

/** Kinds whose email may save its To on the customer: statements go to the customer's saved address only. */
const SAVES_ADDRESS: readonly EmailKind[] = ['quote', 'invoice'];

/** The customer an email of this record is for (its first), with their saved address; null when it has none. */
async function emailCustomer(deps: Pick<AppDeps, 'database'>, kind: EmailKind, ids: number[]) {
  if (!SAVES_ADDRESS.includes(kind) || ids.length === 0) return null;
  const [row] = await deps.database.db
    .select({ id: customers.id, name: customers.name, email: customers.email })
    .from(customers)
    .where(eq(customers.id, ids[0]!));
  return row ?? null;
}

/** The email address of the first of these customers that has one ('' when none has). */
async function customerEmail(deps: Pick<AppDeps, 'database'>, ids: number[]): Promise<string> {
  if (ids.length === 0) return '';
  const rows = await deps.database.db
    .select({ id: customers.id, email: customers.email })
    .from(customers)
    .where(inArray(customers.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r.email.trim()]));
  return ids.map((id) => byId.get(id) ?? '').find((email) => email !== '') ?? '';
}

/**
 * The Cc of the last email of this kind sent for any record of these customers (their invoices, or
 * their orders' bills of lading): a new record's first email copies whom the customer's last one did.
 */
async function customerLastCc(
  deps: Pick<AppDeps, 'database'>,
  kind: EmailKind,
  ids: number[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const invoicesOf = sql`(select ${invoiceOrders.invoiceId} from ${invoiceOrders} join ${orders} on ${orders.id} = ${invoiceOrders.orderId}
          where ${inArray(orders.customerId, ids)})`;
  const records =
    kind === 'quote'
      ? sql`(select id from quotes where ${inArray(sql`customer_id`, ids)})`
      : kind === 'statement'
      ? sql`(select id from statements where ${inArray(sql`customer_id`, ids)})`
      : kind === 'credit_note'
      ? sql`(select ${creditNotes.id} from ${creditNotes} where ${creditNotes.invoiceId} in ${invoicesOf})`
      : kind === 'invoice'
        ? sql`(select ${invoiceOrders.invoiceId} from ${invoiceOrders} join ${orders} on ${orders.id} = ${invoiceOrders.orderId}
          where ${inArray(orders.customerId, ids)})`
        : sql`(select ${orders.id} from ${orders} where ${inArray(orders.customerId, ids)})`;
  const [last] = await deps.database.db
    .select({ cc: emailMessages.ccAddresses })
    .from(emailMessages)
    .where(and(eq(emailMessages.kind, kind), sql`${emailMessages.recordId} in ${records}`))
    .orderBy(desc(emailMessages.id))
    .limit(1);
  return last?.cc ?? [];
}

/**
 * What the email dialog opens with: To and Cc as the last email of this record was sent; the first
 * time, To is the customer's email and Cc as the customer's last email of this kind (decision 137).
 * Subject and Message from the templates.
 */
export async function composeEmail(
  deps: Pick<AppDeps, 'database' | 'mailer'>,
  kind: EmailKind,
  recordId: number,
) {
  const [settings, { values, customerIds, fixed }] = await Promise.all([
    getEmailSettings(deps),
    placeholders(deps, kind, recordId),
  ]);
  const customer = await emailCustomer(deps, kind, customerIds);
  const [last] = await deps.database.db
    .select({ to: emailMessages.toAddresses, cc: emailMessages.ccAddresses })
    .from(emailMessages)
    .where(and(eq(emailMessages.kind, kind), eq(emailMessages.recordId, recordId)))
    .orderBy(desc(emailMessages.id))
    .limit(1);
  // A quote's templates are fixed (decision 162); its link is made and put in the message when it is sent.
  const subject =
    kind === 'quote' ? QUOTE_EMAIL_SUBJECT : kind === 'invoice' ? settings.invoice_email_subject : settings.bol_email_subject;
  const body = kind === 'quote' ? QUOTE_EMAIL_BODY : kind === 'invoice' ? settings.invoice_email_body : settings.bol_email_body;
  return {
    to: last ? last.to.join(', ') : await customerEmail(deps, customerIds),
    cc: (last ? last.cc : await customerLastCc(deps, kind, customerIds)).join(', '),
    subject: fixed ? fixed.subject : fillEmailTemplate(subject, values),
    body: fixed ? fixed.body : fillEmailTemplate(body, values),
    smtp_configured: deps.mailer !== null,
    customer,
  };
}

/**
 * Queues an email of the record's current document, archived and pinned now (decision 128). Field errors for bad addresses. No SMTP: kept as
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
  const { customerIds } = await placeholders(deps, kind, recordId); // 404 for a missing record, 400 for an order without a BOL
  // "Save this address on the customer": one address, for a quote's or an invoice's customer (else ignored).
  const to = splitAddresses(parsed.data.to);
  const saveFor =
    typeof form === 'object' && form !== null && (form as Record<string, unknown>).save_to_customer === true && to.length === 1
      ? await emailCustomer(deps, kind, customerIds)
      : null;
  const configured = deps.mailer !== null;
  if (configured && !(await fromAddress(deps)))
    throw new AppError('VALIDATION', MESSAGES.emailNoFromAddress);
  // The document as it is now is the one sent, however late the job runs (decision 128): archived here
  // (usually already, by the pre-render of the last save) and pinned on the message.
  const document = configured ? await currentDocument(deps, kind, recordId, userId) : null;
  // The answer is the message as this transaction queued it: read after the commit, a worker may
  // already be sending it.
  const entry = await changeTransaction(deps, async (tx) => {
    // A quote's email carries a new customer link (only its hash is kept: decision 161), and the quote is sent.
    let body = parsed.data.body;
    if (kind === 'quote' && configured) {
      const link = await createLinkInTx(tx, deps.publicBaseUrl, 'quote', recordId, userId);
      body = withQuoteLink(body, link.url);
      await markQuoteSent(tx, recordId, userId);
    }
    // An invoice's email carries one too (decision 211): `{invoice_link}`, or at the end of an older template.
    if (kind === 'invoice' && configured) {
      const link = await createLinkInTx(tx, deps.publicBaseUrl, 'invoice', recordId, userId);
      body = withInvoiceLink(body, link.url);
    }
    // A statement's email carries a new link to it, as a quote's does (decision 202).
    if (kind === 'statement' && configured) {
      const link = await createLinkInTx(tx, deps.publicBaseUrl, 'statement', recordId, userId);
      body = withStatementLink(body, link.url);
    }
    if (saveFor && saveFor.email.toLowerCase() !== to[0]!.toLowerCase()) {
      const [saved] = await tx
        .update(customers)
        .set({ email: to[0]!, version: sql`${customers.version} + 1`, updatedAt: new Date() })
        .where(eq(customers.id, saveFor.id))
        .returning({ version: customers.version });
      if (saved) announceChange(tx, { entity: 'customer', id: saveFor.id, version: saved.version, action: 'updated', by: userId });
    }
    const id = await queueEmailInTx(tx, deps, {
      kind,
      recordId,
      to: splitAddresses(parsed.data.to),
      cc: splitAddresses(parsed.data.cc),
      subject: parsed.data.subject,
      body,
      documentId: document?.document.id ?? null,
      userId,
      configured,
    });
    const [queued] = await emailLog(deps, kind, recordId, { db: tx, messageId: id });
    return queued!;
  });
  if (configured) deps.jobs.wake(SEND_EMAIL_JOB);
  return entry;
}
