import { describe, expect, it } from 'vitest';
import { formatUsDate, isIsoDate, ordersListTitle, todayIso, twoDigitMonth } from './dates';

describe('dates', () => {
  it('accepts real YYYY-MM-DD dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('05/01/2024')).toBe(false);
    expect(isIsoDate(20240501)).toBe(false);
  });

  it('shows dates as MM/DD/YYYY', () => {
    expect(formatUsDate('2024-03-05')).toBe('03/05/2024');
    expect(formatUsDate('2024-03-05T10:00:00Z')).toBe('03/05/2024');
    expect(formatUsDate('')).toBe('');
    expect(formatUsDate('soon')).toBe('soon');
  });

  it("gives today's local date", () => {
    expect(todayIso(new Date(2024, 0, 9, 23, 59))).toBe('2024-01-09');
  });

  it('titles the orders list and pads months', () => {
    expect(ordersListTitle({})).toBe('All Orders');
    expect(ordersListTitle({ year: 2024 })).toBe('2024 Orders');
    expect(ordersListTitle({ year: '2024', month: '03' })).toBe('March 2024 Orders');
    expect(twoDigitMonth(3)).toBe('03');
    expect(twoDigitMonth('11')).toBe('11');
  });
});
