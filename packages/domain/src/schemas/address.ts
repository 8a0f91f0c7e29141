import { z } from 'zod';
import { DEFAULT_COUNTRY, LIMITS, TEXT_LIMITS } from '../constants';
import { formatCanadianPostal, isValidCanadianPostal, isValidUsZip, postalCodeKind } from '../inputMasks';
import { MESSAGES } from '../messages';
import { FORMAT_BOUNDED, addIssue, flag, optionalRef, optionalText, requiredText, type Ctx } from './fields';

/**
 * Address blocks: order billing/shipping and invoice bill-to/ship-to. ZIP rules follow the
 * country: US 12345 or 12345-6789, Canada A1A 1A1 (normalised to that shape), others at most
 * 10 characters. A blank ZIP is allowed (the spec requires only the billing name).
 */

const countryField = optionalText(TEXT_LIMITS.line).transform((v) => v.toUpperCase() || DEFAULT_COUNTRY);

// Its length and shape are the country's ZIP rules below; here only malformed text is refused.
const zipField = optionalText(FORMAT_BOUNDED);

/** The parts of every address but its name. */
const addressParts = {
  street: optionalText(TEXT_LIMITS.line),
  city: optionalText(TEXT_LIMITS.line),
  state: optionalText(TEXT_LIMITS.line),
  zip_code: zipField,
  country: countryField,
};

interface PostalParts {
  zip_code: string;
  country: string;
}

/** The country's ZIP rules. */
function checkPostalCode(address: PostalParts, ctx: Ctx): void {
  const zip = address.zip_code;
  if (zip === '') return;
  const kind = postalCodeKind(address.country);
  if (kind === 'ca') {
    if (!isValidCanadianPostal(formatCanadianPostal(zip)) || zip.length > LIMITS.caPostalMaxLength) {
      addIssue(ctx, MESSAGES.postalCodeInvalid, ['zip_code']);
    }
  } else if (zip.length > LIMITS.usZipMaxLength) {
    addIssue(ctx, MESSAGES.zipTooLong, ['zip_code']);
  } else if (kind === 'us' && !isValidUsZip(zip)) {
    addIssue(ctx, MESSAGES.zipInvalid, ['zip_code']);
  }
}

// Runs only on a valid address (a zod pipe stops at the first issue): normalise the postal code.
function normalisePostalCode<T extends PostalParts>(address: T): T {
  return postalCodeKind(address.country) === 'ca' && address.zip_code !== ''
    ? { ...address, zip_code: formatCanadianPostal(address.zip_code) }
    : address;
}

function makeAddressSchema<N extends z.ZodType<string, unknown>>(name: N) {
  return z
    .object({ name, ...addressParts })
    .superRefine(checkPostalCode)
    .transform(normalisePostalCode);
}

/** Any address: every field optional. */
export const addressSchema = makeAddressSchema(optionalText(TEXT_LIMITS.line));
/** The order's billing address: the name is required. */
export const billingAddressSchema = makeAddressSchema(
  requiredText(MESSAGES.billingNameRequired, TEXT_LIMITS.line),
);

/**
 * A customer's ship-to address: the address rules plus its label, whether it is the
 * default, and its id when it is already stored.
 */
export const shipToAddressSchema = z
  .object({
    id: optionalRef(),
    label: optionalText(TEXT_LIMITS.line),
    name: optionalText(TEXT_LIMITS.line),
    ...addressParts,
    is_default: flag(false),
  })
  .superRefine(checkPostalCode)
  .transform(normalisePostalCode);

export type AddressInput = z.input<typeof addressSchema>;
export type AddressData = z.output<typeof addressSchema>;

/**
 * An address as stored, answered and edited: every field a string (what addressSchema yields).
 * The one declaration of the shape: server answers, the invoice's stored copy and the web's form
 * values all use it.
 */
export const storedAddressSchema = z.object({
  name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  country: z.string(),
});
export type Address = z.output<typeof storedAddressSchema>;

export function emptyAddress(): Address {
  return { name: '', street: '', city: '', state: '', zip_code: '', country: DEFAULT_COUNTRY };
}

/** The address search needs at least street and city. */
export function canSearchAddress(address: { street?: string | null; city?: string | null }): boolean {
  return !!address.street?.trim() && !!address.city?.trim();
}
