/**
 * The reference ledger of the model test (tests/ledger-model.test.ts): every money record of a history
 * kept in whole cents, and every figure the product shows worked out again from them by the decided
 * rules (decisions 075-079, 136, 171-174, 200, 205 as restated in the test's brief):
 *
 *  1. An invoice is owed by the customer of its FIRST order (earliest order date, then lowest order id).
 *     Every entry of its payments ledger is that customer's; every entry of an order's deposit account is
 *     the order's customer's.
 *  2. Customer sign: an invoice is +its total on its date; every ledger or deposit-account entry is −its amount.
 *  3. A statement of [from, to]: entries dated ≤ to; opening = before `from`; rows in date order and, within a
 *     day, in the order they were recorded; a move between one customer's own records shows no row.
 *  4. Aging on D: (invoice date ≤ D ? total : 0) − its ledger entries dated ≤ D, when > 0, by days past due.
 *  5. Page balance = every entry of the customer, any date.
 *  6. Sales tax from the invoice lines the history typed, the rate from Company Information.
 *
 * Nothing here imports the product's money code: amounts are integers (cents), dates are ISO strings.
 */

export type Cents = number;

// ------------------------------------------------------------------------------------------ money

/** "1234.5" / "-0.07" / "12" -> cents. Throws on anything else (the product answers two places). */
export function toCents(text: string | number): Cents {
  const s = String(text).trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) throw new Error(`not a money amount: ${JSON.stringify(text)}`);
  const value = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' && value !== 0 ? -value : value;
}

