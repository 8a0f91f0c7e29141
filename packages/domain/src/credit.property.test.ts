import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditNoteTotals,
  creditableOf,
  customerBalanceOf,
  customerCreditOf,
  depositLimitOf,
  depositsHeldOf,
  dueDateAfterSave,
  dueDateForTerms,
} from './credit';
import { calculateInvoiceTotals, isFreightLine, lineAmount } from './invoice';
import { Decimal, addMoney, percentOf, roundCents, toMoneyString } from './money';
import { balanceDueOf, creditOf } from './payments';
import { addDays } from './schedule';
import { addSalesTax, salesTaxOfCreditNote, salesTaxOfCreditNoteVoid, salesTaxOfInvoice } from './reports';
import { money, percent } from './testing/arbitraries';

const line = fc.record({
  quantity: fc.integer({ min: 1, max: 50 }),
  description: fc.constantFrom('Door', 'Freight', 'Hinge kit', 'Panel'),
  price_each: money(5_000_00),
  is_freight: fc.option(fc.boolean(), { nil: undefined }),
});
const lines = fc.array(line, { minLength: 1, maxLength: 12 });

describe('credit note properties', () => {
  it('crediting every line of an invoice without a discount reverses its tax and its total to the cent', () => {
    fc.assert(
      fc.property(lines, percent, fc.boolean(), (all, taxRate, taxExempt) => {
        const invoice = calculateInvoiceTotals({ lineItems: all, taxRate, taxExempt });
        const note = creditNoteTotals({ lines: all, taxRate, taxExempt });
        expect(note.taxAmount).toBe(invoice.taxAmount);
        expect(note.total).toBe(invoice.total);
        expect(note.subtotal).toBe(invoice.subtotal);
      }),
      { numRuns: 500 },
    );
  });

  it("a credit note's tax is the rate on its taxed lines, rounded once half up, and its total ties", () => {
    fc.assert(
      fc.property(lines, percent, fc.boolean(), (credited, taxRate, taxExempt) => {
        const note = creditNoteTotals({ lines: credited, taxRate, taxExempt });
        const taxable = addMoney(
          ...credited.filter((l) => !isFreightLine(l)).map((l) => lineAmount(l.quantity, l.price_each)),
        );
        const expectedTax = taxExempt ? new Decimal(0) : percentOf(taxable, taxRate);
        expect(note.taxableSubtotal).toBe(toMoneyString(taxable));
        expect(note.taxAmount).toBe(toMoneyString(expectedTax));
        expect(note.total).toBe(toMoneyString(roundCents(note.subtotal).plus(note.taxAmount)));
        expect(note.taxAmount).toMatch(/^\d+\.\d{2}$/);
      }),
      { numRuns: 500 },
    );
  });

  it('notes issued while each is within what remains never credit more than the total; the invoice total is untouched', () => {
    fc.assert(
      fc.property(money(50_000_00), fc.array(money(20_000_00), { maxLength: 10 }), (total, asks) => {
        let credited = new Decimal(0);
        for (const ask of asks) {
          const remaining = creditableOf(total, credited);
          if (roundCents(ask).lessThanOrEqualTo(remaining)) credited = credited.plus(roundCents(ask));
          expect(roundCents(creditableOf(total, credited)).isNegative()).toBe(false);
        }
        expect(credited.lessThanOrEqualTo(roundCents(total))).toBe(true);
        expect(creditableOf(total, credited)).toBe(toMoneyString(roundCents(total).minus(credited)));
      }),
    );
  });
});

describe('the deposit limit', () => {
  it("is the order's total less what it holds: 1,068.80 open on an order of 1,068.80, less after a deposit, never below 0", () => {
    expect(depositLimitOf('1068.80', '0.00')).toBe('1068.80');
    expect(depositLimitOf('3615.25', '615.25')).toBe('3000.00');
    expect(depositLimitOf('3615.25', '3615.25')).toBe('0.00');
    // An order whose price was lowered below what it already holds needs nothing more.
    expect(depositLimitOf('500.00', '750.00')).toBe('0.00');
  });

  it('deposits taken while each is within the limit never hold more than the order total', () => {
    fc.assert(
      fc.property(money(50_000_00), fc.array(money(20_000_00), { maxLength: 10 }), (total, asks) => {
        const entries: string[] = [];
        for (const ask of asks) {
          if (roundCents(ask).lessThanOrEqualTo(depositLimitOf(total, depositsHeldOf(entries)))) entries.push(ask);
        }
        const held = depositsHeldOf(entries);
        expect(roundCents(held).lessThanOrEqualTo(roundCents(total))).toBe(true);
        expect(depositLimitOf(total, held)).toBe(toMoneyString(roundCents(total).minus(held)));
      }),
    );
  });
});

