import { addMoney, toDecimal, toMoneyString, type MoneyInput } from './money';
import { calculateOrderPrice, orderPriceInput, type PricedOrder } from './pricing';

/** An order going onto a combined invoice, as far as its discount goes. */
export interface DiscountedOrder {
  /** What the order's price is made of: its discount applies to its own subtotal. */
  priced: PricedOrder;
  discount: MoneyInput;
  discountIsPercentage?: boolean | null;
}

/** The discount terms of an invoice; `discount` is a money string ("10.00"). */
export interface InvoiceDiscount {
  discount: string;
  discountIsPercentage: boolean;
}

/**
 * The discount of an invoice made from `orders`. One order keeps its own terms. Orders that all
 * share one percentage keep that percentage (applied to the combined subtotal). Otherwise each
 * order's own discount amount is worked out on its own price, and their sum becomes one fixed
 * discount, so the customer gets exactly the discounts their orders promised.
 */
export function combinedInvoiceDiscount(orders: readonly DiscountedOrder[]): InvoiceDiscount {
  const head = orders[0];
  if (!head) return { discount: toMoneyString(0), discountIsPercentage: false };
  const sharedPercentage = orders.every(
    (o) => o.discountIsPercentage && toDecimal(o.discount).equals(toDecimal(head.discount)),
  );
  if (orders.length === 1 || sharedPercentage) {
    return { discount: toMoneyString(head.discount), discountIsPercentage: !!head.discountIsPercentage };
  }
  // A discount amount does not depend on tax, so no tax terms are needed here.
  const amounts = orders.map(
    (o) =>
      calculateOrderPrice(
        orderPriceInput(o.priced, { discount: o.discount, discountIsPercentage: o.discountIsPercentage }),
      ).discountAmount,
  );
  return { discount: toMoneyString(addMoney(...amounts)), discountIsPercentage: false };
}
