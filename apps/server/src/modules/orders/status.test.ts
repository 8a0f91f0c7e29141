import { describe, expect, it } from 'vitest';
import { attachInvoice, orderPayload, shippable, useOrdersTestApp } from '../../../tests/orders-test-support';

const ctx = useOrdersTestApp();

async function create(overrides: Record<string, unknown> = {}) {
  const res = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const changeStatus = (id: number, newStatus: unknown) => ctx.staff.post(`/api/orders/${id}/change-status/`, { new_status: newStatus });

describe('change-status', () => {
  it('moves an order through the whole pipeline, each step only when its requirements are met', async () => {
    const order = await create({ ...shippable(ctx.cat) });
    expect(order).toMatchObject({ can_change_status: true, next_possible_status: 'processed', missing_requirements: [] });

    const processed = await changeStatus(order.id, 'processed');
    expect(processed.statusCode, processed.body).toBe(200);
    expect(processed.json()).toMatchObject({ status: 'processed', status_display: 'Processed', version: 2, next_possible_status: 'scheduled_to_ship' });

    const scheduled = await changeStatus(order.id, 'scheduled_to_ship');
    expect(scheduled.json()).toMatchObject({
      status: 'scheduled_to_ship',
      can_change_status: false,
      missing_requirements: ['Invoice'],
      next_possible_status: 'completed',
    });

    // completed needs an invoice
    const refused = await changeStatus(order.id, 'completed');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: 'Missing requirements: Invoice',
      error: 'Missing requirements: Invoice',
      missing_requirements: ['Invoice'],
      current_status: 'scheduled_to_ship',
      next_possible_status: 'completed',
    });
    await attachInvoice(ctx.database, order.id);
    const completed = await changeStatus(order.id, { value: 'completed', label: 'Completed' });
    expect(completed.json()).toMatchObject({ status: 'completed', can_change_status: false, next_possible_status: null, has_invoice: true });

    const terminal = await changeStatus(order.id, 'voided');
    expect(terminal.statusCode).toBe(400);
    expect(terminal.json().error).toBe('A Completed order cannot change status.');
  });

  it('refuses a move the server does not offer, and one with missing requirements, changing nothing', async () => {
    const order = await create();
    const skip = await changeStatus(order.id, 'scheduled_to_ship');
    expect(skip.statusCode).toBe(400);
    expect(skip.json()).toMatchObject({
      error: 'Cannot change status from Pending to Scheduled to Ship: the next status is Processed.',
      missing_requirements: ['EPS PO Number'],
    });
    const missing = await changeStatus(order.id, 'processed');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'Missing requirements: EPS PO Number', missing_requirements: ['EPS PO Number'] });
    const same = await changeStatus(order.id, 'pending');
    expect(same.json().error).toBe('The order is already Pending.');
    expect((await changeStatus(order.id, 'shipped')).json()).toEqual({ new_status: ['Select a valid status'] });
    expect((await changeStatus(order.id, '')).json()).toEqual({ new_status: ['Status is required'] });
    expect((await ctx.staff.get(`/api/orders/${order.id}/`)).json()).toMatchObject({ status: 'pending', version: 1 });
    expect((await changeStatus(999, 'processed')).statusCode).toBe(404);
  });

  it('needs ship date and ship via for scheduled_to_ship', async () => {
    const order = await create({ status: 'processed', eps_po_number: 'EPS-1' });
    const res = await changeStatus(order.id, 'scheduled_to_ship');
    expect(res.json()).toMatchObject({ missing_requirements: ['Ship Date', 'Ship Via'] });
  });

  it('is offered over tRPC with the same rules', async () => {
    const order = await create({ eps_po_number: 'EPS-2' });
    const ok = await ctx.staff.trpcMutation('orders.changeStatus', { id: order.id, new_status: 'processed' });
    expect(ok.json().result.data.status).toBe('processed');
    const refused = await ctx.staff.trpcMutation('orders.changeStatus', { id: order.id, new_status: 'scheduled_to_ship' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Missing requirements: Ship Date, Ship Via');
    expect(refused.json().error.data.details).toMatchObject({ missing_requirements: ['Ship Date', 'Ship Via'] });
  });

  it('records status changes in history', async () => {
    const order = await create({ eps_po_number: 'EPS-3' });
    await changeStatus(order.id, 'processed');
    const [latest] = (await ctx.staff.get(`/api/orders/${order.id}/history/`)).json();
    expect(latest).toMatchObject({
      action: 'status_changed',
      changes: { status: { old: 'pending', new: 'processed' } },
      user: { id: ctx.staffId, username: 'staff' },
    });
  });
});

describe('void and unvoid', () => {
  it('voids a pending order and restores it to pending, with history', async () => {
    const order = await create();
    const voided = await ctx.staff.post(`/api/orders/${order.id}/void/`);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ status: 'voided', status_display: 'Voided', can_change_status: false, next_possible_status: null, version: 2 });
    const again = await ctx.staff.post(`/api/orders/${order.id}/void/`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'Only pending orders can be voided. This order is Voided.' });

    const unvoided = await ctx.staff.post(`/api/orders/${order.id}/unvoid/`);
    expect(unvoided.json()).toMatchObject({ status: 'pending', version: 3 });
    const unvoidPending = await ctx.staff.post(`/api/orders/${order.id}/unvoid/`);
    expect(unvoidPending.statusCode).toBe(400);
    expect(unvoidPending.json().detail).toBe('Only voided orders can be unvoided. This order is Pending.');

    const actions = (await ctx.staff.get(`/api/orders/${order.id}/history/`)).json().map((e: { action: string }) => e.action);
    expect(actions).toEqual(['unvoided', 'voided', 'created']);
  });

  it('refuses to void an order past pending', async () => {
    const order = await create({ status: 'processed', eps_po_number: 'EPS-4' });
    const res = await ctx.staff.post(`/api/orders/${order.id}/void/`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Only pending orders can be voided. This order is Processed.');
    expect((await ctx.staff.post('/api/orders/999/void/')).statusCode).toBe(404);
  });

  it('is offered over tRPC', async () => {
    const order = await create();
    expect((await ctx.staff.trpcMutation('orders.void', { id: order.id })).json().result.data.status).toBe('voided');
    expect((await ctx.staff.trpcMutation('orders.unvoid', { id: order.id })).json().result.data.status).toBe('pending');
    expect((await ctx.staff.trpcMutation('orders.unvoid', { id: order.id })).statusCode).toBe(400);
  });

  it('a status change makes an open form stale (the version moves)', async () => {
    const order = await create();
    await ctx.admin.post(`/api/orders/${order.id}/void/`);
    const res = await ctx.staff.put(`/api/orders/${order.id}/`, { ...orderPayload(ctx.cat), version: order.version });
    expect(res.statusCode).toBe(409);
  });
});