describe('credit notes in the sales tax report', () => {
  it("a note crediting a whole invoice (no discount) nets the invoice's every column to 0; a part takes off its own tax", () => {
    fc.assert(
      fc.property(
        lines,
        percent,
        fc.boolean(),
        fc.integer({ min: 1, max: 12 }),
        (all, taxRate, taxExempt, k) => {
          const invoice = calculateInvoiceTotals({ lineItems: all, taxRate, taxExempt });
          const whole = creditNoteTotals({ lines: all, taxRate, taxExempt });
          const net = addSalesTax([
            salesTaxOfInvoice({ ...invoice, taxExempt }),
            salesTaxOfCreditNote({ ...whole, taxExempt }),
          ]);
          // Every column nets to 0 but the two that say what happened: invoiced, and credited as much.
          const { invoiced, credited, ...rest } = net;
          for (const v of Object.values(rest)) expect(v).toBe('0.00');
          expect([invoiced, credited]).toEqual([invoice.total, invoice.total]);
          const part = creditNoteTotals({ lines: all.slice(0, k), taxRate, taxExempt });
          const off = salesTaxOfCreditNote({ ...part, taxExempt });
          expect(off.tax).toBe(toMoneyString(roundCents(part.taxAmount).negated()));
          expect(off.total).toBe(toMoneyString(roundCents(part.total).negated()));
          expect([off.invoiced, off.credited]).toEqual(['0.00', toMoneyString(part.total)]);
          // Its void gives back every column: the note and its void net to 0.
          const back = salesTaxOfCreditNoteVoid({ ...part, taxExempt });
          for (const v of Object.values(addSalesTax([off, back]))) expect(v).toBe('0.00');
          expect(addMoney(off.taxable_sales, off.exempt_sales, off.freight, off.tax).toFixed(2)).toBe(
            off.total,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('customer balance and credit properties', () => {
  const invoice = fc.record({ total: money(100_000_00), paid: money(120_000_00) });

  it('the balance is invoiced − paid − deposits held, and equals the balances due less the credits and deposits', () => {
    fc.assert(
      fc.property(
        fc.array(invoice, { maxLength: 10 }),
        fc.array(money(10_000_00), { maxLength: 5 }),
        (invs, deposits) => {
          const invoiced = addMoney(...invs.map((i) => i.total));
          const paid = addMoney(...invs.map((i) => i.paid));
          const held = depositsHeldOf(deposits);
          const balance = customerBalanceOf(invoiced, paid, held);
          // Each invoice's balance due minus its overpayment is total − paid, so the sums tie to the cent.
          const due = addMoney(...invs.map((i) => balanceDueOf(i.total, i.paid)));
          const credits = addMoney(...invs.map((i) => creditOf(i.total, i.paid)));
          expect(balance).toBe(toMoneyString(due.minus(credits).minus(held)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("the customer's credit is the overpayments plus the voided orders' deposits, never negative", () => {
    fc.assert(
      fc.property(
        fc.array(invoice, { maxLength: 10 }),
        fc.array(money(10_000_00), { maxLength: 5 }),
        (invs, voided) => {
          const credit = customerCreditOf(invs, voided);
          const expected = addMoney(...invs.map((i) => creditOf(i.total, i.paid)), ...voided);
          expect(credit).toBe(toMoneyString(expected));
          expect(roundCents(credit).isNegative()).toBe(false);
        },
      ),
    );
  });

  it('moving credit from one invoice to another (a pair) leaves the balance unchanged', () => {
    fc.assert(
      fc.property(invoice, invoice, money(10_000_00), (a, b, x) => {
        const before = customerBalanceOf(addMoney(a.total, b.total), addMoney(a.paid, b.paid));
        const after = customerBalanceOf(
          addMoney(a.total, b.total),
          addMoney(roundCents(a.paid).minus(roundCents(x)), roundCents(b.paid).plus(roundCents(x))),
        );
        expect(after).toBe(before);
      }),
    );
  });
});

describe('payment terms', () => {
  it('Net N is N days after the invoice date; anything else is the invoice date', () => {
    expect(dueDateForTerms('Net 30', '2026-01-15')).toBe('2026-02-14');
    expect(dueDateForTerms('net 10', '2026-12-25')).toBe('2027-01-04');
    expect(dueDateForTerms('Due on receipt', '2026-03-01')).toBe('2026-03-01');
    expect(dueDateForTerms('Net 900', '2026-03-01')).toBe('2026-03-01');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 365 }),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        (n, d) => {
          const iso = d.toISOString().slice(0, 10);
          expect(dueDateForTerms(`Net ${n}`, iso)).toBe(addDays(iso, n));
        },
      ),
    );
  });

  it("a due date follows the invoice's date and terms until a save sets it by hand", () => {
    const net30 = { date: '2026-01-15', terms: 'Net 30', dueDate: '2026-02-14', setByHand: false };
    // The date moves: the due date follows (the editor sends the stored due date back unchanged).
    expect(dueDateAfterSave(net30, { date: '2026-02-01', terms: 'Net 30', dueDate: '2026-02-14' })).toEqual({
      dueDate: '2026-03-03',
      setByHand: false,
    });
    // The terms change: so does the due date.
    expect(dueDateAfterSave(net30, { date: '2026-01-15', terms: 'Net 45', dueDate: '2026-02-14' })).toEqual({
      dueDate: '2026-03-01',
      setByHand: false,
    });
    // A due date set by the save is kept, even with a new date, and marked set by hand...
    expect(dueDateAfterSave(net30, { date: '2026-02-01', terms: 'Net 30', dueDate: '2026-02-20' })).toEqual({
      dueDate: '2026-02-20',
      setByHand: true,
    });
    expect(dueDateAfterSave(net30, { date: '2026-01-15', terms: 'Net 30', dueDate: null })).toEqual({
      dueDate: null,
      setByHand: true,
    });
    // ...and stays when the date moves later.
    const typed = { ...net30, dueDate: '2026-02-20', setByHand: true };
    expect(dueDateAfterSave(typed, { date: '2026-03-01', terms: 'Net 60', dueDate: '2026-02-20' })).toEqual({
      dueDate: '2026-02-20',
      setByHand: true,
    });
    // Nothing that decides it changed: nothing changes.
    expect(dueDateAfterSave(net30, { date: '2026-01-15', terms: 'Net 30', dueDate: '2026-02-14' })).toEqual({
      dueDate: '2026-02-14',
      setByHand: false,
    });
  });
});
