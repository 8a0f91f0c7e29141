import { describe, expect, it } from 'vitest';
import { MESSAGES, SETTING_CATEGORIES } from '@icehouse/domain';
import { orderAdditionalItems, orderBuildingInfo } from '@icehouse/db/schema';
import { insertOrder, useCatalogueTestApp } from '../../../tests/catalogue-test-support';
import { SETTING_CATEGORY_LOCKED, SETTING_TAKEN } from './settings';

const t = useCatalogueTestApp();

async function createSetting(category: string, value: string, price: string | number = '0') {
  const res = await t.admin.post('/api/settings/', { category, value, price });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    id: number;
    category: string;
    category_display: string;
    value: string;
    price: string;
  };
}

describe('settings REST', () => {
  it('creates a setting and lists it with category_display and a two-place price', async () => {
    const res = await t.admin.post('/api/settings/', {
      category: 'door_type',
      value: ' Steel Door ',
      price: 12.5,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(Number),
      category: 'door_type',
      category_display: 'Door Type',
      value: 'Steel Door',
      price: '12.50',
    });
    const list = await t.admin.get('/api/settings/');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([created]);
  });

  it('lists in the spec category order, values in natural order, and filters by ?category=', async () => {
    await createSetting('size', '10x12');
    await createSetting('ship_via', 'Truck');
    await createSetting('size', '8x10');
    await createSetting('additional_item', 'Shelf', '45');
    const all = (await t.admin.get('/api/settings/')).json() as { category: string; value: string }[];
    expect(all.map((s) => `${s.category}:${s.value}`)).toEqual([
      'ship_via:Truck',
      'size:8x10',
      'size:10x12',
      'additional_item:Shelf',
    ]);
    const sizes = await t.admin.get('/api/settings/?category=size');
    expect(sizes.json().map((s: { value: string }) => s.value)).toEqual(['8x10', '10x12']);
    expect((await t.admin.get('/api/settings/?category=')).json()).toHaveLength(4);
    const bad = await t.admin.get('/api/settings/?category=colour');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ category: [MESSAGES.categoryInvalid] });
  });

  it('answers exactly the spec categories with their labels', async () => {
    const res = await t.staff.get('/api/settings/categories/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { value: 'ship_via', label: 'Ship Via' },
      { value: 'size', label: 'Size' },
      { value: 'thickness', label: 'Thickness' },
      { value: 'building_type', label: 'Building Type' },
      { value: 'door_type', label: 'Door Type' },
      { value: 'door_cladding', label: 'Door Cladding' },
      { value: 'hinge_side', label: 'Hinge Side' },
      { value: 'roof_color', label: 'Roof Color' },
      { value: 'siding_color', label: 'Siding Color' },
      { value: 'additional_item', label: 'Additional Item' },
    ]);
    expect(res.json()).toHaveLength(SETTING_CATEGORIES.length);
  });

  it('answers ship via options as setting id / value', async () => {
    const truck = await createSetting('ship_via', 'Truck');
    const pickup = await createSetting('ship_via', 'Customer Pickup');
    await createSetting('size', '8x10');
    const res = await t.staff.get('/api/settings/ship_via_options/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { value: pickup.id, label: 'Customer Pickup' },
      { value: truck.id, label: 'Truck' },
    ]);
  });

  it('validates: category, value and price required; price not negative; category known', async () => {
    const empty = await t.admin.post('/api/settings/', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      category: [MESSAGES.categoryRequired],
      value: [MESSAGES.valueRequired],
      price: [MESSAGES.priceRequired],
    });
    const bad = await t.admin.post('/api/settings/', { category: 'colour', value: 'Red', price: '-1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ category: [MESSAGES.categoryInvalid], price: [MESSAGES.priceNegative] });
    const notNumber = await t.admin.post('/api/settings/', { category: 'size', value: 'x', price: 'abc' });
    expect(notNumber.json()).toEqual({ price: [MESSAGES.priceInvalid] });
    expect((await t.admin.get('/api/settings/')).json()).toEqual([]);
  });

  it('refuses the same value twice in a category (any case) as a field error on value', async () => {
    const truck = await createSetting('ship_via', 'Truck');
    const dup = await t.admin.post('/api/settings/', { category: 'ship_via', value: 'TRUCK', price: '0' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ value: [SETTING_TAKEN] });
    // The same value in another category is another option.
    await createSetting('additional_item', 'Truck', '10');
    const other = await createSetting('ship_via', 'Rail');
    const rename = await t.admin.put(`/api/settings/${other.id}/`, {
      category: 'ship_via',
      value: 'truck',
      price: '0',
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json()).toEqual({ value: [SETTING_TAKEN] });
    // Saving a row unchanged (or changing only its case or price) is not a clash with itself.
    const same = await t.admin.put(`/api/settings/${truck.id}/`, {
      category: 'ship_via',
      value: 'Truck',
      price: '5',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().price).toBe('5.00');
  });

  it('updates a setting; 404 for an unknown id and 400 for a malformed one', async () => {
    const s = await createSetting('roof_color', 'Red');
    const res = await t.admin.put(`/api/settings/${s.id}/`, {
      category: 'siding_color',
      value: 'Barn Red',
      price: '3.5',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: s.id,
      category: 'siding_color',
      category_display: 'Siding Color',
      value: 'Barn Red',
      price: '3.50',
    });
    expect(
      (await t.admin.put('/api/settings/9999/', { category: 'size', value: 'x', price: '0' })).statusCode,
    ).toBe(404);
    expect(
      (await t.admin.put('/api/settings/abc/', { category: 'size', value: 'x', price: '0' })).statusCode,
    ).toBe(400);
    const invalid = await t.admin.put(`/api/settings/${s.id}/`, { category: 'size', value: '', price: '0' });
    expect(invalid.json()).toEqual({ value: [MESSAGES.valueRequired] });
  });

  it('deletes an unused setting', async () => {
    const s = await createSetting('hinge_side', 'Left');
    const res = await t.admin.delete(`/api/settings/${s.id}/`);
    expect(res.statusCode).toBe(204);
    expect((await t.admin.get('/api/settings/')).json()).toEqual([]);
    expect((await t.admin.delete(`/api/settings/${s.id}/`)).statusCode).toBe(404);
  });

  it('refuses to delete a setting orders use (409, clear message), whatever the reference', async () => {
    const truck = await createSetting('ship_via', 'Truck');
    await insertOrder(t.database, { shipViaId: truck.id });
    await insertOrder(t.database, { shipViaId: truck.id });
    const res = await t.admin.delete(`/api/settings/${truck.id}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: 'Cannot delete "Truck": it is used by 2 orders. Change those orders first.',
      order_count: 2,
    });

    const shelf = await createSetting('additional_item', 'Shelf', '45');
    const order = await insertOrder(t.database);
    await t.database.db
      .insert(orderAdditionalItems)
      .values({ orderId: order.id, itemId: shelf.id, quantity: 1, price: '45.00' });
    const item = await t.admin.delete(`/api/settings/${shelf.id}/`);
    expect(item.statusCode).toBe(409);
    expect(item.json().detail).toBe(
      'Cannot delete "Shelf": it is used by 1 order. Change those orders first.',
    );

    const size = await createSetting('size', '8x10');
    await t.database.db.insert(orderBuildingInfo).values({ orderId: order.id, sizeId: size.id });
    expect((await t.admin.delete(`/api/settings/${size.id}/`)).statusCode).toBe(409);

    expect((await t.admin.get('/api/settings/')).json()).toHaveLength(3);
  });

  it('keeps a used setting in its category, but lets its value and price change', async () => {
    const truck = await createSetting('ship_via', 'Truck');
    await insertOrder(t.database, { shipViaId: truck.id });
    const move = await t.admin.put(`/api/settings/${truck.id}/`, {
      category: 'size',
      value: 'Truck',
      price: '0',
    });
    expect(move.statusCode).toBe(400);
    expect(move.json()).toEqual({ category: [SETTING_CATEGORY_LOCKED] });
    const rename = await t.admin.put(`/api/settings/${truck.id}/`, {
      category: 'ship_via',
      value: 'Flatbed Truck',
      price: '0',
    });
    expect(rename.statusCode).toBe(200);
  });

  it('lets staff read but not write', async () => {
    const s = await createSetting('size', '8x10');
    expect((await t.staff.get('/api/settings/')).statusCode).toBe(200);
    expect((await t.staff.get('/api/settings/ship_via_options/')).statusCode).toBe(200);
    expect(
      (await t.staff.post('/api/settings/', { category: 'size', value: '9x9', price: '0' })).statusCode,
    ).toBe(403);
    expect(
      (await t.staff.put(`/api/settings/${s.id}/`, { category: 'size', value: '9x9', price: '0' }))
        .statusCode,
    ).toBe(403);
    expect((await t.staff.delete(`/api/settings/${s.id}/`)).statusCode).toBe(403);
    expect((await t.anonymous.get('/api/settings/')).statusCode).toBe(401);
  });
});

describe('settings tRPC', () => {
  it('offers the same behaviour, with field errors at the top level on update too', async () => {
    const created = await t.admin.trpcMutation('catalogue.settings.create', {
      category: 'ship_via',
      value: 'Truck',
      price: '0',
    });
    expect(created.statusCode).toBe(200);
    const truck = created.json().result.data;
    expect(truck).toMatchObject({
      category: 'ship_via',
      category_display: 'Ship Via',
      value: 'Truck',
      price: '0.00',
    });

    const bad = await t.admin.trpcMutation('catalogue.settings.update', {
      id: truck.id,
      data: { category: 'ship_via', value: '', price: '-2' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.data.appCode).toBe('VALIDATION');
    expect(bad.json().error.data.fieldErrors).toEqual({
      value: [MESSAGES.valueRequired],
      price: [MESSAGES.priceNegative],
    });

    const updated = await t.admin.trpcMutation('catalogue.settings.update', {
      id: truck.id,
      data: { category: 'ship_via', value: 'LTL Freight', price: '0' },
    });
    expect(updated.json().result.data.value).toBe('LTL Freight');

    expect(
      (await t.staff.trpcQuery('catalogue.settings.list', { category: 'ship_via' })).json().result.data,
    ).toHaveLength(1);
    expect((await t.staff.trpcQuery('catalogue.settings.list')).json().result.data).toHaveLength(1);
    expect((await t.staff.trpcQuery('catalogue.settings.categories')).json().result.data).toHaveLength(10);
    expect((await t.staff.trpcQuery('catalogue.settings.shipViaOptions')).json().result.data).toEqual([
      { value: truck.id, label: 'LTL Freight' },
    ]);
    expect((await t.staff.trpcMutation('catalogue.settings.delete', { id: truck.id })).statusCode).toBe(403);

    await insertOrder(t.database, { shipViaId: truck.id });
    const inUse = await t.admin.trpcMutation('catalogue.settings.delete', { id: truck.id });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.data.appCode).toBe('CONFLICT');
    expect(inUse.json().error.message).toMatch(/used by 1 order/);
  });
});
