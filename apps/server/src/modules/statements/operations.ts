import { defineBinaryOperation, defineOperation, operationSet } from '../../operations/define';
import { contentDisposition } from '../../header-values';
import { sendArchivedPdf } from '../documents/reply';
import { callerOf, refusals, tokenHeader } from '../links/customer-calls';
import { customerStatementPage, customerStatementPdf } from './customer-page';
import { liveStatement } from './statement-figures';
import { liveStatementPdf, statementPdf } from './statement-pdf';
import { customerStatements, getStatement, statementRow } from './statement-read';
import { documentLinkOperations } from '../links/operations';
import { emailStatement, emailStatementBatch, getBatch, previewStatementBatch } from './statement-send';
import {
  batchAnswer,
  batchInput,
  batchPreviewAnswer,
  batchPreviewInput,
  customerIdInput,
  customerPeriodInput,
  customerStatementAnswer,
  customerStatementsAnswer,
  emailStatementInput,
  liveStatementAnswer,
  statementAnswer,
  statementEmailedAnswer,
  statementIdInput,
} from './schemas';

const TAG = 'Statements';
const PERIOD = 'from and to: YYYY-MM-DD, to not before from and not after today (400 on the field).';

/** Customer statements (decisions 200-202): staff calls (signed-in users, as invoices and payments). */
export const statementsOperations = operationSet('statements', {
  forCustomer: defineOperation({
    kind: 'query',
    access: 'books',
    input: customerPeriodInput,
    output: liveStatementAnswer,
    run: ({ deps, input }) => liveStatement(deps.database.db, input.id, input),
    rest: {
      method: 'GET',
      path: '/api/customers/{id}/statement/',
      summary:
        "The customer's statement of a period, computed now (nothing stored): opening balance, the period's entries with a running " +
        'balance, invoiced / paid / credited, closing balance, the aging of the invoices open on `to`. ' +
        PERIOD,
      tag: TAG,
      query: true,
    },
  }),
  forCustomerPdf: defineBinaryOperation({
    kind: 'query',
    access: 'books',
    input: customerPeriodInput,
    trpc: false,
    run: ({ deps, input }) => liveStatementPdf(deps, input.id, input),
    rest: {
      method: 'GET',
      path: '/api/customers/{id}/statement/pdf/',
      summary: 'The same statement as a PDF (inline; rendered now, not archived: only an emailed statement is issued). ' + PERIOD,
      tag: TAG,
      query: true,
      produces: 'application/pdf',
      reply: (pdf, reply) =>
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition('inline', pdf.filename))
          .header('cache-control', 'private, no-store')
          .send(pdf.bytes),
    },
  }),
  email: defineOperation({
    kind: 'mutation',
    access: 'books',
    input: emailStatementInput,
    output: statementEmailedAnswer,
    run: ({ deps, user, input }) => emailStatement(deps, user, input.id, input.data),
    rest: {
      method: 'POST',
      path: '/api/customers/{id}/statement/email/',
      summary:
        "Issue the period's statement (its figures stored as they are now) and email it to the customer's address with a new customer " +
        'link to it, through the queue. 400 on from / to, on `email` when the customer has none, or when no SMTP server or From ' +
        'address is set; nothing issued then.',
      tag: TAG,
      body: 'data',
      successStatus: 201,
    },
  }),
  list: defineOperation({
    kind: 'query',
    access: 'books',
    input: customerIdInput,
    output: customerStatementsAnswer,
    run: ({ deps, input }) => customerStatements(deps, input.id),
    rest: {
      method: 'GET',
      path: '/api/customers/{id}/statements/',
      summary: "The customer's issued statements, newest first (up to 100).",
      tag: TAG,
    },
  }),
  get: defineOperation({
    kind: 'query',
    access: 'books',
    input: statementIdInput,
    output: statementAnswer,
    run: ({ deps, input }) => getStatement(deps, input.id),
    rest: { method: 'GET', path: '/api/statements/{id}/', summary: 'One issued statement, its figures as issued.', tag: TAG },
  }),
  pdf: defineBinaryOperation({
    kind: 'query',
    access: 'books',
    input: statementIdInput,
    trpc: false,
    run: ({ deps, user, input }) => statementPdf(deps, input.id, user.id),
    rest: {
      method: 'GET',
      path: '/api/statements/{id}/pdf/',
      summary: "An issued statement's PDF (archived as kind `statement`).",
      tag: TAG,
      produces: 'application/pdf',
      reply: (pdf, reply) => sendArchivedPdf(reply, pdf, 'inline'),
    },
  }),
  /** Customer links to an issued statement (decisions 161, 202): the quote's and invoice's calls, for this document. */
  ...documentLinkOperations({
    type: 'statement',
    noun: 'statement',
    path: '/api/statements/{id}/',
    tag: TAG,
    access: 'books',
    exists: async (db, id) => void (await statementRow(db, id)),
  }),
  batchPreview: defineOperation({
    kind: 'query',
    access: 'books',
    input: batchPreviewInput,
    output: batchPreviewAnswer,
    run: ({ deps, input }) => previewStatementBatch(deps, input),
    rest: {
      method: 'GET',
      path: '/api/statements/batches/preview/',
      summary:
        'Who a batch of the period would email, before sending: the customers whose closing balance on `to` is not 0 with an ' +
        'email address (recipients) and those without one (without_email, who would be skipped). Nothing issued. ' +
        PERIOD,
      tag: TAG,
      query: true,
    },
  }),
  emailBatch: defineOperation({
    kind: 'mutation',
    access: 'books',
    input: batchInput,
    output: batchAnswer,
    run: ({ deps, user, input }) => emailStatementBatch(deps, user, input.data),
    rest: {
      method: 'POST',
      path: '/api/statements/batches/',
      summary:
        'Email the period\'s statement to every customer whose closing balance on `to` is not 0, as one batch: each customer\'s ' +
        'statement issued and its email queued as its own job, in one transaction. Customers without an email address are counted ' +
        'as skipped. 400 on from / to, or when no SMTP server or From address is set (nothing issued).',
      tag: TAG,
      body: 'data',
      successStatus: 201,
    },
  }),
  batch: defineOperation({
    kind: 'query',
    access: 'books',
    input: statementIdInput,
    output: batchAnswer,
    run: ({ deps, input }) => getBatch(deps, input.id),
    rest: {
      method: 'GET',
      path: '/api/statements/batches/{id}/',
      summary: "A batch's outcome: statements issued, how many queued, sent and failed, skipped customers, each customer's email.",
      tag: TAG,
    },
  }),
});

