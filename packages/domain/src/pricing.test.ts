import { describe, expect, it } from 'vitest';
import { additionalItemsTotal, calculateOrderPrice, orderPriceInputFromOrder } from './pricing';

describe('calculateOrderPrice (orders spec §9)', () => {
  it('sums building, cladding, additional items and freight into the subtotal', () => {
    const r = calculateOrderPrice({
      buildingPrice: '10000.00',
      doorCladdingPrice: '250.00',
      additionalItemsTotal: '300.00',
      freightCost: '500.00',
      taxRate: '0',
    });
    expect(r).toEqual({ subtotal: '11050.00', discountAmount: '0.00', taxAmount: '0.00', total: '11050.00' });
  });

  it('counts the door type price only when the building is door-only', () => {
    const base = { buildingPrice: '100', doorTypePrice: '900', taxRate: 0 };
    expect(calculateOrderPrice({ ...base, isDoorOnly: false }).subtotal).toBe('100.00');
    expect(calculateOrderPrice({ ...base, isDoorOnly: true }).subtotal).toBe('1000.00');
  });

  it('applies a percentage discount to the subtotal including freight', () => {
    const r = calculateOrderPrice({
      buildingPrice: '1000',
      freightCost: '100',
      discount: '10',
      discountIsPercentage: true,
      taxRate: '8.25',
    });
    expect(r.subtotal).toBe('1100.00');
    expect(r.discountAmount).toBe('110.00');
    // Tax on the base without freight, less the discount: (1000 - 110) × 8.25% = 73.425 -> 73.43
    expect(r.taxAmount).toBe('73.43');
    expect(r.total).toBe('1063.43');
  });

  it('takes a fixed discount as an amount', () => {
    const r = calculateOrderPrice({ buildingPrice: '1000', discount: '50', taxRate: '10' });
    expect(r).toEqual({ subtotal: '1000.00', discountAmount: '50.00', taxAmount: '95.00', total: '1045.00' });
  });

  it('never taxes freight', () => {
    const r = calculateOrderPrice({ buildingPrice: '100', freightCost: '1000', taxRate: '10' });
    expect(r.taxAmount).toBe('10.00');
    expect(r.total).toBe('1110.00');
  });

  it('floors the taxable amount at 0 when the discount exceeds the base', () => {
    const r = calculateOrderPrice({
      buildingPrice: '100',
      freightCost: '500',
      discount: '200',
      taxRate: '10',
    });
    expect(r.taxAmount).toBe('0.00');
    expect(r.total).toBe('400.00');
  });

  it('floors the total at 0', () => {
    const r = calculateOrderPrice({ buildingPrice: '100', discount: '250', taxRate: '10' });
    expect(r.discountAmount).toBe('250.00');
    expect(r.total).toBe('0.00');
  });

  it('charges no tax when tax exempt', () => {
    const r = calculateOrderPrice({ buildingPrice: '1000', taxRate: '8.25', taxExempt: true });
    expect(r.taxAmount).toBe('0.00');
    expect(r.total).toBe('1000.00');
  });

  it('counts non-numeric inputs as 0', () => {
    const r = calculateOrderPrice({
      buildingPrice: 'abc',
      doorTypePrice: '',
      doorCladdingPrice: null,
      freightCost: undefined,
      additionalItemsTotal: NaN,
      discount: 'ten',
      taxRate: 'x',
      isDoorOnly: true,
    });
    expect(r).toEqual({ subtotal: '0.00', discountAmount: '0.00', taxAmount: '0.00', total: '0.00' });
    expect(calculateOrderPrice({})).toEqual(r);
  });

  it('accepts numbers as well as strings', () => {
    expect(calculateOrderPrice({ buildingPrice: 0.1, doorCladdingPrice: 0.2, taxRate: 0 }).total).toBe(
      '0.30',
    );
  });

  it('rounds the discount and the tax half up to cents', () => {
    // 33.33 × 10% = 3.333 -> 3.33; (33.33 - 3.33) × 7.5% = 2.25
    const r = calculateOrderPrice({
      buildingPrice: '33.33',
      discount: '10',
      discountIsPercentage: true,
      taxRate: '7.5',
    });
    expect(r).toEqual({ subtotal: '33.33', discountAmount: '3.33', taxAmount: '2.25', total: '32.25' });
    // 0.10 × 5% = 0.005 -> 0.01 (half up)
    expect(calculateOrderPrice({ buildingPrice: '0.10', taxRate: '5' }).taxAmount).toBe('0.01');
  });

  it('treats a negative discount or tax rate (refused by validation) as 0', () => {
    const r = calculateOrderPrice({ buildingPrice: '100', discount: '-20', taxRate: '-5' });
    expect(r).toEqual({ subtotal: '100.00', discountAmount: '0.00', taxAmount: '0.00', total: '100.00' });
  });
});

describe('additionalItemsTotal', () => {
  it('sums price × quantity', () => {
    expect(
      additionalItemsTotal([
        { price: '19.99', quantity: 3 },
        { price: '5', quantity: '2' },
      ]),
    ).toBe('69.97');
    expect(additionalItemsTotal([])).toBe('0.00');
    expect(additionalItemsTotal(null)).toBe('0.00');
    expect(additionalItemsTotal([{ price: 'x', quantity: 4 }])).toBe('0.00');
  });
});

describe('orderPriceInputFromOrder', () => {
  it('maps wire fields and the building type onto the calculation', () => {
    const order = {
      freight_cost: '150.00',
      discount: '5.00',
      discount_is_percentage: true,
      tax_exempt: false,
      building_info: {
        price: '2000.00',
        door_type_price: '400.00',
        door_cladding_price: '100.00',
        additional_items: [{ price: '25.00', quantity: 2 }],
      },
    };
    const doorOnly = calculateOrderPrice(
      orderPriceInputFromOrder(order, { taxRate: '8', buildingType: 'DOOR_ONLY' }),
    );
    expect(doorOnly.subtotal).toBe('2700.00');
    const freezer = calculateOrderPrice(
      orderPriceInputFromOrder(order, { taxRate: '8', buildingType: 'FREEZER_COOLER_UNIT' }),
    );
    expect(freezer.subtotal).toBe('2300.00');
    expect(freezer.discountAmount).toBe('115.00');
    expect(freezer.taxAmount).toBe('162.80'); // (2150 - 115) × 8%
    expect(freezer.total).toBe('2347.80');
  });

  it('copes with a missing building_info', () => {
    expect(calculateOrderPrice(orderPriceInputFromOrder({}, { taxRate: 8, buildingType: null })).total).toBe(
      '0.00',
    );
  });
});
