import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { errorsOf, parseOk } from '../testing/schema';
import { companySchema, remitToAddress } from './company';
import { loginSchema } from './login';
import { createUserSchema, updateUserSchema } from './user';

describe('login schema', () => {
  it('requires username and password', () => {
    expect(errorsOf(loginSchema, {})).toEqual({
      username: [MESSAGES.usernameRequired],
      password: [MESSAGES.passwordRequired],
    });
  });

  it('trims the username but never the password', () => {
    expect(parseOk(loginSchema, { username: ' anna ', password: ' secret ' })).toEqual({
      username: 'anna',
      password: ' secret ',
    });
  });
});

describe('user schemas', () => {
  it('create: username and a password of 8+ characters; email optional but email-shaped', () => {
    expect(errorsOf(createUserSchema, { username: '', email: 'nope', password: '' })).toEqual({
      username: [MESSAGES.usernameRequired],
      email: [MESSAGES.emailInvalid],
      password: [MESSAGES.passwordRequired],
    });
    expect(errorsOf(createUserSchema, { username: 'anna', password: 'short' })).toEqual({
      password: [MESSAGES.passwordMin],
    });
    expect(parseOk(createUserSchema, { username: 'anna', password: 'longenough' })).toEqual({
      username: 'anna',
      email: '',
      password: 'longenough',
      is_admin: false,
      is_active: true,
    });
    expect(
      parseOk(createUserSchema, {
        username: 'bo',
        email: 'bo@example.com',
        password: '12345678',
        is_admin: true,
        is_active: false,
      }),
    ).toMatchObject({
      email: 'bo@example.com',
      is_admin: true,
      is_active: false,
    });
  });

  it('update: a blank password keeps the current one', () => {
    expect(parseOk(updateUserSchema, { username: 'anna', password: '' }).password).toBeUndefined();
    expect(parseOk(updateUserSchema, { username: 'anna' }).password).toBeUndefined();
    expect(errorsOf(updateUserSchema, { username: 'anna', password: 'short' })).toEqual({
      password: [MESSAGES.passwordMin],
    });
    expect(parseOk(updateUserSchema, { username: 'anna', password: 'newpassword' }).password).toBe(
      'newpassword',
    );
  });

  it('limits usernames to 150 characters', () => {
    expect(errorsOf(createUserSchema, { username: 'a'.repeat(151), password: '12345678' })).toEqual({
      username: [MESSAGES.textTooLong(150)],
    });
  });
});

describe('company schema', () => {
  it('requires a name', () => {
    expect(errorsOf(companySchema, {})).toEqual({ name: ['Name is required'] });
  });

  it('upper-cases states of at most 2 characters', () => {
    const company = parseOk(companySchema, { name: 'Ice Co', state: 'mn', remit_payment_state: 'wi' });
    expect(company.state).toBe('MN');
    expect(company.remit_payment_state).toBe('WI');
    expect(
      errorsOf(companySchema, { name: 'Ice Co', state: 'Minnesota', remit_payment_state: 'WIS' }),
    ).toEqual({
      state: [MESSAGES.stateMax],
      remit_payment_state: [MESSAGES.stateMax],
    });
  });

  it('sales tax rate is a number from 0 to 100', () => {
    expect(parseOk(companySchema, { name: 'x', sales_tax_rate: 6.875 }).sales_tax_rate).toBe('6.88');
    expect(parseOk(companySchema, { name: 'x', sales_tax_rate: '' }).sales_tax_rate).toBe('0.00');
    expect(parseOk(companySchema, { name: 'x', sales_tax_rate: '100' }).sales_tax_rate).toBe('100.00');
    expect(errorsOf(companySchema, { name: 'x', sales_tax_rate: '100.5' })).toEqual({
      sales_tax_rate: [MESSAGES.salesTaxRateRange],
    });
    expect(errorsOf(companySchema, { name: 'x', sales_tax_rate: '-1' })).toEqual({
      sales_tax_rate: [MESSAGES.salesTaxRateRange],
    });
    expect(errorsOf(companySchema, { name: 'x', sales_tax_rate: 'six' })).toEqual({
      sales_tax_rate: [MESSAGES.salesTaxRateInvalid],
    });
  });

  it('checks the email shape and takes ZIP and phone as given (hints only)', () => {
    expect(errorsOf(companySchema, { name: 'x', email: 'not-an-email' })).toEqual({
      email: [MESSAGES.emailInvalid],
    });
    expect(errorsOf(companySchema, { name: 'x', zip_code: '5540', phone: '555 1234' })).toEqual({});
    expect(MESSAGES.zipHint).toBe('XXXXX or XXXXX-XXXX');
    expect(MESSAGES.phoneHint).toBe('(XXX) XXX-XXXX');
  });

  it('remits to the remit address, or the company address when that is blank', () => {
    const company = { name: 'Ice Co', street: '1 Main', city: 'Fargo', state: 'ND', zip_code: '58102' };
    expect(remitToAddress(company)).toEqual({
      name: 'Ice Co',
      street: '1 Main',
      city: 'Fargo',
      state: 'ND',
      zip_code: '58102',
    });
    expect(
      remitToAddress({
        ...company,
        remit_payment_street: 'PO Box 9',
        remit_payment_city: 'Moorhead',
        remit_payment_state: 'MN',
        remit_payment_zip_code: '56560',
      }),
    ).toEqual({ name: 'Ice Co', street: 'PO Box 9', city: 'Moorhead', state: 'MN', zip_code: '56560' });
  });
});
