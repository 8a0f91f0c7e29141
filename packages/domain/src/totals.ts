import { Decimal, percentOf, roundCents, toDecimal, type MoneyInput } from './money';

/**
 * The one discount-and-tax rule shared by order pricing and invoice totals, so an invoice made
 * from an order cannot drift from the order's price.
 *
 * Rounding happens in exactly two places here: the discount amount and the tax amount are each
 * rounded half up to cents. `subtotal` and `taxableBase` arrive as sums of cent amounts, so the
 * total (subtotal - discount + tax) is exact and needs no further rounding.
 */
export interface DiscountAndTaxTerms {
  discount?: MoneyInput;
  discountIsPercentage?: boolean | null;
  /** Percent, e.g. 8.25 for 8.25 %. */
  taxRate?: MoneyInput;
  taxExempt?: boolean | null;
}

export interface DiscountAndTaxInput extends DiscountAndTaxTerms {
  /** Everything on the order or invoice, freight included, in cents. */
  subtotal: Decimal;
  /** The part tax applies to (freight excluded), in cents. */
  taxableBase: Decimal;
}

export interface DiscountAndTax {
  discountAmount: Decimal;
  taxAmount: Decimal;
  total: Decimal;
}

const ZERO = new Decimal(0);

/**
 * Out-of-range inputs that validation rejects are made harmless rather than trusted:
 * a negative discount or tax rate counts as 0, so a discount never raises a price and tax is
 * never negative.
 */
export function discountAmountOf(
  subtotal: Decimal,
  discount: MoneyInput,
  discountIsPercentage?: boolean | null,
): Decimal {
  if (discountIsPercentage) {
    // A percentage applies to the subtotal including freight (orders spec §9).
    return percentOf(subtotal, Decimal.max(ZERO, toDecimal(discount)));
  }
  return Decimal.max(ZERO, roundCents(discount));
}

export function applyDiscountAndTax(input: DiscountAndTaxInput): DiscountAndTax {
  const discountAmount = discountAmountOf(input.subtotal, input.discount, input.discountIsPercentage);
  const rate = Decimal.max(ZERO, toDecimal(input.taxRate));
  const taxAmount = input.taxExempt
    ? ZERO
    : percentOf(Decimal.max(ZERO, input.taxableBase.minus(discountAmount)), rate);
  const total = Decimal.max(ZERO, input.subtotal.minus(discountAmount).plus(taxAmount));
  return { discountAmount, taxAmount, total };
}
