import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LINE_ITEM,
  calculateInvoiceTotals,
  deriveInvoiceLineItems,
  describeBuilding,
  isFreightLine,
  lineAmount,
  newLineItem,
} from './invoice';
import { calculateOrderPrice, orderPriceInput } from './pricing';

describe('line items', () => {
  it('defaults a new line to quantity 1, empty description, price 0', () => {
    expect(DEFAULT_LINE_ITEM).toEqual({ quantity: 1, description: '', price_each: '0.00' });
    const line = newLineItem();
    line.description = 'changed';
    expect(DEFAULT_LINE_ITEM.description).toBe('');
  });

  it('amount = quantity × price each, rounded to cents', () => {
    expect(lineAmount(3, '19.99')).toBe('59.97');
    expect(lineAmount('2', 125)).toBe('250.00');
    expect(lineAmount(1.5, '0.33')).toBe('0.50'); // 0.495 -> 0.50
    expect(lineAmount('', '10')).toBe('0.00');
  });

  it('recognises freight lines by description, case-insensitively, unless flagged', () => {
    expect(isFreightLine({ description: 'Freight' })).toBe(true);
    expect(isFreightLine({ description: 'Delivery FREIGHT charge' })).toBe(true);
    expect(isFreightLine({ description: 'Shelving' })).toBe(false);
    expect(isFreightLine({ description: 'Freight insurance', is_freight: false })).toBe(false);
    expect(isFreightLine({ description: 'Delivery', is_freight: true })).toBe(true);
    expect(isFreightLine({ description: null, is_freight: null })).toBe(false);
  });
});

describe('calculateInvoiceTotals (invoices spec §5)', () => {
  const lines = [
    { quantity: 1, description: 'Walk-in cooler', price_each: '1000.00' },
    { quantity: 1, description: 'Freight', price_each: '100.00' },
  ];

  it('totals the lines and taxes only the non-freight ones', () => {
    expect(calculateInvoiceTotals({ lineItems: lines, taxRate: '10' })).toEqual({
      subtotal: '1100.00',
      taxableSubtotal: '1000.00',
      discountAmount: '0.00',
      taxAmount: '100.00',
      total: '1200.00',
      balanceDue: '1200.00',
    });
  });

  it('applies a percentage discount to the whole subtotal and tax to the non-freight part less the discount', () => {
    const r = calculateInvoiceTotals({
      lineItems: lines,
      discount: '10',
      discountIsPercentage: true,
      taxRate: '8.25',
    });
    expect(r.discountAmount).toBe('110.00');
    expect(r.taxAmount).toBe('73.43');
    expect(r.total).toBe('1063.43');
  });

  it('takes a fixed discount as an amount', () => {
    const r = calculateInvoiceTotals({ lineItems: lines, discount: '100', taxRate: '10' });
    expect(r.discountAmount).toBe('100.00');
    expect(r.taxAmount).toBe('90.00');
    expect(r.total).toBe('1090.00');
  });

  it('charges no tax when exempt', () => {
    const r = calculateInvoiceTotals({ lineItems: lines, taxRate: '10', taxExempt: true });
    expect(r.taxAmount).toBe('0.00');
    expect(r.total).toBe('1100.00');
  });

  it('floors the total and the balance at 0', () => {
    const r = calculateInvoiceTotals({
      lineItems: lines,
      discount: '5000',
      taxRate: '10',
      paymentsCredits: '10',
    });
    expect(r.taxAmount).toBe('0.00');
    expect(r.total).toBe('0.00');
    expect(r.balanceDue).toBe('0.00');
  });

  it('balance due = total - payments/credits', () => {
    const r = calculateInvoiceTotals({ lineItems: lines, taxRate: '0', paymentsCredits: '600.50' });
    expect(r.balanceDue).toBe('499.50');
    expect(calculateInvoiceTotals({ lineItems: lines, taxRate: 0, paymentsCredits: '2000' }).balanceDue).toBe(
      '0.00',
    );
  });

  it('handles an empty invoice and junk values', () => {
    expect(calculateInvoiceTotals({ lineItems: [] }).total).toBe('0.00');
    const r = calculateInvoiceTotals({
      lineItems: [
        { quantity: 'x', price_each: '5' },
        { quantity: 2, price_each: 'y' },
      ],
    });
    expect(r.subtotal).toBe('0.00');
  });

  it('allows credit lines (negative amounts)', () => {
    const r = calculateInvoiceTotals({
      lineItems: [...lines, { quantity: 1, description: 'Credit', price_each: '-200.00' }],
      taxRate: '10',
    });
    expect(r.subtotal).toBe('900.00');
    expect(r.taxAmount).toBe('80.00');
    expect(r.total).toBe('980.00');
  });
});

