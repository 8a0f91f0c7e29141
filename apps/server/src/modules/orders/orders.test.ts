import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { companyInfo, orders } from '@icehouse/db/schema';
import { mapOrderWriteError } from './order-write';
import { attachBol, attachInvoice, countRows, orderPayload, shippable, useOrdersTestApp } from '../../../tests/orders-test-support';
import { testDatabaseUrl, waitFor } from '../../../tests/wait-for-jobs';

const ctx = useOrdersTestApp();

async function create(overrides: Record<string, unknown> = {}) {
  const res = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const TABLES = ['orders', 'addresses', 'order_building_info', 'order_additional_items', 'history', 'number_sequences'];
async function tableCounts() {
  return Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await countRows(ctx.database, t)] as const)));
}

describe('create and read', () => {
  it('creates an order with nested addresses, building info and items, and reads it back whole', async () => {
    const created = await create();
    const res = await ctx.staff.get(`/api/orders/${created.id}/`);
    expect(res.statusCode).toBe(200);
    const order = res.json();
    expect(order).toEqual(created);
    const { cat } = ctx;
    expect(order).toMatchObject({
      status: 'pending',
      status_display: 'Pending',
      date: '2024-05-01',
      ship_date: null,
      ship_via: null,
      invoice_number: '',
      door_number: '1001',
      special_delivery_info: '',
      customer_po_job_name: 'Lake cabin',
      freight_cost: '250.00',
      discount: '10.00',
      discount_is_percentage: true,
      tax_exempt: false,
      phone: '(555) 123-4567',
      eps_po_number: '',
      po_delivery_date: null,
      notes: 'Call before delivery',
      additional_info: '',
      bol_number: null,
      has_bol: false,
      has_invoice: false,
      can_change_status: false,
      missing_requirements: ['EPS PO Number'],
      next_possible_status: 'processed',
      customer_name: 'Acme Foods',
      blueprint: null,
      blueprint_filename: null,
      door_placement_drawing: null,
      door_placement_filename: null,
      invoice_details: null,
      bill_of_lading_details: null,
      billing_address: { name: 'Acme Foods', street: '1 Main St', city: 'Duluth', state: 'MN', zip_code: '55802', country: 'US' },
      shipping_address: { name: 'Acme Warehouse', street: '9 Dock Rd', city: 'Superior', state: 'WI', zip_code: '54880', country: 'US' },
      version: 1,
    });
    expect(order.billing_address.id).toEqual(expect.any(Number));
    expect(order.shipping_address.id).not.toBe(order.billing_address.id);
    expect(order.building_info).toEqual({
      id: expect.any(Number),
      order: created.id,
      product: cat.product.cooler,
      is_custom: false,
      price: '12000.00',
      building_type: 'FREEZER_COOLER_UNIT', // the product's
      building_description: '',
      size: null,
      custom_size: '',
      thickness: null,
      door_type: null,
      door_type_price: null,
      door_cladding: cat.doorCladding,
      door_cladding_price: '275.00',
      hinge_side: cat.hingeSide,
      roof_color: null,
      siding_color: null,
      door_placement: 'Front, centred',
      additional_items: [
        { id: expect.any(Number), item: cat.item.rodHolder, custom_item_name: '', quantity: 2, price: '19.90' },
        { id: expect.any(Number), item: null, custom_item_name: 'Extra cam locks', quantity: 1, price: '0.00' },
      ],
    });
    expect(order.additional_items).toEqual(order.building_info.additional_items);
    // 12000 + 275 + 2 x 19.90 = 12314.80; + 250 freight = 12564.80; 10 % off = 1256.48;
    // tax 8.25 % of (12314.80 - 1256.48) = 912.31; total 12220.63
    expect(order.totals).toEqual({ subtotal: '12564.80', discount_amount: '1256.48', tax_amount: '912.31', total: '12220.63', tax_rate: '8.25' });
    expect(Date.parse(order.created_at)).not.toBeNaN();
    expect(order.updated_at).toEqual(expect.any(String));
  });

  it('takes options as {value, label} objects and custom products with their type', async () => {
    const { cat } = ctx;
    const order = await create({
      ...shippable(cat),
      status: 'scheduled_to_ship',
      ship_via: { value: cat.shipVia.truck, label: 'Company Truck' },
      building_info: {
        product: 'custom',
        price: '8000',
        building_type: { value: 'PREBUILT_ICE_HOUSE', label: 'Prebuilt Ice House' },
        building_description: 'Wheelhouse with bunks',
        custom_size: '8x18',
        thickness: { value: cat.thickness },
        roof_color: cat.roofColor,
        siding_color: cat.sidingColor,
        additional_items: [],
      },
    });
    expect(order).toMatchObject({
      status: 'scheduled_to_ship',
      ship_via: { value: cat.shipVia.truck, label: 'Company Truck' },
      can_change_status: false,
      missing_requirements: ['Invoice'],
      next_possible_status: 'completed',
    });
    expect(order.building_info).toMatchObject({
      product: 'custom',
      is_custom: true,
      price: '8000.00',
      building_type: 'PREBUILT_ICE_HOUSE',
      custom_size: '8x18',
      thickness: cat.thickness,
    });
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    expect((await ctx.staff.get('/api/orders/999/')).statusCode).toBe(404);
    expect((await ctx.staff.get('/api/orders/999/')).json()).toEqual({ detail: 'Order not found.' });
    expect((await ctx.staff.get('/api/orders/abc/')).statusCode).toBe(400);
  });

  it('shows invoice and bill of lading details', async () => {
    const order = await create();
    const invoice = await attachInvoice(ctx.database, order.id, '2024-06-15');
    await attachBol(ctx.database, order.id, '7001');
    const res = (await ctx.staff.get(`/api/orders/${order.id}/`)).json();
    expect(res).toMatchObject({
      has_invoice: true,
      has_bol: true,
      bol_number: '7001',
      invoice_details: { id: invoice.id, invoice_number: invoice.invoiceNumber, date: '2024-06-15' },
      bill_of_lading_details: { bill_of_lading_number: '7001', date: '2024-06-20', free_on_board: 'Factory' },
    });
  });

  it('uses a 0 tax rate when there is no company row', async () => {
    await ctx.database.db.delete(companyInfo);
    const order = await create({ discount: '0', freight_cost: '0' });
    expect(order.totals).toMatchObject({ tax_amount: '0.00', tax_rate: '0.00', total: '12314.80' });
  });
});

