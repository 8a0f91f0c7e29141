import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  billOfMaterials,
  orderMargin,
  priceBeforeTax,
  priceBelowCost,
  type BomComponentInput,
  type BomOrderInput,
} from './billOfMaterials';
import { addMoney, toDecimal } from './money';
import { money } from './testing/arbitraries';

const catalogue = new Map<number, BomComponentInput>([
  [1, { id: 1, name: 'Wall panel 4x8', cost: '123.45' }],
  [2, { id: 2, name: 'Door frame', cost: '89.99' }],
  [3, { id: 3, name: 'Hinge', cost: '0.35' }],
]);

const order = (over: Partial<BomOrderInput> = {}): BomOrderInput => ({
  is_custom: false,
  product_id: 10,
  product: {
    id: 10,
    description: '8x10 Freezer',
    is_simple: false,
    components: [
      { component: 1, quantity: 6 },
      { component: 2, quantity: 1 },
      { component: 3, quantity: 3 },
    ],
  },
  components: catalogue,
  door_type: 'Swing',
  door_cladding: 'Stainless',
  additional_items: [{ name: 'Strip curtain', quantity: 2 }],
  ...over,
});

describe('bill of materials of an order', () => {
  it('lists each component with quantity × units and its exact cost', () => {
    const bom = billOfMaterials(order());
    expect(bom.kind).toBe('components');
    expect(bom.lines).toEqual([
      {
        component_id: 1,
        name: 'Wall panel 4x8',
        quantity_per_unit: 6,
        quantity: 6,
        unit_cost: '123.45',
        line_cost: '740.70',
      },
      {
        component_id: 2,
        name: 'Door frame',
        quantity_per_unit: 1,
        quantity: 1,
        unit_cost: '89.99',
        line_cost: '89.99',
      },
      {
        component_id: 3,
        name: 'Hinge',
        quantity_per_unit: 3,
        quantity: 3,
        unit_cost: '0.35',
        line_cost: '1.05',
      },
    ]);
    // 740.70 + 89.99 + 1.05, by hand
    expect(bom.materials_cost).toBe('831.74');
    expect(bom.door_type).toBe('Swing');
    expect(bom.door_cladding).toBe('Stainless');
    expect(bom.additional_items).toEqual([{ name: 'Strip curtain', quantity: 2 }]);
  });

  it('multiplies by the units of the order', () => {
    const bom = billOfMaterials(order({ units: 3 }));
    expect(bom.lines.map((l) => [l.quantity, l.line_cost])).toEqual([
      [18, '2222.10'],
      [3, '269.97'],
      [9, '3.15'],
    ]);
    expect(bom.materials_cost).toBe('2495.22');
    expect(bom.additional_items).toEqual([{ name: 'Strip curtain', quantity: 6 }]);
  });

  it('shows a custom building as custom, not as zero materials', () => {
    const bom = billOfMaterials(order({ is_custom: true, product_id: null, product: null }));
    expect(bom).toMatchObject({
      kind: 'custom',
      lines: [],
      materials_cost: null,
      kind_label: 'Custom building: no bill of materials',
    });
  });

  it('shows a simple product without components as simple, with no known cost', () => {
    const bom = billOfMaterials(
      order({ product: { id: 10, description: 'Door', is_simple: true, components: [] } }),
    );
    expect(bom).toMatchObject({
      kind: 'simple',
      lines: [],
      materials_cost: null,
      product_description: 'Door',
    });
  });

  it('costs a simple product that lists components like a component product', () => {
    const bom = billOfMaterials(
      order({
        product: { id: 10, description: 'Kit', is_simple: true, components: [{ component: 2, quantity: 2 }] },
      }),
    );
    expect(bom.kind).toBe('components');
    expect(bom.materials_cost).toBe('179.98');
  });

  it('says when there is no product, or it is gone', () => {
    expect(billOfMaterials(order({ product_id: null, product: null })).kind).toBe('no_product');
    expect(billOfMaterials(order({ product: null }))).toMatchObject({
      kind: 'product_missing',
      materials_cost: null,
    });
  });

  it('names a component the catalogue no longer has and leaves it out of the cost', () => {
    const bom = billOfMaterials(order({ components: new Map([[1, catalogue.get(1)!]]) }));
    expect(bom.missing_components).toEqual([2, 3]);
    expect(bom.lines.map((l) => l.component_id)).toEqual([1]);
    expect(bom.materials_cost).toBe('740.70');
  });

  it('skips a quantity of zero and refuses units that are not a positive integer', () => {
    const bom = billOfMaterials(
      order({
        product: { id: 10, description: 'x', is_simple: false, components: [{ component: 1, quantity: 0 }] },
      }),
    );
    expect(bom.lines).toEqual([]);
    expect(bom.materials_cost).toBe('0.00');
    expect(() => billOfMaterials(order({ units: 0 }))).toThrow(RangeError);
    expect(() => billOfMaterials(order({ units: 1.5 }))).toThrow(RangeError);
  });

  it('property: the cost is the exact sum of the lines, and n units cost n times one unit', () => {
    const component = fc.record({ cost: money(500_000), quantity: fc.integer({ min: 1, max: 500 }) });
    fc.assert(
      fc.property(fc.array(component, { maxLength: 12 }), fc.integer({ min: 1, max: 50 }), (parts, units) => {
        const components = new Map(parts.map((p, i) => [i + 1, { id: i + 1, name: `c${i}`, cost: p.cost }]));
        const product = {
          id: 1,
          description: 'p',
          is_simple: false,
          components: parts.map((p, i) => ({ component: i + 1, quantity: p.quantity })),
        };
        const one = billOfMaterials({ is_custom: false, product_id: 1, product, components });
        const many = billOfMaterials({ is_custom: false, product_id: 1, product, components, units });
        expect(one.materials_cost).toBe(addMoney(...one.lines.map((l) => l.line_cost)).toFixed(2));
        expect(toDecimal(many.materials_cost).equals(toDecimal(one.materials_cost).times(units))).toBe(true);
        many.lines.forEach((l, i) => expect(l.quantity).toBe(parts[i]!.quantity * units));
      }),
    );
  });
});

describe('margin', () => {
  it('is price before tax less the materials cost, with its percentage', () => {
    expect(priceBeforeTax('1250.00', '125.00')).toBe('1125.00');
    expect(orderMargin('1125.00', '831.74')).toEqual({
      price_before_tax: '1125.00',
      materials_cost: '831.74',
      margin: '293.26',
      margin_percent: '26.07', // 293.26 / 1125 = 26.0675...%
    });
    expect(orderMargin('100.00', '150.00').margin).toBe('-50.00');
  });

  it('is unknown when the cost is, and has no percentage on a zero price', () => {
    expect(orderMargin('500.00', null)).toEqual({
      price_before_tax: '500.00',
      materials_cost: null,
      margin: null,
      margin_percent: null,
    });
    expect(orderMargin('0.00', '10.00')).toMatchObject({ margin: '-10.00', margin_percent: null });
  });

  it('property: price = cost + margin, to the cent', () => {
    fc.assert(
      fc.property(money(), money(), (price, cost) => {
        const m = orderMargin(price, cost);
        expect(toDecimal(m.materials_cost).plus(toDecimal(m.margin)).equals(toDecimal(price))).toBe(true);
      }),
    );
  });

  it('warns when a price is below the components cost', () => {
    expect(priceBelowCost('99.99', '100.00')).toBe(true);
    expect(priceBelowCost('100.00', '100.00')).toBe(false);
    expect(priceBelowCost('150.00', '0.00')).toBe(false);
  });
});
