import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerBalanceOf } from './credit';
import { Decimal, roundCents, toMoneyString } from './money';
import { AGING_BUCKETS, PAYMENT_KINDS } from './payments';
import { addDays } from './schedule';
import {
  customerStatement,
  defaultStatementPeriod,
  statementBatchPeriod,
  statementPeriodSchema,
  type StatementInvoice,
  type StatementSourceEntry,
} from './statements';

/**
 * A customer's records as the server reads them: invoices with ledger entries (any kind, either sign),
 * deposit account entries, and moves between the customer's records (a pair on one day adding to 0).
 */
const DAY0 = '2026-01-01';
const day = fc.integer({ min: 0, max: 200 }).map((n) => addDays(DAY0, n));
const cents = (max: number) => fc.integer({ min: -max, max }).filter((n) => n !== 0).map((n) => toMoneyString(new Decimal(n).div(100)));

const records = fc
  .record({
    invoices: fc.array(
      fc.record({ date: day, due: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }), total: cents(500_000).map((t) => t.replace('-', '')) }),
      { maxLength: 6 },
    ),
    ledger: fc.array(fc.record({ invoice: fc.nat(), date: day, kind: fc.constantFrom(...PAYMENT_KINDS), amount: cents(300_000) }), { maxLength: 10 }),
    deposits: fc.array(fc.record({ date: day, kind: fc.constantFrom('deposit' as const, 'refund' as const), amount: cents(100_000) }), { maxLength: 4 }),
    moves: fc.array(fc.record({ invoice: fc.nat(), date: day, amount: cents(100_000).map((a) => a.replace('-', '')) }), { maxLength: 3 }),
    // The moment each record was recorded within its day: any order, so a move's two sides can be apart.
    recorded: fc.array(fc.integer({ min: 0, max: 86_399 }), { minLength: 40, maxLength: 40 }),
  })
  .map(({ invoices, ledger, deposits, moves, recorded }) => {
    const entries: StatementSourceEntry[] = [];
    const at = (date: string, n: number) => `${date}T${new Date(recorded[n % recorded.length]! * 1000).toISOString().slice(11, 19)}.000Z`;
    const paid = new Map<number, { date: string; amount: string }[]>();
    let id = 1;
    const addLedger = (invoice: number, date: string, kind: (typeof PAYMENT_KINDS)[number], amount: string, transfer: string | null) => {
      entries.push({ date, source: `ledger:${kind}`, id, recordedAt: at(date, id++), amount, document: `Invoice ${invoice}`, transfer });
      paid.set(invoice, [...(paid.get(invoice) ?? []), { date, amount }]);
    };
    invoices.forEach((i, n) =>
      entries.push({ date: i.date, source: 'invoice', id, recordedAt: at(i.date, id++), amount: i.total, document: `Invoice ${n}` }),
    );
    if (invoices.length > 0) {
      for (const l of ledger) addLedger(l.invoice % invoices.length, l.date, l.kind, l.amount, null);
      // A deposit moved onto an invoice: − on the order's account, + on the invoice's ledger, same day.
      for (const m of moves) {
        const key = `move:${id}`;
        entries.push({ date: m.date, source: 'deposit:invoiced', id, recordedAt: at(m.date, id++), amount: `-${m.amount}`, document: 'Order 1', transfer: key });
        addLedger(m.invoice % invoices.length, m.date, 'deposit', m.amount, key);
      }
    }
    for (const d of deposits)
      entries.push({ date: d.date, source: `deposit:${d.kind}`, id, recordedAt: at(d.date, id++), amount: d.amount, document: 'Order 1' });
    const invoicesAsOf = (to: string): StatementInvoice[] =>
      invoices.map((i, n) => ({
        invoiceNumber: String(n),
        date: i.date,
        dueDate: i.due === null ? null : addDays(i.date, i.due),
        total: i.total,
        paidByTo: toMoneyString((paid.get(n) ?? []).filter((p) => p.date <= to).reduce((s, p) => s.plus(p.amount), new Decimal(0))),
      }));
    return { invoices, entries, invoicesAsOf };
  });

const period = fc.tuple(day, day, day).map((d) => [...d].sort() as [string, string, string]);

const statementOf = (r: { entries: StatementSourceEntry[]; invoicesAsOf: (to: string) => StatementInvoice[] }, from: string, to: string) =>
  customerStatement({ from, to, entries: r.entries, invoices: r.invoicesAsOf(to) });

