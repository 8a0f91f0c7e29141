import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILDING_TYPES } from './constants';
import { isDoorOnly } from './building';
import type { OrderForInvoice } from './invoice';
import {
  additionalItemsTotal,
  calculateOrderPrice,
  orderPriceInput,
  orderPriceInputFromOrder,
  type OrderPriceInput,
  type OrderPricingContext,
  type OrderPricingSource,
} from './pricing';
import type { DiscountAndTaxTerms } from './totals';
import { moneyLike, orderForInvoice, percent, terms } from './testing/arbitraries';

/*
 * The order → price-input mappers that existed before they were merged into one (each applied
 * the door-only rule itself), frozen here as the reference: whatever the mapping becomes, an
 * order must price to the same cent as it did through either of them.
 */
function formerWireMapper(order: OrderPricingSource, context: OrderPricingContext): OrderPriceInput {
  const info = order.building_info ?? {};
  return {
    buildingPrice: info.price,
    doorTypePrice: info.door_type_price,
    doorCladdingPrice: info.door_cladding_price,
    additionalItemsTotal: additionalItemsTotal(info.additional_items),
    freightCost: order.freight_cost,
    discount: order.discount,
    discountIsPercentage: order.discount_is_percentage,
    taxRate: context.taxRate,
    taxExempt: order.tax_exempt,
    isDoorOnly: isDoorOnly(context.buildingType),
  };
}

function formerInvoiceMapper(order: OrderForInvoice, t: DiscountAndTaxTerms): OrderPriceInput {
  return {
    buildingPrice: order.buildingPrice,
    doorTypePrice: order.doorType?.price,
    doorCladdingPrice: order.doorCladding?.price,
    additionalItemsTotal: additionalItemsTotal(order.additionalItems),
    freightCost: order.freightCost,
    discount: t.discount,
    discountIsPercentage: t.discountIsPercentage,
    taxRate: t.taxRate,
    taxExempt: t.taxExempt,
    isDoorOnly: isDoorOnly(order.buildingType),
  };
}

/** The same order as it travels on the wire (snake_case), as the order screen and answer hold it. */
function onTheWire(order: OrderForInvoice, t: DiscountAndTaxTerms): OrderPricingSource {
  return {
    freight_cost: order.freightCost,
    discount: t.discount,
    discount_is_percentage: t.discountIsPercentage,
    tax_exempt: t.taxExempt,
    building_info: {
      price: order.buildingPrice,
      door_type_price: order.doorType?.price,
      door_cladding_price: order.doorCladding?.price,
      additional_items: order.additionalItems,
    },
  };
}

/** Wire orders as a form may hold them: blank, junk or numbers anywhere, prices without a choice. */
const wireOrder: fc.Arbitrary<OrderPricingSource> = fc.record({
  freight_cost: moneyLike,
  discount: fc.oneof(moneyLike, percent),
  discount_is_percentage: fc.option(fc.boolean()),
  tax_exempt: fc.option(fc.boolean()),
  building_info: fc.option(
    fc.record({
      price: moneyLike,
      door_type_price: moneyLike,
      door_cladding_price: moneyLike,
      additional_items: fc.option(
        fc.array(fc.record({ price: moneyLike, quantity: fc.integer({ min: 0, max: 50 }) }), {
          maxLength: 5,
        }),
      ),
    }),
  ),
});

const buildingType = fc.option(fc.constantFrom(...BUILDING_TYPES, 'SOMETHING_ELSE'));

describe('one order → price input mapping', () => {
  it('an order prices the same through the wire shape and the invoicing shape, as it did before', () => {
    fc.assert(
      fc.property(orderForInvoice, terms, (order, t) => {
        const viaInvoice = calculateOrderPrice(orderPriceInput(order, t));
        const viaWire = calculateOrderPrice(
          orderPriceInputFromOrder(onTheWire(order, t), {
            taxRate: t.taxRate,
            buildingType: order.buildingType,
          }),
        );
        const before = calculateOrderPrice(formerInvoiceMapper(order, t));
        expect(viaInvoice).toEqual(before);
        expect(viaWire).toEqual(before);
        expect(
          calculateOrderPrice(
            formerWireMapper(onTheWire(order, t), { taxRate: t.taxRate, buildingType: order.buildingType }),
          ),
        ).toEqual(before);
      }),
      { numRuns: 500 },
    );
  });

  it('a wire order (blanks, junk, a door price for any building type) prices as it did before', () => {
    fc.assert(
      fc.property(wireOrder, percent, buildingType, (order, taxRate, type) => {
        const context = { taxRate, buildingType: type };
        expect(calculateOrderPrice(orderPriceInputFromOrder(order, context))).toEqual(
          calculateOrderPrice(formerWireMapper(order, context)),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('the door type is priced only for door-only buildings', () => {
    const order = {
      buildingType: 'DOOR_ONLY',
      buildingPrice: '100.00',
      doorType: { label: 'Swing', price: '450.00' },
    };
    const t = { taxRate: '0' };
    expect(calculateOrderPrice(orderPriceInput(order, t)).subtotal).toBe('550.00');
    for (const other of ['FREEZER_COOLER_UNIT', null]) {
      expect(calculateOrderPrice(orderPriceInput({ ...order, buildingType: other }, t)).subtotal).toBe(
        '100.00',
      );
    }
  });
});
