import { describe, expect, it } from 'vitest';
import { backupSettingsSchema, backupSlot, dueBackupDay, localDay, nextBackupAt } from './backups';

describe('scheduled backups', () => {
  it('is due from its time on the local clock, for three hours', () => {
    expect(dueBackupDay(new Date(2026, 10, 29, 1, 59, 59), '02:00')).toBeNull();
    expect(dueBackupDay(new Date(2026, 10, 29, 2, 0), '02:00')).toBe('2026-11-29');
    expect(dueBackupDay(new Date(2026, 10, 29, 4, 59), '02:00')).toBe('2026-11-29');
    expect(dueBackupDay(new Date(2026, 10, 29, 5, 0), '02:00')).toBeNull();
    // A time late in the evening stays due past midnight, for its own day.
    expect(dueBackupDay(new Date(2027, 0, 1, 1, 0), '23:30')).toBe('2026-12-31');
    expect(dueBackupDay(new Date(2027, 0, 1, 2, 30), '23:30')).toBeNull();
  });

  it('names the next one: the coming time, now while one is due and not taken, else the next day’s', () => {
    expect(nextBackupAt(new Date(2026, 10, 29, 1, 0), '02:00', false)).toEqual(new Date(2026, 10, 29, 2, 0));
    const due = new Date(2026, 10, 29, 3, 0);
    expect(nextBackupAt(due, '02:00', false)).toEqual(due);
    expect(nextBackupAt(due, '02:00', true)).toEqual(new Date(2026, 10, 30, 2, 0));
    expect(nextBackupAt(new Date(2026, 10, 29, 9, 0), '02:00', false)).toEqual(new Date(2026, 10, 30, 2, 0));
    expect(nextBackupAt(new Date(2026, 11, 31, 9, 0), '02:00', true)).toEqual(new Date(2027, 0, 1, 2, 0));
    expect(localDay(backupSlot('2026-03-08', '02:30'))).toBe('2026-03-08');
  });

  it('takes a time HH:MM and 1 to 365 kept', () => {
    expect(backupSettingsSchema.safeParse({ enabled: true, time: '00:00', keep: 1 }).success).toBe(true);
    expect(backupSettingsSchema.safeParse({ enabled: true, time: '23:59', keep: 365 }).success).toBe(true);
    for (const time of ['24:00', '2:00', '02:60', '']) expect(backupSettingsSchema.safeParse({ enabled: true, time, keep: 7 }).success).toBe(false);
    for (const keep of [0, 366, 1.5]) expect(backupSettingsSchema.safeParse({ enabled: true, time: '02:00', keep }).success).toBe(false);
  });
});
