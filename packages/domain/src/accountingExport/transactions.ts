import type { DepositKind } from '../credit';
import { Decimal, roundCents, toMoneyString, type MoneyInput } from '../money';
import { lineAmount } from '../invoice';
import type { PaymentKind } from '../payments';

/**
 * The accountant hand-off (decision 205): the invoices, payments ledger, deposits and credit notes of a
 * date range as balanced transactions (one list of postings each, debits positive, credits negative,
 * summing to 0 to the cent), which the IIF file and the journal CSV write out as they are.
 */

/** The account names the export posts to (Company Information; QuickBooks' standard names by default). */
export interface AccountNames {
  receivable: string;
  sales: string;
  freight: string;
  discounts: string;
  salesTax: string;
  undepositedFunds: string;
  refunds: string;
  customerDeposits: string;
  adjustments: string;
}

export const DEFAULT_ACCOUNT_NAMES: Readonly<AccountNames> = Object.freeze({
  receivable: 'Accounts Receivable',
  sales: 'Sales',
  freight: 'Shipping and Delivery Income',
  discounts: 'Discounts Given',
  salesTax: 'Sales Tax Payable',
  undepositedFunds: 'Undeposited Funds',
  refunds: 'Checking',
  customerDeposits: 'Customer Deposits',
  adjustments: 'Opening Balance Equity',
});

/** A document line as exported: freight already decided (the domain's isFreightLine). */
export interface ExportLine {
  description: string;
  quantity: MoneyInput;
  priceEach: MoneyInput;
  isFreight: boolean;
}

export interface ExportInvoice {
  number: string;
  date: string;
  dueDate: string | null;
  terms: string;
  customer: string;
  /** The customer's PO or job name, as on the invoice ('' when none): how their accounts payable know it. */
  poJobName?: string;
  taxExempt: boolean;
  lines: readonly ExportLine[];
  /** The stored results of the invoice totals rule. */
  discountAmount: MoneyInput;
  taxAmount: MoneyInput;
  total: MoneyInput;
}

export interface ExportCreditNote {
  number: string;
  date: string;
  invoiceNumber: string;
  customer: string;
  reason: string;
  taxExempt: boolean;
  lines: readonly ExportLine[];
  taxAmount: MoneyInput;
  total: MoneyInput;
}

/** An invoice ledger entry (invoice_payments): amount > 0 reduces what the customer owes. */
export interface ExportLedgerEntry {
  id: number;
  date: string;
  kind: PaymentKind;
  amount: MoneyInput;
  method: string;
  reference: string;
  invoiceNumber: string;
  customer: string;
  /** kind reversal: the kind of the entry it reverses (its money went through that kind's account). */
  reversesKind?: PaymentKind | null;
  /** kind credit, + side: the invoice whose overpayment it was (null: from a voided order's deposits). */
  creditFromInvoice?: string | null;
}

/** An order's deposit account entry (order_deposits): deposit > 0, refund < 0. */
export interface ExportDepositEntry {
  id: number;
  date: string;
  kind: DepositKind;
  amount: MoneyInput;
  method: string;
  reference: string;
  orderNumber: string;
  customer: string;
}

export interface AccountingExportInput {
  invoices: readonly ExportInvoice[];
  creditNotes: readonly ExportCreditNote[];
  /**
   * Credit notes voided in the range (decision 249), each as the note it voids but dated the day of the void
   * and with the void's reason: the credit memo's postings reversed.
   */
  creditNoteVoids?: readonly ExportCreditNote[];
  ledger: readonly ExportLedgerEntry[];
  deposits: readonly ExportDepositEntry[];
}

export interface Posting {
  account: string;
  /** Debit > 0, credit < 0, two places. */
  amount: string;
  name: string;
  memo: string;
  /** Document lines only (IIF QNTY and PRICE). */
  quantity?: string;
  price?: string;
}

