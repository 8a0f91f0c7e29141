import { z } from 'zod';
import { isIsoDate, todayIso } from './dates';
import { Decimal, roundCents, toMoneyString, type MoneyInput } from './money';
import { AGING_BUCKETS, PAYMENT_KIND_LABELS, agingBucketOf, type AgingBucket, type PaymentKind } from './payments';
import { DEPOSIT_KIND_LABELS, type DepositKind } from './credit';
import { addDays, monthStartOf } from './schedule';

/**
 * A customer's ledger and their statement for a period (decisions 200, 237): the opening balance
 * (everything dated before `from`), the period's entries in the order they happened with a running
 * balance, the closing balance, and the aging of the invoices still open on `to`.
 *
 * It reads the same records as the customer's balance (customerBalanceOf, decisions 136/173), with
 * the customer's sign (+ the customer owes more, − owes less):
 *   - each invoice the customer owes (its first order is theirs, decision 237): + its total, on its date;
 *   - each entry of those invoices' payments ledger: − its amount, on its date (payments +, refunds −,
 *     reversals, adjustments, deposits moved onto the invoice, credit notes, customer credit applied);
 *   - each entry of their orders' deposit accounts: − its amount, on its date (deposits +, refunds −,
 *     moved onto an invoice −, applied as credit −).
 * So a statement closing today equals the customer page's balance. A move between two of the
 * customer's own records (a deposit moved onto its invoice, credit applied from one invoice to
 * another: both sides dated the same day, decisions 171/174) nets to 0; its entries share a
 * `transfer` key and are left out of the listing when all of them are there and add up to 0. The
 * figures are the same with or without them.
 */

/** What an entry counts as in the statement's totals: closing = opening + invoiced − paid − credited. */
export const STATEMENT_ENTRY_TYPES = ['invoice', 'payment', 'credit'] as const;
export type StatementEntryType = (typeof STATEMENT_ENTRY_TYPES)[number];

/** One record that changes what the customer owes: an entry of the customer's ledger before it is read. */
export interface StatementSourceEntry {
  /** YYYY-MM-DD */
  date: string;
  /** 'invoice', a ledger kind ('ledger:payment', ...) or a deposit account kind ('deposit:refund', ...). */
  source: 'invoice' | `ledger:${PaymentKind}` | `deposit:${DepositKind}`;
  /** The record's id in its own table: the last tie-break within a day. */
  id: number;
  /**
   * When it was recorded (ISO timestamp): entries of one day are listed in the order they were recorded.
   * An invoice recorded before its creation time was kept counts from the start of its date.
   */
  recordedAt: string;
  /** As recorded: the invoice's total, the ledger entry's amount, the deposit entry's amount. */
  amount: MoneyInput;
  /** The document it belongs to, as printed: "Invoice 2042", "Order 1017". */
  document: string;
  /** Free text printed after the kind (reference, credit note number, reason). */
  detail?: string;
  /** Entries of one move between the customer's own records share this key (see above). */
  transfer?: string | null;
}

export interface StatementEntry {
  date: string;
  type: StatementEntryType;
  /** "Invoice", "Payment", "Credit note", "Deposit", "Deposit refund", ... */
  label: string;
  document: string;
  detail: string;
  /** + raises what the customer owes, − lowers it. */
  amount: string;
  /** The balance after this entry. */
  balance: string;
}

/** An invoice as the aging reads it on `to`: its total and what its ledger holds up to `to`. */
export interface StatementInvoice {
  invoiceNumber: string;
  date: string;
  dueDate: string | null;
  total: MoneyInput;
  /** The ledger entries dated on or before `to`, summed. */
  paidByTo: MoneyInput;
}

export type StatementAging = Record<AgingBucket, string>;

