import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, listInput, ordersPath, readOrderFilters, withFilter } from './filters';

describe('order filters in the URL', () => {
  it('reads every filter back, with the month as a number', () => {
    const filters = readOrderFilters(
      new URLSearchParams('year=2024&month=03&status=processed&customer=Smith&serial=1042'),
    );
    expect(filters).toEqual({ year: 2024, month: 3, status: 'processed', customer: 'Smith', serial: '1042' });
    expect(listInput(filters)).toEqual({
      year: 2024,
      month: 3,
      status: 'processed',
      customer: 'Smith',
      serial: '1042',
    });
  });

  it('ignores values the server would refuse', () => {
    expect(readOrderFilters(new URLSearchParams('year=abc&month=13&status=shipped'))).toEqual(EMPTY_FILTERS);
    expect(readOrderFilters(new URLSearchParams('month=0'))).toEqual(EMPTY_FILTERS);
  });

  it('writes a two-digit month and leaves out what is blank', () => {
    expect(ordersPath({ year: 2024, month: 3 })).toBe('/orders?year=2024&month=03');
    expect(ordersPath({ status: 'voided', customer: '  ', serial: ' 10 ' })).toBe(
      '/orders?status=voided&serial=10',
    );
    expect(ordersPath()).toBe('/orders');
  });

  it('sets or removes one filter and keeps the other parameters', () => {
    const params = new URLSearchParams('year=2024&customer=Smith');
    const filters = readOrderFilters(params);
    expect(withFilter(params, 'month', { ...filters, month: 11 }).toString()).toBe(
      'year=2024&customer=Smith&month=11',
    );
    expect(withFilter(params, 'customer', { ...filters, customer: '' }).toString()).toBe('year=2024');
  });

  it('asks the server only for the filters that are set, trimmed', () => {
    expect(listInput({ ...EMPTY_FILTERS, customer: ' Smith ', serial: '   ' })).toEqual({
      customer: 'Smith',
    });
  });
});
