import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LIMITS } from '@icehouse/domain';
import { orders, storedFiles } from '@icehouse/db/schema';
import { moveDatabaseBytesToBlobs } from '../../blobs/move-database-bytes';
import { etagMatches, inlineContentDisposition, pdfFilename, safeFilename } from './files';
import {
  MULTIPART_HEADERS,
  PNG_BYTES,
  TINY_PDF,
  countRows,
  multipartBody,
  multipartStream,
  orderPayload,
  rawPost,
  useOrdersTestApp,
} from '../../../tests/orders-test-support';

const ctx = useOrdersTestApp();

async function createOrder(overrides: Record<string, unknown> = {}) {
  const res = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const upload = (url: string, field: string, filename: string, data: Buffer, contentType = 'application/pdf') =>
  ctx.staff.post(url, multipartBody(field, filename, data, contentType), { headers: MULTIPART_HEADERS });

describe('uploads', () => {
  it('stores a PDF blueprint, shows it on the order, and serves it inline', async () => {
    const order = await createOrder();
    const res = await upload(`/api/orders/${order.id}/blueprint/`, 'blueprint', 'plan.pdf', TINY_PDF);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ blueprint: `/api/orders/${order.id}/serve-blueprint/`, blueprint_filename: 'plan.pdf' });
    const after = (await ctx.staff.get(`/api/orders/${order.id}/`)).json();
    expect(after).toMatchObject({ blueprint: `/api/orders/${order.id}/serve-blueprint/`, blueprint_filename: 'plan.pdf', version: 1 });

    const served = await ctx.staff.get(`/api/orders/${order.id}/serve-blueprint/`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(`inline; filename="plan.pdf"; filename*=UTF-8''plan.pdf`);
    expect(served.rawPayload.equals(TINY_PDF)).toBe(true);
    const [stored] = await ctx.database.db.query.storedFiles.findMany();
    expect(stored).toMatchObject({
      filename: 'plan.pdf',
      contentType: 'application/pdf',
      sizeBytes: TINY_PDF.length,
      sha256: createHash('sha256').update(TINY_PDF).digest('hex'),
    });
  });

  it('refuses a PNG renamed .pdf (415) and stores nothing', async () => {
    const order = await createOrder();
    const res = await upload(`/api/orders/${order.id}/blueprint/`, 'blueprint', 'plan.pdf', PNG_BYTES);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'Please upload PDF files only' });
    const empty = await upload(`/api/orders/${order.id}/blueprint/`, 'blueprint', 'empty.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(415);
    expect(await countRows(ctx.database, 'stored_files')).toBe(0);
    expect((await ctx.staff.get(`/api/orders/${order.id}/`)).json().blueprint).toBeNull();
  });

  it('refuses a streamed file over 50MB (413) and stores nothing', async () => {
    const order = await createOrder();
    const res = await rawPost(
      ctx.app,
      ctx.staff,
      `/api/orders/${order.id}/blueprint/`,
      multipartStream('blueprint', 'huge.pdf', LIMITS.uploadMaxBytes + 1),
      MULTIPART_HEADERS,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'File size must be less than 50MB' });
    expect(await countRows(ctx.database, 'stored_files')).toBe(0);
  });

  it('takes the door placement drawing on both paths, replacing the previous file', async () => {
    const order = await createOrder();
    const first = await upload(`/api/orders/${order.id}/door-placement-drawing/`, 'door_placement_drawing', 'door-a.pdf', TINY_PDF);
    expect(first.json()).toEqual({
      door_placement_drawing: `/api/orders/${order.id}/serve-door-placement/`,
      door_placement_filename: 'door-a.pdf',
    });
    const second = await upload(`/api/orders/${order.id}/door-placement/`, 'door_placement_drawing', 'door-b.pdf', TINY_PDF);
    expect(second.json().door_placement_filename).toBe('door-b.pdf');
    expect(await countRows(ctx.database, 'stored_files')).toBe(1);
    const served = await ctx.staff.get(`/api/orders/${order.id}/serve-door-placement/`);
    expect(served.headers['content-disposition']).toContain('filename="door-b.pdf"');
    const history = (await ctx.staff.get(`/api/orders/${order.id}/history/`)).json();
    expect(history[0]).toMatchObject({ action: 'file_added', changes: { door_placement_drawing: { old: 'door-a.pdf', new: 'door-b.pdf' } } });
    expect(history[1]).toMatchObject({ action: 'file_added', changes: { door_placement_drawing: { old: null, new: 'door-a.pdf' } } });
  });

  it('removes files (REST and tRPC), after which serving is a 404', async () => {
    const order = await createOrder();
    await upload(`/api/orders/${order.id}/blueprint/`, 'blueprint', 'plan.pdf', TINY_PDF);
    await upload(`/api/orders/${order.id}/door-placement-drawing/`, 'door_placement_drawing', 'door.pdf', TINY_PDF);
    const removed = await ctx.staff.delete(`/api/orders/${order.id}/remove-blueprint/`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ blueprint: null, blueprint_filename: null });
    const served = await ctx.staff.get(`/api/orders/${order.id}/serve-blueprint/`);
    expect(served.statusCode).toBe(404);
    expect(served.json()).toEqual({ detail: 'No blueprint has been uploaded for this order.' });
    const trpc = await ctx.staff.trpcMutation('orders.removeFile', { id: order.id, kind: 'door_placement' });
    expect(trpc.json().result.data).toEqual({ door_placement_drawing: null, door_placement_filename: null });
    expect((await ctx.staff.delete(`/api/orders/${order.id}/remove-door-placement/`)).statusCode).toBe(200); // nothing left: still fine
    expect(await countRows(ctx.database, 'stored_files')).toBe(0);
    const [latest] = (await ctx.staff.get(`/api/orders/${order.id}/history/`)).json();
    expect(latest).toMatchObject({ action: 'file_removed', changes: { door_placement_drawing: { old: 'door.pdf', new: null } } });
  });

  it('keeps file names safe, in storage and in the header', async () => {
    const order = await createOrder();
    const res = await upload(`/api/orders/${order.id}/blueprint/`, 'blueprint', '../plans/Plän v2.pdf', TINY_PDF);
    expect(res.json().blueprint_filename).toBe('Plän v2.pdf');
    const served = await ctx.staff.get(`/api/orders/${order.id}/serve-blueprint/`);
    expect(served.headers['content-disposition']).toBe(`inline; filename="Pl_n v2.pdf"; filename*=UTF-8''Pl%C3%A4n%20v2.pdf`);
  });

  it('refuses JSON, a missing file part, and unknown orders; an upload leaves the version alone', async () => {
    const order = await createOrder();
    const json = await ctx.staff.post(`/api/orders/${order.id}/blueprint/`, { blueprint: 'x' });
    expect(json.statusCode).toBe(415);
    const noFile = await ctx.staff.post(
      `/api/orders/${order.id}/blueprint/`,
      Buffer.from(`--${MULTIPART_HEADERS['content-type'].split('boundary=')[1]}--\r\n`),
      { headers: MULTIPART_HEADERS },
    );
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ blueprint: ['No file was submitted.'] });
    expect((await upload('/api/orders/999/blueprint/', 'blueprint', 'plan.pdf', TINY_PDF)).statusCode).toBe(404);
    expect((await ctx.staff.get('/api/orders/999/serve-blueprint/')).statusCode).toBe(404);
    // Only upload routes parse multipart: anywhere else it is a 415.
    const elsewhere = await ctx.staff.post('/api/orders/', multipartBody('blueprint', 'plan.pdf', TINY_PDF), { headers: MULTIPART_HEADERS });
    expect(elsewhere.statusCode).toBe(415);
    await upload(`/api/orders/${order.id}/blueprint/`, 'blueprint', 'plan.pdf', TINY_PDF);
    const save = await ctx.staff.put(`/api/orders/${order.id}/`, { ...orderPayload(ctx.cat, { notes: 'after upload' }), version: order.version });
    expect(save.statusCode).toBe(200);
    expect(save.json().blueprint_filename).toBe('plan.pdf');
  });

  it('deleting the order deletes its files', async () => {
    const order = await createOrder();
    await upload(`/api/orders/${order.id}/blueprint/`, 'blueprint', 'plan.pdf', TINY_PDF);
    expect((await ctx.staff.delete(`/api/orders/${order.id}/`)).statusCode).toBe(204);
    expect(await countRows(ctx.database, 'stored_files')).toBe(0);
  });
});

