import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditNoteTotals } from '../credit';
import { calculateInvoiceTotals, isFreightLine } from '../invoice';
import { Decimal } from '../money';
import { addSalesTax, salesTaxOfCreditNote, sumSalesTaxOfInvoices } from '../reports';
import { PAYMENT_KINDS } from '../payments';
import { money, percent, terms } from '../testing/arbitraries';
import {
  DEFAULT_ACCOUNT_NAMES as A,
  accountingTransactions,
  postingsSum,
  type AccountingExportInput,
  type ExportCreditNote,
  type ExportInvoice,
} from './transactions';
import { iifFile } from './iif';
import {
  DEFAULT_XERO_SETTINGS,
  allocateCents,
  qboInvoicesLayout,
  qboJournalLayout,
  xeroCreditNotesLayout,
  xeroInvoicesLayout,
} from './csvLayouts';

const line = fc.record({
  quantity: fc.oneof(fc.integer({ min: 1, max: 40 }).map(String), fc.constantFrom('1.5', '0.25', '2.75')),
  description: fc.constantFrom('Door', 'Freight', 'Hinge kit', 'Panel'),
  price_each: money(5_000_00),
  is_freight: fc.option(fc.boolean(), { nil: undefined }),
});
const lines = fc.array(line, { minLength: 0, maxLength: 8 });
const date = fc.integer({ min: 1, max: 28 }).map((d) => `2026-03-${String(d).padStart(2, '0')}`);

const invoice = fc
  .record({
    n: fc.integer({ min: 1, max: 1e6 }),
    date,
    lines,
    taxRate: percent,
    taxExempt: fc.boolean(),
    terms,
  })
  .map(({ n, date, lines, taxRate, taxExempt, terms }) => {
    const t = calculateInvoiceTotals({ lineItems: lines, taxRate, taxExempt, ...terms });
    const inv: ExportInvoice = {
      number: String(n),
      date,
      dueDate: null,
      terms: 'Net 30',
      customer: 'Acme\tBarns',
      taxExempt,
      lines: lines.map((l) => ({
        description: l.description,
        quantity: l.quantity,
        priceEach: l.price_each,
        isFreight: isFreightLine(l),
      })),
      discountAmount: t.discountAmount,
      taxAmount: t.taxAmount,
      total: t.total,
    };
    return { inv, t };
  });

const creditNote = fc
  .record({
    n: fc.integer({ min: 1, max: 1e6 }),
    date,
    lines: fc.array(line, { minLength: 1, maxLength: 5 }),
    taxRate: percent,
    taxExempt: fc.boolean(),
  })
  .map(({ n, date, lines, taxRate, taxExempt }) => {
    const t = creditNoteTotals({ lines, taxRate, taxExempt });
    const note: ExportCreditNote = {
      number: `CN-${n}`,
      date,
      invoiceNumber: '1001',
      customer: 'Acme',
      reason: 'Returned',
      taxExempt,
      lines: lines.map((l) => ({
        description: l.description,
        quantity: l.quantity,
        priceEach: l.price_each,
        isFreight: isFreightLine(l),
      })),
      taxAmount: t.taxAmount,
      total: t.total,
    };
    return { note, t };
  });

const ledgerEntry = fc.record({
  id: fc.integer({ min: 1, max: 1e6 }),
  date,
  kind: fc.constantFrom(...PAYMENT_KINDS),
  amount: fc
    .integer({ min: -50_000_00, max: 50_000_00 })
    .filter((c) => c !== 0)
    .map((c) => (c / 100).toFixed(2)),
  method: fc.constant('check'),
  reference: fc.constantFrom('', '1234'),
  invoiceNumber: fc.constant('1001'),
  customer: fc.constant('Acme'),
  reversesKind: fc.constantFrom('payment' as const, 'refund' as const, null),
  creditFromInvoice: fc.constantFrom('1000', null),
});
const depositEntry = fc.record({
  id: fc.integer({ min: 1, max: 1e6 }),
  date,
  kind: fc.constantFrom('deposit' as const, 'refund' as const, 'invoiced' as const, 'applied' as const),
  amount: fc.integer({ min: 1, max: 50_000_00 }).map((c) => (c / 100).toFixed(2)),
  method: fc.constant('cash'),
  reference: fc.constant(''),
  orderNumber: fc.constant('D-1'),
  customer: fc.constant('Acme'),
});

const input = fc.record({
  invoices: fc.array(invoice, { maxLength: 6 }),
  notes: fc.array(creditNote, { maxLength: 4 }),
  ledger: fc.array(ledgerEntry, { maxLength: 8 }),
  deposits: fc.array(depositEntry, { maxLength: 4 }),
});
type Generated = typeof input extends fc.Arbitrary<infer T> ? T : never;
const toInput = (v: Generated): AccountingExportInput => ({
  invoices: v.invoices.map((x) => x.inv),
  creditNotes: v.notes.map((x) => x.note),
  ledger: v.ledger,
  deposits: v.deposits.map((d) => (d.kind === 'deposit' ? d : { ...d, amount: `-${d.amount}` })),
});

/** Σ of the postings to one account over transactions of some types. */
const sumOf = (ts: ReturnType<typeof accountingTransactions>, account: string, types: string[]) =>
  ts
    .filter((t) => types.includes(t.type))
    .flatMap((t) => t.postings)
    .filter((p) => p.account === account)
    .reduce((s, p) => s.plus(p.amount), new Decimal(0));

