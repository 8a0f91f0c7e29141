import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { settings } from '@icehouse/db/schema';
import { useOrdersTestApp } from '../../../tests/orders-test-support';
import { linkHeaders, makeLink, makeQuote, markQuoteSent } from '../../../tests/quotes-support';

/**
 * The order made from a quote is the order that would have been typed on the order form: every field of the
 * quote (catalogue product, door type, hinge side, cladding, items picked from the catalogue with their ids,
 * a custom line) reaches the order, and both price to the cent as an independent model says.
 */
const ctx = useOrdersTestApp();

beforeEach(async () => {
  await ctx.database.db.execute(sql`truncate table login_attempts`);
});

// ------------------------------------------------------------------ the independent model, in cents

const cents = (money: string) => {
  const [whole, frac = ''] = money.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
};
/** a × percent / 100, rounded half up to a cent (amounts here are positive). */
const percentOfCents = (a: number, percentText: string) => {
  const [w, f = ''] = percentText.split('.');
  const hundredths = Number(w) * 100 + Number(f.padEnd(2, '0').slice(0, 2)); // 8.25 -> 825
  return Math.floor((a * hundredths + 5000) / 10000);
};
const asMoney = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

interface ModelQuote {
  buildingPrice: string;
  doorOnly: boolean;
  doorTypePrice: string;
  doorCladdingPrice: string;
  items: { quantity: number; price: string }[];
  freight: string;
  discountPercent: string;
  taxRate: string;
}

/** The order form's price rule as the spec words it: the door type counts for a door-only building; tax on the goods less the discount. */
function modelTotals(q: ModelQuote) {
  const goods =
    cents(q.buildingPrice) +
    (q.doorOnly ? cents(q.doorTypePrice) : 0) +
    cents(q.doorCladdingPrice) +
    q.items.reduce((sum, i) => sum + i.quantity * cents(i.price), 0);
  const subtotal = goods + cents(q.freight);
  const discount = percentOfCents(subtotal, q.discountPercent);
  const tax = percentOfCents(goods - discount, q.taxRate);
  return { subtotal: asMoney(subtotal), discount_amount: asMoney(discount), tax_amount: asMoney(tax), total: asMoney(subtotal - discount + tax) };
}

async function acceptQuote(id: number) {
  const link = await makeLink(ctx.staff, id);
  const version = await markQuoteSent(ctx.staff, id);
  const res = await ctx.anonymous.post(`/api/customer/quotes/${id}/accept/`, { name: 'Pat Doe', version }, linkHeaders(link.token));
  expect(res.statusCode, res.body).toBe(200);
}

