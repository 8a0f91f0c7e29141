import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SPREADSHEET_MESSAGES } from '@icehouse/domain';
import { rowsOf } from '@icehouse/db';
import { countRows, orderPayload, useOrdersTestApp } from '../../../tests/orders-test-support';
import { csvFile, resetSpreadsheets, uploadSheet } from '../../../tests/spreadsheets-support';

const ctx = useOrdersTestApp();
beforeEach(() => resetSpreadsheets(ctx.database));

/** Uploads and imports a sheet with its suggested mapping; answers the batch. */
async function importSheet(kind: string, rows: unknown[][]) {
  const up = await uploadSheet(ctx.admin, kind, `${kind}.csv`, csvFile(rows));
  expect(up.statusCode, up.body).toBe(201);
  const res = await ctx.admin.post(`/api/spreadsheets/uploads/${up.json().id}/import/`, { mapping: up.json().mapping });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const undo = () => ctx.admin.post('/api/spreadsheets/batches/undo/');
const components = async () => (await ctx.admin.get('/api/components/')).json() as { id: number; name: string; cost: string; markup: string }[];
const stock = async () =>
  rowsOf<{ name: string; on_hand: number }>(
    await ctx.database.db.execute(sql`select c.name, s.on_hand from component_stock s join components c on c.id = s.component_id order by lower(c.name)`),
  );

describe('undo of the last import', () => {
  it('deletes what it created and gives what it updated its values and stock back, by a reversing adjustment', async () => {
    await importSheet('components', [['Name', 'Cost', 'Markup', 'Stock'], ['Bolt', '0.10', '50', '2']]);
    const batch = await importSheet('components', [
      ['Name', 'Cost', 'Markup', 'Stock'],
      ['bolt', '0.15', '40', '9'],
      ['Nut', '0.05', '100', '5'],
    ]);
    expect(batch).toMatchObject({ created_count: 1, updated_count: 1 });
    expect(await stock()).toEqual([{ name: 'bolt', on_hand: 9 }, { name: 'Nut', on_hand: 5 }]);

    const res = await undo();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: batch.id, undone_at: expect.any(String) });
    expect((await components()).map((c) => [c.name, c.cost, c.markup])).toEqual([['Bolt', '0.10', '50.00']]);
    expect(await stock()).toEqual([{ name: 'Bolt', on_hand: 2 }]);
    const reasons = rowsOf<{ quantity: number; reason: string }>(await ctx.database.db.execute(sql`select quantity, reason from stock_movements order by id`));
    expect(reasons).toEqual([
      { quantity: 2, reason: 'Imported' },
      { quantity: 7, reason: 'Imported' },
      { quantity: -7, reason: 'Import undone' },
    ]);
    const list = (await ctx.admin.get('/api/spreadsheets/batches/')).json().results;
    expect(list.map((b: { id: number; undone_at: string | null }) => [b.id, b.undone_at !== null])).toEqual([
      [batch.id, true],
      [batch.id - 1, false],
    ]);

    // The one before is next; then there is nothing to undo.
    expect((await undo()).statusCode).toBe(200);
    expect(await countRows(ctx.database, 'components')).toBe(0);
    const none = await undo();
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: SPREADSHEET_MESSAGES.nothingToUndo });
  });

  it('is refused while a component it created is in a product, and changes nothing', async () => {
    await importSheet('components', [['Name', 'Cost', 'Markup'], ['Panel', '100', '20']]);
    const [panel] = await components();
    const product = await ctx.admin.post('/api/products/', {
      description: 'Cooler',
      building_type: 'FREEZER_COOLER_UNIT',
      is_simple: false,
      components: [{ component: panel!.id, quantity: 2 }],
    });
    expect(product.statusCode, product.body).toBe(201);
    const res = await undo();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: SPREADSHEET_MESSAGES.undoUsed('the component "Panel" is used by the product "Cooler"') });
    expect(await components()).toHaveLength(1);
    expect((await ctx.admin.get('/api/spreadsheets/batches/')).json().results[0].undone_at).toBeNull();
  });

  it('is refused when a component it updated was changed since', async () => {
    await importSheet('components', [['Name', 'Cost', 'Markup'], ['Panel', '100', '20']]);
    await importSheet('components', [['Name', 'Cost', 'Markup'], ['Panel', '110', '20']]);
    const [panel] = await components();
    expect((await ctx.admin.put(`/api/components/${panel!.id}/`, { name: 'Panel', cost: '120', markup: '20' })).statusCode).toBe(200);
    const res = await undo();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: SPREADSHEET_MESSAGES.undoChanged('the component "Panel"') });
    expect((await components())[0]!.cost).toBe('120.00');
  });

  it('restores a customer it updated, ship-to addresses included, and deletes the one it created', async () => {
    const made = await ctx.admin.post('/api/customers/', {
      name: 'Lakeside Resort',
      phone: '(612) 555-0100',
      ship_to: [{ label: 'Dock', street: '1 Pier Rd', zip_code: '55402', is_default: true }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    await importSheet('customers', [
      ['Name', 'Phone', 'Ship-to label', 'Ship-to street'],
      ['lakeside resort', '(612) 555-0199', 'Lodge', '9 Hill St'],
      ['North Camp', '', '', ''],
    ]);
    const updated = (await ctx.admin.get(`/api/customers/${id}/`)).json();
    expect(updated).toMatchObject({ name: 'lakeside resort', phone: '(612) 555-0199', version: 2 });
    expect(updated.ship_to.map((a: { label: string }) => a.label)).toEqual(['Lodge']);

    expect((await undo()).statusCode).toBe(200);
    const restored = (await ctx.admin.get(`/api/customers/${id}/`)).json();
    expect(restored).toMatchObject({ name: 'Lakeside Resort', phone: '(612) 555-0100', version: 3 });
    expect(restored.ship_to.map((a: { label: string; street: string; is_default: boolean }) => [a.label, a.street, a.is_default])).toEqual([
      ['Dock', '1 Pier Rd', true],
    ]);
    expect(await countRows(ctx.database, 'customers')).toBe(1);
  });

  it('is refused while a customer it created is on an order, or one it updated was edited since', async () => {
    await importSheet('customers', [['Name'], ['North Camp']]);
    const [camp] = rowsOf<{ id: number }>(await ctx.database.db.execute(sql`select id from customers`));
    const order = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { customer_id: camp!.id }));
    expect(order.statusCode, order.body).toBe(201);
    const res = await undo();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: SPREADSHEET_MESSAGES.undoUsed('the customer "North Camp" is on the order 1001') });

    const second = await importSheet('customers', [['Name', 'Notes'], ['North Camp', 'Gate code 1234']]);
    expect(second.updated_count).toBe(1);
    const current = (await ctx.admin.get(`/api/customers/${camp!.id}/`)).json();
    expect((await ctx.admin.put(`/api/customers/${camp!.id}/`, { ...current, notes: 'Changed by hand' })).statusCode).toBe(200);
    const changed = await undo();
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({ detail: SPREADSHEET_MESSAGES.undoChanged('the customer "North Camp"') });
  });

  it('is refused while a product it created is on an order', async () => {
    await importSheet('products', [['Description', 'Building type', 'Simple', 'Price'], ['Shed 6x8', 'Ice House Kit', 'yes', '1500']]);
    const [shed] = rowsOf<{ id: number }>(await ctx.database.db.execute(sql`select id from products where description = 'Shed 6x8'`));
    const payload = orderPayload(ctx.cat, { door_number: '2001' });
    const order = await ctx.staff.post('/api/orders/', { ...payload, building_info: { ...(payload.building_info as object), product: shed!.id, price: '1500.00' } });
    expect(order.statusCode, order.body).toBe(201);
    const res = await undo();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: SPREADSHEET_MESSAGES.undoUsed('the product "Shed 6x8" is on the order 2001') });
  });

  it('is refused while a product it created is on a quote', async () => {
    await importSheet('products', [['Description', 'Building type', 'Simple', 'Price'], ['Shed 8x8', 'Ice House Kit', 'yes', '1800']]);
    const [shed] = rowsOf<{ id: number }>(await ctx.database.db.execute(sql`select id from products where description = 'Shed 8x8'`));
    const { door_number: _door, status: _status, ...body } = orderPayload(ctx.cat);
    const quote = await ctx.staff.post('/api/quotes/', {
      ...body,
      valid_until: '2099-01-01',
      building_info: { ...(body.building_info as object), product: shed!.id, price: '1800.00' },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const res = await undo();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: SPREADSHEET_MESSAGES.undoUsed(`the product "Shed 8x8" is on the quote ${quote.json().quote_number}`) });
  });

  it('announces each customer it creates, updates or deletes, as the REST GET answers it; a refused import announces nothing', async () => {
    const events = async () =>
      ((await ctx.admin.get('/api/events/?since=0')).json() as { results: { type: string; data: { id: number; name?: string; phone?: string } }[] }).results.filter(
        (e) => e.type.startsWith('customer.'),
      );
    const before = (await events()).length;
    const refused = await uploadSheet(ctx.admin, 'customers', 'bad.csv', csvFile([['Name', 'Email'], ['Bad Email Co', 'nope']]));
    expect((await ctx.admin.post(`/api/spreadsheets/uploads/${refused.json().id}/import/`, { mapping: refused.json().mapping })).statusCode).toBe(400);
    expect(await events()).toHaveLength(before);

    await importSheet('customers', [['Name', 'Phone'], ['Pine Lodge', '(218) 555-0100']]);
    const [created] = (await events()).slice(before);
    expect(created).toMatchObject({ type: 'customer.created', data: { name: 'Pine Lodge', phone: '(218) 555-0100' } });
    expect(created!.data).toEqual((await ctx.admin.get(`/api/customers/${created!.data.id}/`)).json());
    expect((await undo()).statusCode).toBe(200);
    expect((await events()).slice(before + 1).map((e) => [e.type, e.data.id])).toEqual([['customer.deleted', created!.data.id]]);
  });
});
