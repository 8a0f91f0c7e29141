import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@icehouse/domain';
import { inlineContentDisposition, readPdfUpload, safeFilename } from './files';
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
} from './test-support';

const ctx = useOrdersTestApp();

async function createOrder() {
  const res = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat));
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

describe('readPdfUpload', () => {
  const streamOf = (...chunks: string[]) => Readable.from(chunks.map((c) => Buffer.from(c, 'latin1')));

  it('accepts a PDF up to the limit, split anywhere', async () => {
    expect((await readPdfUpload(streamOf('%P', 'DF-1.7 body'), 16)).toString('latin1')).toBe('%PDF-1.7 body');
    expect((await readPdfUpload(streamOf('%PDF-', '1234567'), 12)).length).toBe(12);
  });

  it('refuses one byte over the limit (413) and anything not starting with %PDF- (415)', async () => {
    await expect(readPdfUpload(streamOf('%PDF-', '12345678'), 12)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    await expect(readPdfUpload(streamOf('GIF89a'), 100)).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    await expect(readPdfUpload(streamOf('%PD'), 100)).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('sanitises names and headers', () => {
    expect(safeFilename('../../etc/passwd', 'x.pdf')).toBe('passwd');
    expect(safeFilename('', 'blueprint.pdf')).toBe('blueprint.pdf');
    expect(safeFilename('a\r\nb.pdf', 'x.pdf')).toBe('ab.pdf');
    expect(safeFilename(`${'n'.repeat(300)}.pdf`, 'x.pdf')).toHaveLength(200);
    expect(inlineContentDisposition('a;b.pdf')).toBe(`inline; filename="a_b.pdf"; filename*=UTF-8''a%3Bb.pdf`);
  });
});