describe('validation', () => {
  it('puts each spec message on its field, nested fields included', async () => {
    const res = await ctx.staff.post('/api/orders/', {
      status: 'processed',
      date: '',
      door_number: ' ',
      phone: '5551234',
      discount: '120',
      discount_is_percentage: true,
      billing_address: { name: '', zip_code: '1234' },
      building_info: {
        product: 'custom',
        building_type: 'FREEZER_COOLER_UNIT',
        price: '-5',
        additional_items: [{ item: ctx.cat.item.light, quantity: 1 }, { quantity: 0, custom_item_name: 'x' }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      date: ['Date is required'],
      door_number: ['Door Number is required'],
      phone: ['Invalid phone number format. Use (XXX) XXX-XXXX'],
      discount: ['Percentage discount cannot be greater than 100%'],
      eps_po_number: ['EPS PO Number is required'],
      billing_address: { name: ['Billing name is required'], zip_code: ['ZIP code must be 12345 or 12345-6789'] },
      building_info: {
        price: ['Price cannot be negative'],
        building_description: ['Building Description is required for this building type'],
        size: ['Either size or custom size must be provided for this building type'],
        thickness: ['Thickness is required for this building type'],
        additional_items: [{}, { quantity: ['Quantity must be at least 1'] }],
      },
    });
  });

  it('processed without an EPS PO number -> {eps_po_number}', async () => {
    const res = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { status: 'processed' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ eps_po_number: ['EPS PO Number is required'] });
  });

  it('requires ship date and ship via for scheduled_to_ship, and an invoice for completed', async () => {
    const scheduled = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { status: 'scheduled_to_ship', eps_po_number: 'E-1' }));
    expect(scheduled.json()).toEqual({ ship_date: ['Ship Date is required'], ship_via: ['Shipping Method is required'] });
    // has_invoice from the client is ignored: the server knows there is no invoice.
    const completed = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { status: 'completed', has_invoice: true, ...shippable(ctx.cat) }));
    expect(completed.json()).toEqual({
      has_invoice: ['Invoice is required'],
      status: ['Cannot set status to Completed without Invoice'],
    });
  });

  it('requires a product and a building type for custom products', async () => {
    const none = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { building_info: { product: null } }));
    expect(none.json()).toEqual({ building_info: { product: ['Product is required'] } });
    const custom = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { building_info: { product: 'custom' } }));
    expect(custom.json()).toEqual({ building_info: { building_type: ['Building Type is required for custom products'] } });
    // Door only and ice house kit need no description; door only needs no size.
    const door = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { building_info: { product: 'custom', building_type: 'DOOR_ONLY' } }));
    expect(door.statusCode).toBe(201);
  });

  it('refuses unknown or wrong-category setting and product ids on the right field', async () => {
    const { cat } = ctx;
    const res = await ctx.staff.post(
      '/api/orders/',
      orderPayload(cat, {
        ship_via: cat.size.small, // a size is no shipping method
        building_info: {
          product: 9999,
          size: 8888,
          door_type: cat.doorType,
          additional_items: [{ item: cat.item.light, quantity: 1 }, { item: cat.roofColor, quantity: 1 }],
        },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      ship_via: ['Select a valid option'],
      building_info: {
        product: ['Select a valid option'],
        size: ['Select a valid option'],
        additional_items: [{}, { item: ['Select a valid option'] }],
      },
    });
  });

  it('a refused save writes nothing', async () => {
    const order = await create();
    const before = await tableCounts();
    const refusedCreate = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { door_number: '2002', status: 'processed' }));
    expect(refusedCreate.statusCode).toBe(400);
    const refusedUpdate = await ctx.staff.put(`/api/orders/${order.id}/`, {
      ...orderPayload(ctx.cat, { notes: 'changed', billing_address: { name: '' } }),
      version: 1,
    });
    expect(refusedUpdate.statusCode).toBe(400);
    expect(await tableCounts()).toEqual(before);
    expect((await ctx.staff.get(`/api/orders/${order.id}/`)).json()).toEqual(order);
  });

  it('refuses a body that is not an object', async () => {
    const res = await ctx.staff.post('/api/orders/', [1, 2]);
    expect(res.statusCode).toBe(400);
    const trpc = await ctx.staff.trpcMutation('orders.create', 42);
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.appCode).toBe('VALIDATION');
  });
});

