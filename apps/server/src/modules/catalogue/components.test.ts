import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@icehouse/domain';
import { useCatalogueTestApp } from '../../../tests/catalogue-test-support';
import { COMPONENT_NAME_TAKEN, MARKUP_TOO_LARGE } from './components';

const t = useCatalogueTestApp();

async function createComponent(name: string, cost: string | number, markup: string | number) {
  const res = await t.admin.post('/api/components/', { name, cost, markup });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; cost: string; markup: string; price: string };
}

async function createProduct(description: string, componentIds: number[]) {
  const res = await t.admin.post('/api/products/', {
    description,
    building_type: 'ICE_HOUSE_KIT',
    is_simple: false,
    components: componentIds.map((component) => ({ component, quantity: 1 })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

describe('components REST', () => {
  it('creates a component with price = cost × (1 + markup/100), decimals as strings', async () => {
    const res = await t.admin.post('/api/components/', { name: ' Wall Panel ', cost: 100, markup: '25' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Wall Panel',
      cost: '100.00',
      markup: '25.00',
      price: '125.00',
    });
  });

  it('rounds the price half up to cents', async () => {
    // 10.01 × 1.3333 = 13.346333 -> 13.35; 0.10 × 1.05 = 0.105 -> 0.11
    expect((await createComponent('Hinge', '10.01', '33.33')).price).toBe('13.35');
    expect((await createComponent('Screw', '0.10', '5')).price).toBe('0.11');
    expect((await createComponent('Free sample', '0', '0')).price).toBe('0.00');
  });

  it('lists components by name', async () => {
    await createComponent('roof Truss', '40', '10');
    await createComponent('Door Frame', '60', '0');
    const res = await t.staff.get('/api/components/');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { name: string }) => c.name)).toEqual(['Door Frame', 'roof Truss']);
    expect(res.json()[1]).toEqual({
      id: expect.any(Number),
      name: 'roof Truss',
      cost: '40.00',
      markup: '10.00',
      price: '44.00',
    });
  });

  it("validates with the spec's messages", async () => {
    const res = await t.admin.post('/api/components/', { name: '', cost: '-1', markup: '-0.5' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: ['Name is required'],
      cost: ['Cost must be positive'],
      markup: ['Markup must be positive'],
    });
    const missing = await t.admin.post('/api/components/', { name: 'Bolt' });
    expect(missing.json()).toEqual({ cost: [MESSAGES.costRequired], markup: [MESSAGES.markupRequired] });
    const text = await t.admin.post('/api/components/', { name: 'Bolt', cost: 'cheap', markup: 'some' });
    expect(text.json()).toEqual({ cost: [MESSAGES.costInvalid], markup: [MESSAGES.markupInvalid] });
    // markup is numeric(7,2): a larger one is a field error, never a database error.
    const huge = await t.admin.post('/api/components/', { name: 'Bolt', cost: '1', markup: '100000' });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ markup: [MARKUP_TOO_LARGE] });
    expect((await t.admin.get('/api/components/')).json()).toEqual([]);
  });

  it('refuses a duplicate name (any case) as a field error on name', async () => {
    const panel = await createComponent('Wall Panel', '100', '25');
    const dup = await t.admin.post('/api/components/', { name: 'wall panel', cost: '1', markup: '0' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: [COMPONENT_NAME_TAKEN] });
    const other = await createComponent('Roof Panel', '80', '25');
    const rename = await t.admin.put(`/api/components/${other.id}/`, {
      name: 'WALL PANEL',
      cost: '80',
      markup: '25',
    });
    expect(rename.json()).toEqual({ name: [COMPONENT_NAME_TAKEN] });
    const self = await t.admin.put(`/api/components/${panel.id}/`, {
      name: 'Wall panel',
      cost: '100',
      markup: '25',
    });
    expect(self.statusCode).toBe(200);
  });

  it('updates a component and its price; 404 for an unknown one', async () => {
    const c = await createComponent('Wall Panel', '100', '25');
    const res = await t.admin.put(`/api/components/${c.id}/`, {
      name: 'Wall Panel',
      cost: '120',
      markup: '50',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: c.id,
      name: 'Wall Panel',
      cost: '120.00',
      markup: '50.00',
      price: '180.00',
    });
    expect(
      (await t.admin.put('/api/components/9999/', { name: 'x', cost: '1', markup: '1' })).statusCode,
    ).toBe(404);
    const bad = await t.admin.put(`/api/components/${c.id}/`, {
      name: 'Wall Panel',
      cost: '-5',
      markup: '50',
    });
    expect(bad.json()).toEqual({ cost: ['Cost must be positive'] });
  });

  it('deletes an unused component', async () => {
    const c = await createComponent('Wall Panel', '100', '25');
    expect((await t.admin.delete(`/api/components/${c.id}/`)).statusCode).toBe(204);
    expect((await t.admin.get('/api/components/')).json()).toEqual([]);
    expect((await t.admin.delete(`/api/components/${c.id}/`)).statusCode).toBe(404);
  });

  it('refuses to delete a component a product uses, naming the products (no silent cascade)', async () => {
    const panel = await createComponent('Wall Panel', '100', '25');
    const kit = await createProduct('Kit 8x16', [panel.id]);
    await createProduct('Cooler 6x8', [panel.id]);
    const res = await t.admin.delete(`/api/components/${panel.id}/`);
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.detail).toBe(
      'Cannot delete "Wall Panel": it is used by the products Cooler 6x8, Kit 8x16. Remove it from those products first.',
    );
    expect(body.products).toEqual([
      { id: expect.any(Number), description: 'Cooler 6x8' },
      { id: kit.id, description: 'Kit 8x16' },
    ]);
    expect((await t.admin.get('/api/components/')).json()).toHaveLength(1);
    const product = (await t.admin.get('/api/products/')).json().find((p: { id: number }) => p.id === kit.id);
    expect(product.components).toHaveLength(1);

    // Once no product uses it, it can go.
    await t.admin.delete(`/api/products/${kit.id}/`);
    const one = await t.admin.delete(`/api/components/${panel.id}/`);
    expect(one.json().detail).toBe(
      'Cannot delete "Wall Panel": it is used by the product Cooler 6x8. Remove it from that product first.',
    );
  });

  it('lets staff read but not write', async () => {
    const c = await createComponent('Wall Panel', '100', '25');
    expect((await t.staff.get('/api/components/')).statusCode).toBe(200);
    expect((await t.staff.post('/api/components/', { name: 'x', cost: '1', markup: '1' })).statusCode).toBe(
      403,
    );
    expect(
      (await t.staff.put(`/api/components/${c.id}/`, { name: 'x', cost: '1', markup: '1' })).statusCode,
    ).toBe(403);
    expect((await t.staff.delete(`/api/components/${c.id}/`)).statusCode).toBe(403);
  });
});

