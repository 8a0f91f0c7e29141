import { describe, expect, it } from 'vitest';
import { componentPrice, productCalculatedPrice, productTotalCost } from './catalogue';

describe('componentPrice', () => {
  it('is cost × (1 + markup/100), rounded half up to cents', () => {
    expect(componentPrice('100.00', '25')).toBe('125.00');
    expect(componentPrice('10.10', '5')).toBe('10.61'); // 10.605
    expect(componentPrice('19.99', '0')).toBe('19.99');
    expect(componentPrice('3.33', '33.333')).toBe('4.44'); // 4.4399889
    expect(componentPrice('x', '10')).toBe('0.00');
  });
});

describe('products', () => {
  const components = new Map([
    [1, { cost: '100.00', markup: '25' }],
    [2, { cost: '10.10', markup: '5' }],
  ]);

  it('a simple product costs its own price', () => {
    expect(productCalculatedPrice({ is_simple: true, price: '499.5' }, components)).toBe('499.50');
  });

  it('a component product sums component price × quantity', () => {
    const product = {
      is_simple: false,
      components: [
        { component: 1, quantity: 2 },
        { component: '2', quantity: 3 },
      ],
    };
    expect(productCalculatedPrice(product, components)).toBe('281.83'); // 250 + 3 × 10.61
    expect(productTotalCost(product, components)).toBe('230.30'); // 200 + 30.30
  });

  it('accepts a plain object keyed by id, and counts a missing component as 0', () => {
    const byId = { '1': { cost: 100, markup: 10 } };
    const product = {
      is_simple: false,
      components: [
        { component: 1, quantity: 1 },
        { component: 99, quantity: 5 },
      ],
    };
    expect(productCalculatedPrice(product, byId)).toBe('110.00');
    expect(productTotalCost(product, byId)).toBe('100.00');
  });

  it("a simple product's total cost is its listed components' cost, or 0", () => {
    expect(productTotalCost({ is_simple: true, price: '50' }, components)).toBe('0.00');
    expect(
      productTotalCost(
        { is_simple: true, price: '50', components: [{ component: 2, quantity: 1 }] },
        components,
      ),
    ).toBe('10.10');
  });
});
