import { describe, expect, it } from 'vitest';
import { useCatalogueTestApp } from '../../../tests/catalogue-test-support';

const t = useCatalogueTestApp();

interface Choice {
  value: string;
  label: string;
}

describe('lookups REST', () => {
  it('country choices: US first, then Canada', async () => {
    const res = await t.staff.get('/api/customers/country_choices/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { value: 'US', label: 'United States' },
      { value: 'CA', label: 'Canada' },
    ]);
  });

  it('region choices default to the US: every state, DC and the territories', async () => {
    const res = await t.staff.get('/api/customers/region_choices/');
    expect(res.statusCode).toBe(200);
    const regions = res.json() as Choice[];
    expect(regions).toHaveLength(50 + 1 + 6);
    expect(regions).toContainEqual({ value: 'TX', label: 'Texas' });
    expect(regions).toContainEqual({ value: 'DC', label: 'District of Columbia' });
    expect(regions).toContainEqual({ value: 'PR', label: 'Puerto Rico' });
    expect(regions).toContainEqual({ value: 'GU', label: 'Guam' });
    expect(new Set(regions.map((r) => r.value)).size).toBe(regions.length);
    for (const r of regions) expect(r.value).toMatch(/^[A-Z]{2}$/);
    expect((await t.staff.get('/api/customers/region_choices/?country=US')).json()).toEqual(regions);
    expect((await t.staff.get('/api/customers/region_choices/?country=')).json()).toEqual(regions);
  });

  it('region choices for Canada: 10 provinces and 3 territories (code in any case)', async () => {
    const res = await t.staff.get('/api/customers/region_choices/?country=CA');
    const regions = res.json() as Choice[];
    expect(regions).toHaveLength(13);
    expect(regions).toContainEqual({ value: 'ON', label: 'Ontario' });
    expect(regions).toContainEqual({ value: 'QC', label: 'Quebec' });
    expect(regions).toContainEqual({ value: 'YT', label: 'Yukon' });
    expect((await t.staff.get('/api/customers/region_choices/?country=ca')).json()).toEqual(regions);
  });

  it('an unknown country has no regions', async () => {
    const res = await t.staff.get('/api/customers/region_choices/?country=FR');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await t.anonymous.get('/api/customers/country_choices/')).statusCode).toBe(401);
    expect((await t.anonymous.get('/api/customers/region_choices/?country=CA')).statusCode).toBe(401);
  });

  it('status choices are unchanged', async () => {
    const res = await t.staff.get('/api/orders/status_choices/');
    expect(res.json()[0]).toEqual({ value: 'pending', label: 'Pending' });
  });
});

describe('lookups tRPC', () => {
  it('lookups.countries and lookups.regions answer the same lists', async () => {
    expect((await t.staff.trpcQuery('lookups.countries')).json().result.data[0]).toEqual({
      value: 'US',
      label: 'United States',
    });
    expect((await t.staff.trpcQuery('lookups.regions', { country: 'CA' })).json().result.data).toHaveLength(
      13,
    );
    expect((await t.staff.trpcQuery('lookups.regions')).json().result.data).toHaveLength(57);
    expect((await t.staff.trpcQuery('lookups.regions', { country: 'XX' })).json().result.data).toEqual([]);
  });
});