export interface StatementFigures {
  from: string;
  to: string;
  opening_balance: string;
  invoiced: string;
  paid: string;
  credited: string;
  closing_balance: string;
  entries: StatementEntry[];
  /** The open invoices' amounts due on `to`, by days past due (AGING_BUCKETS). */
  aging: StatementAging;
  /** The buckets' sum: what the open invoices ask for on `to`. */
  aging_total: string;
  /**
   * What the customer has paid that is not on an open invoice on `to`: overpayments of invoices plus
   * deposits still held on their orders. closing_balance = aging_total − unapplied_credit, always.
   */
  unapplied_credit: string;
  open_invoices: { invoice_number: string; date: string; due_date: string | null; amount_due: string; bucket: AgingBucket }[];
}

const LEDGER_TYPES: Record<PaymentKind, StatementEntryType> = {
  payment: 'payment',
  refund: 'payment',
  reversal: 'payment',
  adjustment: 'payment',
  opening: 'payment',
  deposit: 'payment',
  credit_note: 'credit',
  credit: 'credit',
  // Gives back what the note credited: a − credit, so `credited` is what stands credited.
  credit_note_void: 'credit',
};

/** What an entry counts as: invoices; money (payments, refunds, deposits); credit (credit notes, customer credit). */
export function statementEntryTypeOf(source: StatementSourceEntry['source']): StatementEntryType {
  if (source === 'invoice') return 'invoice';
  if (source.startsWith('ledger:')) return LEDGER_TYPES[source.slice(7) as PaymentKind];
  return 'payment';
}

function labelOf(source: StatementSourceEntry['source']): string {
  if (source === 'invoice') return 'Invoice';
  if (source.startsWith('ledger:')) return PAYMENT_KIND_LABELS[source.slice(7) as PaymentKind];
  const kind = source.slice(8) as DepositKind;
  return kind === 'deposit' ? 'Deposit' : `Deposit: ${DEPOSIT_KIND_LABELS[kind].toLowerCase()}`;
}

/** The customer's sign: an invoice raises what they owe, every ledger or deposit entry lowers it by its amount. */
export function statementAmountOf(e: Pick<StatementSourceEntry, 'source' | 'amount'>): Decimal {
  const a = roundCents(e.amount);
  return e.source === 'invoice' ? a : a.negated();
}

/** Date, then the order of recording; within one instant an invoice before the money on it, then the id. */
export function compareLedgerEntries(a: StatementSourceEntry, b: StatementSourceEntry): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.recordedAt !== b.recordedAt) return a.recordedAt < b.recordedAt ? -1 : 1;
  return rank(a) - rank(b) || a.id - b.id;
}
const rank = (e: StatementSourceEntry) => (e.source === 'invoice' ? 0 : e.source.startsWith('ledger:') ? 1 : 2);

/** Transfer keys whose entries (all of those given) add up to 0 in the customer's sign: left out of the listing. */
function nettedTransfers(entries: readonly StatementSourceEntry[]): Set<string> {
  const sums = new Map<string, { sum: Decimal; count: number }>();
  for (const e of entries) {
    if (!e.transfer) continue;
    const s = sums.get(e.transfer) ?? { sum: new Decimal(0), count: 0 };
    sums.set(e.transfer, { sum: s.sum.plus(statementAmountOf(e)), count: s.count + 1 });
  }
  return new Set([...sums].filter(([, s]) => s.count > 1 && s.sum.isZero()).map(([k]) => k));
}

/** One entry of a customer's ledger as read: its kind, its signed amount and the balance after it. */
export interface LedgerLine {
  entry: StatementSourceEntry;
  type: StatementEntryType;
  /** In the customer's sign (+ owes more). */
  amount: Decimal;
  /** The customer's balance after this entry. */
  balance: Decimal;
  /**
   * A side of a move between the customer's own records whose sides net to 0: it changes neither the
   * balance nor any total, and is not listed.
   */
  netted: boolean;
}

/**
 * THE customer's ledger (decision 237): every record up to `to`, in the order of compareLedgerEntries,
 * each with the balance after it. The running balance is computed here and only here; a statement, the
 * customer's page and every report read it. The sides of a move between the customer's own records are
 * marked netted and leave the balance as it was, so every listed row's balance is the previous listed
 * row's plus its amount.
 */
