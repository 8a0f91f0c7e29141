import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  MESSAGES,
  STATEMENT_MESSAGES,
  formatMoney,
  formatUsDate,
  roundCents,
  statementEmail,
  withStatementLink,
  type StatementFigures,
  type StatementPeriod,
} from '@icehouse/domain';
import { customers, emailMessages, statementBatches, statements } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import type { SkippedCustomer } from '@icehouse/db/schema';
import type { AppDeps, SessionUser } from '../../deps';
import { AppError } from '../../errors';
import { getCompanyInfo } from '../company/service';
import { fromAddress } from '../outbox/settings';
import { queueEmailInTx } from '../outbox/queue';
import { SEND_EMAIL_JOB } from '../outbox/send-email';
import { emailLog } from '../outbox/log';
import { createLinkInTx } from '../links/links';
import { customerRow, parsePeriod, type CustomerRow } from './statement-figures';
import { emptyRecords, figuresOf, recordsByCustomer } from '../ledger/customer-records';
import { insertStatement, statementView } from './statement-read';

/**
 * Emailing statements (decisions 200-202): one customer's, or every customer's with a balance as one
 * batch. Each send issues a statement (its figures as they are now, stored), makes a customer link to
 * it, and queues its email with its own job (decision 062): the job renders and archives the PDF and
 * sends; every message is in the sent log. A refusal (no SMTP, no From address, a customer without an
 * email address, a bad period) changes nothing.
 */

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'mailer' | 'publicBaseUrl'>;

/** SMTP and a From address are needed before anything is issued (400, nothing written). */
async function checkCanSend(deps: Deps) {
  if (!deps.mailer) throw AppError.validation({ detail: [MESSAGES.emailNotConfigured] }, MESSAGES.emailNotConfigured);
  if (!(await fromAddress(deps)))
    throw AppError.validation({ detail: [MESSAGES.emailNoFromAddress] }, MESSAGES.emailNoFromAddress);
}

/** Issues the statement, makes its link and queues its email, in the caller's transaction. */
async function issueAndQueue(
  tx: Db,
  deps: Deps,
  v: { customer: CustomerRow; figures: StatementFigures; batchId: number | null; user: SessionUser; companyName: string },
) {
  const row = await insertStatement(tx, v);
  const link = await createLinkInTx(tx, deps.publicBaseUrl, 'statement', row.id, v.user.id);
  const email = statementEmail({
    customerName: v.customer.name,
    companyName: v.companyName,
    from: formatUsDate(v.figures.from),
    to: formatUsDate(v.figures.to),
    closingBalance: formatMoney(v.figures.closing_balance),
  });
  const emailId = await queueEmailInTx(tx, deps, {
    kind: 'statement',
    recordId: row.id,
    to: [v.customer.email.trim()],
    cc: [],
    subject: email.subject,
    body: withStatementLink(email.body, link.url),
    documentId: null, // the job renders and archives it (its figures are fixed: the same PDF whenever it runs)
    userId: v.user.id,
    configured: true,
  });
  return { row, emailId };
}

/**
 * POST /api/customers/{id}/statement/email/ {from, to}: the period's statement issued and emailed to the
 * customer's address. 400 on from / to, on `email` when the customer has none; 404 unknown customer.
 */
export async function emailStatement(deps: Deps, user: SessionUser, customerId: number, input: unknown) {
  const period = parsePeriod(input);
  const db = deps.database.db;
  const customer = await customerRow(db, customerId);
  if (!customer.email.trim()) throw AppError.validation({ email: [STATEMENT_MESSAGES.noEmail] }, STATEMENT_MESSAGES.noEmail);
  await checkCanSend(deps);
  const company = await getCompanyInfo(deps);
  const { row, email } = await db.transaction(async (tx) => {
    // Read inside the transaction: the statement issued is the ledger as this transaction sees it.
    const records = (await recordsByCustomer(tx, customerId)).get(customerId);
    const figures = figuresOf(records ?? emptyRecords(), period);
    const issued = await issueAndQueue(tx, deps, { customer, figures, batchId: null, user, companyName: company.name });
    // The message as queued here (read after the commit, a worker may already be sending it).
    const [queued] = await emailLog(deps, 'statement', issued.row.id, { db: tx, messageId: issued.emailId });
    return { row: issued.row, email: queued! };
  });
  deps.jobs.wake(SEND_EMAIL_JOB);
  return { statement: statementView(row), email };
}

/**
 * POST /api/statements/batches/ {from, to}: a statement to every customer whose closing balance on `to`
 * is not 0 (owing, or in credit), each its own email and job, in one transaction. Customers with a
 * balance and no email address are counted as skipped.
 */
