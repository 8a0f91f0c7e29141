import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { billsOfLading, history, numberSequences } from '@icehouse/db/schema';
import { readPdfText } from '../../../tests/pdf-text';
import { countRows, shippable } from '../../../tests/orders-test-support';
import { createOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';
import type { OrderView } from '../orders/views';

/** Bills of lading and the order print, PDFs read back as text. */

const ctx = useInvoicesTestApp({ pdf: true });

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function bolHistory(orderId: number) {
  const rows = await ctx.database.db.select().from(history).where(eq(history.orderId, orderId)).orderBy(history.id);
  return rows.filter((r) => r.action.startsWith('bol_'));
}

describe('GET /api/orders/{id}/get-bol-number/', () => {
  it('offers the next number without using it up; the order’s ship date, else today', async () => {
    const order = await createOrder(ctx);
    const first = await ctx.staff.get(`/api/orders/${order.id}/get-bol-number/`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ bol_number: '1001', is_update: false, date: today(), free_on_board: '' });
    expect((await ctx.staff.get(`/api/orders/${order.id}/get-bol-number/`)).json().bol_number).toBe('1001');
    expect(await ctx.database.db.select().from(numberSequences).where(eq(numberSequences.name, 'bol_number'))).toEqual([]);
    const shipped = await createOrder(ctx, { ...shippable(ctx.cat), status: 'scheduled_to_ship' });
    expect((await ctx.staff.get(`/api/orders/${shipped.id}/get-bol-number/`)).json()).toMatchObject({ bol_number: '1001', date: '2024-06-01' });
    // A number some BOL already has (imported) is skipped.
    await ctx.database.db.insert(billsOfLading).values({ orderId: shipped.id, bolNumber: '1001', date: '2024-06-01' });
    expect((await ctx.staff.get(`/api/orders/${order.id}/get-bol-number/`)).json().bol_number).toBe('1002');
    expect((await ctx.staff.get('/api/orders/9999/get-bol-number/')).statusCode).toBe(404);
  });
});