describe('deriveInvoiceLineItems', () => {
  it('writes one line per priced part of a custom freezer order', () => {
    const lines = deriveInvoiceLineItems({
      buildingDescription: 'Walk-in cooler',
      buildingType: 'FREEZER_COOLER_UNIT',
      buildingPrice: '12000',
      size: '8x10',
      thickness: '4"',
      doorType: { label: 'Standard', price: '900' },
      doorCladding: { label: 'Stainless', price: '350.5' },
      additionalItems: [{ label: 'Shelving', quantity: 3, price: '125' }],
      freightCost: '400',
    });
    expect(lines).toEqual([
      {
        quantity: 1,
        description: 'Walk-in cooler (Freezer/Cooler Unit) - Size: 8x10, Thickness: 4"',
        price_each: '12000.00',
        is_freight: false,
      },
      { quantity: 1, description: 'Door Cladding: Stainless', price_each: '350.50', is_freight: false },
      { quantity: 3, description: 'Shelving', price_each: '125.00', is_freight: false },
      { quantity: 1, description: 'Freight', price_each: '400.00', is_freight: true },
    ]);
  });

  it('adds the door type line only for door-only buildings, as pricing counts it only then', () => {
    const lines = deriveInvoiceLineItems({
      buildingDescription: 'Insulated door',
      buildingType: 'DOOR_ONLY',
      buildingPrice: null,
      doorType: { label: '36x80 Swing', price: '1500' },
    });
    expect(lines.map((l) => [l.description, l.price_each])).toEqual([
      ['Insulated door (Door Only)', '0.00'],
      ['Door Type: 36x80 Swing', '1500.00'],
    ]);
  });

  it('leaves out a door-only building line that has neither description nor price', () => {
    const lines = deriveInvoiceLineItems({
      buildingType: 'DOOR_ONLY',
      doorType: { label: 'Swing', price: '800' },
    });
    expect(lines.map((l) => l.description)).toEqual(['Door Type: Swing']);
  });

  it('keeps the cladding line for a selection without price, and drops an empty one', () => {
    expect(deriveInvoiceLineItems({ doorCladding: { label: 'Galvanised', price: null } })).toEqual([
      { quantity: 1, description: 'Door Cladding: Galvanised', price_each: '0.00', is_freight: false },
    ]);
    expect(deriveInvoiceLineItems({ doorCladding: { label: '', price: '' } })).toEqual([]);
  });

  it('writes freight only when there is some', () => {
    expect(deriveInvoiceLineItems({ buildingDescription: 'Kit', freightCost: '0.00' })).toHaveLength(1);
    expect(deriveInvoiceLineItems({ buildingDescription: 'Kit', freightCost: null })).toHaveLength(1);
  });

  it('describes buildings from whatever is known', () => {
    expect(describeBuilding({ buildingType: 'ICE_HOUSE_KIT', size: '8x16' })).toBe(
      'Ice House Kit - Size: 8x16',
    );
    expect(
      describeBuilding({
        buildingDescription: 'Prebuilt Ice House 8x12',
        buildingType: 'PREBUILT_ICE_HOUSE',
      }),
    ).toBe('Prebuilt Ice House 8x12');
    expect(describeBuilding({})).toBe('Building');
  });

  it('gives the same totals as the order price, freight-like item names included', () => {
    const order = {
      buildingDescription: 'Cooler',
      buildingType: 'FREEZER_COOLER_UNIT',
      buildingPrice: '999.99',
      doorType: { label: 'Swing', price: '450' }, // not priced: not door-only
      additionalItems: [{ label: 'Freight insurance', quantity: 2, price: '33.33' }],
      freightCost: '250',
    };
    const terms = { discount: '7.5', discountIsPercentage: true, taxRate: '8.875', taxExempt: false };
    const invoice = calculateInvoiceTotals({ lineItems: deriveInvoiceLineItems(order), ...terms });
    const price = calculateOrderPrice(orderPriceInput(order, terms));
    expect(invoice).toMatchObject(price);
    // 1316.65 × 7.5% = 98.74875 -> 98.75; (1066.65 - 98.75) × 8.875% = 85.901125 -> 85.90
    expect(price).toEqual({
      subtotal: '1316.65',
      discountAmount: '98.75',
      taxAmount: '85.90',
      total: '1303.80',
    });
  });
});
