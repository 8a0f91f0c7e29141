import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { TEXT_LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { errorsOf } from '../testing/schema';
import { bolSchema } from './bol';
import { companySchema } from './company';
import { componentSchema } from './component';
import { boundedString, textProblem } from './fields';
import { invoiceEditableDataSchema, invoiceLineItemSchema, invoicePatchSchema } from './invoice';
import { loginSchema } from './login';
import { orderSchema } from './order';
import { productSchema } from './product';
import { settingSchema } from './setting';
import { createUserSchema, updateUserSchema } from './user';

/**
 * Every text field has a limit and refuses malformed Unicode, with one message each: a bad value is refused
 * on its field, not failed (or silently altered) by the database.
 */

const LONE = '\uD83D'; // the first half of a surrogate pair, alone
const LONE_MESSAGE = 'Surrogate characters are not allowed: U+D83D.';

/** Sets `value` at a dotted path of a copy of `base`. */
function withValue(base: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) {
    at[key] ??= {};
    at = at[key] as Record<string, unknown>;
  }
  at[keys.at(-1)!] = value;
  return copy;
}

/** The messages at a dotted path of DRF-style field errors. */
function messagesAt(errors: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
      errors,
    );
}

const ORDER = {
  status: 'pending',
  date: '2026-01-05',
  door_number: '1042',
  billing_address: { name: 'Acme' },
  building_info: { product: 'custom', building_type: 'DOOR_ONLY' },
};

interface Case {
  schema: z.ZodType;
  base: Record<string, unknown>;
  field: string;
  max: number;
}

/** The cases of one schema: each a field of a valid `base` and the limit it takes. */
const casesOf =
  (schema: z.ZodType, base: Record<string, unknown> = {}) =>
  (field: string, max: number): Case => ({ schema, base, field, max });

const order = casesOf(orderSchema, ORDER);
const invoice = casesOf(invoiceEditableDataSchema);
const company = casesOf(companySchema, { name: 'Ice House' });

const CASES: Record<string, Case> = {
  'order notes': order('notes', TEXT_LIMITS.longText),
  'order special delivery info': order('special_delivery_info', TEXT_LIMITS.longText),
  'order door number': order('door_number', TEXT_LIMITS.doorNumber),
  'order invoice number': order('invoice_number', TEXT_LIMITS.invoiceNumber),
  'order EPS PO number': order('eps_po_number', TEXT_LIMITS.epsPoNumber),
  'order customer PO / job name': order('customer_po_job_name', TEXT_LIMITS.line),
  'order billing name': order('billing_address.name', TEXT_LIMITS.line),
  'order shipping street': order('shipping_address.street', TEXT_LIMITS.line),
  'order shipping country': order('shipping_address.country', TEXT_LIMITS.line),
  'order building description': order('building_info.building_description', TEXT_LIMITS.longText),
  'order door information': order('building_info.door_placement', TEXT_LIMITS.longText),
  'order custom size': order('building_info.custom_size', TEXT_LIMITS.line),
  'invoice po/job name': invoice('po_job_name', TEXT_LIMITS.line),
  'invoice terms': invoice('terms', TEXT_LIMITS.line),
  'invoice bill-to city': invoice('bill_to.city', TEXT_LIMITS.line),
  'invoice line description': casesOf(invoiceLineItemSchema)(
    'description',
    TEXT_LIMITS.invoiceLineDescription,
  ),
  'invoice number': casesOf(invoicePatchSchema)('invoice_number', TEXT_LIMITS.invoiceNumber),
  'company name': company('name', TEXT_LIMITS.line),
  'company remit street': company('remit_payment_street', TEXT_LIMITS.line),
  'company phone': company('phone', TEXT_LIMITS.phone),
  'component name': casesOf(componentSchema, { cost: '1', markup: '1' })('name', TEXT_LIMITS.line),
  'product description': casesOf(productSchema, { building_type: 'DOOR_ONLY', is_simple: true, price: '5' })(
    'description',
    TEXT_LIMITS.line,
  ),
  'setting value': casesOf(settingSchema, { category: 'size', price: '0' })('value', TEXT_LIMITS.line),
  'user name': casesOf(createUserSchema, { password: 'longenough' })('username', TEXT_LIMITS.username),
  'user password': casesOf(updateUserSchema, { username: 'anna' })('password', TEXT_LIMITS.password),
  'sign-in user name': casesOf(loginSchema, { password: 'x' })('username', TEXT_LIMITS.username),
  'bill of lading free on board': casesOf(bolSchema, { bill_of_lading_date: '2026-01-05' })(
    'free_on_board',
    TEXT_LIMITS.line,
  ),
};

