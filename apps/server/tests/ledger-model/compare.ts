import { parse as parseCsv } from 'csv-parse/sync';
import type { InvoicesTestContext } from '../invoices-test-support';
import { readPdfText } from '../pdf-text';
import { liveStatementAnswer } from '../../src/modules/statements/schemas';
import { customerAnswer, customerListAnswer } from '../../src/modules/customers/schemas';
import { agingAnswer, agingInvoicesAnswer, salesTaxAnswer } from '../../src/modules/reports/schemas';
import { ServerError, HISTORY_DAYS, type History, type Mismatch } from './history';
import {
  BUCKETS,
  SALES_TAX_COLUMNS,
  addDays,
  fmt,
  toCents,
  type Cents,
  type Ledger,
  type Period,
  emptySalesTaxRow,
} from './model';

/**
 * Reading the product's figures through the REST API and comparing each with the reference ledger:
 * statements (opening, rows with running balances, closing, totals, aging), the customer page and the
 * customers list, the aging report and its drill-down, the sales tax report, the accountant exports
 * (IIF, QuickBooks Online, Xero) and the statement PDF's text. The aging report, the sales tax report
 * and the exports cover the whole database (earlier histories too): the report totals are compared as
 * the change from a baseline read before the history was played, the exports per customer name (each
 * history's customers have names of their own).
 */

export interface CheckDates {
  today: string;
  periods: { from: string; to: string }[];
  agingDates: string[];
  range: { from: string; to: string };
  taxPeriod: Period;
}

export function checkDates(h: History, today: string): CheckDates {
  const periods = h.checks.periods.map((p) => {
    const to = addDays(today, -p.toBack);
    return { from: addDays(to, -p.len), to };
  });
  // The whole history to today: its closing balance is the page's.
  periods.push({ from: addDays(today, -HISTORY_DAYS - 10), to: today });
  const rangeTo = addDays(today, -h.checks.rangeToBack);
  return {
    today,
    periods,
    agingDates: [today, addDays(today, -h.checks.agingBack)],
    range: { from: addDays(rangeTo, -h.checks.rangeLen), to: rangeTo },
    taxPeriod: h.checks.taxPeriod,
  };
}

type AgingReport = ReturnType<typeof agingAnswer.parse>;
type SalesTax = ReturnType<typeof salesTaxAnswer.parse>;
export interface Baseline {
  aging: Map<string, AgingReport>;
  salesTax: SalesTax;
}