describe('converting a quote', () => {
  it('makes the order the order form would have made: catalogue ids, door type, hinge side, items and totals', async () => {
    const cat = ctx.cat;
    const items = [
      { item: cat.item.rodHolder, quantity: 3, price: '19.90' },
      { item: cat.item.light, quantity: 2, price: '45.00' },
      // A line typed on an older quote, not from the catalogue: carried as the order form carries a custom item.
      { custom_item_name: 'Strip curtain', quantity: 1, price: '89.50' },
    ];
    const made = await makeQuote(ctx.staff, cat, {
      freight_cost: '150',
      discount: '5',
      discount_is_percentage: true,
      building_info: {
        product: cat.product.doorKit,
        price: '900.00',
        door_type: cat.doorType,
        door_type_price: '450.00',
        hinge_side: cat.hingeSide,
        door_cladding: cat.doorCladding,
        door_cladding_price: '275.00',
        door_placement: 'Left wall',
        additional_items: items,
      },
    });
    const quote = (await ctx.staff.get(`/api/quotes/${made.id}/`)).json();
    const expected = modelTotals({
      buildingPrice: '900.00',
      doorOnly: true,
      doorTypePrice: '450.00',
      doorCladdingPrice: '275.00',
      items: items.map((i) => ({ quantity: i.quantity, price: i.price })),
      freight: '150.00',
      discountPercent: '5',
      taxRate: '8.25',
    });
    expect(quote.totals).toEqual({ ...expected, tax_rate: '8.25' });
    // The quote's lines name the catalogue's items and the door type, as the order's invoice would.
    expect(quote.line_items.map((l: { description: string }) => l.description)).toEqual(
      expect.arrayContaining(['Door Type: Standard Door', 'Rod Holder', 'LED Light', 'Strip curtain']),
    );

    await acceptQuote(made.id);
    const converted = await ctx.staff.post(`/api/quotes/${made.id}/convert/`, { door_number: '7001' });
    expect(converted.statusCode, converted.body).toBe(200);
    const order = (await ctx.staff.get(`/api/orders/${converted.json().order_id}/`)).json();

    expect(order.building_info).toMatchObject({
      product: cat.product.doorKit,
      is_custom: false,
      building_type: 'DOOR_ONLY',
      price: '900.00',
      door_type: cat.doorType,
      door_type_price: '450.00',
      hinge_side: cat.hingeSide,
      door_cladding: cat.doorCladding,
      door_cladding_price: '275.00',
      door_placement: 'Left wall',
    });
    expect(order.building_info.additional_items.map(({ id: _id, ...rest }: { id: number }) => rest)).toEqual([
      { item: cat.item.rodHolder, custom_item_name: '', quantity: 3, price: '19.90' },
      { item: cat.item.light, custom_item_name: '', quantity: 2, price: '45.00' },
      { item: null, custom_item_name: 'Strip curtain', quantity: 1, price: '89.50' },
    ]);
    expect(order.totals).toEqual({ ...expected, tax_rate: '8.25' });
    expect(order).toMatchObject({ freight_cost: '150.00', discount: '5.00', discount_is_percentage: true, customer_po_job_name: 'Lake cabin' });

    // The order typed on the order form with the same fields is the same order.
    const typed = await ctx.staff.post('/api/orders/', { ...quote.fields, status: 'pending', door_number: '7002' });
    expect(typed.statusCode, typed.body).toBe(201);
    const typedOrder = (await ctx.staff.get(`/api/orders/${typed.json().id}/`)).json();
    const comparable = (o: { building_info: Record<string, unknown> & { additional_items: { id: number }[] }; totals: unknown }) => ({
      building_info: {
        ...o.building_info,
        id: 0,
        order: 0,
        additional_items: o.building_info.additional_items.map(({ id: _id, ...rest }) => rest),
      },
      totals: o.totals,
    });
    expect(comparable(order)).toEqual(comparable(typedOrder));
  });

  it("keeps each catalogue item's id, name and price as picked: a catalogue renamed later changes neither the quote nor the order's link", async () => {
    const cat = ctx.cat;
    const made = await makeQuote(ctx.staff, cat, {
      building_info: {
        product: cat.product.cooler,
        price: '12000.00',
        hinge_side: cat.hingeSide,
        additional_items: [{ item: cat.item.light, quantity: 1, price: '40.00' }],
      },
    });
    await ctx.database.db.update(settings).set({ value: 'LED Light Bar', price: '55.00' }).where(eq(settings.id, cat.item.light));
    const quote = (await ctx.staff.get(`/api/quotes/${made.id}/`)).json();
    // The integrator's read: the link (id), the name when picked, the price picked.
    expect(quote.fields.building_info.additional_items).toEqual([
      { item: cat.item.light, item_name: 'LED Light', custom_item_name: '', quantity: 1, price: '40.00' },
    ]);
    expect(quote.line_items).toContainEqual({ quantity: 1, description: 'LED Light', price_each: '40.00', amount: '40.00' });
    // A name sent back is not taken from the client: a save names the item as the catalogue does then.
    const saved = await ctx.staff.put(`/api/quotes/${made.id}/`, {
      ...quote.fields,
      valid_until: quote.valid_until,
      version: quote.version,
      building_info: { ...quote.fields.building_info, additional_items: [{ item: cat.item.light, item_name: 'Typed by hand', quantity: 1, price: '40.00' }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().fields.building_info.additional_items[0]).toMatchObject({ item: cat.item.light, item_name: 'LED Light Bar', price: '40.00' });

    await acceptQuote(made.id);
    const converted = await ctx.staff.post(`/api/quotes/${made.id}/convert/`, { door_number: '7003' });
    expect(converted.statusCode, converted.body).toBe(200);
    const order = (await ctx.staff.get(`/api/orders/${converted.json().order_id}/`)).json();
    expect(order.building_info.additional_items).toEqual([
      { id: expect.any(Number), item: cat.item.light, custom_item_name: '', quantity: 1, price: '40.00' },
    ]);
    expect(order.building_info.hinge_side).toBe(cat.hingeSide);
  });
  it("carries the order form's address blocks and Additional Info into the order: country, province, postal code, both addresses, the phone", async () => {
    const billing = { name: 'Nord Fisheries', street: '200 Bay St', city: 'Toronto', state: 'ON', zip_code: 'm5j2j5', country: 'CA' };
    const shipping = { name: 'Nord Dock 4', street: '12 Harbour Rd', city: 'Thunder Bay', state: 'ON', zip_code: 'P7B 1A1', country: 'CA' };
    const made = await makeQuote(ctx.staff, ctx.cat, {
      billing_address: billing,
      shipping_address: shipping,
      phone: '(807) 555-0142',
      additional_info: 'Gate code 4411; call before delivery.',
    });
    const quote = (await ctx.staff.get(`/api/quotes/${made.id}/`)).json();
    // A Canadian postal code is stored as the order form formats it.
    const billed = { ...billing, zip_code: 'M5J 2J5' };
    expect(quote.fields).toMatchObject({
      billing_address: billed,
      shipping_address: shipping,
      phone: '(807) 555-0142',
      additional_info: 'Gate code 4411; call before delivery.',
    });

    await acceptQuote(made.id);
    const converted = await ctx.staff.post(`/api/quotes/${made.id}/convert/`, { door_number: '7004' });
    expect(converted.statusCode, converted.body).toBe(200);
    const order = (await ctx.staff.get(`/api/orders/${converted.json().order_id}/`)).json();
    expect(order.billing_address).toEqual({ ...billed, id: expect.any(Number) });
    expect(order.shipping_address).toEqual({ ...shipping, id: expect.any(Number) });
    expect(order).toMatchObject({
      phone: '(807) 555-0142',
      customer_po_job_name: 'Lake cabin',
      additional_info: 'Gate code 4411; call before delivery.',
    });
  });
});
