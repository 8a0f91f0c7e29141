import { LIMITS } from './constants';

/** Input masks and format checks for phone numbers, ZIP and postal codes (orders spec §5). */

export const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;
export const US_ZIP_PATTERN = /^\d{5}(?:-\d{4})?$/;
export const CA_POSTAL_PATTERN = /^[A-Z]\d[A-Z] \d[A-Z]\d$/;

/**
 * Formats what is typed into (XXX) XXX-XXXX as the digits arrive, keeping at most 10 digits:
 * "1" -> "(1", "1234" -> "(123) 4", "1234567890" -> "(123) 456-7890".
 */
export function formatPhone(input: string | null | undefined): string {
  const digits = (input ?? '').replace(/\D/g, '').slice(0, LIMITS.phoneDigits);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * A phone typed as its ten digits and nothing else ("2185550999") in the app's format,
 * "(218) 555-0999"; anything else as given, for the format check to judge.
 */
export function normalizePhone(value: string): string {
  const text = value.trim();
  return new RegExp(`^\\d{${LIMITS.phoneDigits}}$`).test(text) ? formatPhone(text) : value;
}

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/** Canadian postal code as typed -> "A1A 1A1": upper case, letters and digits only, a space after three. */
export function formatCanadianPostal(input: string | null | undefined): string {
  const chars = (input ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 6);
  return chars.length > 3 ? `${chars.slice(0, 3)} ${chars.slice(3)}` : chars;
}

export function isValidUsZip(value: string): boolean {
  return US_ZIP_PATTERN.test(value);
}

export function isValidCanadianPostal(value: string): boolean {
  return CA_POSTAL_PATTERN.test(value);
}

/** Country codes whose postal codes have a known shape. */
export function postalCodeKind(country: string | null | undefined): 'us' | 'ca' | 'other' {
  const code = (country ?? '').trim().toUpperCase();
  if (code === '' || code === 'US' || code === 'USA') return 'us';
  if (code === 'CA' || code === 'CAN') return 'ca';
  return 'other';
}

/** Max length of the zip_code input for a country: 10 (US and others) or 7 (Canada). */
export function postalCodeMaxLength(country: string | null | undefined): number {
  return postalCodeKind(country) === 'ca' ? LIMITS.caPostalMaxLength : LIMITS.usZipMaxLength;
}
