import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MATERIALS_MESSAGES, MESSAGES, SPREADSHEET_LIMITS, SPREADSHEET_MESSAGES } from '@icehouse/domain';
import { rowsOf } from '@icehouse/db';
import { PNG_BYTES, TINY_PDF, countRows, useOrdersTestApp } from '../../../tests/orders-test-support';
import { csvFile, modelPrice, readXlsx, resetSpreadsheets, uploadSheet, xlsxFile } from '../../../tests/spreadsheets-support';

const ctx = useOrdersTestApp();
beforeEach(() => resetSpreadsheets(ctx.database));

const COMPONENT_HEADER = ['Name', 'Cost', 'Markup', 'Stock'];

async function uploaded(kind: string, filename: string, bytes: Buffer) {
  const res = await uploadSheet(ctx.admin, kind, filename, bytes);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const preview = (id: number, mapping: Record<string, string>) => ctx.admin.post(`/api/spreadsheets/uploads/${id}/preview/`, { mapping });
const importIt = (id: number, mapping: Record<string, string>) => ctx.admin.post(`/api/spreadsheets/uploads/${id}/import/`, { mapping });
const onHand = async () =>
  Object.fromEntries(
    rowsOf<{ name: string; on_hand: number }>(
      await ctx.database.db.execute(sql`select c.name, s.on_hand from component_stock s join components c on c.id = s.component_id`),
    ).map((r) => [r.name, r.on_hand]),
  );

describe('components from a CSV', () => {
  it('previews every row with its errors on their cells, writes nothing, then imports a corrected cell exactly', async () => {
    const up = await uploaded(
      'components',
      'parts.csv',
      csvFile([
        COMPONENT_HEADER,
        ['Hinge', '1.005', '35', '10'],
        ['Panel', 'abc', '20', ''],
        [],
        ['', '5', '-3', '-1'],
        ['hinge', '1', '1', ''],
      ]),
    );
    expect(up).toMatchObject({ kind: 'components', headers: COMPONENT_HEADER, row_count: 4, mapping_remembered: false });
    expect(up.mapping).toEqual({ name: 'Name', cost: 'Cost', markup: 'Markup', stock: 'Stock' });

    const res = await preview(up.id, up.mapping);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    // Row numbers are the file's: the blank line 4 is left out, and the row after it is 5.
    expect(p.rows.map((r: { row: number }) => r.row)).toEqual([2, 3, 5, 6]);
    expect(p.rows[0]).toMatchObject({ row: 2, errors: {}, action: 'create' });
    expect(p.rows[1].errors).toEqual({ cost: [MESSAGES.costInvalid] });
    expect(p.rows[2].errors).toMatchObject({ name: [MESSAGES.nameRequired], markup: [MESSAGES.markupPositive], stock: [MATERIALS_MESSAGES.onHandInvalid] });
    expect(p.rows[3].errors).toEqual({ name: [SPREADSHEET_MESSAGES.duplicateRow(2)] });
    expect(p).toMatchObject({ row_count: 4, rows_with_errors: 3, error_count: 5, create_count: 1, update_count: 0 });
    expect(await countRows(ctx.database, 'components')).toBe(0);

    const refused = await importIt(up.id, up.mapping);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: SPREADSHEET_MESSAGES.hasErrors(5), error_count: 5, rows_with_errors: 3 });
    expect(await countRows(ctx.database, 'components')).toBe(0);

    // Corrections in the preview, each recorded.
    for (const [row, field, value] of [
      [3, 'cost', '7.5'],
      [5, 'name', 'Latch'],
      [5, 'markup', '3'],
      [5, 'stock', '4'],
      [6, 'name', 'Gasket'],
    ] as const) {
      const edited = await ctx.admin.patch(`/api/spreadsheets/uploads/${up.id}/cells/`, { mapping: up.mapping, row, field, value });
      expect(edited.statusCode, edited.body).toBe(200);
    }
    const fixed = (await preview(up.id, up.mapping)).json();
    expect(fixed.error_count).toBe(0);
    expect(fixed.edits).toHaveLength(5);
    expect(fixed.edits[0]).toMatchObject({ row: 3, column: 'Cost', from: 'abc', to: '7.5' });

    const done = await importIt(up.id, up.mapping);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ kind: 'components', filename: 'parts.csv', row_count: 4, created_count: 4, updated_count: 0, created_by: 'admin', undone_at: null });

    const list = (await ctx.admin.get('/api/components/')).json() as { name: string; cost: string; markup: string; price: string }[];
    const expected = [
      ['Gasket', '1.00', '1.00'],
      ['Hinge', '1.01', '35.00'], // half up, where a float's toFixed(2) gives 1.00
      ['Latch', '5.00', '3.00'],
      ['Panel', '7.50', '20.00'],
    ];
    expect(list.map((c) => [c.name, c.cost, c.markup])).toEqual(expected);
    for (const c of list) expect(c.price).toBe(modelPrice(c.cost, c.markup));
    expect(list.find((c) => c.name === 'Hinge')!.price).toBe('1.36'); // 1.01 × 1.35 = 1.3635
    expect(await onHand()).toEqual({ Hinge: 10, Latch: 4 });
    const moves = rowsOf<{ quantity: number; reason: string; source: string }>(
      await ctx.database.db.execute(sql`select quantity, reason, source from stock_movements order by component_id`),
    );
    expect(moves).toEqual([
      { quantity: 10, reason: 'Imported', source: 'adjustment' },
      { quantity: 4, reason: 'Imported', source: 'adjustment' },
    ]);
    // The upload is gone with its import.
    expect((await preview(up.id, up.mapping)).statusCode).toBe(404);
  });

  it('answers the mapping that does not fit the file on mapping.<field>', async () => {
    const up = await uploaded('components', 'parts.csv', csvFile([['Part', 'Unit price', 'Markup'], ['Hinge', '1', '2']]));
    expect(up.mapping).toEqual({ name: 'Part', markup: 'Markup' });
    const res = await preview(up.id, { name: 'Part', markup: 'Markup', stock: 'Nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      mapping: { cost: [SPREADSHEET_MESSAGES.requiredUnmapped('Cost')], stock: [SPREADSHEET_MESSAGES.headerUnknown] },
    });
    const twice = await preview(up.id, { name: 'Part', cost: 'Markup', markup: 'Markup' });
    expect(twice.json()).toEqual({ mapping: { markup: [SPREADSHEET_MESSAGES.headerTwice] } });
  });

  it('remembers the mapping imported with, for the next file of the kind', async () => {
    const sheet = csvFile([['Part', 'Unit price', 'Pct'], ['Hinge', '1', '2']]);
    const first = await uploaded('components', 'a.csv', sheet);
    const mapping = { name: 'Part', cost: 'Unit price', markup: 'Pct' };
    expect((await importIt(first.id, mapping)).statusCode).toBe(201);
    const second = await uploaded('components', 'b.csv', sheet);
    expect(second).toMatchObject({ mapping, mapping_remembered: true });
    const products = await uploaded('products', 'p.csv', csvFile([['Description', 'Building type'], ['Kit', 'Door Only']]));
    expect(products.mapping_remembered).toBe(false);
  });

  it('updates a component of the same name (any case) and sets its stock by an adjustment', async () => {
    const first = await uploaded('components', 'a.csv', csvFile([COMPONENT_HEADER, ['Hinge', '10', '10', '5']]));
    expect((await importIt(first.id, first.mapping)).statusCode).toBe(201);
    const second = await uploaded('components', 'b.csv', csvFile([COMPONENT_HEADER, ['HINGE', '11.10', '12.5', '3']]));
    const p = (await preview(second.id, second.mapping)).json();
    expect(p).toMatchObject({ create_count: 0, update_count: 1, rows: [{ action: 'update' }] });
    expect((await importIt(second.id, second.mapping)).json()).toMatchObject({ created_count: 0, updated_count: 1 });
    const [c] = (await ctx.admin.get('/api/components/')).json();
    expect(c).toMatchObject({ name: 'HINGE', cost: '11.10', markup: '12.50', price: modelPrice('11.10', '12.50') });
    expect(c.price).toBe('12.49'); // 11.10 × 1.125 = 12.4875
    expect(await onHand()).toEqual({ HINGE: 3 });
  });
});

