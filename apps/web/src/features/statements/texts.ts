import { countOf } from '../../lib/format';

/** Texts of the statements screens (decisions 200-203). */
export const STATEMENT_TEXT = {
  title: 'Statement',
  from: 'From',
  to: 'To',
  loading: 'Loading the statement...',
  loadError: 'Could not load the statement.',
  openingBalance: 'Opening balance',
  invoiced: 'Invoiced',
  paid: 'Payments',
  credited: 'Credits',
  closingBalance: 'Closing balance',
  agingTitle: (to: string) => `Open invoices on ${to}, by days past due`,
  agingTotal: 'Total due',
  unappliedCredit: 'Unapplied credit',
  entriesCaption: 'Entries of the period',
  date: 'Date',
  description: 'Description',
  amount: 'Amount',
  balance: 'Balance',
  noEntries: 'Nothing in this period.',
  pdf: 'PDF',
  email: 'Email',
  emailTitle: 'Email statement',
  emailQuestion: (name: string, email: string, from: string, to: string) =>
    `Email the statement of ${from} to ${to} to ${name} at ${email}? It is issued with today's figures and a link the customer can open.`,
  noEmail: 'Add an email address to this customer to email a statement.',
  send: 'Send',
  sending: 'Sending...',
  queued: (number: string, email: string) => `Statement ${number} is queued to ${email}.`,
  batchButton: 'Email statements',
  batchTitle: 'Email statements to customers with a balance',
  batchQuestion: (from: string, to: string) =>
    `Each customer whose balance on ${to} is not zero gets the statement of ${from} to ${to} at their email address, one email each. Customers without an email address are skipped.`,
  batchPreviewLoading: 'Finding the customers with a balance...',
  batchRecipients: (n: number) => `${countOf(n, 'customer')} will be emailed:`,
  batchWithoutEmail: (n: number) =>
    n === 1 ? '1 customer with a balance has no email address and will be skipped:' : `${n} customers with a balance have no email address and will be skipped:`,
  batchNobody: 'No customer with a balance on this period has an email address.',
  batchSendCount: (n: number) => `Email ${countOf(n, 'statement')}`,
  batchSkipped: 'Not emailed: no email address',
  batchResult: (b: { statements: number; queued: number; sent: number; failed: number; skipped_no_email: number }) =>
    `${countOf(b.statements, 'statement')}: ${b.sent} sent, ${b.queued} waiting, ${b.failed} failed; ` +
    (b.skipped_no_email === 1 ? '1 customer with a balance has no email address.' : `${b.skipped_no_email} customers with a balance have no email address.`),
  close: 'Close',
} as const;