/** Blobs in the test app's folder store (its temporary files excluded). */
const blobNames = () => readdirSync(ctx.blobs.location).filter((name) => name !== '.tmp');
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const pdfOf = (text: string) => Buffer.concat([TINY_PDF, Buffer.from(`% ${text}\n`, 'latin1')]);

describe('uploads through the blob store', () => {
  it('streams a PDF into the blob store (no bytes in the database) and back, with Content-Length and a strong ETag', async () => {
    const order = await createOrder();
    const pdf = pdfOf('round trip');
    expect((await upload(`/api/orders/${order.id}/blueprint/`, 'blueprint', 'plan.pdf', pdf)).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(storedFiles);
    expect(row).toMatchObject({ sha256: sha256(pdf), sizeBytes: pdf.length, data: null });
    expect(await ctx.blobs.has(sha256(pdf))).toBe(true);
    const served = await ctx.staff.get(`/api/orders/${order.id}/serve-blueprint/`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-length']).toBe(String(pdf.length));
    expect(served.headers.etag).toBe(`"${sha256(pdf)}"`);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    const again = await ctx.staff.get(`/api/orders/${order.id}/serve-blueprint/`, { headers: { 'if-none-match': `"${sha256(pdf)}"` } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await ctx.staff.get(`/api/orders/${order.id}/serve-blueprint/`, { headers: { 'if-none-match': '"abc"' } });
    expect(other.statusCode).toBe(200);
  });

  it('keeps one blob for the same content on two orders; replacing or removing one leaves the other served', async () => {
    const [a, b] = [await createOrder(), await createOrder({ door_number: 'SHARED-2' })];
    const pdf = pdfOf('shared');
    await upload(`/api/orders/${a.id}/blueprint/`, 'blueprint', 'a.pdf', pdf);
    await upload(`/api/orders/${b.id}/door-placement-drawing/`, 'door_placement_drawing', 'b.pdf', pdf);
    expect(blobNames().filter((name) => name === sha256(pdf))).toHaveLength(1);
    await upload(`/api/orders/${a.id}/blueprint/`, 'blueprint', 'a2.pdf', pdfOf('replacement'));
    expect((await ctx.staff.delete(`/api/orders/${a.id}/remove-blueprint/`)).statusCode).toBe(200);
    const served = await ctx.staff.get(`/api/orders/${b.id}/serve-door-placement/`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses over 50MB (413) and non-PDFs (415) while streaming, leaving no blob behind', async () => {
    const order = await createOrder();
    const before = blobNames();
    const huge = await rawPost(
      ctx.app,
      ctx.staff,
      `/api/orders/${order.id}/blueprint/`,
      multipartStream('blueprint', 'huge.pdf', LIMITS.uploadMaxBytes + 1),
      MULTIPART_HEADERS,
    );
    expect(huge.statusCode).toBe(413);
    expect((await upload(`/api/orders/${order.id}/blueprint/`, 'blueprint', 'x.pdf', PNG_BYTES)).statusCode).toBe(415);
    expect(blobNames()).toEqual(before);
    expect(readdirSync(`${ctx.blobs.location}/.tmp`)).toEqual([]);
  });

  it('stores and serves a PDF under a .pdf name whatever extension it came with', async () => {
    const order = await createOrder();
    const res = await upload(`/api/orders/${order.id}/blueprint/`, 'blueprint', 'page.html', TINY_PDF, 'text/html');
    expect(res.statusCode).toBe(200);
    expect(res.json().blueprint_filename).toBe('page.pdf');
    const served = await ctx.staff.get(`/api/orders/${order.id}/serve-blueprint/`);
    expect(served.headers['content-disposition']).toBe(`inline; filename="page.pdf"; filename*=UTF-8''page.pdf`);
    expect((await upload(`/api/orders/${order.id}/blueprint/`, 'blueprint', 'drawing', TINY_PDF)).json().blueprint_filename).toBe('drawing.pdf');
    expect((await upload(`/api/orders/${order.id}/blueprint/`, 'blueprint', 'Plan.PDF', TINY_PDF)).json().blueprint_filename).toBe('Plan.PDF');
  });

  it('accepts only the documented multipart field (400 on that field otherwise)', async () => {
    const order = await createOrder();
    const wrong = await upload(`/api/orders/${order.id}/blueprint/`, 'file', 'plan.pdf', TINY_PDF);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ blueprint: ['Send the file in the multipart field "blueprint".'] });
    const swapped = await upload(`/api/orders/${order.id}/door-placement-drawing/`, 'blueprint', 'plan.pdf', TINY_PDF);
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json()).toEqual({ door_placement_drawing: ['Send the file in the multipart field "door_placement_drawing".'] });
    expect(await countRows(ctx.database, 'stored_files')).toBe(0);
  });

  it('refuses file changes on a voided order (400, like invoicing it) and still serves its file', async () => {
    const order = await createOrder();
    await upload(`/api/orders/${order.id}/blueprint/`, 'blueprint', 'plan.pdf', TINY_PDF);
    expect((await ctx.staff.post(`/api/orders/${order.id}/void/`)).statusCode).toBe(200);
    const message = "A voided order's files cannot be changed. Unvoid it first.";
    const refused = await upload(`/api/orders/${order.id}/door-placement-drawing/`, 'door_placement_drawing', 'door.pdf', TINY_PDF);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: message, error: message });
    const removal = await ctx.staff.delete(`/api/orders/${order.id}/remove-blueprint/`);
    expect(removal.statusCode).toBe(400);
    expect(await countRows(ctx.database, 'stored_files')).toBe(1);
    expect((await ctx.staff.get(`/api/orders/${order.id}/serve-blueprint/`)).statusCode).toBe(200);
    expect((await ctx.staff.post(`/api/orders/${order.id}/unvoid/`)).statusCode).toBe(200);
    expect((await upload(`/api/orders/${order.id}/door-placement-drawing/`, 'door_placement_drawing', 'door.pdf', TINY_PDF)).statusCode).toBe(200);
  });

  it('moves a file stored in the database before the blob store into it, once', async () => {
    const order = await createOrder();
    const pdf = pdfOf('from the old bytea column');
    const [row] = await ctx.database.db
      .insert(storedFiles)
      .values({ filename: 'old.html', contentType: 'application/pdf', sizeBytes: pdf.length, sha256: sha256(pdf), data: pdf })
      .returning({ id: storedFiles.id });
    await ctx.database.db.update(orders).set({ blueprintFileId: row!.id }).where(eq(orders.id, order.id));
    expect(await moveDatabaseBytesToBlobs(ctx.database, ctx.blobs)).toBe(1);
    expect(await moveDatabaseBytesToBlobs(ctx.database, ctx.blobs)).toBe(0);
    const [moved] = await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.id, row!.id));
    expect(moved).toMatchObject({ data: null, sha256: sha256(pdf), sizeBytes: pdf.length });
    const served = await ctx.staff.get(`/api/orders/${order.id}/serve-blueprint/`);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    expect(served.headers['content-disposition']).toContain('filename="old.pdf"');
  });
});

