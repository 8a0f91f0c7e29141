import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import {
  agingBucketOf,
  balanceDueOf,
  creditOf,
  invoiceBalanceAndStatus,
  invoicePaymentStatus,
  overpaymentOf,
  paymentsTotal,
} from './payments';
import { customerBalanceOf } from './credit';
import { paymentFormSchema } from './schemas/payment';
import { addOneYear } from './schedule';
import { todayIso } from './dates';
import { addSalesTax, periodKeyOf, periodOf, salesTaxOfInvoice, sumSalesTaxOfInvoices } from './reports';

const errorsOf = (input: unknown) => {
  const r = paymentFormSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('payments', () => {
  it('balance never below 0, an overpayment is a credit', () => {
    expect(balanceDueOf('100.00', '30.00')).toBe('70.00');
    expect(balanceDueOf('100.00', '130.00')).toBe('0.00');
    expect(creditOf('100.00', '130.00')).toBe('30.00');
    expect(creditOf('100.00', '30.00')).toBe('0.00');
    expect(paymentsTotal(['10.10', '-0.10', '0.20']).toFixed(2)).toBe('10.20');
  });

  it('overpayment: the part of a new payment past the balance due (a refund never overpays)', () => {
    expect(overpaymentOf('70.00', '100.00')).toBe('30.00');
    expect(overpaymentOf('70.00', '70.00')).toBe('0.00');
    expect(overpaymentOf('70.00', '69.99')).toBe('0.00');
    expect(overpaymentOf('0.00', '0.01')).toBe('0.01');
    expect(overpaymentOf('70.00', '-20.00')).toBe('0.00');
    expect(overpaymentOf('70.00', '70.005')).toBe('0.01');
  });

  it("a customer's balance: invoiced − paid, exact, negative for a credit in their favour", () => {
    expect(customerBalanceOf('2315.00', '315.00')).toBe('2000.00');
    expect(customerBalanceOf('0.30', '0.10')).toBe('0.20');
    expect(customerBalanceOf('100.00', '130.00')).toBe('-30.00');
    expect(customerBalanceOf('0', '0')).toBe('0.00');
  });

  it('status: unpaid, partially paid, paid, overdue (a balance past its due date)', () => {
    const today = '2026-05-10';
    expect(invoicePaymentStatus({ total: '100', paid: '0', dueDate: '2026-05-10', today })).toBe('unpaid');
    expect(invoicePaymentStatus({ total: '100', paid: '1', dueDate: null, today })).toBe('partially_paid');
    expect(invoicePaymentStatus({ total: '100', paid: '100', dueDate: '2020-01-01', today })).toBe('paid');
    expect(invoicePaymentStatus({ total: '100', paid: '120', dueDate: '2020-01-01', today })).toBe('paid');
    expect(invoicePaymentStatus({ total: '100', paid: '50', dueDate: '2026-05-09', today })).toBe('overdue');
    expect(invoicePaymentStatus({ total: '0', paid: '0', dueDate: '2026-05-09', today })).toBe('paid');
    // More refunded than paid: the ledger's sum is negative, which counts as nothing paid.
    expect(invoicePaymentStatus({ total: '100', paid: '-5', dueDate: null, today })).toBe('unpaid');
    expect(invoicePaymentStatus({ total: '0', paid: '-5', dueDate: null, today })).toBe('paid');
    expect(invoicePaymentStatus({ total: '100.004', paid: '100', dueDate: null, today })).toBe('paid');
    expect(invoicePaymentStatus({ total: '100.005', paid: '100', dueDate: null, today })).toBe(
      'partially_paid',
    );
  });

  it('balance and status together, as the list answers them: the same as each alone', () => {
    const today = '2026-05-10';
    const cases: [string, string, string | null, string, string][] = [
      ['100', '0', '2026-05-10', '100.00', 'unpaid'],
      ['100', '50', '2026-05-09', '50.00', 'overdue'],
      ['100', '120', '2020-01-01', '0.00', 'paid'],
      ['100', '-5', null, '100.00', 'unpaid'],
      ['100.005', '100', null, '0.01', 'partially_paid'],
      ['0', '0', '2026-05-09', '0.00', 'paid'],
    ];
    for (const [total, paid, dueDate, balance, status] of cases) {
      const input = { total, paid, dueDate, today };
      expect(invoiceBalanceAndStatus(input)).toEqual({ balanceDue: balance, status });
      expect(balanceDueOf(total, paid)).toBe(balance);
      expect(invoicePaymentStatus(input)).toBe(status);
    }
  });

  it('status agrees with the balance due: paid exactly when balanceDueOf is 0.00', () => {
    const today = '2026-05-10';
    const amounts = [
      '-20',
      '-0.01',
      '0',
      '0.004',
      '0.005',
      '0.01',
      '49.995',
      '50',
      '99.994',
      '99.995',
      '100',
      '100.01',
      '250',
    ];
    for (const total of amounts)
      for (const paid of amounts) {
        const status = invoicePaymentStatus({ total, paid, dueDate: null, today });
        expect(status === 'paid', `${total} / ${paid}`).toBe(balanceDueOf(total, paid) === '0.00');
      }
  });

  it('aging buckets by days past due', () => {
    const today = '2026-05-31';
    expect(agingBucketOf('2026-06-01', today)).toBe('current');
    expect(agingBucketOf('2026-05-31', today)).toBe('current');
    expect(agingBucketOf('2026-05-30', today)).toBe('days_1_30');
    expect(agingBucketOf('2026-05-01', today)).toBe('days_1_30');
    expect(agingBucketOf('2026-04-30', today)).toBe('days_31_60');
    expect(agingBucketOf('2026-03-02', today)).toBe('days_61_90');
    expect(agingBucketOf('2026-03-01', today)).toBe('over_90');
  });

  it('periods', () => {
    expect(periodOf('2026-05-17', 'month')).toEqual({
      key: '2026-05',
      start: '2026-05-01',
      end: '2026-05-31',
    });
    expect(periodOf('2024-02-03', 'quarter')).toEqual({
      key: '2024-Q1',
      start: '2024-01-01',
      end: '2024-03-31',
    });
    expect(periodOf('2026-12-31', 'year')).toEqual({ key: '2026', start: '2026-01-01', end: '2026-12-31' });
    expect(addOneYear('2024-02-29')).toBe('2025-03-01');
  });

  it("a period's key names exactly the days between its start and end (every day of two years)", () => {
    const quarters = ['Q1', 'Q1', 'Q1', 'Q2', 'Q2', 'Q2', 'Q3', 'Q3', 'Q3', 'Q4', 'Q4', 'Q4'];
    quarters.forEach((q, i) =>
      expect(periodKeyOf(`2025-${String(i + 1).padStart(2, '0')}-15`, 'quarter')).toBe(`2025-${q}`),
    );
    for (const period of ['month', 'quarter', 'year'] as const) {
      const bounds = new Map<string, string>();
      for (let t = Date.UTC(2024, 0, 1); t <= Date.UTC(2025, 11, 31); t += 86_400_000) {
        const day = new Date(t).toISOString().slice(0, 10);
        const p = periodOf(day, period);
        expect(day >= p.start && day <= p.end, `${day} ${period}`).toBe(true);
        expect(bounds.get(p.key) ?? `${p.start}..${p.end}`).toBe(`${p.start}..${p.end}`);
        bounds.set(p.key, `${p.start}..${p.end}`);
      }
      expect(bounds.size).toBe({ month: 24, quarter: 8, year: 2 }[period]);
    }
  });

  it('sumSalesTaxOfInvoices equals adding each invoice formatted (random invoices, odd fractions of a cent)', () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const amount = () => (next() * 20000 - 1000).toFixed(next() < 0.3 ? 3 : 2);
    const invoices = Array.from({ length: 500 }, () => ({
      subtotal: amount(),
      taxableSubtotal: amount(),
      discountAmount: amount(),
      taxAmount: amount(),
      total: amount(),
      taxExempt: next() < 0.2,
    }));
    expect(sumSalesTaxOfInvoices(invoices)).toEqual(addSalesTax(invoices.map(salesTaxOfInvoice)));
    expect(sumSalesTaxOfInvoices([])).toEqual(addSalesTax([]));
  });

  it('sales tax of one invoice: taxable after discount, freight apart', () => {
    expect(
      salesTaxOfInvoice({
        subtotal: '1150.00',
        taxableSubtotal: '1000.00',
        discountAmount: '100.00',
        taxAmount: '74.25',
        total: '1124.25',
        taxExempt: false,
      }),
    ).toEqual({
      taxable_sales: '900.00',
      exempt_sales: '0.00',
      freight: '150.00',
      discounts: '100.00',
      tax: '74.25',
      invoiced: '1124.25',
      credited: '0.00',
      total: '1124.25',
    });
    expect(
      salesTaxOfInvoice({
        subtotal: '500.00',
        taxableSubtotal: '500.00',
        discountAmount: '0',
        taxAmount: '0',
        total: '500.00',
        taxExempt: true,
      }),
    ).toMatchObject({ taxable_sales: '0.00', exempt_sales: '500.00' });
  });

  it('validates a payment with the domain messages', () => {
    const ok = { amount: '25.5', date: todayIso(), method: 'check', reference: ' 1234 ' };
    expect(paymentFormSchema.parse(ok)).toMatchObject({ amount: '25.50', reference: '1234', reason: '' });
    expect(errorsOf({ ...ok, amount: '0' })).toEqual({ amount: MESSAGES.paymentAmountZero });
    expect(errorsOf({ ...ok, amount: '' })).toEqual({ amount: MESSAGES.paymentAmountRequired });
    expect(errorsOf({ ...ok, amount: '1.001' })).toEqual({ amount: MESSAGES.priceDecimals });
    expect(errorsOf({ ...ok, amount: 'abc' })).toEqual({ amount: MESSAGES.paymentAmountInvalid });
    expect(errorsOf({ ...ok, method: 'bitcoin' })).toEqual({ method: MESSAGES.paymentMethodInvalid });
    expect(errorsOf({ ...ok, date: addOneYear(addOneYear(todayIso())) })).toEqual({
      date: MESSAGES.paymentDateTooLate,
    });
    expect(errorsOf({ ...ok, amount: '-5' })).toEqual({ reason: MESSAGES.refundReasonRequired });
    expect(errorsOf({ ...ok, amount: '-5', reason: 'damaged' })).toEqual({});
  });
});
