import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyInfo } from '@icehouse/db/schema';
import { useOrdersTestApp, countRows } from '../../../tests/orders-test-support';
import { startSmtpServer } from '../../../tests/smtp-server';
import { OCTOBER, invoiceDated, newCustomer, pay } from '../../../tests/statements-support';
import { createOrder } from '../../../tests/invoices-test-support';
import { batchAnswer, batchPreviewAnswer } from './schemas';

/**
 * Emailing every customer with a balance: before sending, the preview names who will be emailed and who
 * has no address; the batch's outcome names the customers skipped. No job runs here: only what is queued.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

const ctx = useOrdersTestApp({ smtpUrl: () => smtp.url });
const fromAddress = () => ctx.database.db.update(companyInfo).set({ emailFrom: 'ar@icehouse.example' }).where(eq(companyInfo.id, 1));

/** Four customers: one owing with an address, one owing without, one settled, one with nothing at all. */
async function customers() {
  const owing = await newCustomer(ctx, 'Owing Co', 'owing@example.com');
  await invoiceDated(ctx, (await createOrder(ctx, { customer_id: owing.id })).id, '150.00', '2026-10-05', '2026-11-04');
  const silent = await newCustomer(ctx, 'Silent Co');
  await invoiceDated(ctx, (await createOrder(ctx, { customer_id: silent.id })).id, '90.00', '2026-10-04', '2026-10-04');
  const settled = await newCustomer(ctx, 'Settled Co', 'settled@example.com');
  const paid = await invoiceDated(ctx, (await createOrder(ctx, { customer_id: settled.id })).id, '640.00', '2026-10-01', '2026-10-01');
  await pay(ctx, paid.id, '640.00', '2026-10-02');
  await newCustomer(ctx, 'Quiet Co', 'quiet@example.com');
  return { owing, silent };
}

describe('emailing statements to every customer with a balance', () => {
  it('previews who will be emailed and who has no email address, sending nothing', async () => {
    const { owing, silent } = await customers();
    const res = await ctx.staff.get(`/api/statements/batches/preview/?from=${OCTOBER.from}&to=${OCTOBER.to}`);
    expect(res.statusCode, res.body).toBe(200);
    const preview = batchPreviewAnswer.parse(res.json());
    expect(preview).toEqual({
      ...OCTOBER,
      recipients: [{ customer_id: owing.id, customer_name: 'Owing Co', email: 'owing@example.com', closing_balance: '150.00' }],
      without_email: [{ customer_id: silent.id, customer_name: 'Silent Co', closing_balance: '90.00' }],
    });
    expect(await countRows(ctx.database, 'statements')).toBe(0);
    expect(await countRows(ctx.database, 'email_messages')).toBe(0);
    // tRPC answers the same.
    const trpc = (await ctx.staff.trpcQuery('statements.batchPreview', OCTOBER)).json().result.data;
    expect(trpc).toEqual(preview);
    // A bad period is a 400 on its field.
    const bad = await ctx.staff.get('/api/statements/batches/preview/?from=2026-10-31&to=2026-10-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().to).toEqual(['To must be on or after From.']);
  });

  it("names the customers skipped for want of an email address in the batch's outcome", async () => {
    await fromAddress();
    const { silent } = await customers();
    const res = await ctx.staff.post('/api/statements/batches/', OCTOBER);
    expect(res.statusCode, res.body).toBe(201);
    const batch = batchAnswer.parse(res.json());
    expect(batch).toMatchObject({ statements: 1, skipped_no_email: 1 });
    expect(batch.skipped).toEqual([{ customer_id: silent.id, customer_name: 'Silent Co', closing_balance: '90.00' }]);
    const again = batchAnswer.parse((await ctx.staff.get(`/api/statements/batches/${batch.id}/`)).json());
    expect(again.skipped).toEqual(batch.skipped);
  });
});