describe('door numbers', () => {
  it('proposes the next number without taking it: repeated GETs and tRPC queries answer the same; saving takes it', async () => {
    const first = await ctx.staff.get('/api/orders/get-next-door-number/');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ door_number: '1001' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => ctx.staff.get('/api/orders/get-next-door-number/')));
    expect(answers.map((r) => r.json().door_number)).toEqual(Array(10).fill('1001'));
    // A query now (GET), so a prefetch or a link is harmless; the mutation form is gone.
    const trpc = await ctx.staff.trpcQuery('orders.nextDoorNumber');
    expect(trpc.json().result.data).toEqual({ door_number: '1001' });
    expect((await ctx.staff.trpcMutation('orders.nextDoorNumber')).statusCode).toBe(405);
    // Saving an order with the proposal takes it; the next proposal moves on.
    await create({ door_number: '1001' });
    expect((await ctx.staff.get('/api/orders/get-next-door-number/')).json()).toEqual({ door_number: '1002' });
  });

  it('two forms given the same proposal: one saves, the other gets the field error, then a fresh number', async () => {
    const { door_number } = (await ctx.staff.get('/api/orders/get-next-door-number/')).json();
    const [a, b] = await Promise.all([
      ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { door_number, billing_address: { name: 'Form A' } })),
      ctx.staff.trpcMutation('orders.create', orderPayload(ctx.cat, { door_number, billing_address: { name: 'Form B' } })),
    ]);
    const codes = [a.statusCode, b.statusCode];
    expect(codes.filter((c) => c === 400)).toHaveLength(1);
    expect(codes.some((c) => c === 200 || c === 201)).toBe(true);
    const failed = a.statusCode === 400 ? a.json() : b.json().error.data.fieldErrors;
    expect(failed).toEqual({ door_number: ['An order with this door number already exists.'] });
    const fresh = (await ctx.staff.trpcQuery('orders.nextDoorNumber')).json().result.data.door_number;
    expect(Number(fresh)).toBe(Number(door_number) + 1);
    expect((await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { door_number: fresh }))).statusCode).toBe(201);
  });

  it('a typed numeric door number moves the sequence past it; a number in use is skipped', async () => {
    await create({ door_number: '5000' });
    expect((await ctx.staff.get('/api/orders/get-next-door-number/')).json()).toEqual({ door_number: '5001' });
    // An order written without moving the sequence (an import): the proposal skips past it.
    await ctx.database.db.insert(orders).values({ date: '2024-01-01', doorNumber: '5001' });
    expect((await ctx.staff.get('/api/orders/get-next-door-number/')).json()).toEqual({ door_number: '5002' });
    // A non-numeric door number leaves the sequence alone.
    await create({ door_number: 'A-17' });
    expect((await ctx.staff.get('/api/orders/get-next-door-number/')).json()).toEqual({ door_number: '5002' });
  });

  it('a door number another order uses is a field error, on create and update', async () => {
    await create({ door_number: '1500' });
    const other = await create({ door_number: '1501' });
    const dup = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { door_number: '1500' }));
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ door_number: ['An order with this door number already exists.'] });
    const upd = await ctx.staff.put(`/api/orders/${other.id}/`, { ...orderPayload(ctx.cat, { door_number: '1500' }), version: 1 });
    expect(upd.json()).toEqual({ door_number: ['An order with this door number already exists.'] });
    // Keeping its own number is fine.
    const same = await ctx.staff.put(`/api/orders/${other.id}/`, { ...orderPayload(ctx.cat, { door_number: '1501' }), version: 1 });
    expect(same.statusCode).toBe(200);
  });

  it('concurrent creates with the same typed door number: one 201, the others a field error, never a 500', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { door_number: '3333', billing_address: { name: `Racer ${i}` } })),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 400, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) {
      expect(r.json()).toEqual({ door_number: ['An order with this door number already exists.'] });
    }
    expect(await countRows(ctx.database, 'orders')).toBe(1);
    expect(await countRows(ctx.database, 'addresses')).toBe(2);
  });

  it('the same race through REST and tRPC at once gives the same field error', async () => {
    const a = ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { door_number: '4444' }));
    const b = ctx.staff.trpcMutation('orders.create', orderPayload(ctx.cat, { door_number: '4444' }));
    const [ra, rb] = await Promise.all([a, b]);
    const statuses = [ra.statusCode, rb.statusCode].sort();
    expect(statuses[0] === 200 || statuses[0] === 201).toBe(true);
    expect(statuses[1]).toBe(400);
    const failed = ra.statusCode === 400 ? ra.json() : rb.json().error.data.fieldErrors;
    expect(failed).toEqual({ door_number: ['An order with this door number already exists.'] });
  });

  it('the unique index refusal itself (a race past the check) maps to the field error', async () => {
    const order = await create({ door_number: '8080' });
    const error = await ctx.database.db
      .insert(orders)
      .values({ date: '2024-01-01', doorNumber: order.door_number })
      .catch((e: unknown) => e);
    expect(mapOrderWriteError(error)).toMatchObject({
      code: 'VALIDATION',
      fieldErrors: { door_number: ['An order with this door number already exists.'] },
    });
  });
});

