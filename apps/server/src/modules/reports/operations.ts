import { defineBinaryOperation, defineOperation, operationSet } from '../../operations/define';
import { sendCsv } from '../../csv';
import {
  accountingExportInputSchema,
  accountingSummaryAnswer,
  accountingSummaryInput,
  agingAnswer,
  dashboardAnswer,
  agingInput,
  agingInvoicesAnswer,
  agingInvoicesInput,
  salesTaxAnswer,
  salesTaxInput,
} from './schemas';
import { salesTaxReport } from './sales-tax';
import { dashboardFigures } from './dashboard';
import { agingInvoices, agingReport } from './aging';
import { agingCsv, salesTaxCsv } from './csv';
import { accountingExportFile, accountingExportSummary, sendAccountingFile } from './accounting-export';

const TAG = 'Reports';

/** The reports every signed-in user reads, and their CSV. */
export const reportsOperations = operationSet('reports', {
  salesTax: defineOperation({
    kind: 'query',
    access: 'books',
    input: salesTaxInput,
    output: salesTaxAnswer,
    run: ({ deps, input }) => salesTaxReport(deps, input),
    rest: {
      method: 'GET',
      path: '/api/reports/sales-tax/',
      summary:
        'Sales tax by period: invoices dated from..to (default this year) grouped by period (month, quarter, year): taxable sales, ' +
        'exempt sales, freight, discounts, tax collected and total, per period and in total (the invoice totals rule, to the cent).',
      tag: TAG,
      query: true,
    },
  }),
  dashboard: defineOperation({
    kind: 'query',
    access: 'books',
    output: dashboardAnswer,
    run: ({ deps }) => dashboardFigures(deps),
    rest: {
      method: 'GET',
      path: '/api/reports/dashboard/',
      summary:
        "The dashboard's money figures: open quotes (sent and still valid: count and value) and receivables today from the " +
        "ledger as the aging report reads it (owed: what the open invoices ask for; overdue: the part past its due date).",
      tag: TAG,
    },
  }),
  salesTaxCsv: defineBinaryOperation({
    kind: 'query',
    access: 'books',
    input: salesTaxInput,
    trpc: false,
    run: async ({ deps, input }) => salesTaxCsv(await salesTaxReport(deps, input)),
    rest: {
      method: 'GET',
      path: '/api/reports/sales-tax/csv/',
      summary:
        'The sales tax report (same filters) as CSV: UTF-8 with BOM, ISO dates, decimals with a dot; a Total line last.',
      tag: TAG,
      query: true,
      produces: 'text/csv',
      reply: ({ stream, filename }, reply) => sendCsv(reply, stream, filename),
    },
  }),
  aging: defineOperation({
    kind: 'query',
    access: 'books',
    input: agingInput,
    output: agingAnswer,
    run: ({ deps, input }) => agingReport(deps, input),
    rest: {
      method: 'GET',
      path: '/api/reports/aging/',
      summary:
        'Accounts receivable aging per customer: balances due by days past the due date (current, 1-30, 31-60, 61-90, over 90) ' +
        'as of as_of (default today), with totals. Unlinked invoices are grouped by bill-to name.',
      tag: TAG,
      query: true,
    },
  }),
  agingInvoices: defineOperation({
    kind: 'query',
    access: 'books',
    input: agingInvoicesInput,
    output: agingInvoicesAnswer,
    run: ({ deps, input }) => agingInvoices(deps, input),
    rest: {
      method: 'GET',
      path: '/api/reports/aging/invoices/',
      summary:
        'The invoices behind a figure of the aging report: those with a balance as of as_of, of one customer (customer_id, or ' +
        'customer_name for unlinked invoices) and one bucket (current, days_1_30, days_31_60, days_61_90, over_90), or all.',
      tag: TAG,
      query: true,
    },
  }),
  agingCsv: defineBinaryOperation({
    kind: 'query',
    access: 'books',
    input: agingInput,
    trpc: false,
    run: async ({ deps, input }) => agingCsv(await agingReport(deps, input)),
    rest: {
      method: 'GET',
      path: '/api/reports/aging/csv/',
      summary:
        'The aging report (same as_of) as CSV: UTF-8 with BOM, decimals with a dot; a Total line last.',
      tag: TAG,
      query: true,
      produces: 'text/csv',
      reply: ({ stream, filename }, reply) => sendCsv(reply, stream, filename),
    },
  }),
  accountingExportSummary: defineOperation({
    kind: 'query',
    access: 'books',
    input: accountingSummaryInput,
    output: accountingSummaryAnswer,
    run: ({ deps, input }) => accountingExportSummary(deps, input),
    rest: {
      method: 'GET',
      path: '/api/reports/accounting-export/summary/',
      summary:
        'What the accountant export of from..to (at most 366 days) holds: invoices, credit notes, IIF transactions and ' +
        'records, before downloading it; more than max_records records is refused (400 on to).',
      tag: TAG,
      query: true,
    },
  }),
  accountingExport: defineBinaryOperation({
    kind: 'query',
    access: 'books',
    input: accountingExportInputSchema,
    trpc: false,
    run: ({ deps, input }) => accountingExportFile(deps, input),
    rest: {
      method: 'GET',
      path: '/api/reports/accounting-export/',
      summary:
        'The accountant export of from..to (at most 366 days, 20,000 records) as one file: format iif (QuickBooks Desktop: ' +
        'invoices, credit memos, payments, refunds, deposits, each transaction balanced), qbo-invoices and qbo-journal ' +
        "(QuickBooks Online's invoice and journal entry imports), xero-invoices and xero-credit-notes (Xero's imports). " +
        'Account names from Company Information. A range with nothing in it answers 404.',
      tag: TAG,
      query: true,
      produces: 'application/octet-stream',
      reply: (file, reply) => sendAccountingFile(reply, file),
    },
  }),
});