/** A statement through a customer link (decision 202): public, REST only, the token in a header. */
export const customerStatementOperations = operationSet('customerStatements', {
  statement: defineOperation({
    kind: 'query',
    access: 'public',
    input: statementIdInput,
    output: customerStatementAnswer,
    trpc: false,
    run: ({ deps, req, input }) => customerStatementPage(deps, callerOf(req), input.id),
    rest: {
      method: 'GET',
      path: '/api/customer/statements/{id}/',
      summary: 'The statement a customer link opens: its key figures as issued (opening, entries, closing, aging; logged as a view).',
      tag: 'Customer links',
      headers: [tokenHeader],
      answers: refusals,
    },
  }),
  pdf: defineBinaryOperation({
    kind: 'query',
    access: 'public',
    input: statementIdInput,
    trpc: false,
    run: ({ deps, req, input }) => customerStatementPdf(deps, callerOf(req), input.id),
    rest: {
      method: 'GET',
      path: '/api/customer/statements/{id}/pdf/',
      summary: 'The statement as a PDF through a customer link (attachment; logged).',
      tag: 'Customer links',
      produces: 'application/pdf',
      headers: [tokenHeader],
      answers: refusals,
      reply: (pdf, reply) => sendArchivedPdf(reply, pdf, 'attachment'),
    },
  }),
});