describe('customers from an XLSX with typed cells', () => {
  const HEADER = ['Customer', 'Phone', 'Email', 'Billing ZIP code', 'Ship-to label', 'Ship-to street', 'Ship-to ZIP code', 'Ship-to default'];

  it('groups a customer\'s rows into its ship-to addresses, errors on their cells, and imports them', async () => {
    const bytes = await xlsxFile([
      HEADER,
      ['Lakeside Resort', 6125550100, 'ops@lakeside.test', 55401, 'Dock', '1 Pier Rd', 55402, 'yes'],
      ['Lakeside Resort', null, null, null, 'Lodge', '9 Hill St', 55403, null],
      ['North Camp', '(612) 555-0101', 'not-an-email', null, null, null, null, null],
      ['North Camp', '(612) 555-0199', null, null, 'Gate', '2 Road', '5540', 'maybe'],
    ]);
    const up = await uploaded('customers', 'customers.xlsx', bytes);
    expect(up.mapping).toMatchObject({ name: 'Customer', phone: 'Phone', email: 'Email', billing_zip_code: 'Billing ZIP code', ship_to_default: 'Ship-to default' });
    const p = (await preview(up.id, up.mapping)).json();
    expect(p.rows[0]).toMatchObject({ row: 2, values: { phone: '6125550100', billing_zip_code: '55401' }, errors: {}, action: 'create' });
    expect(p.rows[1]).toMatchObject({ errors: {}, action: 'create' });
    expect(p.rows[2].errors).toEqual({ email: [MESSAGES.emailInvalid] });
    expect(p.rows[3].errors).toEqual({
      phone: [SPREADSHEET_MESSAGES.differsFromRow(4)],
      ship_to_default: [SPREADSHEET_MESSAGES.yesNoInvalid],
      ship_to_zip_code: [MESSAGES.zipInvalid],
    });
    expect(p.create_count).toBe(1);

    // Corrected by a new file this time.
    const fixed = await uploaded(
      'customers',
      'customers-fixed.xlsx',
      await xlsxFile([
        HEADER,
        ['Lakeside Resort', 6125550100, 'ops@lakeside.test', 55401, 'Dock', '1 Pier Rd', 55402, 'yes'],
        ['Lakeside Resort', null, null, null, 'Lodge', '9 Hill St', 55403, null],
        ['North Camp', '(612) 555-0101', 'camp@north.test', null, 'Gate', '2 Road', '55404', 'no'],
      ]),
    );
    const p2 = (await preview(fixed.id, fixed.mapping)).json();
    expect(p2).toMatchObject({ error_count: 0, create_count: 2 });
    const done = await importIt(fixed.id, fixed.mapping);
    expect(done.statusCode, done.body).toBe(201);
    const list = (await ctx.admin.get('/api/customers/?search=Lakeside')).json();
    const lakeside = (await ctx.admin.get(`/api/customers/${list.results[0].id}/`)).json();
    expect(lakeside).toMatchObject({ name: 'Lakeside Resort', phone: '(612) 555-0100', email: 'ops@lakeside.test' });
    expect(lakeside.ship_to.map((a: { label: string; zip_code: string; is_default: boolean }) => [a.label, a.zip_code, a.is_default])).toEqual([
      ['Dock', '55402', true],
      ['Lodge', '55403', false],
    ]);
  });
});

