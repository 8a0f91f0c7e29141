import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@icehouse/domain';
import { orderBuildingInfo, productComponents, products } from '@icehouse/db/schema';
import { insertOrder, useCatalogueTestApp } from '../../../tests/catalogue-test-support';

const t = useCatalogueTestApp();

interface ProductView {
  id: number;
  description: string;
  building_type: string;
  building_type_display: string;
  is_simple: boolean;
  price: string | null;
  components: { id: number; component: number; quantity: number; component_name: string }[];
  calculated_price: string;
  total_cost: string;
}

async function createComponent(name: string, cost: string, markup: string): Promise<{ id: number }> {
  const res = await t.admin.post('/api/components/', { name, cost, markup });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function createProduct(body: Record<string, unknown>): Promise<ProductView> {
  const res = await t.admin.post('/api/products/', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const cooler = (components: { component: number; quantity: number | string }[]) => ({
  description: 'Walk-in Cooler 8x10',
  building_type: 'FREEZER_COOLER_UNIT',
  is_simple: false,
  price: null,
  components,
});

describe('products REST', () => {
  it('creates a simple product carrying its own price', async () => {
    const res = await t.admin.post('/api/products/', {
      description: 'Insulated Door',
      building_type: 'DOOR_ONLY',
      is_simple: true,
      price: '1150',
      components: [],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      description: 'Insulated Door',
      building_type: 'DOOR_ONLY',
      building_type_display: 'Door Only',
      is_simple: true,
      price: '1150.00',
      components: [],
      calculated_price: '1150.00',
      total_cost: '0.00',
    });
  });

  it('creates a product from components: calculated_price and total_cost from the components', async () => {
    const panel = await createComponent('Wall Panel', '100', '25'); // price 125.00
    const door = await createComponent('Door', '40', '50'); // price 60.00
    const product = await createProduct(cooler([{ component: panel.id, quantity: 2 }]));
    expect(product).toEqual({
      id: expect.any(Number),
      description: 'Walk-in Cooler 8x10',
      building_type: 'FREEZER_COOLER_UNIT',
      building_type_display: 'Freezer/Cooler Unit',
      is_simple: false,
      price: null,
      components: [
        { id: expect.any(Number), component: panel.id, quantity: 2, component_name: 'Wall Panel' },
      ],
      calculated_price: '250.00',
      total_cost: '200.00',
    });
    // A price sent for a component product is ignored: it is calculated.
    const two = await createProduct({
      ...cooler([
        { component: door.id, quantity: '3' },
        { component: panel.id, quantity: 1 },
      ]),
      description: 'Kit',
      price: '5',
    });
    expect(two.price).toBeNull();
    expect(two.components.map((c) => [c.component_name, c.quantity])).toEqual([
      ['Door', 3],
      ['Wall Panel', 1],
    ]);
    expect(two.calculated_price).toBe('305.00');
    expect(two.total_cost).toBe('220.00');
  });

  it('lists products by description with their components', async () => {
    const panel = await createComponent('Wall Panel', '100', '25');
    await createProduct({
      description: 'Prebuilt Wheelhouse',
      building_type: 'PREBUILT_ICE_HOUSE',
      is_simple: true,
      price: '18900',
    });
    await createProduct({ ...cooler([{ component: panel.id, quantity: 2 }]), description: 'Cooler' });
    const res = await t.staff.get('/api/products/');
    expect(res.statusCode).toBe(200);
    const list = res.json() as ProductView[];
    expect(list.map((p) => [p.description, p.calculated_price])).toEqual([
      ['Cooler', '250.00'],
      ['Prebuilt Wheelhouse', '18900.00'],
    ]);
    expect(list[0]!.components[0]!.component_name).toBe('Wall Panel');
  });

  it('updates a product, replacing its component rows in one go', async () => {
    const panel = await createComponent('Wall Panel', '100', '25');
    const door = await createComponent('Door', '40', '50');
    const product = await createProduct(cooler([{ component: panel.id, quantity: 2 }]));
    const res = await t.admin.put(`/api/products/${product.id}/`, {
      ...cooler([
        { component: door.id, quantity: 1 },
        { component: panel.id, quantity: 4 },
      ]),
      description: 'Cooler 10x12',
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json() as ProductView;
    expect(updated.description).toBe('Cooler 10x12');
    expect(updated.components.map((c) => [c.component, c.quantity])).toEqual([
      [door.id, 1],
      [panel.id, 4],
    ]);
    expect(updated.calculated_price).toBe('560.00');
    expect(updated.total_cost).toBe('440.00');
    const rows = await t.database.db
      .select()
      .from(productComponents)
      .where(eq(productComponents.productId, product.id));
    expect(rows).toHaveLength(2);

    // Turned into a simple product without components: the rows go.
    const simple = await t.admin.put(`/api/products/${product.id}/`, {
      description: 'Cooler 10x12',
      building_type: 'FREEZER_COOLER_UNIT',
      is_simple: true,
      price: '999.99',
      components: [],
    });
    expect(simple.json()).toMatchObject({
      is_simple: true,
      price: '999.99',
      components: [],
      calculated_price: '999.99',
      total_cost: '0.00',
    });
    expect(await t.database.db.select().from(productComponents)).toHaveLength(0);

    expect(
      (await t.admin.put('/api/products/9999/', cooler([{ component: panel.id, quantity: 1 }]))).statusCode,
    ).toBe(404);
  });

  it('a product shows component price changes at once', async () => {
    const panel = await createComponent('Wall Panel', '100', '25');
    const product = await createProduct(cooler([{ component: panel.id, quantity: 2 }]));
    await t.admin.put(`/api/components/${panel.id}/`, { name: 'Wall Panel', cost: '200', markup: '10' });
    const [after] = (await t.admin.get('/api/products/')).json() as ProductView[];
    expect(after!.id).toBe(product.id);
    expect(after!.calculated_price).toBe('440.00');
    expect(after!.total_cost).toBe('400.00');
  });

  it('orders keep the price they were saved with when products and components change', async () => {
    // Prices live on the order rows (order_building_info.price, additional item prices), written
    // when the order is saved; nothing in the catalogue recomputes them. The orders module owns
    // saving orders, so the order row is written directly here.
    const panel = await createComponent('Wall Panel', '100', '25');
    const product = await createProduct(cooler([{ component: panel.id, quantity: 2 }]));
    const order = await insertOrder(t.database);
    await t.database.db
      .insert(orderBuildingInfo)
      .values({ orderId: order.id, productId: product.id, price: product.calculated_price });
    await t.admin.put(`/api/components/${panel.id}/`, { name: 'Wall Panel', cost: '300', markup: '50' });
    await t.admin.put(`/api/products/${product.id}/`, cooler([{ component: panel.id, quantity: 5 }]));
    const [info] = await t.database.db
      .select()
      .from(orderBuildingInfo)
      .where(eq(orderBuildingInfo.orderId, order.id));
    expect(info!.price).toBe('250.00');
  });

  it('simple products need a price above 0', async () => {
    const simple = { description: 'Door', building_type: 'DOOR_ONLY', is_simple: true };
    const none = await t.admin.post('/api/products/', simple);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ price: ['Simple products must have a valid price'] });
    expect((await t.admin.post('/api/products/', { ...simple, price: '0' })).json()).toEqual({
      price: ['Price must be greater than 0'],
    });
    expect((await t.admin.post('/api/products/', { ...simple, price: 0 })).json()).toEqual({
      price: ['Price must be greater than 0'],
    });
    expect((await t.admin.post('/api/products/', { ...simple, price: 'abc' })).json()).toEqual({
      price: ['Simple products must have a valid price'],
    });
    expect((await t.admin.post('/api/products/', { ...simple, price: '0.01' })).statusCode).toBe(201);
  });

  it('component products need at least one component, each once, quantity at least 1', async () => {
    const panel = await createComponent('Wall Panel', '100', '25');
    const none = await t.admin.post('/api/products/', cooler([]));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ components: ['Component products must have at least one component'] });
    const dup = await t.admin.post(
      '/api/products/',
      cooler([
        { component: panel.id, quantity: 1 },
        { component: panel.id, quantity: 2 },
      ]),
    );
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ components: [{}, { component: [MESSAGES.componentDuplicate] }] });
    const qty = await t.admin.post('/api/products/', cooler([{ component: panel.id, quantity: 0 }]));
    expect(qty.json()).toEqual({ components: [{ quantity: ['Quantity must be at least 1'] }] });
    const noSelection = await t.admin.post(
      '/api/products/',
      cooler([{ component: null as unknown as number, quantity: 1 }]),
    );
    expect(noSelection.json()).toEqual({ components: [{ component: ['Component selection is required'] }] });
  });

  it('refuses an unknown component as a field error, writing nothing', async () => {
    const panel = await createComponent('Wall Panel', '100', '25');
    const res = await t.admin.post(
      '/api/products/',
      cooler([
        { component: panel.id, quantity: 1 },
        { component: 9999, quantity: 1 },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ components: [{}, { component: [MESSAGES.optionInvalid] }] });
    expect(await t.database.db.select().from(products)).toHaveLength(0);
    expect(await t.database.db.select().from(productComponents)).toHaveLength(0);
  });

  it('checks the components a simple product lists too (each once, all known)', async () => {
    const panel = await createComponent('Wall Panel', '100', '25');
    const base = { description: 'Door', building_type: 'DOOR_ONLY', is_simple: true, price: '10' };
    const dup = await t.admin.post('/api/products/', {
      ...base,
      components: [
        { component: panel.id, quantity: 1 },
        { component: panel.id, quantity: 1 },
      ],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ components: [{}, { component: [MESSAGES.componentDuplicate] }] });
    const listed = await createProduct({ ...base, components: [{ component: panel.id, quantity: 3 }] });
    expect(listed).toMatchObject({ calculated_price: '10.00', total_cost: '300.00' });
  });

  it('requires description and building type', async () => {
    const res = await t.admin.post('/api/products/', { is_simple: true, price: '5' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      description: [MESSAGES.descriptionRequired],
      building_type: ['Building Type is required'],
    });
    const bad = await t.admin.post('/api/products/', {
      description: 'x',
      building_type: 'IGLOO',
      is_simple: true,
      price: '5',
    });
    expect(bad.json()).toEqual({ building_type: [MESSAGES.buildingTypeInvalid] });
  });

  it('deletes a product with its component rows, but not one orders use', async () => {
    const panel = await createComponent('Wall Panel', '100', '25');
    const product = await createProduct(cooler([{ component: panel.id, quantity: 2 }]));
    const used = await createProduct({
      description: 'Door',
      building_type: 'DOOR_ONLY',
      is_simple: true,
      price: '10',
    });
    const order = await insertOrder(t.database);
    await t.database.db
      .insert(orderBuildingInfo)
      .values({ orderId: order.id, productId: used.id, price: '10.00' });

    const refused = await t.admin.delete(`/api/products/${used.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'Cannot delete "Door": it is used by 1 order.',
      order_count: 1,
    });

    expect((await t.admin.delete(`/api/products/${product.id}/`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(productComponents)).toHaveLength(0);
    expect((await t.admin.get('/api/products/')).json().map((p: ProductView) => p.id)).toEqual([used.id]);
    expect((await t.admin.delete(`/api/products/${product.id}/`)).statusCode).toBe(404);
    // The component is free again.
    expect((await t.admin.delete(`/api/components/${panel.id}/`)).statusCode).toBe(204);
  });

  it('lets staff read but not write', async () => {
    const p = await createProduct({
      description: 'Door',
      building_type: 'DOOR_ONLY',
      is_simple: true,
      price: '10',
    });
    expect((await t.staff.get('/api/products/')).statusCode).toBe(200);
    expect(
      (
        await t.staff.post('/api/products/', {
          description: 'x',
          building_type: 'DOOR_ONLY',
          is_simple: true,
          price: '1',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.staff.put(`/api/products/${p.id}/`, {
          description: 'x',
          building_type: 'DOOR_ONLY',
          is_simple: true,
          price: '1',
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.staff.delete(`/api/products/${p.id}/`)).statusCode).toBe(403);
  });
});

describe('products tRPC', () => {
  it('offers the same behaviour, with nested field errors at the top level on update too', async () => {
    const panel = (
      await t.admin.trpcMutation('catalogue.components.create', {
        name: 'Wall Panel',
        cost: '100',
        markup: '25',
      })
    ).json().result.data;
    const created = await t.admin.trpcMutation(
      'catalogue.products.create',
      cooler([{ component: panel.id, quantity: 2 }]),
    );
    expect(created.statusCode).toBe(200);
    const product = created.json().result.data as ProductView;
    expect(product.calculated_price).toBe('250.00');

    const bad = await t.admin.trpcMutation('catalogue.products.update', {
      id: product.id,
      data: cooler([
        { component: panel.id, quantity: 1 },
        { component: 4242, quantity: 1 },
      ]),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.data.fieldErrors).toEqual({
      components: [{}, { component: [MESSAGES.optionInvalid] }],
    });
    const badSimple = await t.admin.trpcMutation('catalogue.products.update', {
      id: product.id,
      data: { description: 'x', building_type: 'DOOR_ONLY', is_simple: true, price: 0 },
    });
    expect(badSimple.json().error.data.fieldErrors).toEqual({ price: ['Price must be greater than 0'] });

    const updated = await t.admin.trpcMutation('catalogue.products.update', {
      id: product.id,
      data: cooler([{ component: panel.id, quantity: 3 }]),
    });
    expect(updated.json().result.data.calculated_price).toBe('375.00');
    expect((await t.staff.trpcQuery('catalogue.products.list')).json().result.data).toHaveLength(1);
    expect((await t.staff.trpcMutation('catalogue.products.delete', { id: product.id })).statusCode).toBe(
      403,
    );
    const inUse = await t.admin.trpcMutation('catalogue.components.delete', { id: panel.id });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.data.details.products).toEqual([
      { id: product.id, description: 'Walk-in Cooler 8x10' },
    ]);
    expect((await t.admin.trpcMutation('catalogue.products.delete', { id: product.id })).statusCode).toBe(
      200,
    );
  });
});
