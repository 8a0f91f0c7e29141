import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import {
  addDays,
  addMonths,
  daysBetween,
  monthlyFigures,
  monthlyThroughSchema,
  monthsThrough,
  shipScheduleRangeSchema,
  shipWeekOf,
  weekdayOf,
} from './schedule';

describe('the ship week', () => {
  it('runs Sunday to Saturday: a Sunday starts its week, a Saturday ends it', () => {
    expect(shipWeekOf('2026-11-29')).toEqual({ from: '2026-11-29', to: '2026-12-05' }); // a Sunday
    expect(shipWeekOf('2026-11-28')).toEqual({ from: '2026-11-22', to: '2026-11-28' }); // a Saturday
    expect(shipWeekOf('2026-12-02')).toEqual({ from: '2026-11-29', to: '2026-12-05' }); // a Wednesday
    expect(shipWeekOf('2027-01-01')).toEqual({ from: '2026-12-27', to: '2027-01-02' }); // across a year
  });
});

describe('calendar dates', () => {
  it('moves days and months across month, leap-day and year boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(365);
    expect(weekdayOf('2026-11-23')).toBe(1); // a Monday
    expect(addMonths('2025-01', -1)).toBe('2024-12');
    expect(addMonths('2024-12', 1)).toBe('2025-01');
    expect(monthsThrough('2025-02')).toEqual([
      '2024-03',
      '2024-04',
      '2024-05',
      '2024-06',
      '2024-07',
      '2024-08',
      '2024-09',
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
    ]);
  });
});

describe('ship schedule range', () => {
  it('takes 1 to 62 days and names the field of each problem', () => {
    expect(shipScheduleRangeSchema.safeParse({ start: '2025-01-01', end: '2025-01-01' }).success).toBe(true);
    expect(shipScheduleRangeSchema.safeParse({ start: '2025-01-01', end: '2025-03-03' }).success).toBe(true);
    const long = shipScheduleRangeSchema.safeParse({ start: '2025-01-01', end: '2025-03-04' });
    expect(long.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['end'], MESSAGES.scheduleRangeTooLong(62)],
    ]);
    const both = shipScheduleRangeSchema.safeParse({ start: '', end: 'soon' });
    expect(both.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['start'], MESSAGES.scheduleStartRequired],
      [['end'], MESSAGES.dateInvalid],
    ]);
  });
});

describe('monthly figures', () => {
  it("takes the window's last month as YYYY-MM (blank: the current month), inside PostgreSQL's years", () => {
    expect(monthlyThroughSchema.parse(' 2025-02 ')).toBe('2025-02');
    expect(monthlyThroughSchema.parse('')).toBeUndefined();
    for (const bad of ['2025-13', '2025-2', 'soon', '9999-12', '0001-01'])
      expect(monthlyThroughSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe(MESSAGES.monthInvalid);
  });

  it('fills empty months with zero and adds amounts exactly', () => {
    const figures = monthlyFigures(
      ['2024-12', '2025-01'],
      [
        { month: '2025-01', orders: 2 },
        { month: '2025-01', orders: 1 },
      ],
      [
        { month: '2025-01', revenue: '0.10' },
        { month: '2025-01', revenue: '0.20' },
        { month: '2023-01', revenue: '5.00' },
      ],
    );
    expect(figures).toEqual({
      months: [
        { month: '2024-12', label: 'December 2024', orders: 0, revenue: '0.00' },
        { month: '2025-01', label: 'January 2025', orders: 3, revenue: '0.30' },
      ],
      total_orders: 3,
      total_revenue: '0.30',
    });
  });
});