describe('products with component lines', () => {
  it('reads the building type by its label, names unknown components on their cell, and imports the lines', async () => {
    const parts = await uploaded('components', 'parts.csv', csvFile([['Name', 'Cost', 'Markup'], ['Panel', '100.10', '25'], ['Door', '250', '10.5']]));
    expect((await importIt(parts.id, parts.mapping)).statusCode).toBe(201);
    const up = await uploaded(
      'products',
      'products.csv',
      csvFile([
        ['Description', 'Building type', 'Simple', 'Price', 'Component', 'Quantity'],
        ['Cooler 8x8', 'Freezer/Cooler Unit', '', '', 'Panel', '4'],
        ['Cooler 8x8', '', '', '', 'door', ''],
        ['Shed', 'Barn', 'no', '', 'Window', '0'],
        ['Kit', 'DOOR_ONLY', 'yes', '899.999', '', ''],
      ]),
    );
    const p = (await preview(up.id, up.mapping)).json();
    expect(p.rows[0]).toMatchObject({ errors: {}, action: 'create' });
    expect(p.rows[2].errors).toEqual({
      building_type: [SPREADSHEET_MESSAGES.buildingTypeInvalid],
      component: [SPREADSHEET_MESSAGES.componentUnknown('Window')],
    });
    expect(p.rows[3]).toMatchObject({ errors: {}, action: 'create' });
    await ctx.admin.patch(`/api/spreadsheets/uploads/${up.id}/cells/`, { mapping: up.mapping, row: 4, field: 'building_type', value: 'Ice House Kit' });
    const again = await ctx.admin.patch(`/api/spreadsheets/uploads/${up.id}/cells/`, { mapping: up.mapping, row: 4, field: 'component', value: 'Panel' });
    expect(again.json().rows[2].errors).toEqual({ quantity: [MESSAGES.quantityMin] });
    const last = await ctx.admin.patch(`/api/spreadsheets/uploads/${up.id}/cells/`, { mapping: up.mapping, row: 4, field: 'quantity', value: '2' });
    expect(last.json().error_count).toBe(0);
    expect((await importIt(up.id, up.mapping)).json()).toMatchObject({ created_count: 3, row_count: 4 });

    const products = (await ctx.admin.get('/api/products/')).json() as { description: string; calculated_price: string; price: string | null; components: unknown[] }[];
    const cooler = products.find((x) => x.description === 'Cooler 8x8')!;
    // 4 × 125.13 (100.10 × 1.25 = 125.125, half up) + 1 × 276.25 (250 × 1.105)
    expect(modelPrice('100.10', '25.00')).toBe('125.13');
    expect(cooler.calculated_price).toBe('776.77');
    expect(cooler.components).toHaveLength(2);
    expect(products.find((x) => x.description === 'Kit')).toMatchObject({ price: '900.00', calculated_price: '900.00' });
    expect(products.find((x) => x.description === 'Shed')).toMatchObject({ calculated_price: '250.26' });
  });
});

