import { calculateInvoiceTotals, type InvoiceLineInput } from './invoice';
import { Decimal, roundCents, toMoneyString, type MoneyInput } from './money';
import { creditOf } from './payments';
import { addDays } from './schedule';
import { DEFAULT_INVOICE_TERMS } from './constants';

/**
 * Deposits, credit notes, customer credit and payment terms (quote to cash, decisions 170-175).
 * Every figure of these is computed here, once, for the server, the web, the PDFs and the reports.
 */

// ---------------------------------------------------------------------------------- credit notes

/** A credit note's number: its own sequence, CN-1001 onwards, never reused. */
export const CREDIT_NOTE_PREFIX = 'CN-';
export const CREDIT_NOTE_FIRST_NUMBER = 1001;
export const creditNoteNumberOf = (n: number): string => `${CREDIT_NOTE_PREFIX}${n}`;

export interface CreditNoteTotalsInput {
  lines: readonly InvoiceLineInput[];
  /** The credited invoice's tax rate (percent) and exemption: tax on the credited lines is reversed at it. */
  taxRate: MoneyInput;
  taxExempt: boolean;
}

export interface CreditNoteTotals {
  subtotal: string;
  /** The credited lines that were taxed (freight excluded, as on the invoice). */
  taxableSubtotal: string;
  /** The tax reversed: the invoice's tax rule on the taxable credited lines, rounded once. */
  taxAmount: string;
  total: string;
}

/**
 * A credit note's totals: its lines (quantity × price each, to cents), and the tax on the taxable
 * ones reversed at the invoice's rate by the invoice's own rule (calculateInvoiceTotals, no
 * discount: a credit note's lines carry the amounts credited). Crediting every line of an invoice
 * without a discount reverses its tax and its total to the cent.
 */
export function creditNoteTotals(input: CreditNoteTotalsInput): CreditNoteTotals {
  const t = calculateInvoiceTotals({
    lineItems: input.lines,
    discount: 0,
    discountIsPercentage: false,
    taxRate: input.taxRate,
    taxExempt: input.taxExempt,
  });
  return { subtotal: t.subtotal, taxableSubtotal: t.taxableSubtotal, taxAmount: t.taxAmount, total: t.total };
}

/**
 * What may still be credited on an invoice: its total (as issued) less the credit notes already
 * issued against it, never below 0. A credit note above this is refused. Payments received do not
 * lower it (decision 241): a credit note undoes part of the sale, whoever has paid what; crediting
 * past the balance due leaves the customer in credit (an overpayment, creditOf), which they apply
 * to another invoice or are refunded (decision 174).
 */
export function creditableOf(invoiceTotal: MoneyInput, creditedSoFar: MoneyInput): string {
  return toMoneyString(Decimal.max(0, roundCents(invoiceTotal).minus(roundCents(creditedSoFar))));
}

// ---------------------------------------------------------------------------------- deposits

/**
 * What an entry of an order's deposit account is (decision 171): deposit (> 0), refund (< 0, paid
 * back), invoiced (< 0, moved onto the order's invoice), applied (< 0, a voided order's deposit
 * applied as credit to another invoice).
 */
export const DEPOSIT_KINDS = ['deposit', 'refund', 'invoiced', 'applied'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];
export const DEPOSIT_KIND_LABELS: Record<DepositKind, string> = {
  deposit: 'Deposit',
  refund: 'Refund',
  invoiced: 'Moved onto invoice',
  applied: 'Applied as credit',
};

/**
 * What an order's deposit account holds: the sum of its entries (deposits +, refunds −, and − for
 * each amount moved onto an invoice: the order's own invoice, or another invoice of the customer
 * as credit applied). Never below 0.
 */
export function depositsHeldOf(entries: readonly MoneyInput[]): string {
  return toMoneyString(entries.reduce<Decimal>((s, a) => s.plus(roundCents(a)), new Decimal(0)));
}

/**
 * The most a new deposit on an order may be (decision 240): what the order still needs, its total
 * less what its deposit account already holds, never below 0. A deposit is money taken towards
 * the order, never more than it: the customer is not left with a credit they did not mean to give.
 * An invoiced or voided order takes no deposit at all (decision 171: its invoice's balance due is
 * paid on the invoice, where an overpayment is confirmed and kept as credit, decision 135).
 */