export function customerLedger(entries: readonly StatementSourceEntry[], to: string): LedgerLine[] {
  const upToTo = entries.filter((e) => e.date <= to).sort(compareLedgerEntries);
  const hidden = nettedTransfers(upToTo);
  let balance = new Decimal(0);
  return upToTo.map((entry) => {
    const netted = Boolean(entry.transfer && hidden.has(entry.transfer));
    const amount = statementAmountOf(entry);
    if (!netted) balance = balance.plus(amount);
    return { entry, type: statementEntryTypeOf(entry.source), amount, balance, netted };
  });
}

/**
 * The statement of [from, to] from every record of the customer (any date; those after `to` are
 * ignored) and their invoices as the aging reads them on `to`.
 */
export function customerStatement(input: {
  from: string;
  to: string;
  entries: readonly StatementSourceEntry[];
  invoices: readonly StatementInvoice[];
}): StatementFigures {
  const { from, to } = input;
  const ledger = customerLedger(input.entries, to);
  const before = ledger.filter((l) => l.entry.date < from);
  const opening = before.at(-1)?.balance ?? new Decimal(0);
  let running = opening;
  const sums: Record<StatementEntryType, Decimal> = { invoice: new Decimal(0), payment: new Decimal(0), credit: new Decimal(0) };
  const entries: StatementEntry[] = [];
  for (const l of ledger.slice(before.length)) {
    if (l.netted) continue;
    running = l.balance;
    // invoiced adds up + amounts; paid and credited are what came off (so − amounts, as positives).
    sums[l.type] = sums[l.type].plus(l.type === 'invoice' ? l.amount : l.amount.negated());
    entries.push({
      date: l.entry.date,
      type: l.type,
      label: labelOf(l.entry.source),
      document: l.entry.document,
      detail: l.entry.detail ?? '',
      amount: toMoneyString(l.amount),
      balance: toMoneyString(l.balance),
    });
  }
  const aging = Object.fromEntries(AGING_BUCKETS.map((b) => [b.key, new Decimal(0)])) as Record<AgingBucket, Decimal>;
  const open: StatementFigures['open_invoices'] = [];
  for (const i of input.invoices) {
    // An invoice dated after `to` is not owed yet, but money already on it (a deposit moved onto it is dated
    // as the deposit) is: it counts as credit, so the buckets and the closing balance always tie.
    const outstanding = invoiceOutstandingOf(i, to);
    if (!outstanding.greaterThan(0)) continue;
    const bucket = agingBucketOf(i.dueDate ?? i.date, to);
    aging[bucket] = aging[bucket].plus(outstanding);
    open.push({ invoice_number: i.invoiceNumber, date: i.date, due_date: i.dueDate, amount_due: toMoneyString(outstanding), bucket });
  }
  const agingTotal = AGING_BUCKETS.reduce((s, b) => s.plus(aging[b.key]), new Decimal(0));
  return {
    from,
    to,
    opening_balance: toMoneyString(opening),
    invoiced: toMoneyString(sums.invoice),
    paid: toMoneyString(sums.payment),
    credited: toMoneyString(sums.credit),
    closing_balance: toMoneyString(running),
    entries,
    aging: Object.fromEntries(AGING_BUCKETS.map((b) => [b.key, toMoneyString(aging[b.key])])) as StatementAging,
    aging_total: toMoneyString(agingTotal),
    // Whatever of the closing balance is not an open invoice's amount due: overpayments and deposits held.
    unapplied_credit: toMoneyString(agingTotal.minus(running)),
    open_invoices: open,
  };
}

/** What an invoice asks for on `to` (− when more was paid): its total once dated, less its ledger up to `to`. */
function invoiceOutstandingOf(i: StatementInvoice, to: string): Decimal {
  return (i.date <= to ? roundCents(i.total) : new Decimal(0)).minus(roundCents(i.paidByTo));
}

