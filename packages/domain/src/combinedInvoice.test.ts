import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combinedInvoiceDiscount, type DiscountedOrder } from './combinedInvoice';
import { calculateInvoiceTotals, deriveInvoiceLineItems } from './invoice';
import { addMoney, toMoneyString } from './money';
import { calculateOrderPrice, orderPriceInput } from './pricing';
import { money, orderForInvoice, percent } from './testing/arbitraries';

// The walk-in cooler of the invoice PDF examples: 12000 + 275 cladding + 2 × 19.90 + 250 freight.
const cooler = {
  buildingType: 'FREEZER_COOLER_UNIT',
  buildingPrice: '12000.00',
  doorCladding: { label: 'Stainless', price: '275.00' },
  additionalItems: [{ label: 'Rod Holder', quantity: 2, price: '19.90' }],
  freightCost: '250.00',
};
const at = (discount: string, discountIsPercentage: boolean): DiscountedOrder => ({
  priced: cooler,
  discount,
  discountIsPercentage,
});

describe('combinedInvoiceDiscount', () => {
  it('keeps the percentage the orders share', () => {
    expect(combinedInvoiceDiscount([at('10', true), at('10.00', true)])).toEqual({
      discount: '10.00',
      discountIsPercentage: true,
    });
  });

  it('turns different discounts into one fixed discount: the sum of each order’s amount', () => {
    // 10 % of 12564.80 = 1256.48, plus 100.00 fixed.
    expect(combinedInvoiceDiscount([at('10', true), at('100', false)])).toEqual({
      discount: '1356.48',
      discountIsPercentage: false,
    });
    // Different percentages: 10 % → 1256.48, 5 % → 628.24.
    expect(combinedInvoiceDiscount([at('10', true), at('5', true)])).toEqual({
      discount: '1884.72',
      discountIsPercentage: false,
    });
    // Equal fixed amounts are summed, not shared.
    expect(combinedInvoiceDiscount([at('50', false), at('50', false), at('0', false)])).toEqual({
      discount: '100.00',
      discountIsPercentage: false,
    });
  });

  it('a percentage applies to each order’s own price, the door type only for door-only buildings', () => {
    const door = { buildingType: 'DOOR_ONLY', doorType: { label: 'Swing', price: '400.00' } };
    const notPriced = { ...door, buildingType: 'FREEZER_COOLER_UNIT' };
    const orders = [
      { priced: door, discount: '10', discountIsPercentage: true },
      { priced: notPriced, discount: '20', discountIsPercentage: true },
    ];
    expect(combinedInvoiceDiscount(orders)).toEqual({ discount: '40.00', discountIsPercentage: false });
  });

  it('one order keeps its own terms; none gives no discount', () => {
    expect(combinedInvoiceDiscount([at('7.5', true)])).toEqual({
      discount: '7.50',
      discountIsPercentage: true,
    });
    expect(combinedInvoiceDiscount([at('30', false)])).toEqual({
      discount: '30.00',
      discountIsPercentage: false,
    });
    expect(combinedInvoiceDiscount([])).toEqual({ discount: '0.00', discountIsPercentage: false });
  });
});

const discounted: fc.Arbitrary<DiscountedOrder> = fc.oneof(
  fc.record({ priced: orderForInvoice, discount: money(5_000_00), discountIsPercentage: fc.constant(false) }),
  fc.record({ priced: orderForInvoice, discount: percent, discountIsPercentage: fc.constant(true) }),
);

const invoiceOf = (orders: readonly DiscountedOrder[], taxRate: string) => {
  const { discount, discountIsPercentage } = combinedInvoiceDiscount(orders);
  return calculateInvoiceTotals({
    lineItems: orders.flatMap((o) => deriveInvoiceLineItems(o.priced)),
    discount,
    discountIsPercentage,
    taxRate,
  });
};

describe('combinedInvoiceDiscount properties', () => {
  it('unless one percentage is shared, the invoice takes off exactly the sum of the orders’ own discounts', () => {
    fc.assert(
      fc.property(fc.array(discounted, { minLength: 2, maxLength: 5 }), percent, (orders, taxRate) => {
        const shared = orders.every((o) => o.discountIsPercentage && o.discount === orders[0]!.discount);
        fc.pre(!shared);
        const own = orders.map(
          (o) => calculateOrderPrice(orderPriceInput(o.priced, { ...o, taxRate })).discountAmount,
        );
        expect(combinedInvoiceDiscount(orders).discountIsPercentage).toBe(false);
        expect(invoiceOf(orders, taxRate).discountAmount).toBe(toMoneyString(addMoney(...own)));
      }),
      { numRuns: 300 },
    );
  });

  it('a percentage every order shares is kept, and applies to the combined subtotal', () => {
    fc.assert(
      fc.property(fc.array(orderForInvoice, { minLength: 2, maxLength: 5 }), percent, (priced, p) => {
        const orders = priced.map((o) => ({ priced: o, discount: p, discountIsPercentage: true }));
        expect(combinedInvoiceDiscount(orders)).toEqual({
          discount: toMoneyString(p),
          discountIsPercentage: true,
        });
        const invoice = invoiceOf(orders, '0');
        const asOneOrder = calculateInvoiceTotals({
          lineItems: [{ quantity: 1, description: 'all', price_each: invoice.subtotal }],
          discount: toMoneyString(p),
          discountIsPercentage: true,
        });
        expect(invoice.discountAmount).toBe(asOneOrder.discountAmount);
      }),
      { numRuns: 200 },
    );
  });

  it('does not depend on the order the orders come in', () => {
    fc.assert(
      fc.property(fc.array(discounted, { minLength: 2, maxLength: 5 }), (orders) => {
        expect(combinedInvoiceDiscount([...orders].reverse())).toEqual(combinedInvoiceDiscount(orders));
      }),
    );
  });
});