/** cents -> "1234.50" (the API's wire format). */
export function fmt(c: Cents): string {
  const sign = c < 0 ? '-' : '';
  const a = Math.abs(c);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** A percentage as an exact fraction: "8.25" -> {num: 825, den: 100}. */
export interface Rate {
  num: number;
  den: number;
}
export function parseRate(text: string): Rate {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new Error(`not a rate: ${text}`);
  const frac = m[2] ?? '';
  return { num: Number(`${m[1]}${frac}`), den: 10 ** frac.length };
}

/** `percent`% of `amount` cents, rounded half up to a cent (amount ≥ 0). */
export function percentOf(amount: Cents, rate: Rate): Cents {
  if (amount <= 0) return 0;
  const n = BigInt(amount) * BigInt(rate.num);
  const d = BigInt(rate.den) * 100n;
  return Number((2n * n + d) / (2n * d));
}

// ------------------------------------------------------------------------------------------ dates

const DAY = 86_400_000;
const utc = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
export const addDays = (iso: string, n: number): string => new Date(utc(iso) + n * DAY).toISOString().slice(0, 10);
export const daysFromTo = (a: string, b: string): number => Math.round((utc(b) - utc(a)) / DAY);

/** Aging buckets by days past due (decision 079; the spec's current, 1-30, 31-60, 61-90, over 90). */
export const AGING = [
  { key: 'current', upTo: 0 },
  { key: 'days_1_30', upTo: 30 },
  { key: 'days_31_60', upTo: 60 },
  { key: 'days_61_90', upTo: 90 },
  { key: 'over_90', upTo: Infinity },
] as const;
export type Bucket = (typeof AGING)[number]['key'];
export const BUCKETS: Bucket[] = AGING.map((b) => b.key);
export function bucketOf(dueOrDate: string, asOf: string): Bucket {
  const late = daysFromTo(dueOrDate, asOf);
  return AGING.find((b) => late <= b.upTo)!.key;
}

/** The sales tax report's periods (month, quarter, year) of a date. */
export type Period = 'month' | 'quarter' | 'year';
export function periodKey(date: string, period: Period): string {
  if (period === 'year') return date.slice(0, 4);
  if (period === 'quarter') return `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;
  return date.slice(0, 7);
}

// ------------------------------------------------------------------------------------------ records

export interface Customer {
  idx: number;
  id: number;
  name: string;
  /** "A", "B", ... in the printed history. */
  label: string;
}

export type DepositKind = 'deposit' | 'refund' | 'invoiced' | 'applied';
export interface DepositEntry {
  seq: number;
  date: string;
  kind: DepositKind;
  /** As the product stores it: + money taken, − money leaving the order. */
  amount: Cents;
  /** The two entries of one move share a key (the other side is a ledger entry). */
  transfer?: string;
}

export interface Order {
  key: number;
  id: number;
  door: string;
  customer: number;
  date: string;
  status: 'pending' | 'voided';
  invoice: number | null;
  deposits: DepositEntry[];
  deleted: boolean;
}

export interface Line {
  qty: number;
  price: Cents;
  freight: boolean;
  description: string;
}

export type LedgerKind = 'payment' | 'refund' | 'reversal' | 'adjustment' | 'deposit' | 'credit_note' | 'credit' | 'credit_note_void';
export interface LedgerEntry {
  seq: number;
  /** The product's id (null until known). */
  id: number | null;
  date: string;
  kind: LedgerKind;
  /** As the product stores it: + reduces what the invoice asks for. */
  amount: Cents;
  transfer?: string;
  /** kind reversal: the entry reversed. */
  reverses?: number;
  reversedBy?: number;
  /** kind credit, + side: the invoice whose overpayment it was (null: a voided order's deposits). */
  creditFromInvoice?: number | null;
  /** kind deposit: the order whose deposits moved. */
  fromOrder?: number;
  /** kind credit_note: the note (its seq); kind credit_note_void reverses that entry (`reverses`). */
  note?: number;
}

export interface CreditNote {
  seq: number;
  /** The product's id. */
  id: number;
  number: string;
  /** Voided on this day: the note stays, its entry is reversed (my reading of a void: a reversing entry). */
  voided?: string;
  date: string;
  lines: Line[];
  exempt: boolean;
  subtotal: Cents;
  taxable: Cents;
  tax: Cents;
  total: Cents;
}

export interface Invoice {
  key: number;
  id: number;
  number: string;
  /** Its orders (keys), in the product's order: order date, then order id. */
  orders: number[];
  seq: number;
  date: string;
  due: string | null;
  lines: Line[];
  discount: Cents;
  exempt: boolean;
  ledger: LedgerEntry[];
  notes: CreditNote[];
  deleted: boolean;
}

export interface InvoiceTotals {
  subtotal: Cents;
  taxable: Cents;
  discount: Cents;
  tax: Cents;
  total: Cents;
}

/** One record in the customer's sign, as a statement reads it. */
export interface CustomerEntry {
  date: string;
  seq: number;
  amount: Cents;
  /** invoiced / paid / credited */
  type: 'invoice' | 'payment' | 'credit';
  what: string;
  transfer?: string;
}

export interface StatementRow {
  date: string;
  amount: Cents;
  balance: Cents;
  what: string;
}

export interface ModelStatement {
  opening: Cents;
  rows: StatementRow[];
  closing: Cents;
  invoiced: Cents;
  paid: Cents;
  credited: Cents;
  aging: Record<Bucket, Cents>;
  agingTotal: Cents;
  unapplied: Cents;
  open: { number: string; amount: Cents; bucket: Bucket }[];
}

export interface AgingLine {
  invoice: Invoice;
  number: string;
  amount: Cents;
  bucket: Bucket;
}

export type SalesTaxColumns = 'taxable_sales' | 'exempt_sales' | 'freight' | 'discounts' | 'tax' | 'invoiced' | 'credited' | 'total';
export const SALES_TAX_COLUMNS: SalesTaxColumns[] = ['taxable_sales', 'exempt_sales', 'freight', 'discounts', 'tax', 'invoiced', 'credited', 'total'];
export type SalesTaxRow = Record<SalesTaxColumns, Cents> & { invoices: number; credit_notes: number; voided_credit_notes: number };
export const emptySalesTaxRow = (): SalesTaxRow => ({
  taxable_sales: 0,
  exempt_sales: 0,
  freight: 0,
  discounts: 0,
  tax: 0,
  invoiced: 0,
  credited: 0,
  total: 0,
  invoices: 0,
  credit_notes: 0,
  voided_credit_notes: 0,
});

/** Account names of the export (Company Information's defaults, decision 206). */
export const ACCOUNTS = {
  receivable: 'Accounts Receivable',
  sales: 'Sales',
  freight: 'Shipping and Delivery Income',
  discounts: 'Discounts Given',
  salesTax: 'Sales Tax Payable',
  undeposited: 'Undeposited Funds',
  checking: 'Checking',
  customerDeposits: 'Customer Deposits',
  adjustments: 'Opening Balance Equity',
} as const;

// What each kind counts as in a statement's totals: my own reading of decision 200 (invoiced; paid = money:
// payments, refunds, reversals, adjustments, deposits; credited = credit notes and customer credit applied).
const LEDGER_TYPE: Record<LedgerKind, 'payment' | 'credit'> = {
  payment: 'payment',
  refund: 'payment',
  reversal: 'payment',
  adjustment: 'payment',
  deposit: 'payment',
  credit_note: 'credit',
  credit: 'credit',
  // A void gives back what its note credited: credit, the other way.
  credit_note_void: 'credit',
};

const lineAmount = (l: Line): Cents => l.qty * l.price;

export function linesTotals(lines: readonly Line[], discount: Cents, exempt: boolean, rate: Rate): InvoiceTotals {
  const subtotal = lines.reduce((s, l) => s + lineAmount(l), 0);
  const taxable = lines.filter((l) => !l.freight).reduce((s, l) => s + lineAmount(l), 0);
  const base = Math.max(0, taxable - discount);
  const tax = exempt ? 0 : percentOf(base, rate);
  return { subtotal, taxable, discount, tax, total: Math.max(0, subtotal - discount + tax) };
}

// ------------------------------------------------------------------------------------------ the ledger

export class Ledger {
  customers: Customer[] = [];
  orders: Order[] = [];
  invoices: Invoice[] = [];
  private seq = 0;
  private transfers = 0;

  constructor(
    readonly rate: Rate,
    readonly today: string,
  ) {}

  nextSeq(): number {
    return ++this.seq;
  }
  private nextTransfer(): string {
    return `t${++this.transfers}`;
  }

  // -------------------------------------------------------------------------- reading the records

  liveOrders(): Order[] {
    return this.orders.filter((o) => !o.deleted);
  }
  liveInvoices(): Invoice[] {
    return this.invoices.filter((i) => !i.deleted);
  }
  order(key: number): Order {
    return this.orders[key]!;
  }
  invoice(key: number): Invoice {
    return this.invoices[key]!;
  }

  /** Rule 1: the customer of the invoice's first order (earliest order date, then lowest id). */
  ownerOf(inv: Invoice): number {
    const first = [...inv.orders]
      .map((k) => this.order(k))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id))[0]!;
    return first.customer;
  }

  totals(inv: Invoice): InvoiceTotals {
    return linesTotals(inv.lines, inv.discount, inv.exempt, this.rate);
  }
  paid(inv: Invoice): Cents {
    return inv.ledger.reduce((s, e) => s + e.amount, 0);
  }
  balanceDue(inv: Invoice): Cents {
    return Math.max(0, this.totals(inv).total - Math.max(0, this.paid(inv)));
  }
  creditOn(inv: Invoice): Cents {
    return Math.max(0, this.paid(inv) - this.totals(inv).total);
  }
  creditable(inv: Invoice): Cents {
    // A voided note credits nothing: what it credited may be credited again.
    return Math.max(0, this.totals(inv).total - inv.notes.filter((n) => !n.voided).reduce((s, n) => s + n.total, 0));
  }
  held(o: Order): Cents {
    return o.deposits.reduce((s, d) => s + d.amount, 0);
  }
  creditNoteTotals(lines: Line[], exempt: boolean): Omit<CreditNote, 'seq' | 'id' | 'number' | 'date' | 'lines' | 'exempt' | 'voided'> {
    const t = linesTotals(lines, 0, exempt, this.rate);
    return { subtotal: t.subtotal, taxable: t.taxable, tax: t.tax, total: t.total };
  }

  ownedInvoices(customer: number): Invoice[] {
    return this.liveInvoices().filter((i) => this.ownerOf(i) === customer);
  }

  /** Every record of the customer in the customer's sign (rules 1 and 2). */
  entriesOf(customer: number): CustomerEntry[] {
    const out: CustomerEntry[] = [];
    for (const inv of this.ownedInvoices(customer)) {
      out.push({ date: inv.date, seq: inv.seq, amount: this.totals(inv).total, type: 'invoice', what: `invoice ${inv.number}` });
      for (const e of inv.ledger)
        out.push({
          date: e.date,
          seq: e.seq,
          amount: -e.amount,
          type: LEDGER_TYPE[e.kind],
          what: `${e.kind} on ${inv.number}`,
          ...(e.transfer ? { transfer: e.transfer } : {}),
        });
    }
    for (const o of this.orders)
      if (o.customer === customer)
        for (const d of o.deposits)
          out.push({
            date: d.date,
            seq: d.seq,
            amount: -d.amount,
            type: 'payment',
            what: `deposit ${d.kind} on order ${o.door}`,
            ...(d.transfer ? { transfer: d.transfer } : {}),
          });
    return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.seq - b.seq));
  }

  /** Rule 5. */
  balance(customer: number): Cents {
    return this.entriesOf(customer).reduce((s, e) => s + e.amount, 0);
  }

  /** Rule 4: an invoice's amount due on `asOf` (may be ≤ 0: then not listed). */
  dueOn(inv: Invoice, asOf: string): Cents {
    const total = inv.date <= asOf ? this.totals(inv).total : 0;
    return total - inv.ledger.filter((e) => e.date <= asOf).reduce((s, e) => s + e.amount, 0);
  }

  aging(customer: number, asOf: string): AgingLine[] {
    const out: AgingLine[] = [];
    for (const inv of this.ownedInvoices(customer)) {
      const amount = this.dueOn(inv, asOf);
      if (amount > 0) out.push({ invoice: inv, number: inv.number, amount, bucket: bucketOf(inv.due ?? inv.date, asOf) });
    }
    return out;
  }

  /** Rule 3 (and the statement's aging, rule 4 with D = to). */
  statement(customer: number, from: string, to: string): ModelStatement {
    const all = this.entriesOf(customer).filter((e) => e.date <= to);
    // A move between the customer's own records: every side of its transfer key is the customer's.
    const sides = new Map<string, number>();
    for (const e of this.entriesOf(customer)) if (e.transfer) sides.set(e.transfer, (sides.get(e.transfer) ?? 0) + 1);
    const own = (e: CustomerEntry) => e.transfer !== undefined && (sides.get(e.transfer) ?? 0) >= 2;
    let opening = 0;
    const sums = { invoice: 0, payment: 0, credit: 0 };
    const rows: StatementRow[] = [];
    for (const e of all) if (e.date < from) opening += e.amount;
    let running = opening;
    for (const e of all) {
      if (e.date < from) continue;
      // A move between the customer's own records is no money paid or credited: it counts in no total.
      if (own(e)) continue;
      sums[e.type] += e.amount;
      running += e.amount;
      rows.push({ date: e.date, amount: e.amount, balance: running, what: e.what });
    }
    const closing = opening + sums.invoice + sums.payment + sums.credit;
    const aging = Object.fromEntries(BUCKETS.map((b) => [b, 0])) as Record<Bucket, Cents>;
    const lines = this.aging(customer, to);
    for (const l of lines) aging[l.bucket] += l.amount;
    const agingTotal = lines.reduce((s, l) => s + l.amount, 0);
    return {
      opening,
      rows,
      closing,
      invoiced: sums.invoice,
      paid: -sums.payment,
      credited: -sums.credit,
      aging,
      agingTotal,
      unapplied: agingTotal - closing,
      open: lines.map((l) => ({ number: l.number, amount: l.amount, bucket: l.bucket })),
    };
  }

  // -------------------------------------------------------------------------- sales tax (rule 6)

  salesTax(from: string, to: string, period: Period): Map<string, SalesTaxRow> {
    const rows = new Map<string, SalesTaxRow>();
    const row = (date: string) => {
      const k = periodKey(date, period);
      let r = rows.get(k);
      if (!r) rows.set(k, (r = emptySalesTaxRow()));
      return r;
    };
    for (const inv of this.liveInvoices()) {
      if (inv.date >= from && inv.date <= to) {
        const t = this.totals(inv);
        const r = row(inv.date);
        const base = Math.max(0, t.taxable - t.discount);
        r.invoices += 1;
        r[inv.exempt ? 'exempt_sales' : 'taxable_sales'] += base;
        r.freight += t.subtotal - t.taxable;
        r.discounts += t.discount;
        r.tax += t.tax;
        r.invoiced += t.total;
        r.total += t.total;
      }
      // A note comes off the period it is dated in; its void gives it back in the void's period.
      const noteIn = (n: CreditNote, r: SalesTaxRow, sign: 1 | -1) => {
        r[n.exempt ? 'exempt_sales' : 'taxable_sales'] -= sign * n.taxable;
        r.freight -= sign * (n.subtotal - n.taxable);
        r.tax -= sign * n.tax;
        r.credited += sign * n.total;
        r.total -= sign * n.total;
      };
      for (const n of inv.notes) {
        if (n.date >= from && n.date <= to) {
          const r = row(n.date);
          r.credit_notes += 1;
          noteIn(n, r, 1);
        }
        if (n.voided && n.voided >= from && n.voided <= to) {
          const r = row(n.voided);
          r.voided_credit_notes += 1;
          noteIn(n, r, -1);
        }
      }
    }
    return rows;
  }

  // -------------------------------------------------------------------------- accountant export (decision 205)

  /** The name the export writes: an invoice's bill-to (its first order's customer), an order's billing name. */
  private nameOfInvoice(inv: Invoice): string {
    return this.customers[this.ownerOf(inv)]!.name;
  }

  /**
   * Net postings per customer name and account of the export of [from, to] (every transaction, debits +,
   * credits −), and the documents' totals: what the IIF file, the QuickBooks Online and Xero files must hold.
   */
  exportFacts(from: string, to: string): ExportFacts {
    const facts: ExportFacts = { postings: new Map(), journal: new Map(), invoices: new Map(), creditNotes: new Map(), voids: new Map(), payments: new Map() };
    const post = (name: string, account: string, amount: Cents, journal: boolean) => {
      if (amount === 0) return;
      for (const m of journal ? [facts.postings, facts.journal] : [facts.postings]) {
        const byAccount = m.get(name) ?? new Map<string, Cents>();
        byAccount.set(account, (byAccount.get(account) ?? 0) + amount);
        m.set(name, byAccount);
      }
    };
    const add = (m: Map<string, Cents>, name: string, amount: Cents) => m.set(name, (m.get(name) ?? 0) + amount);
    const inRange = (d: string) => d >= from && d <= to;
    for (const inv of this.liveInvoices()) {
      const name = this.nameOfInvoice(inv);
      if (inRange(inv.date)) {
        const t = this.totals(inv);
        add(facts.invoices, name, t.total);
        post(name, ACCOUNTS.receivable, t.total, false);
        post(name, ACCOUNTS.sales, -t.taxable, false);
        post(name, ACCOUNTS.freight, -(t.subtotal - t.taxable), false);
        post(name, ACCOUNTS.discounts, t.discount, false);
        post(name, ACCOUNTS.salesTax, -t.tax, false);
      }
      for (const n of inv.notes) {
        if (!inRange(n.date)) continue;
        add(facts.creditNotes, name, n.total);
        post(name, ACCOUNTS.receivable, -n.total, true);
        post(name, ACCOUNTS.sales, n.taxable, true);
        post(name, ACCOUNTS.freight, n.subtotal - n.taxable, true);
        post(name, ACCOUNTS.salesTax, n.tax, true);
      }
      // A void: the credit memo's postings the other way, on the void's day.
      for (const n of inv.notes) {
        if (!n.voided || !inRange(n.voided)) continue;
        add(facts.voids, name, n.total);
        post(name, ACCOUNTS.receivable, n.total, true);
        post(name, ACCOUNTS.sales, -n.taxable, true);
        post(name, ACCOUNTS.freight, -(n.subtotal - n.taxable), true);
        post(name, ACCOUNTS.salesTax, -n.tax, true);
      }
      for (const e of inv.ledger) {
        if (!inRange(e.date) || e.kind === 'credit_note' || e.kind === 'credit_note_void') continue;
        if (e.kind === 'payment') add(facts.payments, name, e.amount);
        // The − side of a credit pair travels with its + side (same date, same customer): both post to receivables.
        post(name, ACCOUNTS.receivable, -e.amount, true);
        post(name, this.counterAccount(inv, e), e.amount, true);
      }
    }
    for (const o of this.orders) {
      const name = this.customers[o.customer]!.name;
      for (const d of o.deposits) {
        if (!inRange(d.date) || (d.kind !== 'deposit' && d.kind !== 'refund')) continue;
        post(name, d.kind === 'deposit' ? ACCOUNTS.undeposited : ACCOUNTS.checking, d.amount, true);
        post(name, ACCOUNTS.customerDeposits, -d.amount, true);
      }
    }
    return facts;
  }

  private counterAccount(inv: Invoice, e: LedgerEntry): string {
    switch (e.kind) {
      case 'payment':
        return ACCOUNTS.undeposited;
      case 'refund':
        return ACCOUNTS.checking;
      case 'deposit':
        return ACCOUNTS.customerDeposits;
      case 'credit':
        if (e.amount < 0) return ACCOUNTS.receivable;
        return e.creditFromInvoice === null || e.creditFromInvoice === undefined ? ACCOUNTS.customerDeposits : ACCOUNTS.receivable;
      case 'reversal': {
        const original = inv.ledger.find((x) => x.seq === e.reverses)!;
        return this.counterAccount(inv, original);
      }
      default:
        return ACCOUNTS.adjustments;
    }
  }

  // -------------------------------------------------------------------------- recording (after the product accepted)

  addCustomer(id: number, name: string): Customer {
    const c = { idx: this.customers.length, id, name, label: String.fromCharCode(65 + this.customers.length) };
    this.customers.push(c);
    return c;
  }

  addOrder(id: number, door: string, customer: number, date: string): Order {
    const o: Order = { key: this.orders.length, id, door, customer, date, status: 'pending', invoice: null, deposits: [], deleted: false };
    this.orders.push(o);
    return o;
  }

  addDeposit(o: Order, kind: DepositKind, date: string, amount: Cents, transfer?: string): DepositEntry {
    const d: DepositEntry = { seq: this.nextSeq(), date, kind, amount, ...(transfer ? { transfer } : {}) };
    o.deposits.push(d);
    return d;
  }

  addLedger(inv: Invoice, entry: Omit<LedgerEntry, 'seq'>): LedgerEntry {
    const e: LedgerEntry = { seq: this.nextSeq(), ...entry };
    inv.ledger.push(e);
    return e;
  }

  /**
   * A new invoice of these orders (created dated `createdOn`, with the lines given), and what the orders hold
   * moved onto it: one `deposit` ledger entry per order (dated as the order's last deposit) and the order's
   * matching `invoiced` entry.
   */
  addInvoice(id: number, number: string, orderKeys: number[], createdOn: string): Invoice {
    const sorted = orderKeys
      .map((k) => this.order(k))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id))
      .map((o) => o.key);
    const inv: Invoice = {
      key: this.invoices.length,
      id,
      number,
      orders: sorted,
      seq: this.nextSeq(),
      date: createdOn,
      due: createdOn,
      lines: [],
      discount: 0,
      exempt: false,
      ledger: [],
      notes: [],
      deleted: false,
    };
    this.invoices.push(inv);
    for (const k of sorted) {
      const o = this.order(k);
      o.invoice = inv.key;
      const held = this.held(o);
      if (held <= 0) continue;
      const last = o.deposits.filter((d) => d.kind === 'deposit').reduce((m, d) => (d.date > m ? d.date : m), '');
      const transfer = this.nextTransfer();
      this.addLedger(inv, { id: null, date: last, kind: 'deposit', amount: held, transfer, fromOrder: o.key });
      this.addDeposit(o, 'invoiced', last, -held, transfer);
    }
    return inv;
  }

  applyFromInvoice(source: Invoice, target: Invoice, amount: Cents, date: string): [LedgerEntry, LedgerEntry] {
    const transfer = this.nextTransfer();
    const out = this.addLedger(source, { id: null, date, kind: 'credit', amount: -amount, transfer });
    const into = this.addLedger(target, { id: null, date, kind: 'credit', amount, transfer, creditFromInvoice: source.key });
    return [out, into];
  }

  applyFromOrder(source: Order, target: Invoice, amount: Cents, date: string): LedgerEntry {
    const transfer = this.nextTransfer();
    const into = this.addLedger(target, { id: null, date, kind: 'credit', amount, transfer, creditFromInvoice: null });
    this.addDeposit(source, 'applied', date, -amount, transfer);
    return into;
  }
}

export interface ExportFacts {
  /** name -> account -> net amount (debits +, credits −), every transaction. */
  postings: Map<string, Map<string, Cents>>;
  /** The same without invoices (QuickBooks Online's journal file). */
  journal: Map<string, Map<string, Cents>>;
  /** name -> the invoices' totals dated in the range. */
  invoices: Map<string, Cents>;
  /** name -> the credit notes' totals dated in the range. */
  creditNotes: Map<string, Cents>;
  /** name -> the totals of the credit notes voided in the range (by the void's day). */
  voids: Map<string, Cents>;
  /** name -> the ledger's payments (kind payment) dated in the range. */
  payments: Map<string, Cents>;
}
