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

/** Issue 14 items 5 and 6: every text field has a limit and refuses malformed Unicode, with one message each. */

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

const CASES: Record<string, Case> = {
  'order notes': { schema: orderSchema, base: ORDER, field: 'notes', max: TEXT_LIMITS.longText },
  'order special delivery info': {
    schema: orderSchema,
    base: ORDER,
    field: 'special_delivery_info',
    max: TEXT_LIMITS.longText,
  },
  'order door number': {
    schema: orderSchema,
    base: ORDER,
    field: 'door_number',
    max: TEXT_LIMITS.doorNumber,
  },
  'order invoice number': {
    schema: orderSchema,
    base: ORDER,
    field: 'invoice_number',
    max: TEXT_LIMITS.invoiceNumber,
  },
  'order EPS PO number': {
    schema: orderSchema,
    base: ORDER,
    field: 'eps_po_number',
    max: TEXT_LIMITS.epsPoNumber,
  },
  'order customer PO / job name': {
    schema: orderSchema,
    base: ORDER,
    field: 'customer_po_job_name',
    max: TEXT_LIMITS.line,
  },
  'order billing name': {
    schema: orderSchema,
    base: ORDER,
    field: 'billing_address.name',
    max: TEXT_LIMITS.line,
  },
  'order shipping street': {
    schema: orderSchema,
    base: ORDER,
    field: 'shipping_address.street',
    max: TEXT_LIMITS.line,
  },
  'order shipping country': {
    schema: orderSchema,
    base: ORDER,
    field: 'shipping_address.country',
    max: TEXT_LIMITS.line,
  },
  'order building description': {
    schema: orderSchema,
    base: ORDER,
    field: 'building_info.building_description',
    max: TEXT_LIMITS.longText,
  },
  'order door information': {
    schema: orderSchema,
    base: ORDER,
    field: 'building_info.door_placement',
    max: TEXT_LIMITS.longText,
  },
  'order custom size': {
    schema: orderSchema,
    base: ORDER,
    field: 'building_info.custom_size',
    max: TEXT_LIMITS.line,
  },
  'invoice po/job name': {
    schema: invoiceEditableDataSchema,
    base: {},
    field: 'po_job_name',
    max: TEXT_LIMITS.line,
  },
  'invoice terms': { schema: invoiceEditableDataSchema, base: {}, field: 'terms', max: TEXT_LIMITS.line },
  'invoice bill-to city': {
    schema: invoiceEditableDataSchema,
    base: {},
    field: 'bill_to.city',
    max: TEXT_LIMITS.line,
  },
  'invoice line description': {
    schema: invoiceLineItemSchema,
    base: {},
    field: 'description',
    max: TEXT_LIMITS.invoiceLineDescription,
  },
  'invoice number': {
    schema: invoicePatchSchema,
    base: {},
    field: 'invoice_number',
    max: TEXT_LIMITS.invoiceNumber,
  },
  'company name': {
    schema: companySchema,
    base: { name: 'Ice House' },
    field: 'name',
    max: TEXT_LIMITS.line,
  },
  'company remit street': {
    schema: companySchema,
    base: { name: 'Ice House' },
    field: 'remit_payment_street',
    max: TEXT_LIMITS.line,
  },
  'company phone': {
    schema: companySchema,
    base: { name: 'Ice House' },
    field: 'phone',
    max: TEXT_LIMITS.phone,
  },
  'component name': {
    schema: componentSchema,
    base: { cost: '1', markup: '1' },
    field: 'name',
    max: TEXT_LIMITS.line,
  },
  'product description': {
    schema: productSchema,
    base: { building_type: 'DOOR_ONLY', is_simple: true, price: '5' },
    field: 'description',
    max: TEXT_LIMITS.line,
  },
  'setting value': {
    schema: settingSchema,
    base: { category: 'size', price: '0' },
    field: 'value',
    max: TEXT_LIMITS.line,
  },
  'user name': {
    schema: createUserSchema,
    base: { password: 'longenough' },
    field: 'username',
    max: TEXT_LIMITS.username,
  },
  'user password': {
    schema: updateUserSchema,
    base: { username: 'anna' },
    field: 'password',
    max: TEXT_LIMITS.password,
  },
  'sign-in user name': {
    schema: loginSchema,
    base: { password: 'x' },
    field: 'username',
    max: TEXT_LIMITS.username,
  },
  'bill of lading free on board': {
    schema: bolSchema,
    base: { bill_of_lading_date: '2026-01-05' },
    field: 'free_on_board',
    max: TEXT_LIMITS.line,
  },
};

describe('text limits (issue 14 item 5)', () => {
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

  it('search terms (boundedString) are bounded too', () => {
    expect(boundedString(TEXT_LIMITS.search).safeParse('a'.repeat(201)).error?.issues[0]?.message).toBe(
      MESSAGES.textTooLong(200),
    );
    expect(boundedString(TEXT_LIMITS.search).parse('  ice ')).toBe('ice');
  });
});

describe('malformed Unicode (issue 14 item 6)', () => {
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

describe('invoice line minimums (issue 14 item 7)', () => {
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