export function depositLimitOf(orderTotal: MoneyInput, depositsHeld: MoneyInput): string {
  return toMoneyString(Decimal.max(0, roundCents(orderTotal).minus(Decimal.max(0, roundCents(depositsHeld)))));
}

// ---------------------------------------------------------------------------------- customers

/**
 * A customer's balance (decision 136, extended by decision 173): what was invoiced − what was paid
 * or credited on those invoices (payments_credits: payments, deposits moved onto them, credit notes,
 * credit applied) − the deposits still held on their orders (not yet invoiced, or on a voided
 * order). Negative: a credit in the customer's favour.
 */
export function customerBalanceOf(
  invoiced: MoneyInput,
  paid: MoneyInput,
  depositsHeld: MoneyInput = 0,
): string {
  return toMoneyString(roundCents(invoiced).minus(roundCents(paid)).minus(roundCents(depositsHeld)));
}

/**
 * The credit a customer may apply or be refunded: each invoice's overpayment (the domain's creditOf)
 * plus the deposits held on their voided orders. Deposits on orders still open are not credit: they
 * go onto the order's invoice.
 */
export function customerCreditOf(
  invoices: readonly { total: MoneyInput; paid: MoneyInput }[],
  voidedDepositsHeld: readonly MoneyInput[],
): string {
  let sum = new Decimal(0);
  for (const i of invoices) sum = sum.plus(creditOf(i.total, i.paid));
  for (const d of voidedDepositsHeld) sum = sum.plus(Decimal.max(0, roundCents(d)));
  return toMoneyString(sum);
}

// ---------------------------------------------------------------------------------- terms

/** Payment terms staff pick for a customer (free text is accepted too: "Net N" sets a due date). */
export const PAYMENT_TERMS_CHOICES = [
  DEFAULT_INVOICE_TERMS,
  'Net 10',
  'Net 15',
  'Net 30',
  'Net 45',
  'Net 60',
] as const;

/**
 * The due date terms give an invoice dated `date`: "Net N" (any case, N from 0 to 365) is N days
 * later; "Due on receipt" (and any other text) is the invoice date itself.
 */
export function dueDateForTerms(terms: string, date: string): string {
  const net = /^\s*net\s*(\d{1,3})\s*$/i.exec(terms);
  if (net) {
    const days = Number(net[1]);
    if (days <= 365) return addDays(date, days);
  }
  return date;
}

/** What decides an invoice's due date: its date, terms and due date, and whether a save set that due date. */
export interface InvoiceDueDate {
  date: string;
  terms: string;
  dueDate: string | null;
  /** A save set the due date itself: it no longer follows the date and terms. */
  setByHand: boolean;
}

/**
 * An invoice's due date after a save (decision 242). `next` is the invoice as the save leaves it, its
 * due date the one the save carries (the stored one when it sends none, or sends it back unchanged,
 * as the editor does on every save).
 * - A due date other than the stored one was set by hand: it is kept, now and after later saves.
 * - Otherwise, while not set by hand, the due date follows the date and the terms (dueDateForTerms)
 *   when either changes; once set by hand it stays as it is.
 */
export function dueDateAfterSave(
  stored: InvoiceDueDate,
  next: Omit<InvoiceDueDate, 'setByHand'>,
): { dueDate: string | null; setByHand: boolean } {
  if (next.dueDate !== stored.dueDate) return { dueDate: next.dueDate, setByHand: true };
  if (stored.setByHand) return { dueDate: stored.dueDate, setByHand: true };
  if (next.date !== stored.date || next.terms !== stored.terms)
    return { dueDate: dueDateForTerms(next.terms, next.date), setByHand: false };
  return { dueDate: stored.dueDate, setByHand: false };
}

// ---------------------------------------------------------------------------------- email

/** The email a credit note opens with (decision 172: fixed wording; staff edit it in the dialog). */
export function creditNoteEmail(v: {
  creditNoteNumber: string;
  invoiceNumber: string;
  customerName: string;
  companyName: string;
  total: string;
}): { subject: string; body: string } {
  const from = v.companyName ? ` from ${v.companyName}` : '';
  return {
    subject: `Credit note ${v.creditNoteNumber} for invoice ${v.invoiceNumber}${from}`,
    body:
      `${v.customerName ? `Dear ${v.customerName},\n\n` : ''}Please find attached credit note ${v.creditNoteNumber} ` +
      `of ${v.total} against invoice ${v.invoiceNumber}.\n\nThank you for your business.${v.companyName ? `\n${v.companyName}` : ''}`,
  };
}