describe('text limits', () => {
  it('every limit is documented: notes 10,000, lines 200, state 2', () => {
    expect(TEXT_LIMITS.longText).toBe(10_000);
    expect(TEXT_LIMITS.line).toBe(200);
    expect(TEXT_LIMITS.state).toBe(2);
    expect(MESSAGES.textTooLong(200)).toBe('Ensure this field has no more than 200 characters.');
  });

  for (const [name, { schema, base, field, max }] of Object.entries(CASES)) {
    it(`${name}: ${max} characters pass, ${max + 1} answer the field error`, () => {
      expect(messagesAt(errorsOf(schema, withValue(base, field, 'x'.repeat(max))), field)).toBeUndefined();
      expect(messagesAt(errorsOf(schema, withValue(base, field, 'x'.repeat(max + 1))), field)).toEqual([
        MESSAGES.textTooLong(max),
      ]);
    });
  }

  it('a million characters of notes are refused', () => {
    expect(errorsOf(orderSchema, { ...ORDER, notes: 'n'.repeat(1_000_000) })).toEqual({
      notes: [MESSAGES.textTooLong(10_000)],
    });
  });

  it('counts characters (code points), not UTF-16 units: 200 emoji are 200 characters', () => {
    expect(textProblem('😀'.repeat(200), 200)).toBeNull();
    expect(textProblem('😀'.repeat(201), 200)).toBe(MESSAGES.textTooLong(200));
  });

  it("company state keeps the spec's own message at 3 characters", () => {
    expect(errorsOf(companySchema, { name: 'Ice House', state: 'MNO' })).toEqual({
      state: [MESSAGES.stateMax],
    });
  });

  it('phone and ZIP, bounded by their own format rules, answer only that rule at any length', () => {
    const long = TEXT_LIMITS.line + 1;
    expect(errorsOf(orderSchema, { ...ORDER, phone: '5'.repeat(long) })).toEqual({
      phone: [MESSAGES.phoneInvalid],
    });
    expect(errorsOf(orderSchema, { ...ORDER, shipping_address: { zip_code: '1'.repeat(long) } })).toEqual({
      shipping_address: { zip_code: [MESSAGES.zipTooLong] },
    });
    expect(
      errorsOf(orderSchema, {
        ...ORDER,
        billing_address: { name: 'Acme', country: 'CA', zip_code: 'A'.repeat(long) },
      }),
    ).toEqual({
      billing_address: { zip_code: [MESSAGES.postalCodeInvalid] },
    });
    expect(errorsOf(companySchema, { name: 'Ice House', state: 'M'.repeat(long) })).toEqual({
      state: [MESSAGES.stateMax],
    });
  });

  it('search terms (boundedString) are bounded too', () => {
    expect(boundedString(TEXT_LIMITS.search).safeParse('a'.repeat(201)).error?.issues[0]?.message).toBe(
      MESSAGES.textTooLong(200),
    );
    expect(boundedString(TEXT_LIMITS.search).parse('  ice ')).toBe('ice');
  });
});

describe('malformed Unicode', () => {
  for (const [name, { schema, base, field }] of Object.entries(CASES)) {
    it(`${name}: a lone surrogate answers the field error; a whole pair is fine`, () => {
      expect(messagesAt(errorsOf(schema, withValue(base, field, `abcdefg${LONE}h`)), field)).toEqual([
        LONE_MESSAGE,
      ]);
      expect(messagesAt(errorsOf(schema, withValue(base, field, 'abcdefg😀h')), field)).toBeUndefined();
    });
  }

  it('also in the fields with their own format rules (zip, phone, email, state, password)', () => {
    expect(
      errorsOf(orderSchema, { ...ORDER, shipping_address: { country: 'DE', zip_code: `1${LONE}` } }),
    ).toEqual({
      shipping_address: { zip_code: [LONE_MESSAGE] },
    });
    expect(errorsOf(orderSchema, { ...ORDER, phone: `(555) 555-555${LONE}` })).toEqual({
      phone: [LONE_MESSAGE],
    });
    expect(errorsOf(companySchema, { name: 'Ice House', email: `a${LONE}@b.co`, state: LONE })).toEqual({
      email: [LONE_MESSAGE],
      state: [LONE_MESSAGE],
    });
    expect(errorsOf(createUserSchema, { username: 'anna', password: `longenough${LONE}` })).toEqual({
      password: [LONE_MESSAGE],
    });
  });

  it('a low surrogate alone and a NUL character are refused too', () => {
    expect(textProblem('\uDC00', 10)).toBe('Surrogate characters are not allowed: U+DC00.');
    expect(textProblem('a\0b', 10)).toBe(MESSAGES.textNullCharacter);
  });
});

describe('invoice line minimums', () => {
  it('quantity a whole number of at least 1; price at least 0 with at most two decimals', () => {
    expect(errorsOf(invoiceLineItemSchema, { quantity: -1, price_each: '-5.00' })).toEqual({
      quantity: [MESSAGES.quantityMin],
      price_each: [MESSAGES.priceNegative],
    });
    expect(errorsOf(invoiceLineItemSchema, { quantity: 0 })).toEqual({ quantity: [MESSAGES.quantityMin] });
    expect(errorsOf(invoiceLineItemSchema, { quantity: 1.5, price_each: '1.005' })).toEqual({
      quantity: [MESSAGES.quantityWhole],
      price_each: [MESSAGES.priceDecimals],
    });
    expect(errorsOf(invoiceLineItemSchema, { quantity: '2', price_each: '12.50' })).toEqual({});
    expect(errorsOf(invoiceLineItemSchema, { quantity: 1, price_each: '0' })).toEqual({});
  });
});
