import { describe, expect, it } from 'vitest';
import {
  formatCanadianPostal,
  formatPhone,
  isValidCanadianPostal,
  isValidPhone,
  isValidUsZip,
  normalizePhone,
  postalCodeKind,
  postalCodeMaxLength,
} from './inputMasks';

describe('normalizePhone', () => {
  it('puts ten bare digits in the app format, leaves anything else for the check', () => {
    expect(normalizePhone('2185550999')).toBe('(218) 555-0999');
    expect(normalizePhone(' 2185550999 ')).toBe('(218) 555-0999');
    expect(normalizePhone('(218) 555-0999')).toBe('(218) 555-0999');
    expect(normalizePhone('218555099')).toBe('218555099');
    expect(normalizePhone('21855509991')).toBe('21855509991');
    expect(normalizePhone('218-555-0999')).toBe('218-555-0999');
  });
});

describe('formatPhone', () => {
  it.each([
    ['', ''],
    [null, ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5551', '(555) 1'],
    ['555123', '(555) 123'],
    ['5551234', '(555) 123-4'],
    ['5551234567', '(555) 123-4567'],
    ['555-123-4567 ext 89', '(555) 123-4567'],
    ['(555) 123-45678', '(555) 123-4567'],
  ])('%s -> %s', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });

  it('its complete output is a valid phone', () => {
    expect(isValidPhone(formatPhone('5551234567'))).toBe(true);
    expect(isValidPhone('555-123-4567')).toBe(false);
  });
});

describe('postal codes', () => {
  it('formats Canadian postal codes like A1A 1A1', () => {
    expect(formatCanadianPostal('k1a0b1')).toBe('K1A 0B1');
    expect(formatCanadianPostal('K1A-0B1')).toBe('K1A 0B1');
    expect(formatCanadianPostal('k1a')).toBe('K1A');
    expect(formatCanadianPostal('k1a0b1zz')).toBe('K1A 0B1');
    expect(formatCanadianPostal(undefined)).toBe('');
    expect(isValidCanadianPostal('K1A 0B1')).toBe(true);
    expect(isValidCanadianPostal('111 111')).toBe(false);
  });

  it('checks US ZIP codes 12345 and 12345-6789', () => {
    expect(isValidUsZip('12345')).toBe(true);
    expect(isValidUsZip('12345-6789')).toBe(true);
    expect(isValidUsZip('1234')).toBe(false);
    expect(isValidUsZip('12345-678')).toBe(false);
  });

  it('knows the length limit per country', () => {
    expect(postalCodeKind('')).toBe('us');
    expect(postalCodeKind('ca')).toBe('ca');
    expect(postalCodeKind('MX')).toBe('other');
    expect(postalCodeMaxLength('US')).toBe(10);
    expect(postalCodeMaxLength('CA')).toBe(7);
  });
});