describe('update', () => {
  it('replaces fields and nested rows, bumps the version, keeps item ids by position', async () => {
    const { cat } = ctx;
    const order = await create();
    const res = await ctx.staff.put(`/api/orders/${order.id}/`, {
      ...orderPayload(cat, {
        notes: 'Deliver Monday',
        additional_info: 'Gate code 1234',
        billing_address: { ...order.billing_address, name: 'Acme Foods Inc', city: 'Hermantown' },
        building_info: {
          product: cat.product.cooler,
          price: '12500',
          size: cat.size.large,
          additional_items: [{ item: cat.item.rodHolder, quantity: 3, price: '19.90' }],
        },
      }),
      version: order.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json();
    expect(updated.version).toBe(2);
    expect(updated.notes).toBe('Deliver Monday');
    expect(updated.additional_info).toBe('Gate code 1234');
    expect(updated.billing_address).toEqual({ ...order.billing_address, name: 'Acme Foods Inc', city: 'Hermantown' });
    expect(updated.building_info.id).toBe(order.building_info.id);
    expect(updated.building_info).toMatchObject({ price: '12500.00', size: cat.size.large, door_cladding: null, hinge_side: null });
    expect(updated.building_info.additional_items).toEqual([
      { id: order.building_info.additional_items[0].id, item: cat.item.rodHolder, custom_item_name: '', quantity: 3, price: '19.90' },
    ]);
    expect(await countRows(ctx.database, 'order_additional_items')).toBe(1);
    expect(await countRows(ctx.database, 'addresses')).toBe(2);
    // additional_info left out keeps the stored text
    const again = await ctx.staff.put(`/api/orders/${order.id}/`, { ...orderPayload(cat), version: 2 });
    expect(again.json().additional_info).toBe('Gate code 1234');
  });

  it('requires the version, and a stale one answers 409 and changes nothing', async () => {
    const order = await create();
    const missing = await ctx.staff.put(`/api/orders/${order.id}/`, orderPayload(ctx.cat, { notes: 'x' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ version: ['Version is required: send the version you read with the order.'] });
    expect((await ctx.staff.put(`/api/orders/${order.id}/`, { ...orderPayload(ctx.cat), version: 'abc' })).json()).toEqual({
      version: ['Version must be a whole number.'],
    });
    expect((await ctx.staff.put(`/api/orders/${order.id}/`, { ...orderPayload(ctx.cat, { notes: 'first' }), version: 1 })).statusCode).toBe(200);
    const stale = await ctx.staff.put(`/api/orders/${order.id}/`, { ...orderPayload(ctx.cat, { notes: 'second' }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: 'This order was changed by someone else since you opened it. Reload it to see their changes.' });
    const now = (await ctx.staff.get(`/api/orders/${order.id}/`)).json();
    expect(now).toMatchObject({ notes: 'first', version: 2 });
    const trpc = await ctx.staff.trpcMutation('orders.update', { id: order.id, data: { ...orderPayload(ctx.cat), version: 1 } });
    expect(trpc.statusCode).toBe(409);
    expect(trpc.json().error.data).toMatchObject({ code: 'CONFLICT', appCode: 'CONFLICT' });
  });

  it('two saves from the same version: one wins, the other gets 409', async () => {
    const order = await create();
    const [a, b] = await Promise.all([
      ctx.staff.put(`/api/orders/${order.id}/`, { ...orderPayload(ctx.cat, { notes: 'A' }), version: 1 }),
      ctx.admin.put(`/api/orders/${order.id}/`, { ...orderPayload(ctx.cat, { notes: 'B' }), version: 1 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'A' : 'B';
    expect((await ctx.staff.get(`/api/orders/${order.id}/`)).json()).toMatchObject({ notes: winner, version: 2 });
  });

  /**
   * An update sends its UPDATE (the version check) and its addresses, building and items in one round trip
   * (decision 227): when another transaction changes or deletes the order first, the UPDATE matches nothing
   * and whatever the writes after it ran into, the answer is the UPDATE's (409, or 404), with nothing kept.
   */
  describe.runIf(testDatabaseUrl())('an UPDATE that waited on another transaction (PostgreSQL)', () => {
    async function whileHeld(hold: (sql: postgres.ReservedSql, id: number) => Promise<unknown>, order: { id: number }, body: object) {
      const other = postgres((await testDatabaseUrl(ctx.database))!, { max: 2, onnotice: () => {} });
      const holder = await other.reserve();
      try {
        await holder`begin`;
        await hold(holder, order.id);
        const pending = ctx.staff.put(`/api/orders/${order.id}/`, body);
        // The save's UPDATE waits on the row this transaction changed.
        await waitFor(
          async () =>
            (await other`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'update "orders" set%'`).length === 1,
          20_000,
        );
        await holder`commit`;
        return await pending;
      } finally {
        await holder`rollback`.catch(() => undefined);
        holder.release();
        await other.end();
      }
    }

    const edits = (order: { billing_address: object }) => ({
      ...orderPayload(ctx.cat, {
        notes: 'mine',
        billing_address: { ...order.billing_address, name: 'Renamed Foods', city: 'Hermantown' },
        building_info: { product: ctx.cat.product.cooler, price: '13100', size: ctx.cat.size.large, additional_items: [{ item: ctx.cat.item.rodHolder, quantity: 9, price: '19.90' }] },
      }),
      version: 1,
    });

    it('changed meanwhile: 409, and none of its writes kept', async () => {
      const order = await create();
      const res = await whileHeld((sql, id) => sql`update orders set notes = 'theirs', version = version + 1 where id = ${id}`, order, edits(order));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ detail: 'This order was changed by someone else since you opened it. Reload it to see their changes.' });
      const now = (await ctx.staff.get(`/api/orders/${order.id}/`)).json();
      expect(now).toMatchObject({ notes: 'theirs', version: 2, billing_address: order.billing_address });
      expect(now.building_info).toEqual(order.building_info);
      const history = (await ctx.staff.get(`/api/orders/${order.id}/history/`)).json();
      expect(history.map((h: { action: string }) => h.action)).toEqual(['created']);
    });

    it('deleted meanwhile: 404, not the refusal of the building written after the UPDATE', async () => {
      const order = await create();
      const res = await whileHeld(async (sql, id) => {
        await sql`delete from orders where id = ${id}`;
        await sql`delete from addresses where id in (${order.billing_address.id}, ${order.shipping_address.id})`;
      }, order, edits(order));
      expect(res.statusCode, res.body).toBe(404);
    });
  });

  it('a status change by the form follows the requirements; voiding and unvoiding have their own calls', async () => {
    const order = await create();
    const processed = await ctx.staff.put(`/api/orders/${order.id}/`, {
      ...orderPayload(ctx.cat, { status: 'processed', eps_po_number: 'EPS-1' }),
      version: 1,
    });
    expect(processed.json()).toMatchObject({ status: 'processed', next_possible_status: 'scheduled_to_ship' });
    const voided = await ctx.staff.put(`/api/orders/${order.id}/`, {
      ...orderPayload(ctx.cat, { status: 'voided', eps_po_number: 'EPS-1' }),
      version: 2,
    });
    expect(voided.json()).toEqual({ status: ['Only pending orders can be voided.'] });
    const newVoided = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { status: 'voided', door_number: '9' }));
    expect(newVoided.json()).toEqual({ status: ['A new order cannot start as Voided. Save it, then void it.'] });
  });

  it('a completed order with an invoice saves (the invoice is the server fact, not the form flag)', async () => {
    const order = await create({ status: 'scheduled_to_ship', ...shippable(ctx.cat) });
    await attachInvoice(ctx.database, order.id);
    const res = await ctx.staff.put(`/api/orders/${order.id}/`, {
      ...orderPayload(ctx.cat, { status: 'completed', ...shippable(ctx.cat) }),
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', has_invoice: true, next_possible_status: null, can_change_status: false });
  });
});

describe('delete', () => {
  it('deletes the order with its addresses, building, items and BOL, and keeps a deleted entry', async () => {
    const order = await create();
    await attachBol(ctx.database, order.id);
    const res = await ctx.staff.delete(`/api/orders/${order.id}/`);
    expect(res.statusCode).toBe(204);
    expect((await ctx.staff.get(`/api/orders/${order.id}/`)).statusCode).toBe(404);
    for (const table of ['orders', 'addresses', 'order_building_info', 'order_additional_items', 'bills_of_lading']) {
      expect(await countRows(ctx.database, table), table).toBe(0);
    }
    const rows = await ctx.database.db.query.history.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ orderId: null, action: 'deleted', userId: ctx.staffId });
    expect(rows[0]!.changes).toMatchObject({ door_number: { old: '1001', new: null }, customer_name: { old: 'Acme Foods', new: null } });
    expect((await ctx.staff.delete(`/api/orders/${order.id}/`)).statusCode).toBe(404);
  });

  it('refuses (409) an order with an invoice, saying why', async () => {
    const order = await create();
    const invoice = await attachInvoice(ctx.database, order.id);
    const res = await ctx.staff.delete(`/api/orders/${order.id}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: `This order has an invoice (#${invoice.invoiceNumber}) and cannot be deleted. Delete the invoice first.`,
    });
    expect(await ctx.database.db.select().from(orders).where(eq(orders.id, order.id))).toHaveLength(1);
    const trpc = await ctx.staff.trpcMutation('orders.delete', { id: order.id });
    expect(trpc.statusCode).toBe(409);
  });
});

describe('history', () => {
  it('records create and update with readable paths, old and new values, user and time', async () => {
    const { cat } = ctx;
    const order = await create();
    await ctx.admin.put(`/api/orders/${order.id}/`, {
      ...orderPayload(cat, {
        notes: 'New notes',
        ship_via: cat.shipVia.pickup,
        billing_address: { name: 'Acme Foods Inc', street: '1 Main St', city: 'Duluth', state: 'MN', zip_code: '55802' },
        building_info: {
          product: cat.product.cooler,
          price: '12000.00',
          door_cladding: cat.doorCladding,
          door_cladding_price: '275.00',
          hinge_side: cat.hingeSide,
          door_placement: 'Front, centred',
          additional_items: [
            { item: cat.item.rodHolder, quantity: 5, price: '19.90' },
            { custom_item_name: 'Extra cam locks', quantity: 1, price: '0' },
            { item: cat.item.light, quantity: 1, price: '45' },
          ],
        },
      }),
      version: 1,
    });
    // A save that changes nothing adds no entry.
    const unchanged = await ctx.admin.put(`/api/orders/${order.id}/`, (await ctx.staff.get(`/api/orders/${order.id}/`)).json());
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    const res = await ctx.staff.get(`/api/orders/${order.id}/history/`);
    expect(res.statusCode).toBe(200);
    const entries = res.json();
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['updated', 'created']);
    const [updated, created] = entries;
    expect(updated.user).toEqual({ id: ctx.adminId, username: 'admin' });
    expect(updated.changes).toEqual({
      notes: { old: 'Call before delivery', new: 'New notes' },
      ship_via: { old: null, new: 'Customer Pickup' },
      'billing_address.name': { old: 'Acme Foods', new: 'Acme Foods Inc' },
      'building_info.additional_items[0].quantity': { old: 2, new: 5 },
      'building_info.additional_items[2]': { old: null, new: { item: 'LED Light', custom_item_name: '', quantity: 1, price: '45.00' } },
    });
    expect(created.user).toEqual({ id: ctx.staffId, username: 'staff' });
    expect(created.changes).toMatchObject({
      door_number: { old: null, new: '1001' },
      status: { old: null, new: 'pending' },
      'billing_address.name': { old: null, new: 'Acme Foods' },
      'building_info.product': { old: null, new: 'Walk-in Cooler 8x10' },
    });
    expect(Date.parse(created.created_at)).not.toBeNaN();
    const trpc = await ctx.staff.trpcQuery('orders.history', { id: order.id });
    expect(trpc.json().result.data).toEqual(entries);
    expect((await ctx.staff.get('/api/orders/999/history/')).statusCode).toBe(404);
  });
});

describe('tRPC', () => {
  it('offers get, create, update and delete with the REST shapes', async () => {
    const created = await ctx.staff.trpcMutation('orders.create', orderPayload(ctx.cat, { door_number: '777' }));
    expect(created.statusCode).toBe(200);
    const order = created.json().result.data;
    const got = await ctx.staff.trpcQuery('orders.get', { id: order.id });
    expect(got.json().result.data).toEqual((await ctx.staff.get(`/api/orders/${order.id}/`)).json());
    const bad = await ctx.staff.trpcMutation('orders.update', { id: order.id, data: { ...orderPayload(ctx.cat, { status: 'processed' }), version: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.data.fieldErrors).toEqual({ eps_po_number: ['EPS PO Number is required'] });
    const upd = await ctx.staff.trpcMutation('orders.update', { id: order.id, data: { ...orderPayload(ctx.cat, { notes: 'via trpc' }), version: 1 } });
    expect(upd.json().result.data).toMatchObject({ notes: 'via trpc', version: 2 });
    expect((await ctx.staff.trpcMutation('orders.delete', { id: order.id })).json().result.data).toEqual({ success: true });
  });
});
