import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { consumesStock, movingAverageCost } from './stock';

// An independent model in integer cents: half up is floor((2n + d) / 2d) for n, d > 0.
const cents = (text: string) => BigInt(text.replace('.', ''));
const text = (c: bigint) => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;
function modelAverage(onHand: number, cost: string, received: number, price: string): string {
  if (onHand <= 0) return price;
  const n = BigInt(onHand) * cents(cost) + BigInt(received) * cents(price);
  const d = BigInt(onHand + received);
  return text((2n * n + d) / (2n * d));
}
const money = fc.bigInt({ min: 0n, max: 99_999_999n }).map(text);

describe('movingAverageCost', () => {
  it('weighs the shelf and the receipt by quantity, half up to cents', () => {
    expect(movingAverageCost(10, '2.00', 10, '3.00')).toBe('2.50');
    expect(movingAverageCost(2, '1.00', 1, '1.01')).toBe('1.00'); // 3.01 / 3 = 1.00333
    expect(movingAverageCost(1, '0.00', 1, '0.01')).toBe('0.01'); // 0.005 rounds up
  });

  it('takes the received price when the shelf is empty or below zero', () => {
    expect(movingAverageCost(0, '9.99', 5, '4.25')).toBe('4.25');
    expect(movingAverageCost(-3, '9.99', 5, '4.25')).toBe('4.25');
  });

  it('refuses quantities that are not whole or a receipt of nothing', () => {
    expect(() => movingAverageCost(1.5, '1.00', 1, '1.00')).toThrow(RangeError);
    expect(() => movingAverageCost(1, '1.00', 0, '1.00')).toThrow(RangeError);
  });

  it('agrees with a model in integer cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 100_000 }), money, fc.integer({ min: 1, max: 100_000 }), money, (onHand, cost, received, price) => {
        expect(movingAverageCost(onHand, cost, received, price)).toBe(modelAverage(onHand, cost, received, price));
      }),
      { numRuns: 500 },
    );
  });
});

describe('consumesStock', () => {
  it('is true at the chosen status and after it, never pending before it or voided', () => {
    expect(consumesStock('pending', 'processed')).toBe(false);
    expect(consumesStock('processed', 'processed')).toBe(true);
    expect(consumesStock('completed', 'processed')).toBe(true);
    expect(consumesStock('voided', 'processed')).toBe(false);
    expect(consumesStock('processed', 'scheduled_to_ship')).toBe(false);
    expect(consumesStock('scheduled_to_ship', 'scheduled_to_ship')).toBe(true);
    expect(consumesStock('scheduled_to_ship', 'completed')).toBe(false);
  });
});
