import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { archivedDocuments, companyInfo, invoiceLineItems, invoices, orders } from '@icehouse/db/schema';
import { readPdfText } from '../../../tests/pdf-text';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';
import { waitFor } from '../../../tests/wait-for-jobs';

/** Archived documents (decision 061) through the real Chromium, with the pre-render job's worker running. */

const ctx = useInvoicesTestApp({ pdf: true, jobWorkers: true });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function versionsOf(invoiceId: number) {
  return ctx.database.db
    .select()
    .from(archivedDocuments)
    .where(and(eq(archivedDocuments.kind, 'invoice'), eq(archivedDocuments.recordId, invoiceId)))
    .orderBy(archivedDocuments.version);
}

describe('archived invoice PDFs', () => {
  it('are rendered ahead of time on create, then served from the archive: strong ETag, 304, no browser', async () => {
    const order = await createOrder(ctx);
    const invoice = await invoiceOrder(ctx, order.id);
    // The create queued a render job in its transaction; the worker archives version 1.
    await waitFor(async () => (await versionsOf(invoice.id)).length === 1);
    const [v1] = await versionsOf(invoice.id);
    expect(v1).toMatchObject({
      version: 1,
      recordVersion: 1,
      createdBy: ctx.staffId,
      filename: `invoice-${invoice.invoice_number}.pdf`,
    });

    const render = vi.spyOn(ctx.pdf!, 'render');
    try {
      const res = await ctx.staff.get(`/api/invoices/${invoice.id}/pdf/`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers.etag).toBe(`"${v1!.sha256}"`);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(sha256(res.rawPayload)).toBe(v1!.sha256);
      expect(res.rawPayload.length).toBe(v1!.sizeBytes);

      const again = await ctx.staff.get(`/api/invoices/${invoice.id}/pdf/`, {
        headers: { 'if-none-match': `"${v1!.sha256}"` },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(render).not.toHaveBeenCalled();
    } finally {
      render.mockRestore();
    }
    expect(await versionsOf(invoice.id)).toHaveLength(1);
  });

  it('an edit makes a new version; the earlier one stays listed and downloadable byte for byte', async () => {
    const order = await createOrder(ctx);
    const invoice = await invoiceOrder(ctx, order.id);
    await waitFor(async () => (await versionsOf(invoice.id)).length === 1);
    const patched = await ctx.staff.patch(`/api/invoices/${invoice.id}/`, {
      editable_data: {
        line_items: [{ quantity: 1, description: 'Shore lunch shelter', price_each: '1500' }],
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await waitFor(async () => (await versionsOf(invoice.id)).length === 2);
    const [v1, v2] = await versionsOf(invoice.id);
    expect(v2).toMatchObject({ version: 2, recordVersion: 2 });
    expect(v2!.sha256).not.toBe(v1!.sha256);

    const current = await ctx.staff.get(`/api/invoices/${invoice.id}/pdf/`);
    expect(current.headers.etag).toBe(`"${v2!.sha256}"`);
    expect(current.headers['x-document-version']).toBe('2');
    expect((await readPdfText(current.rawPayload)).all).toContain('Shore lunch shelter');

    const listed = await ctx.staff.trpcQuery('documents.forInvoice', { id: invoice.id });
    expect(listed.statusCode).toBe(200);
    const rows = (
      listed.json() as {
        result: {
          data: {
            results: { id: number; version: number; sha256: string; size: number; created_by: string }[];
          };
        };
      }
    ).result.data.results;
    expect(rows.map((r) => [r.version, r.sha256, r.size, r.created_by])).toEqual([
      [2, v2!.sha256, v2!.sizeBytes, 'staff'],
      [1, v1!.sha256, v1!.sizeBytes, 'staff'],
    ]);
    // Each version downloads under a name that says which it is, so saved copies are told apart.
    const listedNames = (listed.json() as { result: { data: { results: { filename: string }[] } } }).result
      .data.results;
    expect(listedNames.map((r) => r.filename)).toEqual([
      `invoice-${invoice.invoice_number}-v2.pdf`,
      `invoice-${invoice.invoice_number}-v1.pdf`,
    ]);

    const older = await ctx.staff.get(`/api/documents/${v1!.id}/`);
    expect(older.statusCode).toBe(200);
    expect(older.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${invoice.invoice_number}-v1.pdf"`,
    );
    expect(sha256(older.rawPayload)).toBe(v1!.sha256);
    expect((await readPdfText(older.rawPayload)).all).not.toContain('Shore lunch shelter');
    expect((await ctx.staff.get('/api/documents/999999/')).statusCode).toBe(404);
    expect((await ctx.anonymous.get(`/api/documents/${v1!.id}/`)).statusCode).toBe(401);
  });

  it("the source key: one read serves an unchanged invoice; any row it prints from makes it look again", async () => {
    const order = await createOrder(ctx);
    const invoice = await invoiceOrder(ctx, order.id);
    await waitFor(async () => (await versionsOf(invoice.id)).length === 1);
    const [v1] = await versionsOf(invoice.id);
    expect(v1!.sourceKey).toMatch(/^[0-9a-f]{64}$/);
    const pdfOf = async () => {
      const res = await ctx.staff.get(`/api/invoices/${invoice.id}/pdf/`);
      expect(res.statusCode, res.body).toBe(200);
      return { version: res.headers['x-document-version'], text: (await readPdfText(res.rawPayload)).all };
    };
    const setRow = (values: Partial<typeof archivedDocuments.$inferInsert>) =>
      ctx.database.db.update(archivedDocuments).set(values).where(eq(archivedDocuments.id, v1!.id));

    // With its key matching, the stored version is served without building the HTML: a source hash that
    // no longer matches anything is not even looked at.
    await setRow({ sourceHash: 'not-the-html' });
    expect((await pdfOf()).version).toBe('1');
    // A key that does not match (an older build's, say) makes it build the HTML and compare: the same
    // HTML keeps version 1 and takes the key back.
    await setRow({ sourceHash: v1!.sourceHash, sourceKey: 'an-older-build' });
    expect((await pdfOf()).version).toBe('1');
    expect((await versionsOf(invoice.id))[0]!.sourceKey).toBe(v1!.sourceKey);

    // Each table the invoice prints from: a change there is a new version showing it.
    await ctx.database.db.update(companyInfo).set({ phone: '218-555-0199' }).where(eq(companyInfo.id, 1));
    expect(await pdfOf()).toMatchObject({ version: '2', text: expect.stringContaining('218-555-0199') });
    await ctx.database.db.update(orders).set({ doorNumber: `K-${order.id}` }).where(eq(orders.id, order.id));
    expect(await pdfOf()).toMatchObject({ version: '3', text: expect.stringContaining(`K-${order.id}`) });
    const paid = await ctx.staff.post(`/api/invoices/${invoice.id}/payments/`, {
      date: '2026-11-20',
      amount: '10.00',
      method: 'check',
      reference: 'CHK-5521',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await pdfOf()).toMatchObject({ version: '4', text: expect.stringContaining('CHK-5521') });
    await ctx.database.db
      .update(invoiceLineItems)
      .set({ description: 'Relabelled line' })
      .where(eq(invoiceLineItems.invoiceId, invoice.id));
    expect(await pdfOf()).toMatchObject({ version: '5', text: expect.stringContaining('Relabelled line') });
    // A change to the invoice's row that prints nothing new: same version, its key moves on.
    const [before] = (await versionsOf(invoice.id)).slice(-1);
    await ctx.database.db.update(invoices).set({ updatedAt: new Date() }).where(eq(invoices.id, invoice.id));
    expect((await pdfOf()).version).toBe('5');
    const [after] = (await versionsOf(invoice.id)).slice(-1);
    expect(after!.sourceKey).not.toBe(before!.sourceKey);
    expect(await versionsOf(invoice.id)).toHaveLength(5);
  });

  it('an order print of an unchanged order is the stored print', async () => {
    const order = await createOrder(ctx);
    const first = await ctx.staff.get(`/api/orders/${order.id}/print/`);
    expect(first.statusCode).toBe(200);
    const second = await ctx.staff.get(`/api/orders/${order.id}/print/`);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(sha256(second.rawPayload)).toBe(sha256(first.rawPayload));
    const listed = await ctx.staff.trpcQuery('documents.forOrder', { id: order.id });
    expect(
      (listed.json() as { result: { data: { results: { kind: string; version: number }[] } } }).result.data
        .results,
    ).toEqual([expect.objectContaining({ kind: 'order_print', version: 1 })]);
  });
});

describe('email without SMTP', () => {
  it('keeps the message as not sent, says so, and queues nothing', async () => {
    const order = await createOrder(ctx);
    const invoice = await invoiceOrder(ctx, order.id);
    const composed = await ctx.staff.trpcQuery('email.compose', { kind: 'invoice', id: invoice.id });
    expect(
      (composed.json() as { result: { data: { smtp_configured: boolean } } }).result.data.smtp_configured,
    ).toBe(false);
    const sent = await ctx.staff.trpcMutation('email.send', {
      kind: 'invoice',
      id: invoice.id,
      data: { to: 'buyer@acme.example', subject: 'Invoice', body: '' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const entry = (
      sent.json() as { result: { data: { status: string; error: string; server_message_id: string | null } } }
    ).result.data;
    expect(entry).toMatchObject({ status: 'not_sent', server_message_id: null });
    expect(entry.error).toContain('nothing was sent');
  });
});
