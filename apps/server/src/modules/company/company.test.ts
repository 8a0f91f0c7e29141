import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@icehouse/domain';
import { companyInfo } from '@icehouse/db/schema';
import { useCatalogueTestApp } from '../../../tests/catalogue-test-support';

const t = useCatalogueTestApp();

const ACME = {
  name: 'Northern Ice Houses',
  street: '12 Lake Rd',
  city: 'Bemidji',
  state: 'mn',
  zip_code: '56601',
  phone: '(218) 555-0100',
  fax: '',
  email: 'office@example.com',
  website: 'example.com',
  sales_tax_rate: '6.875',
  remit_payment_name: '',
  remit_payment_street: '',
  remit_payment_city: '',
  remit_payment_state: '',
  remit_payment_zip_code: '',
};

describe('company info REST', () => {
  it('answers the empty record before anything is saved (id null, tax rate 0.00)', async () => {
    const res = await t.staff.get('/api/company-info/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: null,
      name: '',
      street: '',
      city: '',
      state: '',
      zip_code: '',
      phone: '',
      fax: '',
      email: '',
      website: '',
      sales_tax_rate: '0.00',
      remit_payment_name: '',
      remit_payment_street: '',
      remit_payment_city: '',
      remit_payment_state: '',
      remit_payment_zip_code: '',
      weekly_capacity: null,
      stock_consumption_status: 'processed',
      remit_to: { name: '', street: '', city: '', state: '', zip_code: '' },
    });
  });

  it('keeps the stock consumption status unless sent, and refuses one that is not a working status', async () => {
    expect((await t.admin.post('/api/company-info/', { ...ACME, stock_consumption_status: 'scheduled_to_ship' })).json()).toMatchObject({
      stock_consumption_status: 'scheduled_to_ship',
    });
    expect((await t.admin.post('/api/company-info/', ACME)).json()).toMatchObject({ stock_consumption_status: 'scheduled_to_ship' });
    const refused = await t.admin.post('/api/company-info/', { ...ACME, stock_consumption_status: 'pending' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('stock_consumption_status');
  });

  it('saves the single record: state upper-cased, tax rate to two places, remit-to falls back to the company address', async () => {
    const res = await t.admin.post('/api/company-info/', ACME);
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ id: 1, name: 'Northern Ice Houses', state: 'MN', sales_tax_rate: '6.88' });
    expect(saved.remit_to).toEqual({
      name: 'Northern Ice Houses',
      street: '12 Lake Rd',
      city: 'Bemidji',
      state: 'MN',
      zip_code: '56601',
    });
    expect((await t.staff.get('/api/company-info/')).json()).toEqual(saved);
  });

  it('replaces the record on the next save (still one row) and uses the remit-to address when given', async () => {
    await t.admin.post('/api/company-info/', ACME);
    const res = await t.admin.post('/api/company-info/', {
      ...ACME,
      sales_tax_rate: 7,
      remit_payment_street: 'PO Box 9',
      remit_payment_city: 'Duluth',
      remit_payment_state: 'mn',
      remit_payment_zip_code: '55801',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 1, sales_tax_rate: '7.00', remit_payment_state: 'MN' });
    // A blank remit name falls back to the company name.
    expect(res.json().remit_to).toEqual({
      name: 'Northern Ice Houses',
      street: 'PO Box 9',
      city: 'Duluth',
      state: 'MN',
      zip_code: '55801',
    });
    expect(await t.database.db.select().from(companyInfo)).toHaveLength(1);
  });

  it('accepts a save with only the name (the rest blank, tax rate 0.00)', async () => {
    const res = await t.admin.post('/api/company-info/', { name: 'Solo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 1, name: 'Solo', street: '', sales_tax_rate: '0.00' });
  });

  it('validates: name required, state at most 2, sales tax rate a number from 0 to 100, email shaped', async () => {
    const res = await t.admin.post('/api/company-info/', {
      ...ACME,
      name: ' ',
      state: 'Minnesota',
      sales_tax_rate: '101',
      email: 'nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: [MESSAGES.nameRequired],
      state: [MESSAGES.stateMax],
      sales_tax_rate: [MESSAGES.salesTaxRateRange],
      email: [MESSAGES.emailInvalid],
    });
    expect((await t.admin.post('/api/company-info/', { ...ACME, sales_tax_rate: '-1' })).json()).toEqual({
      sales_tax_rate: [MESSAGES.salesTaxRateRange],
    });
    expect((await t.admin.post('/api/company-info/', { ...ACME, sales_tax_rate: 'abc' })).json()).toEqual({
      sales_tax_rate: [MESSAGES.salesTaxRateInvalid],
    });
    expect((await t.admin.post('/api/company-info/', { ...ACME, sales_tax_rate: '100' })).statusCode).toBe(
      200,
    );
    expect(
      (await t.admin.post('/api/company-info/', { ...ACME, remit_payment_state: 'ABC' })).json(),
    ).toEqual({ remit_payment_state: [MESSAGES.stateMax] });
  });

  it('lets staff read (the order form needs the tax rate) but not write', async () => {
    expect((await t.staff.get('/api/company-info/')).statusCode).toBe(200);
    const res = await t.staff.post('/api/company-info/', ACME);
    expect(res.statusCode).toBe(403);
    expect((await t.anonymous.get('/api/company-info/')).statusCode).toBe(401);
  });
});

describe('company info tRPC', () => {
  it('company.get and company.update behave like the REST routes', async () => {
    expect((await t.staff.trpcQuery('company.get')).json().result.data).toMatchObject({
      id: null,
      sales_tax_rate: '0.00',
    });
    const saved = await t.admin.trpcMutation('company.update', { ...ACME, state: 'wi' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result.data).toMatchObject({ id: 1, state: 'WI', remit_to: { state: 'WI' } });
    const bad = await t.admin.trpcMutation('company.update', { ...ACME, name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.data.fieldErrors).toEqual({ name: [MESSAGES.nameRequired] });
    expect((await t.staff.trpcMutation('company.update', ACME)).statusCode).toBe(403);
    expect((await t.staff.trpcQuery('company.get')).json().result.data.state).toBe('WI');
  });
});
