import { describe, expect, it } from 'vitest';
import { axisTop } from './MonthlyChart';

describe("the chart's axis tops (bars keep headroom below the top)", () => {
  it('leaves at least 10% above the highest value, at a round figure', () => {
    for (const highest of [1, 3, 7, 10, 12, 20, 50, 99, 100, 137, 1000]) {
      const top = axisTop(highest, true)!;
      expect(top, `orders ${highest}`).toBeGreaterThanOrEqual(highest * 1.1);
      expect(Number.isInteger(top)).toBe(true);
      // ...and not so much that the bars shrink to the bottom half.
      expect(top, `orders ${highest}`).toBeLessThanOrEqual(Math.max(highest * 1.4, highest + 1));
    }
    expect(axisTop(10, true)).toBe(12);
    expect(axisTop(1234.57)).toBe(1400);
    expect(axisTop(99.99)).toBe(120);
    for (const revenue of [0.01, 45.5, 1234.57, 98_765.43]) {
      expect(axisTop(revenue)!, `revenue ${revenue}`).toBeGreaterThanOrEqual(revenue * 1.1);
    }
  });

  it('lets chart.js choose when nothing is above zero', () => {
    expect(axisTop(0)).toBeUndefined();
    expect(axisTop(0, true)).toBeUndefined();
  });
});
