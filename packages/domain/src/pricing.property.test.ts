import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, toDecimal } from './money';
import { calculateOrderPrice, type OrderPriceInput } from './pricing';
import { money, moneyLike, percent } from './testing/arbitraries';

const priceInput: fc.Arbitrary<OrderPriceInput> = fc.record({
  buildingPrice: moneyLike,
  doorTypePrice: moneyLike,
  doorCladdingPrice: moneyLike,
  freightCost: moneyLike,
  additionalItemsTotal: moneyLike,
  discount: fc.oneof(moneyLike, percent),
  discountIsPercentage: fc.boolean(),
  taxRate: percent,
  taxExempt: fc.boolean(),
  isDoorOnly: fc.boolean(),
});

const TWO_PLACES = /^\d+\.\d{2}$/;

describe('order price properties', () => {
  it('the total is never negative and every output is a two-place money string', () => {
    fc.assert(
      fc.property(priceInput, (input) => {
        const r = calculateOrderPrice(input);
        for (const v of Object.values(r)) expect(v).toMatch(TWO_PLACES);
        expect(toDecimal(r.total).isNegative()).toBe(false);
      }),
    );
  });

  it('tax exempt means no tax', () => {
    fc.assert(
      fc.property(priceInput, (input) => {
        expect(calculateOrderPrice({ ...input, taxExempt: true }).taxAmount).toBe('0.00');
      }),
    );
  });

  it('the total is exactly subtotal - discount + tax (floored): no cent drifts', () => {
    fc.assert(
      fc.property(priceInput, (input) => {
        const r = calculateOrderPrice(input);
        const expected = Decimal.max(0, toDecimal(r.subtotal).minus(r.discountAmount).plus(r.taxAmount));
        expect(toDecimal(r.total).equals(expected)).toBe(true);
      }),
    );
  });

  it('a fixed discount of subtotal × p/100 equals a percentage discount of p, when that is whole cents', () => {
    fc.assert(
      fc.property(
        money(),
        money(),
        fc.integer({ min: 0, max: 100 }),
        percent,
        fc.boolean(),
        (building, freight, p, taxRate, taxExempt) => {
          const subtotal = toDecimal(building).plus(freight);
          const fixed = subtotal.times(p).dividedBy(100);
          fc.pre(fixed.decimalPlaces() <= 2);
          const common = { buildingPrice: building, freightCost: freight, taxRate, taxExempt };
          const asPercent = calculateOrderPrice({
            ...common,
            discount: String(p),
            discountIsPercentage: true,
          });
          const asFixed = calculateOrderPrice({
            ...common,
            discount: fixed.toFixed(2),
            discountIsPercentage: false,
          });
          expect(asFixed).toEqual(asPercent);
        },
      ),
    );
  });

  it('more discount never raises the total', () => {
    fc.assert(
      fc.property(priceInput, money(), (input, extra) => {
        const fixed = {
          ...input,
          discountIsPercentage: false,
          discount: toDecimal(input.discount).abs().toFixed(2),
        };
        const more = { ...fixed, discount: toDecimal(fixed.discount).plus(extra).toFixed(2) };
        expect(
          toDecimal(calculateOrderPrice(more).total).lessThanOrEqualTo(calculateOrderPrice(fixed).total),
        ).toBe(true);
      }),
    );
  });
});
