import { Decimal, formatMoney, roundCents, toMoneyString, type MoneyInput } from './money';
import { addOneYear, daysBetween } from './schedule';

/**
 * Payments: the ledger's rules, in one place so that server, web, PDF and reports agree to the cent.
 *
 * An invoice's payments are a ledger of entries (payments positive, refunds and reversals
 * negative); what has been paid is their sum. Balance due = total − paid, never below 0; an
 * overpayment is a credit (paid − total). The status is derived, never stored.
 */

export const PAYMENT_METHODS = ['check', 'cash', 'card', 'ach', 'wire', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  check: 'Check',
  cash: 'Cash',
  card: 'Card',
  ach: 'ACH',
  wire: 'Wire',
  other: 'Other',
};

/**
 * What an entry is: a payment (> 0), a refund (< 0, with a reason), the reversal of another entry
 * (its negation), an adjustment recorded by a PATCH of payments_credits (the difference), or the
 * opening entry that carried an invoice's Payments/Credits into the ledger (migration 0012); a
 * deposit taken on the order before it was invoiced, a credit note's total, and customer credit
 * applied (+ on the invoice it pays, − on the invoice whose overpayment it was); and the void of a credit
 * note (the negation of its entry, `reverses_id` naming it: the note stays in the ledger, decision 249).
 */
export const PAYMENT_KINDS = [
  'payment',
  'refund',
  'reversal',
  'adjustment',
  'opening',
  'deposit',
  'credit_note',
  'credit',
  'credit_note_void',
] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  payment: 'Payment',
  refund: 'Refund',
  reversal: 'Reversal',
  adjustment: 'Adjustment',
  opening: 'Opening balance',
  deposit: 'Deposit',
  credit_note: 'Credit note',
  credit: 'Credit applied',
  credit_note_void: 'Credit note voided',
};

/**
 * Entries the ledger writes for another record and that are never reversed on their own: a deposit
 * moved onto the invoice (decision 171), a credit note (decision 172; voiding the note reverses it),
 * customer credit applied (one side of a pair, decision 174), and a credit note's void (decision 249).
 */
export const LINKED_PAYMENT_KINDS: readonly PaymentKind[] = ['deposit', 'credit_note', 'credit', 'credit_note_void'];

/** Notes the server writes on the entries it records itself. */
export const PAYMENT_NOTES = {
  adjustment: (from: MoneyInput, to: MoneyInput) =>
    `Payments/Credits set from ${formatMoney(from)} to ${formatMoney(to)} by an invoice edit`,
  reversal: (id: number) => `Reverses entry #${id}`,
} as const;

/** The kind of a new entry typed by a person: its sign decides. */
export function paymentKindOf(amount: MoneyInput): 'payment' | 'refund' {
  return roundCents(amount).isNegative() ? 'refund' : 'payment';
}

/** What has been paid: the sum of the entries (each read as cents). */
export function paymentsTotal(amounts: readonly MoneyInput[]): Decimal {
  return amounts.reduce<Decimal>((sum, a) => sum.plus(roundCents(a)), new Decimal(0));
}

/** The balance due rule: total − paid (a negative paid counting as 0), never below 0 (invoices spec §5). */
function balanceDue(total: MoneyInput, paid: Decimal): Decimal {
  return Decimal.max(0, roundCents(total).minus(Decimal.max(0, paid)));
}

/** Balance due: total − paid, never below 0 (invoices spec §5). */
export function balanceDueOf(total: MoneyInput, paid: MoneyInput): string {
  return toMoneyString(balanceDue(total, roundCents(paid)));
}

/** An overpayment: paid − total when more was paid than the total, else 0. */
export function creditOf(total: MoneyInput, paid: MoneyInput): string {
  return toMoneyString(Decimal.max(0, roundCents(paid).minus(roundCents(total))));
}

/**
 * How much of a new payment goes past the balance due (and so becomes a credit): amount − balance
 * due when that is positive, else 0. A refund (negative amount) never overpays. The record-payment
 * form asks for a confirmation when this is not 0 (decision 135).
 */
export function overpaymentOf(balanceDue: MoneyInput, amount: MoneyInput): string {
  const paying = roundCents(amount);
  if (!paying.greaterThan(0)) return '0.00';
  return toMoneyString(Decimal.max(0, paying.minus(Decimal.max(0, roundCents(balanceDue)))));
}

export const INVOICE_STATUSES = ['unpaid', 'partially_paid', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  unpaid: 'Unpaid',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
};

export interface InvoiceStatusInput {
  total: MoneyInput;
  /** Sum of the ledger (payments_credits). */
  paid: MoneyInput;
  /** YYYY-MM-DD or null (no due date: never overdue). */
  dueDate: string | null | undefined;
  /** YYYY-MM-DD. */
  today: string;
}

/**
 * Paid: nothing left to pay. Overdue: a balance and the due date has passed (due today is not
 * overdue). Partially paid: a balance, not overdue, something paid. Unpaid: the rest.
 * The invoices list's status filter states the same rule in SQL (invoices/status-filter.ts); a
 * test checks the two agree.
 */
export function invoicePaymentStatus(input: InvoiceStatusInput): InvoiceStatus {
  const paid = roundCents(input.paid);
  return statusOf(balanceDue(input.total, paid), paid, input);
}

function statusOf(balance: Decimal, paid: Decimal, input: InvoiceStatusInput): InvoiceStatus {
  if (balance.isZero()) return 'paid';
  if (input.dueDate && input.dueDate < input.today) return 'overdue';
  if (paid.greaterThan(0)) return 'partially_paid';
  return 'unpaid';
}

/**
 * balanceDueOf and invoicePaymentStatus together, the balance worked out once: the invoice list
 * answers both for every row.
 */
export function invoiceBalanceAndStatus(input: InvoiceStatusInput): { balanceDue: string; status: InvoiceStatus } {
  const paid = roundCents(input.paid);
  const balance = balanceDue(input.total, paid);
  return { balanceDue: toMoneyString(balance), status: statusOf(balance, paid, input) };
}

/** The latest date a payment may carry: today + 1 year. */
export function latestPaymentDate(today: string): string {
  return addOneYear(today);
}

// ---------------------------------------------------------------------------------- aging

/**
 * Receivables aging buckets, by days past the due date: current (not yet past due), 1–30,
 * 31–60, 61–90, over 90. `maxDays` is the bucket's inclusive upper bound (null: no bound). The
 * aging report passes these bounds to its query, so the rule is written once, here.
 */
export const AGING_BUCKETS = [
  { key: 'current', label: 'Current', maxDays: 0 },
  { key: 'days_1_30', label: '1–30 days', maxDays: 30 },
  { key: 'days_31_60', label: '31–60 days', maxDays: 60 },
  { key: 'days_61_90', label: '61–90 days', maxDays: 90 },
  { key: 'over_90', label: 'Over 90 days', maxDays: null },
] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number]['key'];

/** The bucket of a balance due on `dueDate` (null: the invoice date stands in), seen on `today`. */
export function agingBucketOf(dueDate: string, today: string): AgingBucket {
  const late = daysBetween(dueDate, today);
  for (const b of AGING_BUCKETS) if (b.maxDays === null || late <= b.maxDays) return b.key;
  return 'over_90';
}
