import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { isoTimestampField } from './integrators';

describe('isoTimestampField', () => {
  const field = isoTimestampField();
  const messagesOf = (text: string) => {
    const result = field.safeParse(text);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('reads a moment with Z or an offset, and a plain date as midnight UTC', () => {
    expect(field.parse('2026-11-23T18:00:00Z').toISOString()).toBe('2026-11-23T18:00:00.000Z');
    expect(field.parse('2026-11-23T12:00:00-06:00').toISOString()).toBe('2026-11-23T18:00:00.000Z');
    expect(field.parse('2026-11-23').toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('refuses a date and time without a zone with a message that says the zone is missing', () => {
    for (const text of ['2026-11-23T18:00:00', '2026-11-23T18:00', '2026-11-23 18:00:00.123456']) {
      expect(messagesOf(text)).toEqual([MESSAGES.timestampZoneMissing]);
    }
    expect(MESSAGES.timestampZoneMissing).toMatch(/no time zone/);
    expect(messagesOf('yesterday')).toEqual([MESSAGES.updatedSinceInvalid]);
  });
});