describe('what the upload refuses', () => {
  it('answers 415 for a file that is not a CSV or an XLSX, whatever its name says', async () => {
    for (const [name, bytes, type] of [
      ['plan.pdf', TINY_PDF, 'application/pdf'],
      ['sheet.csv', PNG_BYTES, 'text/csv'],
      ['sheet.xlsx', csvFile([['Name']]), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['notes.txt', csvFile([['Name'], ['x']]), 'text/plain'],
    ] as const) {
      const res = await uploadSheet(ctx.admin, 'components', name, bytes, type);
      expect(res.statusCode, name).toBe(415);
      expect(res.json()).toEqual({ detail: SPREADSHEET_MESSAGES.fileType });
    }
    expect(await countRows(ctx.database, 'spreadsheet_uploads')).toBe(0);
  });

  it('answers 413 beyond the size limit, 400 for an empty sheet or one without rows, 404 for an unknown kind', async () => {
    const huge = Buffer.alloc(SPREADSHEET_LIMITS.maxBytes + 10, 0x61);
    const big = await uploadSheet(ctx.admin, 'components', 'big.csv', huge);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: SPREADSHEET_MESSAGES.fileTooLarge });
    const empty = await uploadSheet(ctx.admin, 'components', 'empty.csv', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ file: [SPREADSHEET_MESSAGES.fileEmpty] });
    const headerOnly = await uploadSheet(ctx.admin, 'components', 'h.csv', csvFile([['Name', 'Cost']]));
    expect(headerOnly.json()).toEqual({ file: [SPREADSHEET_MESSAGES.noRows] });
    const broken = await uploadSheet(ctx.admin, 'components', 'q.csv', Buffer.from('Name,Cost\n"open,1\n'));
    expect(broken.json()).toEqual({ file: [SPREADSHEET_MESSAGES.fileUnreadable] });
    const kind = await uploadSheet(ctx.admin, 'orders', 'o.csv', csvFile([['Name'], ['x']]));
    expect(kind.statusCode).toBe(400);
  });

  it('is the admin\'s alone, on both doors', async () => {
    const bytes = csvFile([['Name', 'Cost', 'Markup'], ['Hinge', '1', '1']]);
    expect((await uploadSheet(ctx.staff, 'components', 'a.csv', bytes)).statusCode).toBe(403);
    expect((await ctx.staff.get('/api/spreadsheets/components/template/')).statusCode).toBe(403);
    expect((await ctx.staff.trpcQuery('spreadsheets.batches')).statusCode).toBe(403);
    const up = await uploaded('components', 'a.csv', bytes);
    const viaTrpc = await ctx.admin.trpcMutation('spreadsheets.preview', { id: up.id, mapping: up.mapping });
    expect(viaTrpc.statusCode).toBe(200);
    expect(viaTrpc.json().result.data).toEqual((await preview(up.id, up.mapping)).json());
    expect((await ctx.staff.trpcMutation('spreadsheets.import', { id: up.id, mapping: up.mapping })).statusCode).toBe(403);
  });
});

