import fc from 'fast-check';
import { BUILDING_TYPES } from '../constants';
import type { OrderForInvoice } from '../invoice';
import type { DiscountAndTaxTerms } from '../totals';

/** fast-check generators shared by the property tests (not part of the public API). */

const centsToString = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** A non-negative money string with two places, up to $1,000,000. */
export const money = (maxCents = 100_000_000) => fc.integer({ min: 0, max: maxCents }).map(centsToString);

/** Money as a form may hold it: two-place text, a number, blank or junk. */
export const moneyLike = fc.oneof(
  { weight: 6, arbitrary: money() },
  { weight: 1, arbitrary: money().map(Number) },
  { weight: 1, arbitrary: fc.constantFrom('', null, undefined, 'abc') },
);

/** A percentage with up to 3 places, 0–100. */
export const percent = fc.integer({ min: 0, max: 100_000 }).map((n) => (n / 1000).toFixed(3));

export const terms: fc.Arbitrary<DiscountAndTaxTerms> = fc.oneof(
  fc.record({
    discount: money(50_000_00),
    discountIsPercentage: fc.constant(false),
    taxRate: percent,
    taxExempt: fc.boolean(),
  }),
  fc.record({
    discount: percent,
    discountIsPercentage: fc.constant(true),
    taxRate: percent,
    taxExempt: fc.boolean(),
  }),
);

const label = fc.oneof(
  fc.string({ maxLength: 20 }),
  // Names that look like freight must still be taxed when they are not the freight line.
  fc.constantFrom('Freight insurance', 'FREIGHT-proof latch', 'Shelving'),
);

const pricedChoice = fc.option(fc.record({ label: fc.option(label), price: fc.option(money(500_000)) }));

export const orderForInvoice: fc.Arbitrary<OrderForInvoice> = fc.record({
  buildingDescription: fc.option(label),
  buildingType: fc.option(fc.constantFrom(...BUILDING_TYPES)),
  buildingPrice: fc.option(money()),
  size: fc.option(label),
  thickness: fc.option(label),
  doorType: pricedChoice,
  doorCladding: pricedChoice,
  additionalItems: fc.array(
    fc.record({
      label: fc.option(label),
      quantity: fc.integer({ min: 1, max: 50 }),
      price: money(1_000_000),
    }),
    { maxLength: 6 },
  ),
  freightCost: fc.option(money(1_000_000)),
});