export const TRANSACTION_TYPES = ['INVOICE', 'CREDIT MEMO', 'PAYMENT', 'CHECK', 'GENERAL JOURNAL'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** One balanced transaction: postings[0] is the IIF TRNS line, the others its SPL lines. */
export interface AccountingTransaction {
  /** Unique in the export: the document number, or PMT-/DEP- and the entry id. */
  id: string;
  type: TransactionType;
  date: string;
  docNumber: string;
  name: string;
  memo: string;
  postings: Posting[];
}

const money = (v: Decimal) => toMoneyString(v);

/** The document number a credit note's void is exported under: "CN-1001-VOID". */
export const voidNumberOf = (creditNoteNumber: string) => `${creditNoteNumber}-VOID`;

/** The postings' sum (0 for every transaction this module builds). */
export function postingsSum(postings: readonly Pick<Posting, 'amount'>[]): string {
  return money(postings.reduce((s, p) => s.plus(roundCents(p.amount)), new Decimal(0)));
}

/**
 * A document's line postings (credits for an invoice, debits for a credit note: `sign`), then the
 * discount, the tax and, if the stored total differs from what the lines give (a stored total is the
 * rule's own result, so only data typed before the rule), one line making up the difference.
 */
function documentPostings(
  doc: { customer: string; lines: readonly ExportLine[]; taxAmount: MoneyInput; total: MoneyInput },
  discount: Decimal,
  sign: 1 | -1,
  accounts: AccountNames,
): Posting[] {
  const name = doc.customer;
  const head = roundCents(doc.total).times(sign);
  const postings: Posting[] = [{ account: accounts.receivable, amount: money(head), name, memo: '' }];
  for (const line of doc.lines) {
    const amount = new Decimal(lineAmount(line.quantity, line.priceEach));
    postings.push({
      account: line.isFreight ? accounts.freight : accounts.sales,
      amount: money(amount.times(-sign)),
      name,
      memo: line.description,
      quantity: money(roundCents(line.quantity).times(-sign)),
      price: money(roundCents(line.priceEach)),
    });
  }
  if (!discount.isZero())
    postings.push({
      account: accounts.discounts,
      amount: money(discount.times(sign)),
      name,
      memo: 'Discount',
    });
  const tax = roundCents(doc.taxAmount);
  if (!tax.isZero())
    postings.push({ account: accounts.salesTax, amount: money(tax.times(-sign)), name, memo: 'Sales tax' });
  const off = new Decimal(postingsSum(postings));
  if (!off.isZero())
    postings.push({
      account: accounts.sales,
      amount: money(off.negated()),
      name,
      memo: 'Difference to the total',
    });
  return postings;
}

/** The account a ledger entry's money went through (its counterpart to Accounts Receivable). */
function ledgerCounterAccount(kind: PaymentKind, accounts: AccountNames): string {
  switch (kind) {
    case 'payment':
      return accounts.undepositedFunds;
    case 'refund':
      return accounts.refunds;
    case 'deposit':
      return accounts.customerDeposits;
    default:
      return accounts.adjustments;
  }
}

const LEDGER_MEMO: Partial<Record<PaymentKind, string>> = {
  payment: 'Payment',
  refund: 'Refund',
  reversal: 'Reversal',
  adjustment: 'Adjustment',
  opening: 'Opening balance',
  deposit: 'Deposits applied',
  credit: 'Credit applied',
};

function ledgerTransaction(e: ExportLedgerEntry, accounts: AccountNames): AccountingTransaction | null {
  const amount = roundCents(e.amount);
  // A credit note's entry is the CREDIT MEMO's own posting to receivables, and its void's entry the void's
  // reversing journal; the − side of a credit pair travels with its + side (one transaction moving the
  // credit from one invoice to the other).
  if (e.kind === 'credit_note' || e.kind === 'credit_note_void' || (e.kind === 'credit' && amount.isNegative())) return null;
  let counter: string;
  let type: TransactionType = 'GENERAL JOURNAL';
  let memo = `${LEDGER_MEMO[e.kind] ?? e.kind} on invoice ${e.invoiceNumber}`;
  if (e.kind === 'credit') {
    counter = e.creditFromInvoice ? accounts.receivable : accounts.customerDeposits;
    memo += e.creditFromInvoice ? ` from invoice ${e.creditFromInvoice}` : ' from deposits';
  } else if (e.kind === 'reversal') {
    counter = ledgerCounterAccount(e.reversesKind ?? 'adjustment', accounts);
  } else {
    counter = ledgerCounterAccount(e.kind, accounts);
    if (e.kind === 'payment') type = 'PAYMENT';
    if (e.kind === 'refund') type = 'CHECK';
  }
  if (e.reference) memo += ` (${e.reference})`;
  const name = e.customer;
  return {
    id: `PMT-${e.id}`,
    type,
    date: e.date,
    docNumber: e.reference || `PMT-${e.id}`,
    name,
    memo,
    postings: [
      { account: counter, amount: money(amount), name, memo },
      { account: accounts.receivable, amount: money(amount.negated()), name, memo },
    ],
  };
}

function depositTransaction(d: ExportDepositEntry, accounts: AccountNames): AccountingTransaction | null {
  // invoiced and applied entries move the deposit onto an invoice: their invoice ledger entry (kind
  // deposit, or the + side of a credit) is that movement, exported once from there.
  if (d.kind !== 'deposit' && d.kind !== 'refund') return null;
  const amount = roundCents(d.amount);
  const cash = d.kind === 'deposit' ? accounts.undepositedFunds : accounts.refunds;
  let memo = `${d.kind === 'deposit' ? 'Deposit' : 'Deposit refund'} on order ${d.orderNumber}`;
  if (d.reference) memo += ` (${d.reference})`;
  return {
    id: `DEP-${d.id}`,
    type: d.kind === 'deposit' ? 'GENERAL JOURNAL' : 'CHECK',
    date: d.date,
    docNumber: d.reference || `DEP-${d.id}`,
    name: d.customer,
    memo,
    postings: [
      { account: cash, amount: money(amount), name: d.customer, memo },
      { account: accounts.customerDeposits, amount: money(amount.negated()), name: d.customer, memo },
    ],
  };
}

/** Every transaction of the export, by date (documents first on a day, then ledger, then deposits). */
export function accountingTransactions(
  input: AccountingExportInput,
  accounts: AccountNames = DEFAULT_ACCOUNT_NAMES,
): AccountingTransaction[] {
  const out: AccountingTransaction[] = [];
  for (const i of input.invoices)
    out.push({
      id: i.number,
      type: 'INVOICE',
      date: i.date,
      docNumber: i.number,
      name: i.customer,
      memo: `Invoice ${i.number}`,
      postings: documentPostings(i, roundCents(i.discountAmount), 1, accounts),
    });
  for (const n of input.creditNotes)
    out.push({
      id: n.number,
      type: 'CREDIT MEMO',
      date: n.date,
      docNumber: n.number,
      name: n.customer,
      memo: `Credit note ${n.number} on invoice ${n.invoiceNumber}: ${n.reason}`,
      postings: documentPostings(n, new Decimal(0), -1, accounts),
    });
  for (const n of input.creditNoteVoids ?? [])
    out.push({
      id: voidNumberOf(n.number),
      type: 'GENERAL JOURNAL',
      date: n.date,
      docNumber: voidNumberOf(n.number),
      name: n.customer,
      memo: `Void of credit note ${n.number} on invoice ${n.invoiceNumber}: ${n.reason}`,
      // The credit memo's postings, each the other way: receivables, sales and tax as before the note.
      postings: documentPostings(n, new Decimal(0), 1, accounts),
    });
  for (const e of input.ledger) {
    const t = ledgerTransaction(e, accounts);
    if (t) out.push(t);
  }
  for (const d of input.deposits) {
    const t = depositTransaction(d, accounts);
    if (t) out.push(t);
  }
  // Stable: same-day transactions keep the order above.
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
