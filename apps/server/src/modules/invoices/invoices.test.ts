import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { calculateInvoiceTotals } from '@icehouse/domain';
import { rowsOf } from '@icehouse/db';
import { history, invoiceOrders, invoices, orders } from '@icehouse/db/schema';
import type { InvoiceLineView, InvoiceListRow } from './views';
import { INVOICE_COUNT_LIMIT } from './read-queries';
import { countRows, shippable } from '../../../tests/orders-test-support';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';
import type { OrderView } from '../orders/views';
import { eventsAnswer } from '../webhooks/schemas';

const ctx = useInvoicesTestApp();

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function historyOf(orderId: number) {
  return ctx.database.db.select().from(history).where(eq(history.orderId, orderId)).orderBy(history.id);
}

describe('POST /api/orders/{id}/create-invoice/', () => {
  it("creates the invoice from the order: lines, terms and totals equal to the order's", async () => {
    const order = await createOrder(ctx);
    const created = await invoiceOrder(ctx, order.id, 201);
    expect(created).toEqual({ id: expect.any(Number), invoice_number: '1001' });

    const res = await ctx.staff.get(`/api/invoices/${created.id}/`);
    expect(res.statusCode).toBe(200);
    const invoice = res.json();
    expect(invoice).toMatchObject({
      id: created.id,
      invoice_number: '1001',
      date: today(),
      customer_name: 'Acme Foods',
      order_number: order.door_number,
      order_count: 1,
      orders: [order.id],
      total_amount: '12220.63',
      has_manual_edits: false,
      is_combined: false,
      version: 1,
    });
    expect(
      invoice.line_items.items.map((l: InvoiceLineView) => [
        l.quantity,
        l.description,
        l.price_each,
        l.amount,
        l.is_freight,
      ]),
    ).toEqual([
      [1, 'Walk-in Cooler 8x10 (Freezer/Cooler Unit)', '12000.00', '12000.00', false],
      [1, 'Door Cladding: Stainless', '275.00', '275.00', false],
      [2, 'Rod Holder', '19.90', '39.80', false],
      [1, 'Extra cam locks', '0.00', '0.00', false],
      [1, 'Freight', '250.00', '250.00', true],
    ]);
    expect(invoice.editable_data).toEqual({
      bill_to: {
        name: 'Acme Foods',
        street: '1 Main St',
        city: 'Duluth',
        state: 'MN',
        zip_code: '55802',
        country: 'US',
      },
      ship_to: {
        name: 'Acme Warehouse',
        street: '9 Dock Rd',
        city: 'Superior',
        state: 'WI',
        zip_code: '54880',
        country: 'US',
      },
      po_job_name: 'Lake cabin',
      ship_date: null,
      ship_via: '',
      terms: 'Due on receipt',
      due_date: today(),
      tax_exempt: false,
      tax_rate: '8.25',
      discount: '10.00',
      discount_is_percentage: true,
      payments_credits: '0.00',
      line_items: invoice.line_items.items,
    });
    expect(invoice.totals).toEqual({
      subtotal: order.totals.subtotal,
      discount_amount: order.totals.discount_amount,
      tax_amount: order.totals.tax_amount,
      total: order.totals.total,
      payments_credits: '0.00',
      balance_due: order.totals.total,
      credit: '0.00',
    });
    expect(invoice.orders_data).toHaveLength(1);
    expect(invoice.orders_data[0]).toMatchObject({
      id: order.id,
      has_invoice: true,
      invoice_number: '1001',
      invoice_details: { id: created.id, invoice_number: '1001' },
    });
  });

  it('answers the existing invoice (200) on a second call, and writes nothing more', async () => {
    const order = await createOrder(ctx);
    const first = await invoiceOrder(ctx, order.id, 201);
    const second = await invoiceOrder(ctx, order.id, 200);
    expect(second).toEqual(first);
    expect(await countRows(ctx.database, 'invoices')).toBe(1);
    expect((await historyOf(order.id)).filter((h) => h.action === 'invoice_created')).toHaveLength(1);
  });

  it('records history, writes the number on the order and moves its version on', async () => {
    const order = await createOrder(ctx);
    const created = await invoiceOrder(ctx, order.id);
    const after = (await ctx.staff.get(`/api/orders/${order.id}/`)).json();
    expect(after.invoice_number).toBe(created.invoice_number);
    expect(after.version).toBe(order.version + 1);
    const entry = (await historyOf(order.id)).find((h) => h.action === 'invoice_created');
    expect(entry).toMatchObject({
      invoiceId: created.id,
      userId: ctx.staffId,
      changes: { invoice_number: { old: null, new: '1001' } },
    });
    // A form opened before the invoice is told it is stale.
    const stale = await ctx.staff.put(`/api/orders/${order.id}/`, { ...order, version: order.version });
    expect(stale.statusCode).toBe(409);
  });

  it('uses the Invoice Number typed on the order when it is free, and moves the sequence past it', async () => {
    const typed = await createOrder(ctx, { invoice_number: '2050' });
    expect(await invoiceOrder(ctx, typed.id)).toMatchObject({ invoice_number: '2050' });
    const after = (await ctx.staff.get(`/api/orders/${typed.id}/`)).json();
    expect(after.version).toBe(typed.version); // nothing on the order changed
    const next = await createOrder(ctx);
    expect(await invoiceOrder(ctx, next.id)).toMatchObject({ invoice_number: '2051' });
    // Non-numeric typed numbers are used as they are.
    const text = await createOrder(ctx, { invoice_number: 'INV-A7' });
    expect(await invoiceOrder(ctx, text.id)).toMatchObject({ invoice_number: 'INV-A7' });
  });

  it('takes the next sequence number when the typed one is taken, skipping taken numbers', async () => {
    const a = await createOrder(ctx, { invoice_number: '1002' });
    expect(await invoiceOrder(ctx, a.id)).toMatchObject({ invoice_number: '1002' });
    const b = await createOrder(ctx, { invoice_number: '1002' });
    // 1002 is taken (and the sequence is past it): the sequence gives 1003.
    expect(await invoiceOrder(ctx, b.id)).toMatchObject({ invoice_number: '1003' });
    const bAfter = (await ctx.staff.get(`/api/orders/${b.id}/`)).json();
    expect(bAfter.invoice_number).toBe('1003');
    expect(bAfter.version).toBe(b.version + 1);
    // A number an invoice got outside the sequence (e.g. imported) is skipped.
    await ctx.database.db
      .update(invoices)
      .set({ invoiceNumber: '1004' })
      .where(eq(invoices.invoiceNumber, '1003'));
    const c = await createOrder(ctx);
    expect(await invoiceOrder(ctx, c.id)).toMatchObject({ invoice_number: '1005' });
  });

  it('refuses voided orders (400 {error}) and unknown orders (404 {error})', async () => {
    const order = await createOrder(ctx);
    await ctx.staff.post(`/api/orders/${order.id}/void/`);
    const res = await ctx.staff.post(`/api/orders/${order.id}/create-invoice/`, { return_json: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'A voided order cannot be invoiced. Unvoid it first.',
      error: 'A voided order cannot be invoiced. Unvoid it first.',
    });
    expect(await countRows(ctx.database, 'invoices')).toBe(0);
    const missing = await ctx.staff.post('/api/orders/9999/create-invoice/', { return_json: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Order not found.', error: 'Order not found.' });
  });

  it('lets a completed status follow, and invoices a door-only order with its door line', async () => {
    const { cat } = ctx;
    const order = await createOrder(ctx, {
      ...shippable(cat),
      status: 'scheduled_to_ship',
      freight_cost: '0',
      discount: '50',
      discount_is_percentage: false,
      building_info: {
        product: cat.product.doorKit,
        price: '900.00',
        door_type: cat.doorType,
        door_type_price: '450.00',
        additional_items: [],
      },
    });
    const created = await invoiceOrder(ctx, order.id);
    const invoice = (await ctx.staff.get(`/api/invoices/${created.id}/`)).json();
    expect(invoice.line_items.items.map((l: InvoiceLineView) => l.description)).toEqual([
      'Door Kit (Door Only)',
      'Door Type: Standard Door',
    ]);
    expect(invoice.total_amount).toBe(order.totals.total);
    const moved = await ctx.staff.post(`/api/orders/${order.id}/change-status/`, { new_status: 'completed' });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('recreate=true rebuilds the invoice from the order and keeps its number', async () => {
    const order = await createOrder(ctx);
    const created = await invoiceOrder(ctx, order.id);
    const edited = await ctx.staff.patch(`/api/invoices/${created.id}/`, {
      editable_data: { payments_credits: '100' },
    });
    expect(edited.statusCode).toBe(200);
    const current = (await ctx.staff.get(`/api/orders/${order.id}/`)).json();
    const saved = await ctx.staff.put(`/api/orders/${order.id}/`, {
      ...current,
      freight_cost: '300',
      version: current.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await ctx.staff.post(`/api/orders/${order.id}/create-invoice/`, {
      return_json: true,
      recreate: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);
    const invoice = (await ctx.staff.get(`/api/invoices/${created.id}/`)).json();
    expect(invoice.total_amount).toBe(saved.json().totals.total);
    expect(invoice.line_items.items.at(-1)).toMatchObject({ description: 'Freight', price_each: '300.00' });
    expect(invoice.editable_data.payments_credits).toBe('100.00');
    expect(invoice.has_manual_edits).toBe(false);
  });
});

describe('GET /api/invoices/', () => {
  it('lists newest first with the list fields, and searches names and numbers', async () => {
    const a = await createOrder(ctx, {
      billing_address: { name: 'Northwind Traders' },
      shipping_address: { name: 'Bay Dock' },
    });
    const b = await createOrder(ctx, {
      billing_address: { name: 'Lakeside Bait' },
      shipping_address: { name: 'Pier 9' },
    });
    const ia = await invoiceOrder(ctx, a.id);
    const ib = await invoiceOrder(ctx, b.id);
    await ctx.database.db.update(invoices).set({ date: '2024-01-01' }).where(eq(invoices.id, ia.id));

    const res = await ctx.staff.get('/api/invoices/');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toMatchObject({ count: 2, next: null, previous: null });
    expect(list.results.map((r: InvoiceListRow) => r.id)).toEqual([ib.id, ia.id]);
    expect(list.results[1]).toEqual({
      id: ia.id,
      invoice_number: ia.invoice_number,
      date: '2024-01-01',
      customer_name: 'Northwind Traders',
      order_number: a.door_number,
      order_count: 1,
      orders: [a.id],
      total_amount: a.totals.total,
      has_manual_edits: false,
      is_combined: false,
      updated_at: expect.any(String),
      balance_due: a.totals.total,
      // The list shows when the balance is due: the invoice's due date.
      due_date: today(),
      status: 'unpaid',
    });
    expect(list.results[0].customer_name).toBe('Lakeside Bait');

    const ids = async (search: string) =>
      (await ctx.staff.get('/api/invoices/', { query: { search } }))
        .json()
        .results.map((r: InvoiceListRow) => r.id);
    expect(await ids('northWIND')).toEqual([ia.id]);
    expect(await ids('bay dock')).toEqual([ia.id]); // the bill-to is the billing address; ship-to matches too
    expect(await ids('lakeside')).toEqual([ib.id]);
    expect(await ids(ib.invoice_number)).toEqual([ib.id]);
    expect(await ids('100')).toEqual([ib.id, ia.id]);
    expect(await ids('%')).toEqual([]);
    // An order's billing name matches even after the invoice's bill-to was edited.
    await ctx.staff.patch(`/api/invoices/${ia.id}/`, {
      editable_data: { bill_to: { name: 'Someone Else' }, ship_to: { name: '' } },
    });
    expect(await ids('northwind')).toEqual([ia.id]);
    // customer_name: the bill-to name, else the ship-to name.
    await ctx.staff.patch(`/api/invoices/${ib.id}/`, { editable_data: { bill_to: { name: '' } } });
    expect((await ctx.staff.get(`/api/invoices/${ib.id}/`)).json().customer_name).toBe('Pier 9');
  });

  it('pages by 25 with DRF links; a page past the end is 404', async () => {
    const created: OrderView[] = [];
    for (let i = 0; i < 26; i++) created.push(await createOrder(ctx));
    for (const o of created) await invoiceOrder(ctx, o.id);
    const first = (await ctx.staff.get('/api/invoices/', { query: { search: 'acme' } })).json();
    expect(first.count).toBe(26);
    expect(first.results).toHaveLength(25);
    expect(first.next).toBe('http://localhost:80/api/invoices/?search=acme&page=2'.replace(':80', ''));
    const second = await ctx.staff.get('/api/invoices/', { query: { search: 'acme', page: '2' } });
    expect(second.json().results).toHaveLength(1);
    expect(second.json().previous).toBe('http://localhost/api/invoices/?search=acme');
    expect((await ctx.staff.get('/api/invoices/', { query: { page: '3' } })).statusCode).toBe(404);
    expect((await ctx.staff.get('/api/invoices/', { query: { page: 'x' } })).statusCode).toBe(400);
  });

  it("follows its orders' names: a renamed customer is found by the new name only, a combined invoice by each order's", async () => {
    const a = await createOrder(ctx, {
      billing_address: { name: 'Walleye Point' },
      shipping_address: { name: 'Dock A' },
    });
    const b = await createOrder(ctx, {
      billing_address: { name: 'Crappie Cove' },
      shipping_address: { name: '' },
    });
    const combined = await ctx.staff.post('/api/invoices/create-combined/', {
      order_ids: [a.id, b.id],
      date: '2024-06-01',
      confirm_mixed_customers: true,
    });
    expect([201, 503]).toContain(combined.statusCode); // 201 answers its PDF; 503 (no browser here) discards it
    const [link] = await ctx.database.db.select().from(invoiceOrders).where(eq(invoiceOrders.orderId, a.id));
    const single = link ? link.invoiceId : (await invoiceOrder(ctx, a.id)).id;
    const ids = async (search: string) =>
      (await ctx.staff.get('/api/invoices/', { query: { search } }))
        .json()
        .results.map((r: InvoiceListRow) => r.id);
    const rename = async (id: number, field: 'billing_address' | 'shipping_address', name: string) => {
      const current = (await ctx.staff.get(`/api/orders/${id}/`)).json();
      const saved = await ctx.staff.put(`/api/orders/${id}/`, {
        ...current,
        [field]: { ...current[field], name },
      });
      expect(saved.statusCode).toBe(200);
    };
    expect(await ids('walleye')).toEqual([single]);
    await rename(a.id, 'shipping_address', 'Sauger Landing');
    expect(await ids('sauger')).toEqual([single]);
    if (link) {
      // Combined: the bill-to is the first order's; the second order's names are found through it.
      expect(await ids('crappie')).toEqual([single]);
      await rename(b.id, 'billing_address', 'Perch Bay');
      expect(await ids('crappie')).toEqual([]);
      expect(await ids('perch')).toEqual([single]);
    }
  });

  it('matches a ship-to name typed on the invoice only', async () => {
    const order = await createOrder(ctx, {
      billing_address: { name: 'Lakeside Bait' },
      shipping_address: { name: '' },
    });
    const invoice = await invoiceOrder(ctx, order.id);
    await ctx.staff.patch(`/api/invoices/${invoice.id}/`, {
      editable_data: { ship_to: { name: 'Harbor Yard 7' } },
    });
    const found = (await ctx.staff.get('/api/invoices/', { query: { search: 'HARBOR yard' } })).json();
    expect(found).toMatchObject({ count: 1, results: [{ id: invoice.id, customer_name: 'Lakeside Bait' }] });
  });

  it('counts a search exactly up to INVOICE_COUNT_LIMIT, then as a lower bound while next keeps going', async () => {
    const many = INVOICE_COUNT_LIMIT + 30;
    await ctx.database.db.execute(sql`
      insert into invoices (invoice_number, date, bill_to, ship_to)
      select 'B-' || n, date '2022-06-01', jsonb_build_object('name', 'Manyfold Farms ' || n), '{}'::jsonb
      from generate_series(1, ${many}) as n`);
    const page = async (n: number) =>
      (await ctx.staff.get('/api/invoices/', { query: { search: 'manyfold', page: String(n) } })).json();
    const first = await page(1);
    expect(first.count).toBe(INVOICE_COUNT_LIMIT);
    expect(first.results).toHaveLength(25);
    expect(first.next).toContain('page=2');
    // Past the limit the count is at least the rows up to this page and one more.
    const deep = await page(41);
    expect(deep.count).toBe(41 * 25 + 1);
    expect(deep.next).toContain('page=42');
    // On the last page the count is exact: every match has been seen.
    const last = await page(42);
    expect(last).toMatchObject({ count: many, next: null });
    expect(last.results).toHaveLength(many - 41 * 25);
    // Without a search, the count is always exact.
    expect((await ctx.staff.get('/api/invoices/')).json().count).toBe(many);
  });

  it('answers 404 for an unknown invoice', async () => {
    const res = await ctx.staff.get('/api/invoices/999/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Invoice not found.' });
  });
});

describe('PATCH /api/invoices/{id}/', () => {
  it('recomputes totals on the server (freight line, percent discount, payments), flags manual edits, bumps the version', async () => {
    const order = await createOrder(ctx);
    const created = await invoiceOrder(ctx, order.id);
    const lines = [
      { quantity: 2, description: 'Walk-in cooler', price_each: '5000.00' },
      { quantity: 1, description: 'Freight to site', price_each: '400' },
      { quantity: 3, description: 'Shelf', price_each: '33.33' },
      // A line takes price 0 and up (a credit goes in payments_credits, not a negative line).
      { quantity: 1, description: 'Goodwill', price_each: '0' },
    ];
    const res = await ctx.staff.patch(`/api/invoices/${created.id}/`, {
      invoice_number: 'INV-77',
      date: '2024-07-01',
      version: 1,
      editable_data: {
        discount: '12.5',
        discount_is_percentage: true,
        tax_rate: '7.5',
        payments_credits: '1000',
        line_items: lines,
        terms: '',
      },
      // Sent totals are ignored.
      totals: { total: '1.00' },
      total_amount: '1.00',
    });
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json();
    const expected = calculateInvoiceTotals({
      lineItems: lines,
      discount: '12.5',
      discountIsPercentage: true,
      taxRate: '7.5',
      taxExempt: false,
      paymentsCredits: '1000',
    });
    expect(invoice.totals).toEqual({
      subtotal: expected.subtotal,
      discount_amount: expected.discountAmount,
      tax_amount: expected.taxAmount,
      total: expected.total,
      payments_credits: '1000.00',
      balance_due: expected.balanceDue,
      credit: '0.00',
    });
    expect(invoice.totals.subtotal).toBe('10499.99');
    expect(invoice).toMatchObject({
      invoice_number: 'INV-77',
      date: '2024-07-01',
      has_manual_edits: true,
      version: 2,
      total_amount: expected.total,
    });
    expect(invoice.editable_data).toMatchObject({
      terms: 'Due on receipt',
      discount: '12.50',
      tax_rate: '7.50',
      bill_to: { name: 'Acme Foods' },
    });
    expect(
      invoice.line_items.items.map((l: InvoiceLineView) => [
        l.quantity,
        l.description,
        l.price_each,
        l.amount,
        l.is_freight,
      ]),
    ).toEqual([
      [2, 'Walk-in cooler', '5000.00', '10000.00', null],
      [1, 'Freight to site', '400.00', '400.00', null],
      [3, 'Shelf', '33.33', '99.99', null],
      [1, 'Goodwill', '0.00', '0.00', null],
    ]);
    // The orders follow the new number; the list shows the edit.
    expect((await ctx.staff.get(`/api/orders/${order.id}/`)).json().invoice_number).toBe('INV-77');
    expect((await ctx.staff.get('/api/invoices/')).json().results[0]).toMatchObject({
      has_manual_edits: true,
      total_amount: expected.total,
    });
    const entry = (await historyOf(order.id)).find((h) => h.action === 'invoice_updated');
    expect(entry?.changes).toMatchObject({
      invoice_number: { old: '1001', new: 'INV-77' },
      date: { new: '2024-07-01' },
    });
  });

  it('tax exempt: no tax whatever the rate; a line marked is_freight is untaxed whatever it says', async () => {
    const order = await createOrder(ctx);
    const created = await invoiceOrder(ctx, order.id);
    const lines = [
      { quantity: 1, description: 'Cooler', price_each: '1000' },
      { quantity: 1, description: 'Freight', price_each: '100', is_freight: true },
      { quantity: 1, description: 'Freight liner (a product)', price_each: '10', is_freight: false },
    ];
    const exempt = (
      await ctx.staff.patch(`/api/invoices/${created.id}/`, {
        editable_data: { tax_exempt: true, discount: '0', line_items: lines },
      })
    ).json();
    expect(exempt.totals).toMatchObject({ subtotal: '1110.00', tax_amount: '0.00', total: '1110.00' });
    const taxed = (
      await ctx.staff.patch(`/api/invoices/${created.id}/`, {
        editable_data: { tax_exempt: false, tax_rate: '10' },
      })
    ).json();
    // Tax on 1000 + 10 only.
    expect(taxed.totals).toMatchObject({
      subtotal: '1110.00',
      tax_amount: '101.00',
      total: '1211.00',
      balance_due: '1211.00',
    });
    expect(taxed.version).toBe(3);
  });

  it("announces invoice.updated with exactly what GET /api/invoices/{id}/ answers after the save, its new lines included", async () => {
    const order = await createOrder(ctx);
    const created = await invoiceOrder(ctx, order.id);
    const before = (await ctx.staff.get(`/api/invoices/${created.id}/`)).json();
    // Events from here on only (earlier tests of this file announced invoices with the same id).
    const [last] = rowsOf<{ id: number | string }>(
      await ctx.database.db.execute(sql`select coalesce(max(id), 0) as id from integration_events`),
    );
    const since = Number(last!.id);
    const edited = await ctx.staff.patch(`/api/invoices/${created.id}/`, {
      version: before.version,
      editable_data: { line_items: [{ quantity: 2, description: 'Replaced line', price_each: '125.50' }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (await ctx.staff.get(`/api/invoices/${created.id}/`)).json();
    expect(after.line_items.items.map((l: InvoiceLineView) => l.description)).toEqual(['Replaced line']);
    const events = eventsAnswer.parse((await ctx.staff.get(`/api/events/?since=${since}`)).json());
    expect(events.has_more).toBe(false);
    const updated = events.results.filter((e) => e.type === 'invoice.updated' && (e.data as { id?: number }).id === created.id);
    expect(updated).toHaveLength(1);
    expect(updated[0]!.data).toEqual(after);
  });

  it('a save that changes nothing changes nothing', async () => {
    const order = await createOrder(ctx);
    const created = await invoiceOrder(ctx, order.id);
    const invoice = (await ctx.staff.get(`/api/invoices/${created.id}/`)).json();
    const res = await ctx.staff.patch(`/api/invoices/${created.id}/`, {
      invoice_number: invoice.invoice_number,
      date: invoice.date,
      editable_data: invoice.editable_data,
      version: invoice.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ has_manual_edits: false, version: 1 });
  });

  it('409 for a stale version; 400 for a taken number, bad fields and a bad version', async () => {
    const a = await createOrder(ctx);
    const b = await createOrder(ctx);
    const ia = await invoiceOrder(ctx, a.id);
    const ib = await invoiceOrder(ctx, b.id);
    expect(
      (await ctx.staff.patch(`/api/invoices/${ia.id}/`, { editable_data: { po_job_name: 'x' }, version: 1 }))
        .statusCode,
    ).toBe(200);
    const stale = await ctx.staff.patch(`/api/invoices/${ia.id}/`, {
      editable_data: { po_job_name: 'y' },
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatch(/changed by someone else/);

    const taken = await ctx.staff.patch(`/api/invoices/${ia.id}/`, { invoice_number: ib.invoice_number });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ invoice_number: ['An invoice with this number already exists.'] });

    const bad = await ctx.staff.patch(`/api/invoices/${ia.id}/`, {
      invoice_number: ' ',
      date: '2024-02-30',
      editable_data: {
        tax_rate: '101',
        discount: '150',
        discount_is_percentage: true,
        payments_credits: '-1',
        line_items: [{ quantity: 'x' }],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      invoice_number: ['Invoice # is required'],
      date: ['Enter a valid date (YYYY-MM-DD)'],
      editable_data: {
        tax_rate: ['Tax rate must be between 0 and 100'],
        discount: ['Percentage discount cannot be greater than 100%'],
        payments_credits: ['Payments/Credits cannot be negative'],
        line_items: [{ quantity: ['Quantity must be a number'] }],
      },
    });
    expect((await ctx.staff.patch(`/api/invoices/${ia.id}/`, { version: 'abc' })).json()).toEqual({
      version: ['A valid integer is required.'],
    });
    const huge = await ctx.staff.patch(`/api/invoices/${ia.id}/`, {
      editable_data: { line_items: [{ quantity: 1000, price_each: '9999999999' }] },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ editable_data: { line_items: [{ quantity: ['Amount is too large'] }] } });
    expect((await ctx.staff.patch('/api/invoices/999/', {})).statusCode).toBe(404);
    // Nothing of the refused saves was kept.
    const after = (await ctx.staff.get(`/api/invoices/${ia.id}/`)).json();
    expect(after).toMatchObject({
      invoice_number: ia.invoice_number,
      version: 2,
      editable_data: { po_job_name: 'x' },
    });
  });
});

describe('DELETE /api/invoices/{id}/', () => {
  it('deletes the invoice and frees its orders, with history', async () => {
    const order = await createOrder(ctx);
    const created = await invoiceOrder(ctx, order.id);
    const res = await ctx.staff.delete(`/api/invoices/${created.id}/`);
    expect(res.statusCode).toBe(204);
    expect((await ctx.staff.get(`/api/invoices/${created.id}/`)).statusCode).toBe(404);
    expect(await countRows(ctx.database, 'invoice_line_items')).toBe(0);
    const after = (await ctx.staff.get(`/api/orders/${order.id}/`)).json();
    expect(after).toMatchObject({ has_invoice: false, invoice_details: null, invoice_number: '1001' });
    const entry = (await historyOf(order.id)).find((h) => h.action === 'invoice_deleted');
    expect(entry).toMatchObject({
      userId: ctx.staffId,
      changes: { invoice_number: { old: '1001', new: null } },
    });
    // The order can be invoiced again, with a new number: a deleted one is never reused (decision 011).
    expect(await invoiceOrder(ctx, order.id, 201)).toMatchObject({ invoice_number: '1002' });
    // The order itself can be deleted once its invoice is gone.
    const again = (await ctx.staff.get('/api/invoices/')).json().results[0];
    await ctx.staff.delete(`/api/invoices/${again.id}/`);
    expect((await ctx.staff.delete(`/api/orders/${order.id}/`)).statusCode).toBe(204);
  });

  it("refuses (409) while one of its orders is completed; the order's status is changed first", async () => {
    const { cat } = ctx;
    const order = await createOrder(ctx, { ...shippable(cat), status: 'scheduled_to_ship' });
    const created = await invoiceOrder(ctx, order.id);
    const completed = await ctx.staff.post(`/api/orders/${order.id}/change-status/`, {
      new_status: 'completed',
    });
    expect(completed.statusCode).toBe(200);
    const res = await ctx.staff.delete(`/api/invoices/${created.id}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      `Order ${order.door_number} is Completed, and a completed order must keep its invoice. Change the order's status first, then delete the invoice.`,
    );
    const back = completed.json();
    const moved = await ctx.staff.put(`/api/orders/${order.id}/`, {
      ...back,
      status: 'scheduled_to_ship',
      version: back.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await ctx.staff.delete(`/api/invoices/${created.id}/`)).statusCode).toBe(204);
    const [row] = await ctx.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row?.status).toBe('scheduled_to_ship');
  });

  it('404 for an unknown invoice', async () => {
    expect((await ctx.staff.delete('/api/invoices/999/')).statusCode).toBe(404);
  });
});

describe('tRPC invoices.* and bols.info', () => {
  it('createForOrder, list, get, update, delete', async () => {
    const order = await createOrder(ctx);
    const created = await ctx.staff.trpcMutation('invoices.createForOrder', { orderId: order.id });
    expect(created.statusCode).toBe(200);
    const { id, invoice_number, created: isNew } = created.json().result.data;
    expect({ invoice_number, isNew }).toEqual({ invoice_number: '1001', isNew: true });
    expect(
      (await ctx.staff.trpcMutation('invoices.createForOrder', { orderId: order.id })).json().result.data,
    ).toEqual({ id, invoice_number, created: false });

    const list = (await ctx.staff.trpcQuery('invoices.list', { search: 'acme' })).json().result.data;
    expect(list).toMatchObject({ count: 1, next: null, previous: null, results: [{ id }] });
    const got = (await ctx.staff.trpcQuery('invoices.get', { id })).json().result.data;
    expect(got).toMatchObject({ id, version: 1, line_items: { items: expect.any(Array) } });

    const updated = await ctx.staff.trpcMutation('invoices.update', {
      id,
      data: { version: 1, editable_data: { payments_credits: got.totals.total } },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().result.data.totals.balance_due).toBe('0.00');
    const stale = await ctx.staff.trpcMutation('invoices.update', {
      id,
      data: { version: 1, editable_data: { payments_credits: '0' } },
    });
    expect(stale.statusCode).toBe(409);
    const invalid = await ctx.staff.trpcMutation('invoices.update', { id, data: { invoice_number: '' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.data.fieldErrors).toEqual({ invoice_number: ['Invoice # is required'] });

    expect((await ctx.staff.trpcQuery('bols.info', { orderId: order.id })).json().result.data).toMatchObject({
      bol_number: '1001',
      is_update: false,
    });

    // Paid in full by the PATCH above (an adjustment in its ledger): not deleted (decision 127).
    expect((await ctx.staff.trpcMutation('invoices.delete', { id })).statusCode).toBe(409);
    const unpaid = await invoiceOrder(ctx, (await createOrder(ctx)).id);
    expect((await ctx.staff.trpcMutation('invoices.delete', { id: unpaid.id })).json().result.data).toEqual({
      success: true,
    });
    expect((await ctx.staff.trpcQuery('invoices.get', { id: unpaid.id })).statusCode).toBe(404);
  });

  it('voided order through tRPC: BAD_REQUEST with the message', async () => {
    const order = await createOrder(ctx);
    await ctx.staff.post(`/api/orders/${order.id}/void/`);
    const res = await ctx.staff.trpcMutation('invoices.createForOrder', { orderId: order.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('A voided order cannot be invoiced. Unvoid it first.');
  });
});

describe('access', () => {
  it('anonymous callers get 401; staff (not only admins) may use invoices', async () => {
    const order = await createOrder(ctx);
    const created = await invoiceOrder(ctx, order.id);
    for (const [method, url] of [
      ['GET', '/api/invoices/'],
      ['GET', `/api/invoices/${created.id}/`],
      ['PATCH', `/api/invoices/${created.id}/`],
      ['DELETE', `/api/invoices/${created.id}/`],
      ['GET', `/api/invoices/${created.id}/pdf/`],
      ['POST', '/api/invoices/create-combined/'],
      ['POST', `/api/orders/${order.id}/create-invoice/`],
      ['GET', `/api/orders/${order.id}/get-bol-number/`],
      ['POST', `/api/orders/${order.id}/create-bill-of-lading/`],
      ['GET', `/api/orders/${order.id}/print/`],
    ] as const) {
      const res = await ctx.anonymous.request(
        method,
        url,
        method === 'GET' || method === 'DELETE' ? {} : { payload: {} },
      );
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await ctx.anonymous.trpcQuery('invoices.list')).statusCode).toBe(401);
    expect((await ctx.staff.get('/api/invoices/')).statusCode).toBe(200);
    expect((await ctx.admin.get(`/api/invoices/${created.id}/`)).statusCode).toBe(200);
    const staffEdit = await ctx.staff.patch(`/api/invoices/${created.id}/`, {
      editable_data: { terms: 'Net 30' },
    });
    expect(staffEdit.statusCode).toBe(200);
  });
});
