import { Decimal, roundCents, toMoneyString, type MoneyInput } from './money';
import { quoteStatusOf, type StoredQuoteStatus } from './quotes';
import type { AgingBucket } from './payments';

/**
 * The dashboard's money figures (decision 251): the open quotes and the receivables, each one rule here.
 */

/** A quote as the dashboard counts it. */
export interface DashboardQuote {
  status: StoredQuoteStatus;
  validUntil: string;
  total: MoneyInput;
}

/**
 * The open quotes: offers sent and still valid on `today` (quoteStatusOf says 'sent'), waiting for the
 * customer's answer. A draft is not an offer yet; an expired, accepted, declined or converted quote is
 * settled. Their count and the sum of their totals.
 */
export function openQuotesOf(quotes: readonly DashboardQuote[], today: string): { count: number; value: string } {
  const open = quotes.filter((q) => quoteStatusOf(q.status, q.validUntil, today) === 'sent');
  return { count: open.length, value: toMoneyString(open.reduce((s, q) => s.plus(roundCents(q.total)), new Decimal(0))) };
}

/** An open invoice as the aging reads it on a day: what it asks for, and its bucket of days past due. */
export interface DashboardReceivable {
  amountDue: MoneyInput;
  bucket: AgingBucket;
}

/** What the open invoices ask for (owed) and the part past its due date (overdue: every bucket but current). */
export function receivablesOf(invoices: readonly DashboardReceivable[]): {
  owed: string;
  overdue: string;
  open_invoices: number;
  overdue_invoices: number;
} {
  const due = invoices.filter((i) => roundCents(i.amountDue).greaterThan(0));
  const late = due.filter((i) => i.bucket !== 'current');
  const sum = (list: readonly DashboardReceivable[]) => toMoneyString(list.reduce((s, i) => s.plus(roundCents(i.amountDue)), new Decimal(0)));
  return { owed: sum(due), overdue: sum(late), open_invoices: due.length, overdue_invoices: late.length };
}
