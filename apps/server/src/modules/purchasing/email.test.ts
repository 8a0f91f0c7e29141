import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyInfo } from '@icehouse/db/schema';
import { useOrdersTestApp } from '../../../tests/orders-test-support';
import { waitFor } from '../../../tests/wait-for-jobs';
import { readPdfText } from '../../../tests/pdf-text';
import { pdfAttachmentOf, startSmtpServer } from '../../../tests/smtp-server';
import { kitOrder, purchasingCatalogue } from '../../../tests/purchasing-test-support';

/**
 * A purchase order emailed to its supplier through the queue to a real SMTP server in this process: its
 * archived PDF attached (read back as text: the lines and total as GET answers them), the order sent.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

const ctx = useOrdersTestApp({ pdf: true, jobWorkers: true, smtpUrl: () => smtp.url });

describe('emailing a purchase order', () => {
  it('sends its PDF to the supplier and makes it sent; a second send is refused', async () => {
    await ctx.database.db.update(companyInfo).set({ emailFrom: 'buying@icehouse.example' }).where(eq(companyInfo.id, 1));
    const world = await purchasingCatalogue(ctx.database);
    await kitOrder(ctx, world.kit, '2026-12-08');
    const [po] = (await ctx.staff.post('/api/purchase-orders/draft/', { from: '2026-12-06', to: '2026-12-12' })).json().purchase_orders;
    const sent = await ctx.staff.trpcMutation('purchasing.send', { id: po.id, data: { cc: 'boss@icehouse.example' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const answer = sent.json().result.data;
    expect(answer.purchase_order).toMatchObject({ status: 'sent' });
    expect(answer.email).toMatchObject({ kind: 'purchase_order', status: 'queued', to: ['orders@coldco.example'], cc: ['boss@icehouse.example'], subject: 'Purchase order P-1001 from Ice House Co', document_version: 1 });

    await waitFor(() => smtp.received.length > 0, 60_000);
    const message = smtp.received[0]!;
    expect(message.to).toEqual(['orders@coldco.example', 'boss@icehouse.example']);
    const pdf = pdfAttachmentOf(message.raw);
    const text = (await readPdfText(pdf!)).all;
    for (const expected of ['Purchase Order', 'P-1001', 'ColdCo Panels', 'Net 30', 'Wall panel WP-4 8 $95.50 $764.00', 'Total $764.00'])
      expect(text).toContain(expected);
    await waitFor(async () => (await ctx.staff.trpcQuery('email.log', { kind: 'purchase_order', id: po.id })).json().result.data.results[0].status === 'sent', 30_000);
    const again = await ctx.staff.post(`/api/purchase-orders/${po.id}/send/`, {});
    expect(again.statusCode).toBe(409);
  });
});
