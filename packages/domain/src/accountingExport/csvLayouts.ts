import { lineAmount } from '../invoice';
import { Decimal, roundCents, toMoneyString, type MoneyInput } from '../money';
import { usDate } from './iif';
import { voidNumberOf } from './transactions';
import type {
  AccountNames,
  AccountingTransaction,
  ExportCreditNote,
  ExportInvoice,
  ExportLine,
} from './transactions';

/**
 * The CSV import layouts (decision 205): QuickBooks Online's invoice import and journal entry import,
 * Xero's sales invoice and credit note imports. Rows and columns only: the server writes them with the
 * project's CSV writer. Amounts are decimal strings; dates MM/DD/YYYY (a US company's import setting).
 */

export type LayoutCellKind = 'text' | 'decimal';
export interface LayoutColumn<Row> {
  header: string;
  kind: LayoutCellKind;
  value(row: Row): string | null;
}
export interface CsvLayout<Row> {
  columns: LayoutColumn<Row>[];
  rows: Row[];
}

/** The Xero side of the settings: Xero codes accounts by number and names its tax rates. */
export interface XeroSettings {
  salesAccountCode: string;
  taxType: string;
  exemptTaxType: string;
}
export const DEFAULT_XERO_SETTINGS: Readonly<XeroSettings> = Object.freeze({
  salesAccountCode: '200',
  taxType: 'Tax on Sales',
  exemptTaxType: 'Tax Exempt',
});

/**
 * `total` split over `weights` in whole cents (largest remainder): the parts sum to `total` exactly.
 * With no positive weight the whole goes to the first part.
 */
export function allocateCents(total: MoneyInput, weights: readonly MoneyInput[]): string[] {
  const cents = roundCents(total).times(100);
  const w = weights.map((x) => Decimal.max(0, roundCents(x)));
  const sum = w.reduce((s, x) => s.plus(x), new Decimal(0));
  if (w.length === 0) return [];
  if (sum.isZero()) return w.map((_, i) => toMoneyString(i === 0 ? cents.dividedBy(100) : 0));
  const exact = w.map((x) => cents.times(x).dividedBy(sum));
  const parts = exact.map((x) => x.toDecimalPlaces(0, Decimal.ROUND_FLOOR));
  let left = cents.minus(parts.reduce((s, x) => s.plus(x), new Decimal(0))).toNumber();
  const order = exact
    .map((x, i) => ({ i, rest: x.minus(parts[i]!) }))
    .sort((a, b) => b.rest.comparedTo(a.rest) || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--)
    parts[order[k]!.i] = parts[order[k]!.i]!.plus(1);
  return parts.map((p) => toMoneyString(p.dividedBy(100)));
}

/** One line of a document as the CSV layouts write it. */
export interface DocumentRow {
  number: string;
  date: string;
  dueDate: string;
  terms: string;
  customer: string;
  reference: string;
  memo: string;
  description: string;
  quantity: string;
  rate: string;
  amount: string;
  isFreight: boolean;
  taxExempt: boolean;
  taxAmount: string;
  /** line: a document line; discount; difference: what the stored total differs from the lines by. */
  kind: 'line' | 'discount' | 'difference';
}

/**
 * A document's rows: its lines (the invoice rule's line amounts), then the discount as a negative line
 * and any difference to the stored total; its tax spread over the taxed (non-freight) lines in cents.
 * Σ amount + Σ taxAmount is the document's total to the cent.
 */
export function documentRows(
  doc: Pick<ExportInvoice, 'number' | 'date' | 'customer' | 'taxExempt' | 'taxAmount' | 'total'> & {
    lines: readonly ExportLine[];
    dueDate?: string | null;
    terms?: string;
    reference?: string;
    memo?: string;
  },
  discount: MoneyInput,
): DocumentRow[] {
  const base = {
    number: doc.number,
    date: doc.date,
    dueDate: doc.dueDate ?? doc.date,
    terms: doc.terms ?? '',
    customer: doc.customer,
    reference: doc.reference ?? '',
    memo: doc.memo ?? '',
    taxExempt: doc.taxExempt,
  };
  const rows: DocumentRow[] = doc.lines.map((l) => ({
    ...base,
    description: l.description,
    quantity: toMoneyString(l.quantity),
    rate: toMoneyString(l.priceEach),
    amount: lineAmount(l.quantity, l.priceEach),
    isFreight: l.isFreight,
    taxAmount: '0.00',
    kind: 'line',
  }));
  const d = roundCents(discount);
  const one = (description: string, amount: Decimal, kind: DocumentRow['kind']): DocumentRow => ({
    ...base,
    description,
    quantity: '1.00',
    rate: toMoneyString(amount),
    amount: toMoneyString(amount),
    isFreight: false,
    taxAmount: '0.00',
    kind,
  });
  if (!d.isZero()) rows.push(one('Discount', d.negated(), 'discount'));
  const tax = roundCents(doc.taxAmount);
  const lines = rows.reduce((s, r) => s.plus(r.amount), new Decimal(0));
  const off = roundCents(doc.total).minus(lines).minus(tax);
  if (!off.isZero() || rows.length === 0) rows.push(one('Difference to the total', off, 'difference'));
  const taxed = rows.map((r) => (r.kind === 'line' && !r.isFreight ? r.amount : '0'));
  allocateCents(tax, taxed).forEach((t, i) => (rows[i]!.taxAmount = t));
  return rows;
}

