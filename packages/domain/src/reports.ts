import { Decimal, roundCents, toMoneyString, type MoneyInput } from './money';

/**
 * The sales tax report's rule: what one invoice contributes, from the amounts the
 * invoice totals rule (calculateInvoiceTotals) gave it. The report sums these per period, so the
 * report and the invoices agree to the cent (a property test sums both ways).
 *
 * - freight: the freight lines (subtotal − taxable subtotal), never taxed;
 * - taxable sales: for an invoice that is not tax exempt, what the tax was computed on (the
 *   non-freight lines less the discount, not below 0); exempt sales: the same amount on a tax
 *   exempt invoice;
 * - discounts: the discount given (already taken off the taxable or exempt sales);
 * - tax: the tax charged; invoiced: the invoice total; credited: 0 (a credit note's own column);
 * - total: what the period nets to, invoiced − credited.
 */
export interface SalesTaxInvoice {
  subtotal: MoneyInput;
  taxableSubtotal: MoneyInput;
  discountAmount: MoneyInput;
  taxAmount: MoneyInput;
  total: MoneyInput;
  taxExempt: boolean;
}

export interface SalesTaxAmounts {
  taxable_sales: string;
  exempt_sales: string;
  freight: string;
  discounts: string;
  tax: string;
  /** The invoices' totals, as issued: what reconciles to the invoices of the period. */
  invoiced: string;
  /** The credit notes' totals, less those of notes voided in the period (decision 249). */
  credited: string;
  /** invoiced − credited. */
  total: string;
}

export const SALES_TAX_COLUMNS = [
  'taxable_sales',
  'exempt_sales',
  'freight',
  'discounts',
  'tax',
  'invoiced',
  'credited',
  'total',
] as const;

/** One invoice's contribution, in exact cents (the rule; salesTaxOfInvoice and the sums format it). */
function salesTaxParts(i: SalesTaxInvoice): Record<keyof SalesTaxAmounts, Decimal> {
  const taxable = roundCents(i.taxableSubtotal);
  const discount = roundCents(i.discountAmount);
  const base = Decimal.max(0, taxable.minus(discount));
  const zero = new Decimal(0);
  return {
    taxable_sales: i.taxExempt ? zero : base,
    exempt_sales: i.taxExempt ? base : zero,
    freight: roundCents(i.subtotal).minus(taxable),
    discounts: discount,
    tax: roundCents(i.taxAmount),
    invoiced: roundCents(i.total),
    credited: zero,
    total: roundCents(i.total),
  };
}

const formatAmounts = (sums: Record<keyof SalesTaxAmounts, Decimal>) =>
  Object.fromEntries(SALES_TAX_COLUMNS.map((c) => [c, toMoneyString(sums[c])])) as unknown as SalesTaxAmounts;

const zeroSums = () =>
  Object.fromEntries(SALES_TAX_COLUMNS.map((c) => [c, new Decimal(0)])) as Record<
    keyof SalesTaxAmounts,
    Decimal
  >;

export function salesTaxOfInvoice(i: SalesTaxInvoice): SalesTaxAmounts {
  return formatAmounts(salesTaxParts(i));
}

/**
 * The sum of salesTaxOfInvoice over invoices, kept in Decimals throughout (each part is whole cents, so this
 * equals adding the formatted contributions: addSalesTax(invoices.map(salesTaxOfInvoice)), without turning
 * every invoice into text and back; a report sums thousands).
 */
export function sumSalesTaxOfInvoices(invoices: Iterable<SalesTaxInvoice>): SalesTaxAmounts {
  const sums = zeroSums();
  for (const i of invoices) {
    const parts = salesTaxParts(i);
    for (const c of SALES_TAX_COLUMNS) sums[c] = sums[c].plus(parts[c]);
  }
  return formatAmounts(sums);
}

/** A credit note as the sales tax report counts it (decision 172): a credit note's amounts (all ≥ 0). */
export interface SalesTaxCreditNote {
  subtotal: MoneyInput;
  taxableSubtotal: MoneyInput;
  taxAmount: MoneyInput;
  total: MoneyInput;
  /** The credited invoice's exemption: its credited lines come off exempt sales instead of taxable sales. */
  taxExempt: boolean;
}

/**
 * What a credit note takes off the period it is dated in: the invoice rule's contribution of its lines
 * (no discount: its lines carry the amounts credited), negated, so the tax reversed on the credited
 * lines comes off the tax column to the cent, and a note crediting a whole invoice nets it to 0.
 */
export function salesTaxOfCreditNote(n: SalesTaxCreditNote): SalesTaxAmounts {
  return formatAmounts(creditNoteParts(n, 1));
}

/**
 * What voiding a credit note gives back to the period the void is dated in (decision 249): the note's
 * contribution the other way, so a note and its void net to 0 across the periods and the period that
 * reported the note is not rewritten.
 */
export function salesTaxOfCreditNoteVoid(n: SalesTaxCreditNote): SalesTaxAmounts {
  return formatAmounts(creditNoteParts(n, -1));
}

/** A credit note's lines as an invoice's contribution, taken off (sign 1) or given back (sign −1); its total in `credited`. */
function creditNoteParts(n: SalesTaxCreditNote, sign: 1 | -1): Record<keyof SalesTaxAmounts, Decimal> {
  const parts = salesTaxParts({ ...n, discountAmount: 0 });
  for (const c of SALES_TAX_COLUMNS) parts[c] = parts[c].times(-sign);
  parts.invoiced = new Decimal(0);
  parts.credited = roundCents(n.total).times(sign);
  return parts;
}

/** Column-wise sum of contributions. */
export function addSalesTax(rows: readonly SalesTaxAmounts[]): SalesTaxAmounts {
  const sums = zeroSums();
  for (const r of rows) for (const c of SALES_TAX_COLUMNS) sums[c] = sums[c].plus(roundCents(r[c]));
  return formatAmounts(sums);
}

export const REPORT_PERIODS = ['month', 'quarter', 'year'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** periodOf's key alone, from the text (no dates built): "2026-03", "2026-Q1" or "2026". */
export function periodKeyOf(date: string, period: ReportPeriod): string {
  if (period === 'year') return date.slice(0, 4);
  if (period === 'quarter')
    return `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;
  return date.slice(0, 7);
}

/** The period a date (YYYY-MM-DD) falls in: its key ("2026-03", "2026-Q1", "2026") and first/last day. */
export function periodOf(date: string, period: ReportPeriod): { key: string; start: string; end: string } {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const key = periodKeyOf(date, period);
  const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
  if (period === 'year') return { key, start: iso(year, 1, 1), end: iso(year, 12, 31) };
  if (period === 'quarter') {
    const q = Math.floor((month - 1) / 3) + 1;
    return { key, start: iso(year, q * 3 - 2, 1), end: iso(year, q * 3 + 1, 0) };
  }
  return { key, start: iso(year, month, 1), end: iso(year, month + 1, 0) };
}
