import { isDoorOnly } from './building';
import { addMoney, multiplyQty, roundCents, toMoneyString, type MoneyInput } from './money';
import { applyDiscountAndTax, type DiscountAndTaxTerms } from './totals';

/**
 * Order price (orders spec §9). Amount inputs that are not numbers count as 0.
 *
 * Where rounding happens, and nowhere else:
 *  1. each amount input is read as cents (rounded half up), so "10.005" counts as 10.01;
 *  2. each additional item line (price × quantity) is rounded to cents;
 *  3. the discount amount is rounded half up to cents;
 *  4. the tax amount is rounded half up to cents.
 * Subtotal and total are sums and differences of cent amounts, hence exact. Invoice totals
 * (invoice.ts) follow the same points, which is why an invoice made from an order agrees with
 * it to the cent.
 */
export interface OrderPriceInput {
  buildingPrice?: MoneyInput;
  doorTypePrice?: MoneyInput;
  doorCladdingPrice?: MoneyInput;
  freightCost?: MoneyInput;
  additionalItemsTotal?: MoneyInput;
  discount?: MoneyInput;
  discountIsPercentage?: boolean | null;
  /** Percent, from company info's sales_tax_rate. */
  taxRate?: MoneyInput;
  taxExempt?: boolean | null;
  isDoorOnly?: boolean | null;
}

/** Money strings, e.g. "1234.50". */
export interface OrderPriceResult {
  subtotal: string;
  discountAmount: string;
  taxAmount: string;
  total: string;
}

export function calculateOrderPrice(input: OrderPriceInput): OrderPriceResult {
  // The door type is priced only for door-only buildings; otherwise the door comes with the building.
  const base = addMoney(
    input.buildingPrice,
    input.isDoorOnly ? input.doorTypePrice : 0,
    input.doorCladdingPrice,
    input.additionalItemsTotal,
  );
  const subtotal = base.plus(roundCents(input.freightCost));
  const { discountAmount, taxAmount, total } = applyDiscountAndTax({
    subtotal,
    taxableBase: base,
    discount: input.discount,
    discountIsPercentage: input.discountIsPercentage,
    taxRate: input.taxRate,
    taxExempt: input.taxExempt,
  });
  return {
    subtotal: toMoneyString(subtotal),
    discountAmount: toMoneyString(discountAmount),
    taxAmount: toMoneyString(taxAmount),
    total: toMoneyString(total),
  };
}

export interface PricedQuantity {
  price: MoneyInput;
  quantity: MoneyInput;
}

/** Σ price × quantity, each line rounded to cents; a money string. */
export function additionalItemsTotal(items: readonly PricedQuantity[] | null | undefined): string {
  return toMoneyString(addMoney(...(items ?? []).map((item) => multiplyQty(item.price, item.quantity))));
}

/**
 * What pricing reads of an order, in the shape the invoicing code holds it (OrderForInvoice is
 * one; a choice's label does not matter here, only its price).
 */
export interface PricedOrder {
  /** The custom building type, or the chosen product's building_type. */
  buildingType?: string | null;
  buildingPrice?: MoneyInput;
  doorType?: { price?: MoneyInput } | null;
  doorCladding?: { price?: MoneyInput } | null;
  additionalItems?: readonly PricedQuantity[] | null;
  freightCost?: MoneyInput;
}

/**
 * The one mapping of an order onto the price calculation's inputs, for every caller (order
 * screen, order answer, invoicing). The door-only rule is decided here, from the building type:
 * the door type is priced only for door-only buildings.
 */
export function orderPriceInput(order: PricedOrder, terms: DiscountAndTaxTerms): OrderPriceInput {
  return {
    buildingPrice: order.buildingPrice,
    doorTypePrice: order.doorType?.price,
    doorCladdingPrice: order.doorCladding?.price,
    additionalItemsTotal: additionalItemsTotal(order.additionalItems),
    freightCost: order.freightCost,
    discount: terms.discount,
    discountIsPercentage: terms.discountIsPercentage,
    taxRate: terms.taxRate,
    taxExempt: terms.taxExempt,
    isDoorOnly: isDoorOnly(order.buildingType),
  };
}

/** The order fields pricing reads, as they travel on the wire (snake_case). */
export interface OrderPricingSource {
  freight_cost?: MoneyInput;
  discount?: MoneyInput;
  discount_is_percentage?: boolean | null;
  tax_exempt?: boolean | null;
  building_info?: {
    price?: MoneyInput;
    door_type_price?: MoneyInput;
    door_cladding_price?: MoneyInput;
    additional_items?: readonly PricedQuantity[] | null;
  } | null;
}

export interface OrderPricingContext {
  /** Company info's sales_tax_rate. */
  taxRate: MoneyInput;
  /** The custom building type, or the chosen product's building_type. */
  buildingType: string | null | undefined;
}

/** orderPriceInput for an order on the wire (form values or an order answer): field names only. */
export function orderPriceInputFromOrder(
  order: OrderPricingSource,
  context: OrderPricingContext,
): OrderPriceInput {
  const info = order.building_info ?? {};
  return orderPriceInput(
    {
      buildingType: context.buildingType,
      buildingPrice: info.price,
      doorType: { price: info.door_type_price },
      doorCladding: { price: info.door_cladding_price },
      additionalItems: info.additional_items,
      freightCost: order.freight_cost,
    },
    {
      discount: order.discount,
      discountIsPercentage: order.discount_is_percentage,
      taxRate: context.taxRate,
      taxExempt: order.tax_exempt,
    },
  );
}