const text = <Row>(header: string, value: (r: Row) => string | null): LayoutColumn<Row> => ({
  header,
  kind: 'text',
  value,
});
const decimal = <Row>(header: string, value: (r: Row) => string | null): LayoutColumn<Row> => ({
  header,
  kind: 'decimal',
  value,
});

/** QuickBooks Online's invoice import (Settings > Import data > Invoices), its default column names. */
export function qboInvoicesLayout(
  invoices: readonly ExportInvoice[],
  accounts: AccountNames,
): CsvLayout<DocumentRow> {
  const item = (r: DocumentRow) =>
    r.kind === 'discount' ? accounts.discounts : r.isFreight ? accounts.freight : accounts.sales;
  return {
    columns: [
      text('InvoiceNo', (r) => r.number),
      text('Customer', (r) => r.customer),
      text('InvoiceDate', (r) => usDate(r.date)),
      text('DueDate', (r) => usDate(r.dueDate)),
      text('Terms', (r) => r.terms),
      text('Memo', (r) => r.memo),
      text('Item(Product/Service)', item),
      text('ItemDescription', (r) => r.description),
      decimal('ItemQuantity', (r) => r.quantity),
      decimal('ItemRate', (r) => r.rate),
      decimal('ItemAmount', (r) => r.amount),
      text('ItemTaxCode', (r) => (r.taxExempt || r.isFreight ? 'NON' : 'TAX')),
      decimal('ItemTaxAmount', (r) => r.taxAmount),
    ],
    rows: invoices.flatMap((i) => documentRows({ ...i, memo: poJobMemo(i) }, i.discountAmount)),
  };
}

/** QuickBooks Online's invoice Memo: the PO/job name, which the invoice number beside it does not say. */
const poJobMemo = (i: ExportInvoice) => (i.poJobName?.trim() ? `PO/Job: ${i.poJobName.trim()}` : '');

export interface JournalRow {
  journalNo: string;
  date: string;
  account: string;
  debit: string | null;
  credit: string | null;
  description: string;
  name: string;
}

/**
 * QuickBooks Online's journal entry import: every transaction but invoices (credit notes, payments,
 * refunds, deposits, credit applied), one row per posting: a debit or a credit column.
 */
export function qboJournalLayout(transactions: readonly AccountingTransaction[]): CsvLayout<JournalRow> {
  const rows = transactions
    .filter((t) => t.type !== 'INVOICE')
    .flatMap((t) =>
      t.postings.map((p) => {
        const amount = new Decimal(p.amount);
        return {
          journalNo: t.id,
          date: t.date,
          account: p.account,
          debit: amount.isPositive() && !amount.isZero() ? p.amount : null,
          credit: amount.isNegative() ? toMoneyString(amount.negated()) : null,
          description: p.memo || t.memo,
          name: p.name,
        };
      }),
    );
  return {
    columns: [
      text('JournalNo', (r) => r.journalNo),
      text('JournalDate', (r) => usDate(r.date)),
      text('AccountName', (r) => r.account),
      decimal('Debits', (r) => r.debit),
      decimal('Credits', (r) => r.credit),
      text('Description', (r) => r.description),
      text('Name', (r) => r.name),
    ],
    rows,
  };
}

function xeroColumns(
  numberHeader: string,
  dateHeader: string,
  xero: XeroSettings,
): LayoutColumn<DocumentRow>[] {
  return [
    text('*ContactName', (r) => r.customer),
    text(numberHeader, (r) => r.number),
    text('Reference', (r) => r.reference),
    text(dateHeader, (r) => usDate(r.date)),
    ...(numberHeader === '*InvoiceNumber' ? [text<DocumentRow>('*DueDate', (r) => usDate(r.dueDate))] : []),
    text('*Description', (r) => r.description),
    decimal('*Quantity', (r) => r.quantity),
    decimal('*UnitAmount', (r) => r.rate),
    text('*AccountCode', () => xero.salesAccountCode),
    text('*TaxType', (r) => (r.taxExempt || r.isFreight ? xero.exemptTaxType : xero.taxType)),
    decimal('TaxAmount', (r) => r.taxAmount),
  ];
}

/**
 * Xero's sales invoice import (Business > Invoices > Import), tax exclusive amounts. A credit note voided in
 * the range (decision 249) is an invoice of its lines numbered "CN-1001-VOID": Xero imports no void of a
 * credit note, and charging the lines again is what the void does to the customer's account.
 */
export function xeroInvoicesLayout(
  invoices: readonly ExportInvoice[],
  xero: XeroSettings,
  voids: readonly ExportCreditNote[] = [],
): CsvLayout<DocumentRow> {
  return {
    columns: xeroColumns('*InvoiceNumber', '*InvoiceDate', xero),
    rows: [
      // The number has its own column: Reference is the customer's PO/job name, what their payment will quote.
      ...invoices.flatMap((i) => documentRows({ ...i, reference: i.poJobName?.trim() ?? '' }, i.discountAmount)),
      ...voids.flatMap((n) => documentRows({ ...n, number: voidNumberOf(n.number), reference: n.number }, 0)),
    ],
  };
}

/** Xero's credit note import: the same template with the credit note's number and date, amounts positive. */
export function xeroCreditNotesLayout(
  notes: readonly ExportCreditNote[],
  xero: XeroSettings,
): CsvLayout<DocumentRow> {
  return {
    columns: xeroColumns('*CreditNoteNumber', '*CreditNoteDate', xero),
    rows: notes.flatMap((n) => documentRows({ ...n, reference: n.invoiceNumber }, 0)),
  };
}
