import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@icehouse/db';
import { todayIso } from '@icehouse/domain';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';
import { invoicePaymentsAnswer } from '../payments/schemas';

/** Races the locks and the sequence must win (decisions 171, 172), on PGlite and on PostgreSQL (TEST_DATABASE_URL). */
const ctx = useInvoicesTestApp();
const today = todayIso();

async function invoiceOf(total: string) {
  const invoice = await invoiceOrder(ctx, (await createOrder(ctx)).id);
  const res = await ctx.staff.patch(`/api/invoices/${invoice.id}/`, {
    editable_data: {
      line_items: [{ quantity: 1, description: 'Cooler', price_each: total }],
      tax_exempt: true,
      discount: '0',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return invoice;
}
const issue = (invoiceId: number, amount: string) =>
  ctx.staff.post(`/api/invoices/${invoiceId}/credit-notes/`, {
    date: today,
    reason: 'Concession',
    line_items: [{ quantity: 1, description: 'Price concession', price_each: amount }],
  });

describe('credit notes and deposits at once', () => {
  it('20 credit notes at once on several invoices get 20 different numbers, one after another', async () => {
    const invoices = await Promise.all([invoiceOf('1000.00'), invoiceOf('1000.00'), invoiceOf('1000.00')]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => issue(invoices[i % 3]!.id, '10.00')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const numbers = answers.map(
      (a) => (a.json() as { credit_note: { credit_note_number: string } }).credit_note.credit_note_number,
    );
    expect(new Set(numbers).size).toBe(20);
    const n = numbers.map((x) => Number(x.slice(3))).sort((a, b) => a - b);
    expect(n[19]! - n[0]!).toBe(19);
  });

  it('two credit notes racing past what remains: one is issued, the other refused, the invoice never over-credited', async () => {
    const invoice = await invoiceOf('100.00');
    const answers = await Promise.all([
      issue(invoice.id, '60.00'),
      issue(invoice.id, '60.00'),
      issue(invoice.id, '60.00'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400]);
    const ledger = invoicePaymentsAnswer.parse(
      (await ctx.staff.get(`/api/invoices/${invoice.id}/payments/`)).json(),
    );
    expect(ledger.invoice.paid).toBe('60.00');
  });

  it('deposits at once never hold more than the order still needs: the order row is locked, each checked after the other', async () => {
    for (let round = 0; round < 3; round += 1) {
      const order = await createOrder(ctx, {
        freight_cost: '0',
        discount: '0',
        tax_exempt: true,
        building_info: { product: ctx.cat.product.cooler, price: '1000.00', additional_items: [] },
      });
      const answers = await Promise.all(
        Array.from({ length: 3 }, () =>
          ctx.staff.post(`/api/orders/${order.id}/deposits/`, { date: today, method: 'check', amount: '600.00' }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400]);
      for (const refused of answers.filter((a) => a.statusCode === 400))
        expect(refused.json()).toEqual({ amount: ['The deposit cannot be more than $400.00, what this order still needs'] });
      const [held] = rowsOf<{ held: string }>(
        await ctx.database.db.execute(
          sql`select coalesce(sum(amount), 0)::text as held from order_deposits where order_id = ${order.id}`,
        ),
      );
      expect(held!.held).toBe('600.00');
    }
  });

  it('a deposit racing the invoicing of its order either lands on the invoice or is refused: never lost', async () => {
    for (let round = 0; round < 5; round += 1) {
      const order = await createOrder(ctx);
      await ctx.staff.post(`/api/orders/${order.id}/deposits/`, {
        date: today,
        method: 'check',
        amount: '10.00',
      });
      const [dep, inv] = await Promise.all([
        ctx.staff.post(`/api/orders/${order.id}/deposits/`, { date: today, method: 'check', amount: '5.00' }),
        ctx.staff.post(`/api/orders/${order.id}/create-invoice/`, { return_json: true }),
      ]);
      expect(inv.statusCode).toBe(201);
      expect([201, 409]).toContain(dep.statusCode);
      const [held] = rowsOf<{ held: string }>(
        await ctx.database.db.execute(
          sql`select coalesce(sum(amount), 0)::text as held from order_deposits where order_id = ${order.id}`,
        ),
      );
      expect(Number(held!.held)).toBe(0);
      const ledger = invoicePaymentsAnswer.parse(
        (await ctx.staff.get(`/api/invoices/${(inv.json() as { id: number }).id}/payments/`)).json(),
      );
      expect(ledger.invoice.paid).toBe(dep.statusCode === 201 ? '15.00' : '10.00');
    }
  });
});