// ---------------------------------------------------------------------------------- the period

export const STATEMENT_MESSAGES = {
  fromRequired: 'From is required.',
  toRequired: 'To is required.',
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  toBeforeFrom: 'To must be on or after From.',
  inFuture: 'A statement cannot end after today.',
  noEmail: 'This customer has no email address: add one on the customer before sending a statement.',
  notFound: 'Statement not found.',
  customerNotFound: 'Customer not found.',
} as const;

/** The period a statement opens with: from the first of last month to today (this month and the last in full). */
export function defaultStatementPeriod(today: string = todayIso()): { from: string; to: string } {
  return { from: monthStartOf(addDays(monthStartOf(today), -1)), to: today };
}

/**
 * The period "Email statements" (every customer with a balance) opens with: the last full calendar month.
 * Statements go out after a month is closed, each customer's balance as of its last day, so the figures
 * match the books of that month whichever day of the next they are sent (decision 247).
 */
export function statementBatchPeriod(today: string = todayIso()): { from: string; to: string } {
  const to = addDays(monthStartOf(today), -1);
  return { from: monthStartOf(to), to };
}

/**
 * A statement's period: both dates required (YYYY-MM-DD), `to` not before `from` and not after
 * today (a statement tells what happened; messages on the field concerned). `today` is the
 * server's calendar date (decision 110).
 */
export const statementPeriodSchema = (today: string = todayIso()) =>
  z
    .object({
      from: z.string({ error: STATEMENT_MESSAGES.fromRequired }).trim(),
      to: z.string({ error: STATEMENT_MESSAGES.toRequired }).trim(),
    })
    .superRefine((p, ctx) => {
      const ok = (key: 'from' | 'to', required: string) => {
        if (p[key] === '') ctx.addIssue({ code: 'custom', path: [key], message: required });
        else if (!isIsoDate(p[key])) ctx.addIssue({ code: 'custom', path: [key], message: STATEMENT_MESSAGES.dateInvalid });
        else return true;
        return false;
      };
      const fromOk = ok('from', STATEMENT_MESSAGES.fromRequired);
      const toOk = ok('to', STATEMENT_MESSAGES.toRequired);
      if (toOk && p.to > today) ctx.addIssue({ code: 'custom', path: ['to'], message: STATEMENT_MESSAGES.inFuture });
      else if (fromOk && toOk && p.to < p.from)
        ctx.addIssue({ code: 'custom', path: ['to'], message: STATEMENT_MESSAGES.toBeforeFrom });
    });
export type StatementPeriod = { from: string; to: string };

// ---------------------------------------------------------------------------------- email

/** Where a statement's email puts its customer link (a new link at each send, as for quotes: decision 162). */
export const STATEMENT_LINK_PLACEHOLDER = '{statement_link}';

/** The email a statement opens with (fixed wording, editable in the dialog; the batch sends it as is). */
export function statementEmail(v: {
  customerName: string;
  companyName: string;
  from: string;
  to: string;
  closingBalance: string;
}): { subject: string; body: string } {
  const company = v.companyName ? ` from ${v.companyName}` : '';
  return {
    subject: `Statement ${v.from} to ${v.to}${company}`,
    body:
      `${v.customerName ? `Dear ${v.customerName},\n\n` : ''}Please find attached your statement for ${v.from} to ${v.to}. ` +
      `The balance on ${v.to} is ${v.closingBalance}.\n\nYou can also view it online:\n${STATEMENT_LINK_PLACEHOLDER}\n\n` +
      `Thank you for your business.${v.companyName ? `\n${v.companyName}` : ''}`,
  };
}

/** The message with the link in place of the placeholder, or added at its end when it was removed. */
export function withStatementLink(body: string, url: string): string {
  return body.includes(STATEMENT_LINK_PLACEHOLDER)
    ? body.split(STATEMENT_LINK_PLACEHOLDER).join(url)
    : `${body}\n\nView your statement online: ${url}`;
}