describe('POST /api/orders/{id}/create-bill-of-lading/', () => {
  it('creates a numbered BOL and answers its PDF: number, consignee, order facts, signature lines', async () => {
    const order = await createOrder(ctx, { ...shippable(ctx.cat), status: 'scheduled_to_ship', special_delivery_info: 'Call 30 min ahead' });
    const res = await ctx.staff.post(`/api/orders/${order.id}/create-bill-of-lading/`, { bill_of_lading_date: '2024-06-02', free_on_board: 'Factory' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="bill-of-lading-1001.pdf"');
    expect(res.headers['x-bol-number']).toBe('1001');
    const text = (await readPdfText(res.rawPayload)).all;
    for (const expected of [
      '1001',
      '06/02/2024',
      'Factory',
      'Acme Warehouse',
      '9 Dock Rd',
      'Superior, WI 54880',
      'Acme Foods',
      order.door_number,
      'EPS-24001',
      'Company Truck',
      'Walk-in Cooler 8x10',
      'Rod Holder',
      'Call 30 min ahead',
      'CONSIGNEE (SHIP TO)',
      'SHIPPER',
      'DRIVER SIGNATURE',
      'SIGNATURE\nPRINTED NAME\nDATE',
    ]) {
      expect(text).toContain(expected);
    }
    const after = (await ctx.staff.get(`/api/orders/${order.id}/`)).json();
    expect(after).toMatchObject({ has_bol: true, bol_number: '1001', bill_of_lading_details: { bill_of_lading_number: '1001', date: '2024-06-02', free_on_board: 'Factory' } });
    expect(after.version).toBe(order.version);
    expect((await bolHistory(order.id)).map((h) => [h.action, h.changes, h.userId])).toEqual([
      ['bol_created', { bol_number: { old: null, new: '1001' }, date: { old: null, new: '2024-06-02' }, free_on_board: { old: null, new: 'Factory' } }, ctx.staffId],
    ]);
  });

  it('updating keeps the number (200), records what changed; saving the same again records nothing', async () => {
    const order = await createOrder(ctx);
    const other = await createOrder(ctx);
    expect((await ctx.staff.post(`/api/orders/${order.id}/create-bill-of-lading/`, { bill_of_lading_date: '2024-06-02' })).statusCode).toBe(201);
    const info = (await ctx.staff.get(`/api/orders/${order.id}/get-bol-number/`)).json();
    expect(info).toEqual({ bol_number: '1001', is_update: true, date: '2024-06-02', free_on_board: '' });
    const updated = await ctx.staff.post(`/api/orders/${order.id}/create-bill-of-lading/`, { bill_of_lading_date: '2024-06-05', free_on_board: 'Destination' });
    expect(updated.statusCode).toBe(200);
    expect(updated.headers['x-bol-number']).toBe('1001');
    const text = (await readPdfText(updated.rawPayload)).all;
    expect(text).toContain('06/05/2024');
    expect(text).toContain('Destination');
    expect((await ctx.staff.post(`/api/orders/${order.id}/create-bill-of-lading/`, { bill_of_lading_date: '2024-06-05', free_on_board: 'Destination' })).statusCode).toBe(200);
    expect((await bolHistory(order.id)).map((h) => [h.action, h.changes])).toEqual([
      ['bol_created', { bol_number: { old: null, new: '1001' }, date: { old: null, new: '2024-06-02' } }],
      ['bol_updated', { date: { old: '2024-06-02', new: '2024-06-05' }, free_on_board: { old: '', new: 'Destination' } }],
    ]);
    expect(await countRows(ctx.database, 'bills_of_lading')).toBe(1);
    // The next order's BOL gets the next number.
    const next = await ctx.staff.post(`/api/orders/${other.id}/create-bill-of-lading/`, { bill_of_lading_date: '2024-06-05' });
    expect(next.headers['x-bol-number']).toBe('1002');
  });

  it('refuses a missing date (400), a voided order (400) and an unknown order (404)', async () => {
    const order = await createOrder(ctx);
    const noDate = await ctx.staff.post(`/api/orders/${order.id}/create-bill-of-lading/`, { free_on_board: 'Factory' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json()).toEqual({ bill_of_lading_date: ['Date is required'] });
    await ctx.staff.post(`/api/orders/${order.id}/void/`);
    const voided = await ctx.staff.post(`/api/orders/${order.id}/create-bill-of-lading/`, { bill_of_lading_date: '2024-06-02' });
    expect(voided.statusCode).toBe(400);
    expect(voided.json().error).toBe('A voided order cannot get a bill of lading. Unvoid it first.');
    expect((await ctx.staff.post('/api/orders/9999/create-bill-of-lading/', { bill_of_lading_date: '2024-06-02' })).statusCode).toBe(404);
    expect(await countRows(ctx.database, 'bills_of_lading')).toBe(0);
  });

  it('parallel saves: one BOL per order, distinct numbers across orders', async () => {
    const orders: OrderView[] = [];
    for (let i = 0; i < 6; i++) orders.push(await createOrder(ctx));
    const same = await Promise.all(
      Array.from({ length: 4 }, () => ctx.staff.post(`/api/orders/${orders[0]!.id}/create-bill-of-lading/`, { bill_of_lading_date: '2024-06-02' })),
    );
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    const rest = await Promise.all(
      orders.slice(1).map((o) => ctx.staff.post(`/api/orders/${o.id}/create-bill-of-lading/`, { bill_of_lading_date: '2024-06-02' })),
    );
    const numbers = [...same, ...rest].map((r) => r.headers['x-bol-number']);
    expect(new Set(numbers).size).toBe(6);
    expect(await countRows(ctx.database, 'bills_of_lading')).toBe(6);
  });
});

describe('GET /api/orders/{id}/print/', () => {
  it('prints the order for the shop floor, inline', async () => {
    const order = await createOrder(ctx, { ...shippable(ctx.cat), status: 'processed', notes: 'Handle with care' });
    const res = await ctx.staff.get(`/api/orders/${order.id}/print/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="order-${order.door_number}.pdf"`);
    const text = (await readPdfText(res.rawPayload)).all;
    for (const expected of [
      `DOOR #\n${order.door_number}`,
      'Processed',
      'Acme Foods',
      'Walk-in Cooler 8x10 (Freezer/Cooler Unit)',
      'Stainless',
      '2 Rod Holder $19.90 $39.80',
      'Handle with care',
      'Front, centred',
      'Total $12,220.63',
    ]) {
      expect(text).toContain(expected);
    }
    expect((await ctx.staff.get('/api/orders/9999/print/')).statusCode).toBe(404);
  });
});