describe('corrections and uploads that are gone', () => {
  it('refuses a cell of no row or of an unmapped field, and answers 404 for an upload that is not there', async () => {
    const up = await uploaded('components', 'a.csv', csvFile([['Name', 'Cost', 'Markup', 'Notes'], ['Hinge', 'x', '1', '']]));
    const edit = (body: Record<string, unknown>) => ctx.admin.patch(`/api/spreadsheets/uploads/${up.id}/cells/`, { mapping: up.mapping, ...body });
    const noRow = await edit({ row: 9, field: 'cost', value: '1' });
    expect(noRow.statusCode).toBe(400);
    expect(noRow.json()).toEqual({ row: [SPREADSHEET_MESSAGES.rowUnknown] });
    const unmapped = await edit({ row: 2, field: 'stock', value: '1' });
    expect(unmapped.json()).toEqual({ field: [SPREADSHEET_MESSAGES.headerUnknown] });
    expect((await preview(up.id, up.mapping)).json().edits).toEqual([]);
    const gone = await preview(up.id + 100, up.mapping);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: SPREADSHEET_MESSAGES.uploadNotFound });
    expect((await importIt(up.id + 100, up.mapping)).statusCode).toBe(404);
    expect((await ctx.anonymous.post(`/api/spreadsheets/uploads/${up.id}/preview/`, { mapping: up.mapping })).statusCode).toBe(401);
  });
});

describe('imports at the same moment', () => {
  it('two sheets naming one new component at once: one creates it, the other updates it (imports queue), never two', async () => {
    const a = await uploaded('components', 'a.csv', csvFile([COMPONENT_HEADER, ['Clamp', '1', '1', '']]));
    const b = await uploaded('components', 'b.csv', csvFile([COMPONENT_HEADER, ['CLAMP', '2', '2', '']]));
    const [ra, rb] = await Promise.all([importIt(a.id, a.mapping), importIt(b.id, b.mapping)]);
    expect([ra.statusCode, rb.statusCode]).toEqual([201, 201]);
    expect([ra.json(), rb.json()].map((r) => [r.created_count, r.updated_count]).sort()).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(await countRows(ctx.database, 'components')).toBe(1);
    // The same upload twice at once: imported once, the other finds it gone.
    const c = await uploaded('components', 'c.csv', csvFile([COMPONENT_HEADER, ['Strap', '1', '1', '']]));
    const twice = (await Promise.all([importIt(c.id, c.mapping), importIt(c.id, c.mapping)])).map((r) => r.statusCode).sort();
    expect(twice).toEqual([201, 404]);
    expect(await countRows(ctx.database, 'spreadsheet_batches')).toBe(3);
  });
});

describe('templates', () => {
  it('downloads each kind as CSV and XLSX, and a filled template maps itself', async () => {
    const csv = await ctx.admin.get('/api/spreadsheets/customers/template/');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toContain('Name,Phone,Email,Billing street');
    const xlsx = await ctx.admin.get('/api/spreadsheets/products/template/?format=xlsx');
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="products-template.xlsx"');
    const [header] = await readXlsx(xlsx.rawPayload);
    expect(header).toEqual(['Description', 'Building type', 'Simple', 'Price', 'Component', 'Quantity']);

    const template = await ctx.admin.get('/api/spreadsheets/components/template/?format=xlsx');
    const [labels] = await readXlsx(template.rawPayload);
    const up = await uploaded('components', 'filled.xlsx', await xlsxFile([labels!, ['Hinge', 2.5, 40, 7]]));
    expect(Object.keys(up.mapping)).toEqual(['name', 'cost', 'markup', 'stock']);
    expect((await preview(up.id, up.mapping)).json().rows[0]).toMatchObject({ values: { cost: '2.5', stock: '7' }, errors: {} });
  });
});
