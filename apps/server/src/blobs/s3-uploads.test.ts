import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@icehouse/domain';
import { storedFiles } from '@icehouse/db/schema';
import { startS3Server } from '../../tests/s3-server';
import {
  MULTIPART_HEADERS,
  PNG_BYTES,
  multipartBody,
  multipartStream,
  orderPayload,
  rawPost,
  useOrdersTestApp,
} from '../../tests/orders-test-support';

/** The order file routes with the S3 backend: a real S3-compatible server (s3rver) in this process. */
let server: Awaited<ReturnType<typeof startS3Server>> | null = null;
const ctx = useOrdersTestApp({
  blobs: async () => {
    server = await startS3Server();
    return server.store('uploads/');
  },
});
afterAll(async () => {
  await server?.close();
});

describe('order files on an S3-compatible store', () => {
  it('streams a 20 MB upload into the bucket and serves it back byte for byte; refuses 413/415 while streaming', async () => {
    const order = (await ctx.staff.post('/api/orders/', orderPayload(ctx.cat))).json();
    const size = 20 * 1024 * 1024;
    const res = await rawPost(
      ctx.app,
      ctx.staff,
      `/api/orders/${order.id}/blueprint/`,
      multipartStream('blueprint', 'big.pdf', size),
      MULTIPART_HEADERS,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.database.db.select().from(storedFiles);
    expect(row).toMatchObject({ sizeBytes: size, data: null });
    expect(ctx.blobs.kind).toBe('s3');
    expect(await ctx.blobs.has(row!.sha256)).toBe(true);

    const served = await ctx.staff.get(`/api/orders/${order.id}/serve-blueprint/`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-length']).toBe(String(size));
    expect(createHash('sha256').update(served.rawPayload).digest('hex')).toBe(row!.sha256);

    const huge = await rawPost(
      ctx.app,
      ctx.staff,
      `/api/orders/${order.id}/door-placement-drawing/`,
      multipartStream('door_placement_drawing', 'huge.pdf', LIMITS.uploadMaxBytes + 1),
      MULTIPART_HEADERS,
    );
    expect(huge.statusCode).toBe(413);
    const png = await ctx.staff.post(
      `/api/orders/${order.id}/door-placement-drawing/`,
      multipartBody('door_placement_drawing', 'x.pdf', PNG_BYTES),
      {
        headers: MULTIPART_HEADERS,
      },
    );
    expect(png.statusCode).toBe(415);
  });
});