describe('components tRPC', () => {
  it('offers the same behaviour to the web client', async () => {
    const created = await t.admin.trpcMutation('catalogue.components.create', {
      name: 'Wall Panel',
      cost: '100',
      markup: '25',
    });
    expect(created.statusCode).toBe(200);
    const panel = created.json().result.data;
    expect(panel.price).toBe('125.00');
    const invalid = await t.admin.trpcMutation('catalogue.components.create', {
      name: '',
      cost: '-1',
      markup: '0',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.data.fieldErrors).toEqual({
      name: ['Name is required'],
      cost: ['Cost must be positive'],
    });
    const dup = await t.admin.trpcMutation('catalogue.components.update', {
      id: panel.id,
      data: { name: 'Wall Panel', cost: 'x', markup: '1' },
    });
    expect(dup.json().error.data.fieldErrors).toEqual({ cost: [MESSAGES.costInvalid] });
    const updated = await t.admin.trpcMutation('catalogue.components.update', {
      id: panel.id,
      data: { name: 'Panel', cost: '10', markup: '10' },
    });
    expect(updated.json().result.data).toEqual({
      id: panel.id,
      name: 'Panel',
      cost: '10.00',
      markup: '10.00',
      price: '11.00',
    });
    expect((await t.staff.trpcQuery('catalogue.components.list')).json().result.data).toHaveLength(1);
    expect(
      (await t.staff.trpcMutation('catalogue.components.create', { name: 'x', cost: '1', markup: '1' }))
        .statusCode,
    ).toBe(403);
    expect((await t.admin.trpcMutation('catalogue.components.delete', { id: panel.id })).statusCode).toBe(
      200,
    );
    expect((await t.admin.trpcMutation('catalogue.components.delete', { id: panel.id })).statusCode).toBe(
      404,
    );
  });
});
