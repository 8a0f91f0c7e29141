import { describe, expect, it } from 'vitest';
import { LIMITS } from '@icehouse/domain';
import { countOf, formatDate, formatListTotal, formatMoney, formatTwoDecimals, todayIso } from './format';

// vitest.config.ts runs the tests in America/Chicago, west of UTC.

describe('formatDate', () => {
  it('shows an ISO date as MM/DD/YYYY', () => {
    expect(formatDate('2024-03-05')).toBe('03/05/2024');
    expect(formatDate('1999-12-31')).toBe('12/31/1999');
  });

  it('does not shift the day west of UTC', () => {
    // new Date('2024-01-01') is UTC midnight, still Dec 31 in Chicago: the formatter must not use it.
    expect(new Date('2024-01-01').getDate()).toBe(31);
    expect(formatDate('2024-01-01')).toBe('01/01/2024');
  });

  it('gives empty text for empty values and leaves unknown text alone', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('soon')).toBe('soon');
  });

  it('knows today by the local calendar, not the UTC one', () => {
    expect(todayIso(new Date(2024, 11, 31, 23, 59))).toBe('2024-12-31');
  });
});

describe('money', () => {
  it('formats amounts for display, rounding half up to cents', () => {
    expect(formatMoney('1250')).toBe('$1,250.00');
    expect(formatMoney('1234567.891')).toBe('$1,234,567.89');
    expect(formatMoney('1.005')).toBe('$1.01');
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney('-3')).toBe('-$3.00');
    expect(formatMoney(null)).toBe('$0.00');
  });

  it('gives a money input two decimals', () => {
    expect(formatTwoDecimals('12.5')).toBe('12.50');
    expect(formatTwoDecimals('.5')).toBe('0.50');
    expect(formatTwoDecimals('')).toBe('');
    expect(formatTwoDecimals('twelve')).toBe('twelve');
  });
});

describe('formatListTotal', () => {
  it('says a searched list total is a lower bound from LIMITS.searchCountMax on, and nothing else', () => {
    expect(formatListTotal(42, true)).toBe('42');
    expect(formatListTotal(LIMITS.searchCountMax - 1, true)).toBe(String(LIMITS.searchCountMax - 1));
    expect(formatListTotal(LIMITS.searchCountMax, true)).toBe(`${LIMITS.searchCountMax}+`);
    expect(formatListTotal(1026, true)).toBe('1026+');
    expect(formatListTotal(25_000, false)).toBe('25000');
  });
});

describe('countOf', () => {
  it('agrees the noun with the count: one alone, none and many plural', () => {
    expect(countOf(1, 'statement')).toBe('1 statement');
    expect(countOf(0, 'statement')).toBe('0 statements');
    expect(countOf(2, 'credit note')).toBe('2 credit notes');
    expect(countOf(3, 'box', 'boxes')).toBe('3 boxes');
  });
});
