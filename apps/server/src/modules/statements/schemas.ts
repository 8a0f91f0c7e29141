import { z } from 'zod';
import { AGING_BUCKETS, STATEMENT_ENTRY_TYPES, storedAddressSchema } from '@icehouse/domain';
import { idField } from '../../operations/input';
import { emailLogEntry } from '../outbox/schemas';
import { customerLinkAnswer, customerLinkCreatedAnswer, customerLinkEventsAnswer, customerLinksAnswer } from '../links/schemas';
/** Schemas of statements (decisions 200-202): the period is checked by the service (the domain's statementPeriodSchema). */

const money = z.string().describe('Decimal with two places, e.g. "1250.00"; − lowers what the customer owes');
const date = z.string().describe('YYYY-MM-DD');
/** Left to the service's check so its messages land on `from` / `to`. */
const periodField = z.string().optional();

// ------------------------------------------------------------------------------------- inputs

export const customerPeriodInput = z.object({ id: idField, from: periodField, to: periodField });
export const customerIdInput = z.object({ id: idField });
export const statementIdInput = z.object({ id: idField });
export const emailStatementInput = z.object({ id: idField, data: z.record(z.string(), z.unknown()) });
export const batchInput = z.object({ data: z.record(z.string(), z.unknown()) });
export const batchPreviewInput = z.object({ from: periodField, to: periodField });

// ------------------------------------------------------------------------------------- answers

const agingShape = Object.fromEntries(AGING_BUCKETS.map((b) => [b.key, money.describe(b.label)])) as Record<
  (typeof AGING_BUCKETS)[number]['key'],
  typeof money
>;

/** The figures of a statement (the domain's customerStatement). */
export const statementFigures = z.object({
  from: date,
  to: date,
  opening_balance: money.describe('Everything dated before `from`'),
  invoiced: money.describe("The period's invoices"),
  paid: money.describe("The period's payments and deposits, less refunds"),
  credited: money.describe("The period's credit notes and customer credit applied"),
  closing_balance: money.describe('opening + invoiced − paid − credited; dated `to`'),
  entries: z.array(
    z.object({
      date,
      type: z.enum(STATEMENT_ENTRY_TYPES),
      label: z.string(),
      document: z.string(),
      detail: z.string(),
      amount: money,
      balance: money.describe('The balance after this entry'),
    }),
  ),
  aging: z.object(agingShape).describe('The open invoices\' amounts due on `to`, by days past due'),
  aging_total: money.describe('The buckets summed'),
  unapplied_credit: money.describe('Overpayments and deposits held on `to`: closing_balance = aging_total − unapplied_credit'),
  open_invoices: z.array(
    z.object({
      invoice_number: z.string(),
      date,
      due_date: date.nullable(),
      amount_due: money,
      bucket: z.enum(AGING_BUCKETS.map((b) => b.key) as [(typeof AGING_BUCKETS)[number]['key']]),
    }),
  ),
});

export const liveStatementAnswer = statementFigures.extend({
  customer_id: z.number().int(),
  customer_name: z.string(),
  customer_email: z.string(),
  bill_to: storedAddressSchema,
});

export const statementAnswer = statementFigures.extend({
  id: z.number().int(),
  statement_number: z.string().describe('"S-" and the id'),
  customer_id: z.number().int().nullable(),
  customer_name: z.string(),
  bill_to: storedAddressSchema,
  batch_id: z.number().int().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});

export const customerStatementsAnswer = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      statement_number: z.string(),
      from: date,
      to: date,
      opening_balance: money,
      closing_balance: money,
      batch_id: z.number().int().nullable(),
      created_at: z.string(),
      created_by: z.string().nullable(),
    }),
  ),
});

export const statementEmailedAnswer = z.object({ statement: statementAnswer, email: emailLogEntry });

const skippedCustomer = z.object({ customer_id: z.number().int(), customer_name: z.string(), closing_balance: money });

/** Who a batch of the period would email, and who has a balance but no address (nothing is issued). */
export const batchPreviewAnswer = z.object({
  from: date,
  to: date,
  recipients: z
    .array(skippedCustomer.extend({ email: z.string() }))
    .describe('Customers whose closing balance on `to` is not 0 and who have an email address: one email each'),
  without_email: z.array(skippedCustomer).describe('Customers with a balance but no email address: they would be skipped'),
});

export const batchAnswer = z.object({
  id: z.number().int(),
  from: date,
  to: date,
  created_at: z.string(),
  created_by: z.string().nullable(),
  statements: z.number().int().describe('Statements issued (customers with a balance and an email address)'),
  queued: z.number().int().describe('Waiting to be sent (or retrying)'),
  sent: z.number().int(),
  failed: z.number().int().describe('Out of attempts'),
  skipped_no_email: z.number().int().describe('Customers with a balance but no email address: nothing issued'),
  skipped: z
    .array(skippedCustomer)
    .describe('Those customers by name, as they were when the batch was sent (empty for batches sent before it was kept)'),
  results: z.array(
    z.object({
      statement_id: z.number().int(),
      customer_id: z.number().int().nullable(),
      customer_name: z.string(),
      closing_balance: money,
      email_id: z.number().int().nullable(),
      to: z.array(z.string()),
      status: z.enum(['queued', 'sending', 'sent', 'failed', 'not_sent']),
      error: z.string(),
    }),
  ),
});

/** What a customer sees through a link: the statement's key figures, nothing of the staff's. */
export const customerStatementAnswer = statementFigures.extend({
  statement_number: z.string(),
  company_name: z.string(),
  customer_name: z.string(),
});

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const statementsAnswers = {
  'statements.forCustomer': liveStatementAnswer,
  'statements.email': statementEmailedAnswer,
  'statements.list': customerStatementsAnswer,
  'statements.get': statementAnswer,
  'statements.links': customerLinksAnswer,
  'statements.createLink': customerLinkCreatedAnswer,
  'statements.revokeLink': customerLinkAnswer,
  'statements.linkEvents': customerLinkEventsAnswer,
  'statements.emailBatch': batchAnswer,
  'statements.batch': batchAnswer,
  'statements.batchPreview': batchPreviewAnswer,
  'customerStatements.statement': customerStatementAnswer,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const statementsRestAnswers = {
  'GET /api/customers/{id}/statement/': statementsAnswers['statements.forCustomer'],
  'POST /api/customers/{id}/statement/email/': statementsAnswers['statements.email'],
  'GET /api/customers/{id}/statements/': statementsAnswers['statements.list'],
  'GET /api/statements/{id}/': statementsAnswers['statements.get'],
  'GET /api/statements/{id}/links/': statementsAnswers['statements.links'],
  'POST /api/statements/{id}/links/': statementsAnswers['statements.createLink'],
  'POST /api/statements/{id}/links/{linkId}/revoke/': statementsAnswers['statements.revokeLink'],
  'GET /api/statements/{id}/link-events/': statementsAnswers['statements.linkEvents'],
  'POST /api/statements/batches/': statementsAnswers['statements.emailBatch'],
  'GET /api/statements/batches/{id}/': statementsAnswers['statements.batch'],
  'GET /api/statements/batches/preview/': statementsAnswers['statements.batchPreview'],
  'GET /api/customer/statements/{id}/': statementsAnswers['customerStatements.statement'],
};