describe('file names and tags', () => {
  it('sanitises names and headers', () => {
    expect(safeFilename('../../etc/passwd', 'x.pdf')).toBe('passwd');
    expect(safeFilename('', 'blueprint.pdf')).toBe('blueprint.pdf');
    expect(safeFilename('a\r\nb.pdf', 'x.pdf')).toBe('ab.pdf');
    expect(safeFilename(`${'n'.repeat(300)}.pdf`, 'x.pdf')).toHaveLength(200);
    expect(inlineContentDisposition('a;b.pdf')).toBe(`inline; filename="a_b.pdf"; filename*=UTF-8''a%3Bb.pdf`);
  });

  it('names every stored PDF *.pdf', () => {
    expect(pdfFilename('x.html', 'blueprint.pdf')).toBe('x.pdf');
    expect(pdfFilename('archive.tar.gz', 'blueprint.pdf')).toBe('archive.tar.pdf');
    expect(pdfFilename('.htaccess', 'blueprint.pdf')).toBe('.htaccess.pdf');
    expect(pdfFilename('', 'blueprint.pdf')).toBe('blueprint.pdf');
    expect(pdfFilename('...', 'blueprint.pdf')).toBe('blueprint.pdf');
    expect(pdfFilename(`${'n'.repeat(300)}.html`, 'x.pdf')).toBe(`${'n'.repeat(195)}.pdf`);
  });

  it('matches If-None-Match against the strong ETag', () => {
    const hex = 'a'.repeat(64);
    expect(etagMatches(`"${hex}"`, hex)).toBe(true);
    expect(etagMatches(`"x", W/"${hex}"`, hex)).toBe(true);
    expect(etagMatches('*', hex)).toBe(true);
    expect(etagMatches(hex, hex)).toBe(false);
  });
});
