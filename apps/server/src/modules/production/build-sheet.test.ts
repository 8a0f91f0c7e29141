import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { eq } from 'drizzle-orm';
import { archivedDocuments, components, productComponents, products } from '@icehouse/db/schema';
import { readPdfText } from '../../../tests/pdf-text';
import { MULTIPART_HEADERS, multipartBody, orderPayload, useOrdersTestApp } from '../../../tests/orders-test-support';

const t = useOrdersTestApp({ pdf: true });

/** A real one-page PDF saying `words` (what an uploaded drawing is). */
async function drawing(words: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText(words, { x: 72, y: 700, size: 18, font });
  return Buffer.from(await doc.save());
}

async function componentOrder() {
  const db = t.database.db;
  const [panel, frame] = await db
    .insert(components)
    .values([
      { name: 'Wall panel 4x8', cost: '123.45', markup: '40' },
      { name: 'Door frame kit', cost: '89.99', markup: '40' },
    ])
    .returning({ id: components.id });
  const [product] = await db.insert(products).values({ description: 'Freezer 8x10 kit', buildingType: 'FREEZER_COOLER_UNIT', isSimple: false }).returning({ id: products.id });
  await db.insert(productComponents).values([
    { productId: product!.id, componentId: panel!.id, quantity: 6 },
    { productId: product!.id, componentId: frame!.id, quantity: 1 },
  ]);
  const res = await t.staff.request('POST', '/api/orders/', {
    payload: orderPayload(t.cat, {
      door_number: '4711',
      ship_date: '2024-06-14',
      ship_via: t.cat.shipVia.truck,
      notes: 'Seal the floor joints twice',
      building_info: {
        product: product!.id,
        price: '2000.00',
        size: t.cat.size.small,
        thickness: t.cat.thickness,
        door_cladding: t.cat.doorCladding,
        door_cladding_price: '0',
        hinge_side: t.cat.hingeSide,
        door_placement: 'Front, left of centre',
        additional_items: [{ item: t.cat.item.rodHolder, quantity: 2, price: '19.90' }],
      },
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const upload = (id: number, path: string, field: string, filename: string, data: Buffer) =>
  t.staff.request('POST', `/api/orders/${id}/${path}/`, { payload: multipartBody(field, filename, data), headers: MULTIPART_HEADERS });

describe('build sheet', () => {
  it('shows the order for the shop with its bill of materials, and appends both drawings as pages', async () => {
    const id = await componentOrder();
    expect((await upload(id, 'blueprint', 'blueprint', 'plan.pdf', await drawing('BLUEPRINT OF UNIT 4711'))).statusCode).toBe(200);
    expect((await upload(id, 'door-placement-drawing', 'door_placement_drawing', 'door.pdf', await drawing('DOOR DRAWING OF UNIT 4711'))).statusCode).toBe(200);

    const res = await t.staff.request('GET', `/api/production/orders/${id}/build-sheet/`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await readPdfText(res.rawPayload);
    expect(text.numPages).toBe(3);
    const sheet = text.pages[0]!;
    expect(sheet).toMatch(/BUILD SHEET/i);
    for (const expected of ['4711', '06/14/2024', 'Company Truck', 'Freezer 8x10 kit', '8x10', '4 in', 'Stainless', 'Left', 'Front, left of centre', 'Rod Holder', 'Seal the floor joints twice'])
      expect(sheet.toLowerCase()).toContain(expected.toLowerCase()); // box titles print in capitals
    expect(sheet).toMatch(/Wall panel 4x8\s+6\s+6/);
    expect(sheet).toMatch(/Door frame kit\s+1\s+1/);
    expect(text.pages[1]).toContain('BLUEPRINT OF UNIT 4711');
    expect(text.pages[2]).toContain('DOOR DRAWING OF UNIT 4711');
    // Numbered as the file it is, drawings included (the sheet alone said "Page 1 of 1").
    text.pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of 3`));
    expect(text.all).not.toContain('Page 1 of 1');

    // Archived: asking again answers the stored version; a save that changes it makes version 2.
    const again = await t.staff.request('GET', `/api/production/orders/${id}/build-sheet/`);
    expect(again.headers['x-document-version']).toBe('1');
    expect(again.headers.etag).toBe(res.headers.etag);
    const [kept] = await t.database.db.select().from(archivedDocuments).where(eq(archivedDocuments.recordId, id));
    expect(kept).toMatchObject({ kind: 'build_sheet', version: 1, filename: 'build-sheet-4711.pdf' });
  });

  it('still prints when a drawing is not a readable PDF, saying which could not be added', async () => {
    const id = await componentOrder();
    const broken = Buffer.from('%PDF-1.7\nthis is not really a PDF at all\n', 'latin1');
    expect((await upload(id, 'blueprint', 'blueprint', 'broken-plan.pdf', broken)).statusCode).toBe(200);
    expect((await upload(id, 'door-placement-drawing', 'door_placement_drawing', 'door.pdf', await drawing('DOOR DRAWING OK'))).statusCode).toBe(200);
    const res = await t.staff.request('GET', `/api/production/orders/${id}/build-sheet/`);
    expect(res.statusCode).toBe(200);
    const text = await readPdfText(res.rawPayload);
    expect(text.numPages).toBe(2);
    expect(text.pages[0]!.replace(/\s+/g, ' ')).toContain('Could not add the blueprint “broken-plan.pdf”: it is not a readable PDF.');
    expect(text.pages[1]).toContain('DOOR DRAWING OK');
  });

  it('shows a simple product as such, and answers 404 for no such order', async () => {
    const res = await t.staff.request('POST', '/api/orders/', { payload: orderPayload(t.cat) });
    const sheet = await t.staff.request('GET', `/api/production/orders/${res.json().id}/build-sheet/`);
    expect(sheet.statusCode).toBe(200);
    expect((await readPdfText(sheet.rawPayload)).all).toContain('Simple product (no components)');
    expect((await t.staff.request('GET', '/api/production/orders/999/build-sheet/')).statusCode).toBe(404);
  });

  it('prints the sheets of a selection of orders as one PDF, and refuses an unknown order on its field', async () => {
    const id = await componentOrder();
    expect((await upload(id, 'blueprint', 'blueprint', 'plan.pdf', await drawing('BLUEPRINT OF UNIT 4711'))).statusCode).toBe(200);
    const simple = (await t.staff.request('POST', '/api/orders/', { payload: orderPayload(t.cat, { door_number: '4712' }) })).json().id as number;
    const res = await t.staff.request('GET', '/api/production/build-sheets/', { query: { orders: `${id},${simple}` } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const text = await readPdfText(res.rawPayload);
    expect(text.numPages).toBe(3); // 4711's sheet and blueprint, then 4712's sheet
    expect(text.pages[0]).toContain('4711');
    expect(text.pages[1]).toContain('BLUEPRINT OF UNIT 4711');
    expect(text.pages[2]).toContain('4712');

    const unknown = await t.staff.request('GET', '/api/production/build-sheets/', { query: { orders: `${id},999` } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ orders: ['No order with id 999.'] });
    const bad = await t.staff.request('GET', '/api/production/build-sheets/', { query: { orders: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['orders']);
  });

  it('prints the materials list of a ship week with the figures of the screen', async () => {
    await componentOrder(); // ships 2024-06-14: 6 panels, 1 frame
    const res = await t.staff.request('GET', '/api/production/materials/pdf/', { query: { from: '2024-06-10', to: '2024-06-16' } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await readPdfText(res.rawPayload)).all.replace(/\s+/g, ' ');
    expect(text).toContain('Materials to buy');
    expect(text).toContain('Wall panel 4x8 4711 × 6 6 $123.45 $740.70 0 6 $740.70');
    expect(text).toContain('Door frame kit 4711 × 1 1 $89.99 $89.99 0 1 $89.99');
    expect(text).toContain('Total $830.69 $830.69');
  });
});