describe('accounting export properties', () => {
  it('every transaction balances to the cent, and the IIF file has one TRNS, its SPLs and ENDTRNS per transaction, each block summing to 0', () => {
    fc.assert(
      fc.property(input, (v) => {
        const ts = accountingTransactions(toInput(v));
        for (const t of ts) expect(postingsSum(t.postings)).toBe('0.00');
        const rows = iifFile(ts)
          .split('\r\n')
          .filter(Boolean)
          .map((r) => r.split('\t'));
        expect(rows.slice(0, 3).map((r) => r[0])).toEqual(['!TRNS', '!SPL', '!ENDTRNS']);
        let block: Decimal | null = null;
        let blocks = 0;
        for (const r of rows.slice(3)) {
          if (r[0] === 'TRNS') block = new Decimal(r[5]!);
          else if (r[0] === 'SPL') block = block!.plus(r[5]!);
          else {
            expect(r).toEqual(['ENDTRNS']);
            expect(block!.toFixed(2)).toBe('0.00');
            blocks++;
          }
          // A customer name with a tab never splits a row: every row has its header's field count.
          if (r[0] === 'TRNS') expect(r.length).toBe(8);
          if (r[0] === 'SPL') expect(r.length).toBe(10);
        }
        expect(blocks).toBe(ts.length);
      }),
      { numRuns: 150 },
    );
  });

  it('invoices less credit notes tie to the sales tax report: receivables to its total, sales and discounts to taxable + exempt sales, freight, tax', () => {
    fc.assert(
      fc.property(input, (v) => {
        const data = toInput(v);
        const ts = accountingTransactions(data);
        const report = addSalesTax([
          sumSalesTaxOfInvoices(v.invoices.map(({ inv, t }) => ({ ...t, taxExempt: inv.taxExempt }))),
          ...v.notes.map(({ note, t }) => salesTaxOfCreditNote({ ...t, taxExempt: note.taxExempt })),
        ]);
        const docs = ['INVOICE', 'CREDIT MEMO'];
        expect(sumOf(ts, A.receivable, docs).toFixed(2)).toBe(report.total);
        const sales = sumOf(ts, A.sales, docs)
          .plus(sumOf(ts, A.discounts, docs))
          .negated();
        // The report floors taxable sales at 0 when a discount exceeds the taxed lines.
        const clamped = v.invoices.some(({ t }) => new Decimal(t.discountAmount).gt(t.taxableSubtotal));
        if (!clamped)
          expect(sales.toFixed(2)).toBe(
            new Decimal(report.taxable_sales).plus(report.exempt_sales).toFixed(2),
          );
        expect(sumOf(ts, A.freight, docs).negated().toFixed(2)).toBe(report.freight);
        expect(sumOf(ts, A.salesTax, docs).negated().toFixed(2)).toBe(report.tax);
        expect(sumOf(ts, A.discounts, ['INVOICE']).toFixed(2)).toBe(report.discounts);
      }),
      { numRuns: 150 },
    );
  });

  it('each CSV layout gives every document its total (line amounts + tax amounts) and the journal balances', () => {
    fc.assert(
      fc.property(input, (v) => {
        const data = toInput(v);
        const byDoc = (rows: { number: string; amount: string; taxAmount: string }[]) => {
          const m = new Map<string, Decimal>();
          for (const r of rows)
            m.set(r.number, (m.get(r.number) ?? new Decimal(0)).plus(r.amount).plus(r.taxAmount));
          return m;
        };
        const totals = (docs: readonly { number: string; total: unknown }[]) => {
          const m = new Map<string, Decimal>();
          for (const d of docs) m.set(d.number, (m.get(d.number) ?? new Decimal(0)).plus(String(d.total)));
          return m;
        };
        expect(byDoc(qboInvoicesLayout(data.invoices, A).rows)).toEqual(totals(data.invoices));
        expect(byDoc(xeroInvoicesLayout(data.invoices, DEFAULT_XERO_SETTINGS).rows)).toEqual(
          totals(data.invoices),
        );
        expect(byDoc(xeroCreditNotesLayout(data.creditNotes, DEFAULT_XERO_SETTINGS).rows)).toEqual(
          totals(data.creditNotes),
        );
        const journal = qboJournalLayout(accountingTransactions(data)).rows;
        const debits = journal.reduce((s, r) => s.plus(r.debit ?? 0), new Decimal(0));
        const credits = journal.reduce((s, r) => s.plus(r.credit ?? 0), new Decimal(0));
        expect(debits.toFixed(2)).toBe(credits.toFixed(2));
      }),
      { numRuns: 150 },
    );
  });

  it('allocateCents splits a tax over lines in whole cents that add up exactly, none below 0 for a positive tax', () => {
    fc.assert(
      fc.property(
        money(1_000_00),
        fc.array(money(5_000_00), { minLength: 1, maxLength: 10 }),
        (tax, weights) => {
          const parts = allocateCents(tax, weights);
          expect(parts.reduce((s, p) => s.plus(p), new Decimal(0)).toFixed(2)).toBe(
            new Decimal(tax).toFixed(2),
          );
          for (const p of parts) expect(new Decimal(p).gte(0)).toBe(true);
        },
      ),
    );
  });
});
