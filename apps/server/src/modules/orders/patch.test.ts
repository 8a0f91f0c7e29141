import { describe, expect, it } from 'vitest';
import { orderAnswer } from './schemas';
import { ORDER_MESSAGES } from './validation';
import { orderPayload, shippable, useOrdersTestApp } from '../../../tests/orders-test-support';
import { ifMatchVersion } from '../../rest/if-match';

/** PATCH /api/orders/{id}/: a partial update with the version read (in the body or If-Match). */
const ctx = useOrdersTestApp();

type Order = ReturnType<typeof orderAnswer.parse>;

async function newOrder(): Promise<Order> {
  const res = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { ...shippable(ctx.cat), special_delivery_info: 'Dock 3' }));
  expect(res.statusCode, res.body).toBe(201);
  return orderAnswer.parse(res.json());
}

/** Every field of two GET answers that differs (version and updated_at aside). */
function changedFields(before: Order, after: Order): string[] {
  const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
  const changed: string[] = [];
  for (const key of Object.keys(before) as (keyof Order)[]) {
    if (key === 'version' || key === 'updated_at') continue;
    const [a, b] = [before[key], after[key]];
    if (a && b && typeof a === 'object' && !Array.isArray(a)) {
      for (const sub of Object.keys(a)) if (differs((a as never)[sub], (b as never)[sub])) changed.push(`${key}.${sub}`);
    } else if (differs(a, b)) changed.push(key);
  }
  return changed;
}

describe('PATCH /api/orders/{id}/', () => {
  it('changes only the fields sent (nested ones field by field), with history and an event as for PUT', async () => {
    const before = await newOrder();
    const res = await ctx.staff.patch(`/api/orders/${before.id}/`, {
      version: before.version,
      notes: 'Gate code 4412',
      shipping_address: { city: 'Two Harbors' },
      building_info: { door_placement: 'Left side' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = orderAnswer.parse(res.json());
    const after = orderAnswer.parse((await ctx.staff.get(`/api/orders/${before.id}/`)).json());
    expect(answer).toEqual(after);
    expect(after.version).toBe(before.version + 1);
    expect(changedFields(before, after).sort()).toEqual(['building_info.door_placement', 'notes', 'shipping_address.city']);
    expect(after.shipping_address!.name).toBe(before.shipping_address!.name);
    expect(after.building_info!.additional_items).toEqual(before.building_info!.additional_items);

    const history = (await ctx.staff.get(`/api/orders/${before.id}/history/`)).json() as { action: string; changes: Record<string, unknown> }[];
    expect(history[0]!.action).toBe('updated');
    expect(Object.keys(history[0]!.changes).sort()).toEqual(['building_info.door_placement', 'notes', 'shipping_address.city']);
    const events = (await ctx.staff.get('/api/events/?since=0')).json() as { results: { type: string; data: { id: number; version: number } }[] };
    const updated = events.results.filter((e) => e.type === 'order.updated' && e.data.id === before.id);
    expect(updated).toHaveLength(1);
    expect(updated[0]!.data).toEqual(after);
  });

  it('a list inside building_info is replaced whole; validation is the PUT validation', async () => {
    const before = await newOrder();
    const items = [{ custom_item_name: 'Ramp', quantity: 1, price: '80.00' }];
    const res = await ctx.staff.patch(`/api/orders/${before.id}/`, { version: before.version, building_info: { additional_items: items } });
    expect(res.statusCode, res.body).toBe(200);
    const after = orderAnswer.parse(res.json());
    expect(after.building_info!.additional_items.map((i) => [i.custom_item_name, i.price])).toEqual([['Ramp', '80.00']]);
    expect(after.building_info!.product).toBe(before.building_info!.product);
    const invalid = await ctx.staff.patch(`/api/orders/${before.id}/`, { version: after.version, date: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toHaveProperty('date');
    expect(orderAnswer.parse((await ctx.staff.get(`/api/orders/${before.id}/`)).json()).version).toBe(after.version);
  });

  it('takes the version from If-Match; stale is 409 with the PUT message and changes nothing; missing or disagreeing is 400', async () => {
    const order = await newOrder();
    const viaHeader = await ctx.staff.patch(`/api/orders/${order.id}/`, { notes: 'one' }, { headers: { 'if-match': `"${order.version}"` } });
    expect(viaHeader.statusCode, viaHeader.body).toBe(200);
    const current = orderAnswer.parse(viaHeader.json());

    const stale = await ctx.staff.patch(`/api/orders/${order.id}/`, { notes: 'two' }, { headers: { 'if-match': `W/"${order.version}"` } });
    expect(stale.statusCode).toBe(409);
    const put = await ctx.staff.put(`/api/orders/${order.id}/`, { ...current, version: order.version });
    expect(put.statusCode).toBe(409);
    expect(stale.json()).toEqual(put.json());
    expect(stale.json()).toEqual({ detail: ORDER_MESSAGES.stale });
    expect(orderAnswer.parse((await ctx.staff.get(`/api/orders/${order.id}/`)).json())).toEqual(current);

    const missing = await ctx.staff.patch(`/api/orders/${order.id}/`, { notes: 'three' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ version: [ORDER_MESSAGES.versionRequired] });
    const disagree = await ctx.staff.patch(`/api/orders/${order.id}/`, { notes: 'three', version: current.version }, { headers: { 'if-match': '"1"' } });
    expect(disagree.statusCode).toBe(400);
    expect(disagree.json()).toEqual({ version: [ORDER_MESSAGES.versionMismatch] });
    const star = await ctx.staff.patch(`/api/orders/${order.id}/`, { notes: 'three' }, { headers: { 'if-match': '*' } });
    expect(star.json()).toEqual({ version: [ORDER_MESSAGES.versionInvalid] });
    expect((await ctx.staff.patch('/api/orders/999999/', { notes: 'x', version: 1 })).statusCode).toBe(404);
    const notObject = await ctx.staff.request('PATCH', `/api/orders/${order.id}/`, { payload: '[1]', headers: { 'content-type': 'application/json' } });
    expect(notObject.statusCode).toBe(400);
  });

  it('works on tRPC too (orders.patch)', async () => {
    const order = await newOrder();
    const trpc = await ctx.staff.trpcMutation('orders.patch', { id: order.id, data: { version: order.version, phone: '(218) 555-0999' } });
    expect(trpc.statusCode, trpc.body).toBe(200);
    expect(trpc.json().result.data.phone).toBe('(218) 555-0999');
  });
});

describe('ifMatchVersion', () => {
  it('reads "3", W/"3" and 3; anything else names no version', () => {
    expect([ifMatchVersion('"3"'), ifMatchVersion('W/"3"'), ifMatchVersion(' 3 '), ifMatchVersion(undefined)]).toEqual([3, 3, 3, undefined]);
    for (const bad of ['*', '"3", "4"', '"3', 'abc', '"0"']) expect(ifMatchVersion(bad), bad).toBe('invalid');
  });
});
