import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { errorsOf } from '../testing/schema';
import { addressSchema, canSearchAddress, emptyAddress } from './address';

describe('address', () => {
  it('defaults the country to US and allows everything blank', () => {
    expect(addressSchema.parse({})).toEqual(emptyAddress());
    expect(addressSchema.parse({ country: 'ca', zip_code: 'm5v3l9' }).zip_code).toBe('M5V 3L9');
  });

  it('limits ZIP length to 10 for the US, 7 for Canada', () => {
    expect(errorsOf(addressSchema, { zip_code: '12345-67890' })).toEqual({ zip_code: [MESSAGES.zipTooLong] });
    expect(errorsOf(addressSchema, { country: 'CA', zip_code: 'M5V 3L9X' })).toEqual({
      zip_code: [MESSAGES.postalCodeInvalid],
    });
  });

  it('the address search needs street and city', () => {
    expect(canSearchAddress({ street: '1 Main', city: 'Fargo' })).toBe(true);
    expect(canSearchAddress({ street: '1 Main', city: ' ' })).toBe(false);
    expect(canSearchAddress({})).toBe(false);
    expect(MESSAGES.addressSearchNeedsStreetCity).toBe(
      'Please enter at least street and city for the address search.',
    );
  });
});