async function getJson(ctx: InvoicesTestContext, url: string): Promise<unknown> {
  const res = await ctx.staff.get(url);
  if (res.statusCode >= 500) throw new ServerError(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
  return res.json();
}

const agingUrl = (asOf: string) => `/api/reports/aging/?as_of=${asOf}`;
const salesTaxUrl = (d: CheckDates) => `/api/reports/sales-tax/?from=${d.range.from}&to=${d.range.to}&period=${d.taxPeriod}`;

/** The whole-database reports before the history: what other histories put there. */
export async function readBaseline(ctx: InvoicesTestContext, d: CheckDates): Promise<Baseline> {
  const aging = new Map<string, AgingReport>();
  for (const asOf of d.agingDates) aging.set(asOf, agingAnswer.parse(await getJson(ctx, agingUrl(asOf))));
  return { aging, salesTax: salesTaxAnswer.parse(await getJson(ctx, salesTaxUrl(d))) };
}

const rowText = (r: { date: string; amount: Cents; balance: Cents }) => `${r.date} ${r.amount >= 0 ? '+' : ''}${fmt(r.amount)} =${fmt(r.balance)}`;

export interface CompareOptions {
  /** Print and read one statement PDF (Chromium needed). */
  pdf: ((render: () => Promise<Buffer>) => Promise<Buffer>) | null;
}

export async function compareAll(
  ctx: InvoicesTestContext,
  model: Ledger,
  h: History,
  d: CheckDates,
  baseline: Baseline,
  options: CompareOptions,
): Promise<Mismatch[]> {
  const out: Mismatch[] = [];
  const differ = (area: string, where: string, expected: Cents, actual: string | Cents) => {
    const got = typeof actual === 'number' ? actual : toCents(actual);
    if (got !== expected) out.push({ area, where, expected: fmt(expected), actual: fmt(got) });
  };

  // -------------------------------------------------------------------------------- statements
  for (const c of model.customers) {
    for (const p of d.periods) {
      const where = `${c.label} ${p.from}..${p.to}`;
      const s = liveStatementAnswer.parse(await getJson(ctx, `/api/customers/${c.id}/statement/?from=${p.from}&to=${p.to}`));
      const m = model.statement(c.idx, p.from, p.to);
      differ('statement.opening', where, m.opening, s.opening_balance);
      differ('statement.closing', where, m.closing, s.closing_balance);
      differ('statement.invoiced', where, m.invoiced, s.invoiced);
      differ('statement.paid', where, m.paid, s.paid);
      differ('statement.credited', where, m.credited, s.credited);
      const productRows = s.entries.map((e) => ({ date: e.date, amount: toCents(e.amount), balance: toCents(e.balance), what: `${e.label} ${e.document}` }));
      const want = m.rows.map(rowText);
      const got = productRows.map(rowText);
      if (want.join('|') !== got.join('|')) {
        // Name the first difference: the same rows in another order, other rows, or other balances.
        const sameRows = [...m.rows.map((r) => `${r.date} ${r.amount}`)].sort().join('|') === [...productRows.map((r) => `${r.date} ${r.amount}`)].sort().join('|');
        const sameOrder = m.rows.map((r) => `${r.date} ${r.amount}`).join('|') === productRows.map((r) => `${r.date} ${r.amount}`).join('|');
        const area = sameOrder ? 'statement.running-balance' : sameRows ? 'statement.row-order' : 'statement.rows';
        out.push({
          area,
          where,
          expected: m.rows.map((r) => `${rowText(r)} (${r.what})`).join(' | ') || '(none)',
          actual: productRows.map((r) => `${rowText(r)} (${r.what})`).join(' | ') || '(none)',
        });
      }
      for (const b of BUCKETS) differ('statement.aging', `${where} ${b}`, m.aging[b], s.aging[b]);
      differ('statement.aging-total', where, m.agingTotal, s.aging_total);
      differ('statement.unapplied-credit', where, m.unapplied, s.unapplied_credit);
      const openWant = m.open.map((o) => `${o.number} ${fmt(o.amount)} ${o.bucket}`).sort();
      const openGot = s.open_invoices.map((o) => `${o.invoice_number} ${fmt(toCents(o.amount_due))} ${o.bucket}`).sort();
      if (openWant.join('|') !== openGot.join('|'))
        out.push({ area: 'statement.open-invoices', where, expected: openWant.join(', ') || '(none)', actual: openGot.join(', ') || '(none)' });
    }

    // ------------------------------------------------------------------------------ the page and the list
    const page = customerAnswer.parse(await getJson(ctx, `/api/customers/${c.id}/`));
    differ('page.balance', c.label, model.balance(c.idx), page.balance.balance);
  }
  const tag = model.customers[0]!.name.slice(0, -2);
  const list = customerListAnswer.parse(await getJson(ctx, `/api/customers/?search=${encodeURIComponent(tag)}&page_size=100`));
  for (const c of model.customers) {
    const row = list.results.find((r) => r.id === c.id);
    if (!row) out.push({ area: 'list.balance', where: c.label, expected: fmt(model.balance(c.idx)), actual: '(not listed)' });
    else differ('list.balance', c.label, model.balance(c.idx), row.balance);
  }

  // -------------------------------------------------------------------------------- aging report and drill-down
  for (const asOf of d.agingDates) {
    const report = agingAnswer.parse(await getJson(ctx, agingUrl(asOf)));
    const before = baseline.aging.get(asOf)!;
    const sums = Object.fromEntries([...BUCKETS, 'total'].map((k) => [k, 0])) as Record<string, Cents>;
    let invoices = 0;
    for (const c of model.customers) {
      const where = `${c.label} as of ${asOf}`;
      const lines = model.aging(c.idx, asOf);
      const row = report.rows.find((r) => r.customer_id === c.id);
      const want = Object.fromEntries(BUCKETS.map((b) => [b, lines.filter((l) => l.bucket === b).reduce((s, l) => s + l.amount, 0)])) as Record<string, Cents>;
      want.total = lines.reduce((s, l) => s + l.amount, 0);
      for (const k of Object.keys(want)) sums[k]! += want[k]!;
      invoices += lines.length;
      if (!row && lines.length > 0)
        out.push({ area: 'aging.row', where, expected: `${lines.length} invoices, ${fmt(want.total)}`, actual: '(no row)' });
      if (row && lines.length === 0 && toCents(row.total) !== 0)
        out.push({ area: 'aging.row', where, expected: '(no row)', actual: `${row.invoices} invoices, ${row.total}` });
      if (row) {
        for (const k of [...BUCKETS, 'total'] as const) differ('aging.cell', `${where} ${k}`, want[k]!, row[k]);
        if (row.invoices !== lines.length) out.push({ area: 'aging.count', where, expected: String(lines.length), actual: String(row.invoices) });
      }
      if (!row && lines.length === 0) continue;
      // The drill-down: the invoices behind the row, by bucket; they add up to the row's cells.
      const drill = agingInvoicesAnswer.parse(await getJson(ctx, `/api/reports/aging/invoices/?as_of=${asOf}&customer_id=${c.id}`));
      if (row)
        for (const b of BUCKETS) {
          const sum = drill.results.filter((r) => r.bucket === b).reduce((s, r) => s + toCents(r.balance_due), 0);
          if (sum !== toCents(row[b])) out.push({ area: 'aging.drill-sum', where: `${where} ${b}`, expected: row[b], actual: fmt(sum) });
        }
      const drillWant = lines.map((l) => `${l.number} ${fmt(l.amount)} ${l.bucket}`).sort();
      const drillGot = drill.results.map((r) => `${r.invoice_number} ${fmt(toCents(r.balance_due))} ${r.bucket}`).sort();
      if (drillWant.join('|') !== drillGot.join('|'))
        out.push({ area: 'aging.drill', where, expected: drillWant.join(', ') || '(none)', actual: drillGot.join(', ') || '(none)' });
    }
    // The totals: what this history added to the report's Total line.
    for (const k of [...BUCKETS, 'total'] as const) differ('aging.total', `as of ${asOf} ${k}`, sums[k]!, toCents(report.total[k]) - toCents(before.total[k]));
    if (report.total.invoices - before.total.invoices !== invoices)
      out.push({ area: 'aging.total', where: `as of ${asOf} invoices`, expected: String(invoices), actual: String(report.total.invoices - before.total.invoices) });
  }

  // -------------------------------------------------------------------------------- sales tax
  {
    const report = salesTaxAnswer.parse(await getJson(ctx, salesTaxUrl(d)));
    const want = model.salesTax(d.range.from, d.range.to, d.taxPeriod);
    const zero = emptySalesTaxRow();
    const total = { ...zero };
    for (const row of report.rows) {
      const base = baseline.salesTax.rows.find((r) => r.period === row.period);
      const m = want.get(row.period) ?? zero;
      for (const col of SALES_TAX_COLUMNS) {
        total[col] += m[col];
        differ('sales-tax.cell', `${row.period} ${col}`, m[col], toCents(row[col]) - (base ? toCents(base[col]) : 0));
      }
      for (const col of ['invoices', 'credit_notes', 'voided_credit_notes'] as const) {
        total[col] += m[col];
        const got = row[col] - (base?.[col] ?? 0);
        if (got !== m[col]) out.push({ area: 'sales-tax.count', where: `${row.period} ${col}`, expected: String(m[col]), actual: String(got) });
      }
    }
    for (const col of SALES_TAX_COLUMNS) differ('sales-tax.total', col, total[col], toCents(report.total[col]) - toCents(baseline.salesTax.total[col]));
  }

  // -------------------------------------------------------------------------------- accountant exports
  out.push(...(await compareExports(ctx, model, d)));

  // -------------------------------------------------------------------------------- the statement PDF
  if (options.pdf && h.checks.pdf) out.push(...(await comparePdf(ctx, model, d, options.pdf)));
  return out;
}

// ------------------------------------------------------------------------------------------ exports

async function exportText(ctx: InvoicesTestContext, d: CheckDates, format: string): Promise<string | null> {
  const url = `/api/reports/accounting-export/?from=${d.range.from}&to=${d.range.to}&format=${format}`;
  const res = await ctx.staff.get(url);
  if (res.statusCode >= 500) throw new ServerError(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
  if (res.statusCode === 404) return null; // nothing at all in the range
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
  return res.body;
}

const csvRows = (text: string | null): Record<string, string>[] =>
  text === null ? [] : (parseCsv(text, { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[]);

/** quantity × price, both read as cents, rounded half up to a cent. */
const timesCents = (qty: string, price: string) => {
  const p = BigInt(toCents(qty)) * BigInt(toCents(price));
  const sign = p < 0n ? -1n : 1n;
  return Number((sign * (sign * p * 2n + 100n)) / 200n);
};

function compareMaps(out: Mismatch[], area: string, names: Map<string, string>, want: Map<string, Cents>, got: Map<string, Cents>) {
  for (const [name, label] of names) {
    const w = want.get(name) ?? 0;
    const g = got.get(name) ?? 0;
    if (w !== g) out.push({ area, where: label, expected: fmt(w), actual: fmt(g) });
  }
}

function compareAccounts(
  out: Mismatch[],
  area: string,
  names: Map<string, string>,
  want: Map<string, Map<string, Cents>>,
  got: Map<string, Map<string, Cents>>,
) {
  for (const [name, label] of names) {
    const w = want.get(name) ?? new Map<string, Cents>();
    const g = got.get(name) ?? new Map<string, Cents>();
    for (const account of new Set([...w.keys(), ...g.keys()])) {
      const a = w.get(account) ?? 0;
      const b = g.get(account) ?? 0;
      if (a !== b) out.push({ area, where: `${label} ${account}`, expected: fmt(a), actual: fmt(b) });
    }
  }
}

async function compareExports(ctx: InvoicesTestContext, model: Ledger, d: CheckDates): Promise<Mismatch[]> {
  const out: Mismatch[] = [];
  const names = new Map(model.customers.map((c) => [c.name, `${c.label} ${d.range.from}..${d.range.to}`]));
  const facts = model.exportFacts(d.range.from, d.range.to);
  const add = (m: Map<string, Cents>, k: string, v: Cents) => m.set(k, (m.get(k) ?? 0) + v);
  const addAccount = (m: Map<string, Map<string, Cents>>, name: string, account: string, v: Cents) => {
    const byAccount = m.get(name) ?? new Map<string, Cents>();
    byAccount.set(account, (byAccount.get(account) ?? 0) + v);
    m.set(name, byAccount);
  };

  // IIF: TRNS/SPL rows: TRNSTYPE, DATE, ACCNT, NAME, AMOUNT, DOCNUM, MEMO.
  const iif = await exportText(ctx, d, 'iif');
  const postings = new Map<string, Map<string, Cents>>();
  const invoices = new Map<string, Cents>();
  const notes = new Map<string, Cents>();
  const payments = new Map<string, Cents>();
  for (const line of (iif ?? '').split('\r\n')) {
    const f = line.split('\t');
    if (f[0] !== 'TRNS' && f[0] !== 'SPL') continue;
    const [, type, , account, name, amount] = f as [string, string, string, string, string, string];
    if (!names.has(name)) continue;
    const cents = toCents(amount);
    addAccount(postings, name, account, cents);
    if (f[0] === 'TRNS' && type === 'INVOICE') add(invoices, name, cents);
    if (f[0] === 'TRNS' && type === 'CREDIT MEMO') add(notes, name, -cents);
    if (f[0] === 'TRNS' && type === 'PAYMENT') add(payments, name, cents);
  }
  compareMaps(out, 'export.iif-invoices', names, facts.invoices, invoices);
  compareMaps(out, 'export.iif-credit-notes', names, facts.creditNotes, notes);
  compareMaps(out, 'export.iif-payments', names, facts.payments, payments);
  compareAccounts(out, 'export.iif-accounts', names, facts.postings, postings);

  // QuickBooks Online: invoices (lines + tax per invoice), journal entries (debits − credits per account).
  const qboInvoices = new Map<string, Cents>();
  for (const r of csvRows(await exportText(ctx, d, 'qbo-invoices')))
    if (names.has(r.Customer!)) add(qboInvoices, r.Customer!, toCents(r.ItemAmount!) + toCents(r.ItemTaxAmount!));
  compareMaps(out, 'export.qbo-invoices', names, facts.invoices, qboInvoices);
  const journal = new Map<string, Map<string, Cents>>();
  for (const r of csvRows(await exportText(ctx, d, 'qbo-journal')))
    if (names.has(r.Name!)) addAccount(journal, r.Name!, r.AccountName!, (r.Debits ? toCents(r.Debits) : 0) - (r.Credits ? toCents(r.Credits) : 0));
  compareAccounts(out, 'export.qbo-journal', names, facts.journal, journal);

  // Xero: invoices (and the voids of credit notes, charged again) and credit notes, quantity × unit amount + tax per line.
  const invoicesAndVoids = new Map(facts.invoices);
  for (const [name, v] of facts.voids) add(invoicesAndVoids, name, v);
  for (const [format, want, number] of [
    ['xero-invoices', invoicesAndVoids, '*InvoiceNumber'],
    ['xero-credit-notes', facts.creditNotes, '*CreditNoteNumber'],
  ] as const) {
    const got = new Map<string, Cents>();
    for (const r of csvRows(await exportText(ctx, d, format)))
      if (r[number] !== undefined && names.has(r['*ContactName']!))
        add(got, r['*ContactName']!, timesCents(r['*Quantity']!, r['*UnitAmount']!) + toCents(r.TaxAmount || '0'));
    compareMaps(out, `export.${format}`, names, want, got);
  }
  return out;
}

// ------------------------------------------------------------------------------------------ statement PDF

const MONEY = /-?\$[\d,]+\.\d\d/g;
const pdfCents = (s: string) => toCents(s.replace(/[$,]/g, ''));

/** The statement PDF of the customer with the most rows (whole history): its rows' balances and closing balance. */
async function comparePdf(
  ctx: InvoicesTestContext,
  model: Ledger,
  d: CheckDates,
  render: (request: () => Promise<Buffer>) => Promise<Buffer>,
): Promise<Mismatch[]> {
  const p = d.periods[d.periods.length - 1]!;
  const [c, m] = model.customers
    .map((c) => [c, model.statement(c.idx, p.from, p.to)] as const)
    .sort((a, b) => b[1].rows.length - a[1].rows.length)[0]!;
  const where = `${c.label} ${p.from}..${p.to} (PDF)`;
  const pdf = await render(async () => {
    const res = await ctx.staff.get(`/api/customers/${c.id}/statement/pdf/?from=${p.from}&to=${p.to}`);
    if (res.statusCode !== 200) throw new Error(`statement PDF: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.rawPayload;
  });
  const text = (await readPdfText(pdf, { bodyOnly: true })).all.replace(/\s+/g, ' ');
  const start = text.indexOf('Opening balance');
  const end = text.indexOf('Closing balance', start);
  if (start < 0 || end < 0) return [{ area: 'pdf.layout', where, expected: 'Opening balance … Closing balance', actual: text.slice(0, 300) }];
  const tokens = (text.slice(start, end).match(MONEY) ?? []).map(pdfCents);
  const closing = (text.slice(end).match(MONEY) ?? []).map(pdfCents)[0];
  const out: Mismatch[] = [];
  const balances = tokens.slice(1).filter((_, i) => i % 2 === 1);
  const want = m.rows.map((r) => r.balance);
  if (tokens[0] !== m.opening) out.push({ area: 'pdf.opening', where, expected: fmt(m.opening), actual: tokens[0] === undefined ? '(none)' : fmt(tokens[0]) });
  if (balances.join('|') !== want.join('|'))
    out.push({ area: 'pdf.balances', where, expected: want.map(fmt).join(' ') || '(none)', actual: balances.map(fmt).join(' ') || '(none)' });
  if (closing !== m.closing) out.push({ area: 'pdf.closing', where, expected: fmt(m.closing), actual: closing === undefined ? '(none)' : fmt(closing) });
  return out;
}
