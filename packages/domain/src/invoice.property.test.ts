import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateInvoiceTotals, deriveInvoiceLineItems, lineAmount } from './invoice';
import { addMoney, toMoneyString } from './money';
import { calculateOrderPrice, orderPriceInput } from './pricing';
import { money, orderForInvoice, percent, terms } from './testing/arbitraries';

describe('invoice properties', () => {
  it('an invoice made from an order agrees with the order price to the cent', () => {
    fc.assert(
      fc.property(orderForInvoice, terms, (order, t) => {
        const invoice = calculateInvoiceTotals({ lineItems: deriveInvoiceLineItems(order), ...t });
        const price = calculateOrderPrice(orderPriceInput(order, t));
        expect({
          subtotal: invoice.subtotal,
          discountAmount: invoice.discountAmount,
          taxAmount: invoice.taxAmount,
          total: invoice.total,
        }).toEqual(price);
      }),
      { numRuns: 500 },
    );
  });

  it('the shown line amounts add up to the subtotal exactly', () => {
    const line = fc.record({
      quantity: fc.integer({ min: -5, max: 100 }),
      description: fc.string({ maxLength: 12 }),
      price_each: money(10_000_00),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), percent, (lines, taxRate) => {
        const totals = calculateInvoiceTotals({ lineItems: lines, taxRate });
        const shown = addMoney(...lines.map((l) => lineAmount(l.quantity, l.price_each)));
        expect(totals.subtotal).toBe(toMoneyString(shown));
      }),
    );
  });

  it('balance due is never negative and never above the total', () => {
    fc.assert(
      fc.property(orderForInvoice, terms, money(), (order, t, payments) => {
        const r = calculateInvoiceTotals({
          lineItems: deriveInvoiceLineItems(order),
          ...t,
          paymentsCredits: payments,
        });
        expect(Number(r.balanceDue)).toBeGreaterThanOrEqual(0);
        expect(addMoney(r.balanceDue).lessThanOrEqualTo(r.total)).toBe(true);
      }),
    );
  });

  it('tax exempt invoices carry no tax', () => {
    fc.assert(
      fc.property(orderForInvoice, terms, (order, t) => {
        const r = calculateInvoiceTotals({ lineItems: deriveInvoiceLineItems(order), ...t, taxExempt: true });
        expect(r.taxAmount).toBe('0.00');
      }),
    );
  });
});