describe('statement properties', () => {
  it('closing = opening + invoiced − paid − credited, and the last running balance is the closing balance', () => {
    fc.assert(
      fc.property(records, period, (r, [from, , to]) => {
        const s = statementOf(r, from, to);
        const expected = roundCents(s.opening_balance).plus(s.invoiced).minus(s.paid).minus(s.credited);
        expect(s.closing_balance).toBe(toMoneyString(expected));
        expect(s.entries.at(-1)?.balance ?? s.opening_balance).toBe(s.closing_balance);
      }),
      { numRuns: 400 },
    );
  });

  it("every row's balance is the previous row's (the opening balance for the first) plus its amount", () => {
    fc.assert(
      fc.property(records, period, (r, [from, , to]) => {
        const s = statementOf(r, from, to);
        let previous = roundCents(s.opening_balance);
        for (const e of s.entries) {
          expect(e.balance).toBe(toMoneyString(previous.plus(e.amount)));
          previous = roundCents(e.balance);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('lists the rows of a day in the order they were recorded', () => {
    const entry = (id: number, recordedAt: string, source: StatementSourceEntry['source'], amount: string): StatementSourceEntry => ({
      date: '2026-03-02',
      source,
      id,
      recordedAt,
      amount,
      document: `#${id}`,
    });
    const s = customerStatement({
      from: '2026-03-01',
      to: '2026-03-31',
      entries: [
        entry(9, '2026-03-02T15:00:00.000Z', 'ledger:payment', '100.00'),
        entry(3, '2026-03-02T09:00:00.000Z', 'deposit:deposit', '50.00'),
        entry(5, '2026-03-02T12:00:00.000Z', 'invoice', '500.00'),
        entry(4, '2026-03-02T12:00:00.000Z', 'ledger:credit_note', '20.00'),
      ],
      invoices: [],
    });
    expect(s.entries.map((e) => [e.document, e.balance])).toEqual([
      ['#3', '-50.00'],
      ['#5', '450.00'],
      ['#4', '430.00'],
      ['#9', '330.00'],
    ]);
  });

  it("the closing balance is the customer's balance rule over everything dated up to `to`", () => {
    fc.assert(
      fc.property(records, day, (r, to) => {
        const upTo = r.entries.filter((e) => e.date <= to);
        const sum = (pick: (e: StatementSourceEntry) => boolean) =>
          toMoneyString(upTo.filter(pick).reduce((s, e) => s.plus(roundCents(e.amount)), new Decimal(0)));
        const balance = customerBalanceOf(
          sum((e) => e.source === 'invoice'),
          sum((e) => e.source.startsWith('ledger:')),
          sum((e) => e.source.startsWith('deposit:')),
        );
        expect(statementOf(r, DAY0, to).closing_balance).toBe(balance);
      }),
      { numRuns: 400 },
    );
  });

  it('the closing balance of a period is the opening balance of the next', () => {
    fc.assert(
      fc.property(records, period, (r, [from, mid, to]) => {
        const first = statementOf(r, from, mid);
        const next = statementOf(r, addDays(mid, 1), addDays(to, 1));
        expect(next.opening_balance).toBe(first.closing_balance);
      }),
      { numRuns: 400 },
    );
  });

  it("the aging buckets sum to the open invoices' amounts due; closing = that − unapplied credit (overpayments, deposits held)", () => {
    fc.assert(
      fc.property(records, period, (r, [from, , to]) => {
        const s = statementOf(r, from, to);
        const buckets = AGING_BUCKETS.reduce((sum, b) => sum.plus(s.aging[b.key]), new Decimal(0));
        expect(toMoneyString(buckets)).toBe(s.aging_total);
        const due = s.open_invoices.reduce((sum, i) => sum.plus(i.amount_due), new Decimal(0));
        expect(toMoneyString(due)).toBe(s.aging_total);
        // Independently: overpayments (invoices paid past their total, or paid before they were dated)
        // plus every deposit account entry up to `to`.
        let credit = new Decimal(0);
        for (const i of r.invoicesAsOf(to)) {
          const owed = (i.date <= to ? roundCents(i.total) : new Decimal(0)).minus(roundCents(i.paidByTo));
          if (owed.isNegative()) credit = credit.minus(owed);
        }
        for (const e of r.entries) if (e.source.startsWith('deposit:') && e.date <= to) credit = credit.plus(roundCents(e.amount));
        expect(s.unapplied_credit).toBe(toMoneyString(credit));
        expect(s.closing_balance).toBe(toMoneyString(buckets.minus(credit)));
      }),
      { numRuns: 400 },
    );
  });

  it('moves between the customer’s own records are left out of the listing without changing a figure', () => {
    fc.assert(
      fc.property(records, period, (r, [from, , to]) => {
        const s = statementOf(r, from, to);
        const withMovesShown = customerStatement({
          from,
          to,
          entries: r.entries.map((e) => ({ ...e, transfer: null })),
          invoices: r.invoicesAsOf(to),
        });
        expect({ ...s, entries: [] }).toEqual({ ...withMovesShown, entries: [] });
        expect(s.entries.every((e) => e.label !== 'Deposit: moved onto invoice')).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('statement period', () => {
  const today = '2026-11-27';
  const errors = (input: unknown) => {
    const r = statementPeriodSchema(today).safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('refuses to before from, a future end and bad dates, on the field concerned', () => {
    expect(errors({ from: '2026-11-02', to: '2026-11-01' })).toEqual({ to: 'To must be on or after From.' });
    expect(errors({ from: '2026-11-01', to: '2026-11-28' })).toEqual({ to: 'A statement cannot end after today.' });
    expect(errors({ from: 'soon', to: '' })).toEqual({ from: 'Enter a date as YYYY-MM-DD.', to: 'To is required.' });
    expect(errors({ from: '2026-11-01', to: today })).toEqual({});
  });
  it('opens on the first of last month through today', () => {
    expect(defaultStatementPeriod(today)).toEqual({ from: '2026-10-01', to: today });
    expect(defaultStatementPeriod('2026-01-05')).toEqual({ from: '2025-12-01', to: '2026-01-05' });
  });
  it('sends statements of the last full calendar month by default', () => {
    expect(statementBatchPeriod(today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(statementBatchPeriod('2026-01-01')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(statementBatchPeriod('2028-03-15')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(statementBatchPeriod('2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});