export async function emailStatementBatch(deps: Deps, user: SessionUser, input: unknown) {
  const period: StatementPeriod = parsePeriod(input);
  await checkCanSend(deps);
  const company = await getCompanyInfo(deps);
  const db = deps.database.db;
  const batchId = await db.transaction(async (tx) => {
    const { reachable, withoutEmail } = await customersWithBalance(tx, period);
    const [batch] = await tx
      .insert(statementBatches)
      .values({
        periodFrom: period.from,
        periodTo: period.to,
        skippedNoEmail: withoutEmail.length,
        skippedCustomers: withoutEmail.map(({ customer, figures }) => briefOf(customer, figures)),
        createdBy: user.id,
        createdByUsername: user.username,
      })
      .returning({ id: statementBatches.id });
    for (const { customer, figures } of reachable)
      await issueAndQueue(tx, deps, { customer, figures, batchId: batch!.id, user, companyName: company.name });
    return batch!.id;
  });
  deps.jobs.wake(SEND_EMAIL_JOB);
  return getBatch(deps, batchId);
}

type WithFigures = { customer: CustomerRow; figures: StatementFigures };

/**
 * THE batch's customers: everyone whose closing balance on `to` is not 0 (owing, or in credit), in the
 * order of their ids, split by whether they have an email address. The preview and the send read this.
 */
async function customersWithBalance(db: Db, period: StatementPeriod): Promise<{ reachable: WithFigures[]; withoutEmail: WithFigures[] }> {
  const byCustomer = await recordsByCustomer(db, null);
  const withBalance = new Map<number, StatementFigures>();
  for (const [id, records] of byCustomer) {
    const figures = figuresOf(records, period);
    if (!roundCents(figures.closing_balance).isZero()) withBalance.set(id, figures);
  }
  const rows = withBalance.size
    ? await db.select().from(customers).where(inArray(customers.id, [...withBalance.keys()])).orderBy(customers.id)
    : [];
  const all = rows.map((customer) => ({ customer, figures: withBalance.get(customer.id)! }));
  return {
    reachable: all.filter((c) => c.customer.email.trim() !== ''),
    withoutEmail: all.filter((c) => c.customer.email.trim() === ''),
  };
}

const briefOf = (customer: CustomerRow, figures: StatementFigures): SkippedCustomer => ({
  customer_id: customer.id,
  customer_name: customer.name,
  closing_balance: figures.closing_balance,
});

/** GET /api/statements/batches/preview/?from&to: who a batch of the period would email and who it would skip; nothing issued. */
export async function previewStatementBatch(deps: Pick<AppDeps, 'database'>, input: unknown) {
  const period = parsePeriod(input);
  const { reachable, withoutEmail } = await customersWithBalance(deps.database.db, period);
  return {
    from: period.from,
    to: period.to,
    recipients: reachable.map(({ customer, figures }) => ({ ...briefOf(customer, figures), email: customer.email.trim() })),
    without_email: withoutEmail.map(({ customer, figures }) => briefOf(customer, figures)),
  };
}

/** GET /api/statements/batches/{id}/: the batch's outcome: how many queued, sent, failed, and each customer's. */
export async function getBatch(deps: Pick<AppDeps, 'database'>, id: number) {
  const db = deps.database.db;
  const [batch] = await db.select().from(statementBatches).where(eq(statementBatches.id, id));
  if (!batch) throw AppError.notFound('Statement batch not found.');
  const rows = await db
    .select({
      statementId: statements.id,
      customerId: statements.customerId,
      customerName: statements.customerName,
      closingBalance: statements.closingBalance,
      emailId: emailMessages.id,
      to: emailMessages.toAddresses,
      status: emailMessages.status,
      error: emailMessages.error,
    })
    .from(statements)
    .leftJoin(emailMessages, and(eq(emailMessages.kind, 'statement'), eq(emailMessages.recordId, statements.id)))
    .where(eq(statements.batchId, id))
    .orderBy(statements.id, sql`${emailMessages.id} desc`);
  const count = (...statuses: string[]) => rows.filter((r) => r.status !== null && statuses.includes(r.status)).length;
  return {
    id: batch.id,
    from: batch.periodFrom,
    to: batch.periodTo,
    created_at: batch.createdAt.toISOString(),
    created_by: batch.createdByUsername || null,
    statements: rows.length,
    queued: count('queued', 'sending'),
    sent: count('sent'),
    failed: count('failed'),
    skipped_no_email: batch.skippedNoEmail,
    skipped: batch.skippedCustomers,
    results: rows.map((r) => ({
      statement_id: r.statementId,
      customer_id: r.customerId,
      customer_name: r.customerName,
      closing_balance: r.closingBalance,
      email_id: r.emailId,
      to: r.to ?? [],
      status: r.status ?? 'not_sent',
      error: r.error ?? '',
    })),
  };
}
