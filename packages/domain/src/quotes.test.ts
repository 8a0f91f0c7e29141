import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calculateOrderPrice, orderPriceInputFromOrder } from './pricing';
import { orderSchema } from './schemas/order';
import { QUOTE_MESSAGES, orderInputFromQuote, quoteAcceptSchema, quotePrice, quoteSchema, quoteStatusOf, withPickedItemNames } from './quotes';

const base = {
  date: '2026-03-01',
  valid_until: '2026-03-31',
  billing_address: { name: 'Acme Farms' },
  building_info: { product: 'custom', building_type: 'FREEZER_COOLER_UNIT', building_description: 'Walk-in', size: 3, thickness: 4, price: '1000.00' },
};

describe('quoteSchema', () => {
  it("takes the order form's fields without a door number or status, and keeps Valid Until", () => {
    const parsed = quoteSchema.safeParse(base);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data).not.toHaveProperty('door_number');
    expect(parsed.data).not.toHaveProperty('status');
    expect(parsed.data!.valid_until).toBe('2026-03-31');
    expect(parsed.data!.building_info.price).toBe('1000.00');
  });
  it("answers the order's own messages on the order's fields, and Valid Until's own", () => {
    const parsed = quoteSchema.safeParse({ ...base, valid_until: '', freight_cost: 'abc', building_info: {} });
    expect(parsed.success).toBe(false);
    const byPath = Object.fromEntries(parsed.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath.valid_until).toBe(QUOTE_MESSAGES.validUntilRequired);
    const order = orderSchema.safeParse({ ...base, door_number: 'x', status: 'pending', freight_cost: 'abc', building_info: {} });
    const orderByPath = Object.fromEntries(order.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath.freight_cost).toBe(orderByPath.freight_cost);
    expect(byPath['building_info.product']).toBe(orderByPath['building_info.product']);
  });
  it('refuses a Valid Until before the quote date', () => {
    const parsed = quoteSchema.safeParse({ ...base, valid_until: '2026-02-28' });
    expect(parsed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['valid_until', QUOTE_MESSAGES.validUntilBeforeDate]]);
  });
});

describe('quotePrice', () => {
  // The quote's price is the order's: the order made from a quote prices to the same cent.
  it('equals the price of the order made from it (property)', () => {
    const cents = fc.integer({ min: 0, max: 5_000_000 }).map((c) => (c / 100).toFixed(2));
    fc.assert(
      fc.property(cents, cents, cents, fc.integer({ min: 0, max: 10_000 }).map((c) => (c / 100).toFixed(2)), fc.boolean(), fc.boolean(), (price, freight, item, discount, pct, exempt) => {
        const parsed = quoteSchema.parse({
          ...base,
          freight_cost: freight,
          discount: pct ? '12.5' : discount,
          discount_is_percentage: pct,
          tax_exempt: exempt,
          building_info: { ...base.building_info, price, additional_items: [{ custom_item_name: 'Shelf', quantity: 3, price: item }] },
        });
        const { valid_until: _v, ...fields } = parsed;
        const context = { taxRate: '8.25', buildingType: 'FREEZER_COOLER_UNIT' };
        const order = orderInputFromQuote(fields, '5001', '2026-04-01');
        expect(quotePrice(fields, context)).toEqual(calculateOrderPrice(orderPriceInputFromOrder(order, context)));
        expect(orderSchema.safeParse(order).success).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the catalogue items of a quote', () => {
  const items = [
    { item: 81, custom_item_name: '', quantity: 2, price: '85.00' },
    { item: null, custom_item_name: 'Strip curtain', quantity: 1, price: '89.50' },
  ];
  it("keep their catalogue name beside the id; a custom line stays custom, named as typed", () => {
    const named = withPickedItemNames({ building_info: { additional_items: items } }, (id) => (id === 81 ? 'Interior LED Light' : undefined));
    expect(named.building_info.additional_items).toEqual([
      { item: 81, item_name: 'Interior LED Light', custom_item_name: '', quantity: 2, price: '85.00' },
      { item: null, custom_item_name: 'Strip curtain', quantity: 1, price: '89.50' },
    ]);
    // A name the caller sent is never kept: only the catalogue's.
    const sent = [{ ...items[0]!, item_name: 'Typed' }];
    expect(withPickedItemNames({ building_info: { additional_items: sent } }, () => undefined).building_info.additional_items).toEqual([items[0]]);
  });
  it("become the order's items: the id and the price picked, the custom line as the order form's custom item", () => {
    const { valid_until: _v, ...parsed } = quoteSchema.parse({ ...base, building_info: { ...base.building_info, additional_items: items } });
    const fields = withPickedItemNames(parsed, () => 'Interior LED Light');
    const order = orderInputFromQuote(fields, '5001', '2026-04-01');
    expect(order.building_info.additional_items).toEqual(items);
    expect(orderSchema.parse(order).building_info.additional_items).toEqual(items);
  });
});

describe('quoteStatusOf', () => {
  it('an open quote past its Valid Until is expired; a decided one keeps its status', () => {
    expect(quoteStatusOf('sent', '2026-03-31', '2026-03-31')).toBe('sent');
    expect(quoteStatusOf('sent', '2026-03-31', '2026-04-01')).toBe('expired');
    expect(quoteStatusOf('draft', '2026-03-31', '2026-04-01')).toBe('expired');
    expect(quoteStatusOf('accepted', '2026-03-31', '2026-04-01')).toBe('accepted');
    expect(quoteStatusOf('converted', '2026-03-31', '2026-04-01')).toBe('converted');
  });
  it('acceptance needs a typed name', () => {
    expect(quoteAcceptSchema.safeParse({ name: '  ' }).error!.issues[0]!.message).toBe(QUOTE_MESSAGES.acceptNameRequired);
    expect(quoteAcceptSchema.parse({ name: ' Pat Doe ' }).name).toBe('Pat Doe');
  });
});
