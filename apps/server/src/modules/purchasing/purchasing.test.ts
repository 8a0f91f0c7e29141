import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { componentStock, stockMovements } from '@icehouse/db/schema';
import { useOrdersTestApp } from '../../../tests/orders-test-support';
import { TestClient } from '../../../tests/client';
import { PASSWORD, createRoleUser } from '../../../tests/users';
import { kitOrder, purchasingCatalogue } from '../../../tests/purchasing-test-support';
import { purchaseOrderAnswer } from './schemas';

/**
 * Suppliers, drafting from the materials list, editing, sending without SMTP, marking sent, receiving
 * (partial, over-receipt confirmed) and cancelling, through REST and tRPC on a real database; the shop
 * receives without ever being sent a cost.
 */
const ctx = useOrdersTestApp();
let shop: TestClient;
let world: Awaited<ReturnType<typeof purchasingCatalogue>>;

beforeAll(async () => {
  await createRoleUser(ctx.database, 'shop');
  shop = new TestClient(ctx.app);
  await shop.login('shop', PASSWORD);
});
beforeEach(async () => {
  world = await purchasingCatalogue(ctx.database);
});

const onHand = async (componentId: number) =>
  (await ctx.database.db.select().from(componentStock).where(eq(componentStock.componentId, componentId)))[0]?.onHand ?? 0;

describe('suppliers', () => {
  it('are created, renamed, refused twice by name, and kept while a purchase order names them', async () => {
    const made = await ctx.staff.post('/api/suppliers/', { name: 'Polar Supply', email: 'po@polar.example', phone: '+44 20 7946 0958' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    expect((await ctx.staff.post('/api/suppliers/', { name: 'Polar Supply' })).json()).toEqual({ name: ['A supplier with this name already exists.'] });
    expect((await ctx.staff.post('/api/suppliers/', { name: '', email: 'x' })).json()).toMatchObject({ name: ['Supplier name is required.'], email: ['Enter a valid email address'] });
    const renamed = await ctx.staff.put(`/api/suppliers/${id}/`, { name: 'Polar Supply Ltd', terms: 'Net 15' });
    expect(renamed.json()).toMatchObject({ name: 'Polar Supply Ltd', terms: 'Net 15', version: 2 });
    expect((await ctx.staff.get('/api/suppliers/')).json().map((s: { name: string }) => s.name)).toEqual(['ColdCo Panels', 'Polar Supply Ltd', 'Steel & Sons']);

    await kitOrder(ctx, world.kit, '2026-12-08');
    await ctx.staff.post('/api/purchase-orders/draft/', { from: '2026-12-06', to: '2026-12-12' });
    const used = await ctx.staff.delete(`/api/suppliers/${world.coldco}/`);
    expect(used.statusCode).toBe(409);
    expect((await ctx.staff.delete(`/api/suppliers/${id}/`)).statusCode).toBe(204);
  });

  it("set a component's purchasing fields, refusing a supplier that does not exist", async () => {
    const res = await ctx.staff.put(`/api/components/${world.gasket}/purchasing/`, {
      preferred_supplier_id: world.steelco,
      supplier_part_number: 'G-9',
      last_price: '2.1',
      lead_time_days: 5,
      pack_size: 50,
    });
    expect(res.json()).toEqual({
      component_id: world.gasket,
      name: 'Gasket',
      preferred_supplier_id: world.steelco,
      preferred_supplier_name: 'Steel & Sons',
      supplier_part_number: 'G-9',
      last_price: '2.10',
      lead_time_days: 5,
      pack_size: 50,
    });
    const bad = await ctx.staff.put(`/api/components/${world.gasket}/purchasing/`, { preferred_supplier_id: 99999, pack_size: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ pack_size: ['Pack size must be a whole number, 1 or more.'] });
    const missing = await ctx.staff.put(`/api/components/${world.gasket}/purchasing/`, { preferred_supplier_id: 99999 });
    expect(missing.json()).toEqual({ preferred_supplier_id: ['Supplier not found.'] });
  });
});

describe('purchase orders', () => {
  it('are drafted from the materials list, one per preferred supplier, rounded up to the pack', async () => {
    await kitOrder(ctx, world.kit, '2026-12-08');
    await kitOrder(ctx, world.kit, '2026-12-09');
    await kitOrder(ctx, world.kit, '2027-01-20'); // outside the range
    const res = await ctx.staff.post('/api/purchase-orders/draft/', { from: '2026-12-06', to: '2026-12-12' });
    expect(res.statusCode, res.body).toBe(201);
    const draft = res.json();
    // 2 orders × 6 panels = 12 (packs of 4: 12); 2 frames; 6 gaskets have no supplier.
    expect(draft.without_supplier).toEqual([{ component_id: world.gasket, name: 'Gasket', to_buy: 6 }]);
    expect(draft.purchase_orders.map((p: { number: string; supplier_name: string }) => [p.number, p.supplier_name])).toEqual([
      ['P-1001', 'ColdCo Panels'],
      ['P-1002', 'Steel & Sons'],
    ]);
    const [panels, frames] = draft.purchase_orders.map((p: unknown) => purchaseOrderAnswer.parse(p));
    expect(panels!.lines).toMatchObject([{ component_name: 'Wall panel', supplier_part_number: 'WP-4', quantity: 12, unit_cost: '95.50', line_total: '1146.00' }]);
    expect(panels!.total).toBe('1146.00');
    expect(panels!.status).toBe('draft');
    expect(frames!.lines).toMatchObject([{ component_name: 'Door frame', quantity: 2, unit_cost: '80.00' }]);
    const today = new Date().toISOString().slice(0, 10);
    const plus = (days: number) => new Date(Date.parse(today) + days * 86_400_000).toISOString().slice(0, 10);
    expect(panels!.expected_date).toBe(plus(10));
    expect(frames!.expected_date).toBe(plus(3));

    const list = await ctx.staff.get('/api/purchase-orders/?status=draft');
    expect(list.json()).toMatchObject({ count: 2, results: [{ number: 'P-1002' }, { number: 'P-1001', line_count: 1, outstanding: 12, total: '1146.00' }] });
  });

  it('are edited with their version, sent or marked sent, received in parts, and close when all came', async () => {
    await kitOrder(ctx, world.kit, '2026-12-08');
    const [po] = (await ctx.staff.post('/api/purchase-orders/draft/', { from: '2026-12-06', to: '2026-12-12' })).json().purchase_orders;
    const edit = {
      version: po.version,
      expected_date: '2027-01-05',
      notes: 'Deliver to dock 2',
      lines: [
        { component_id: world.panel, quantity: 10, unit_cost: '95.50' },
        { component_id: world.gasket, quantity: 30, unit_cost: '2.00' },
      ],
    };
    const edited = await ctx.staff.put(`/api/purchase-orders/${po.id}/`, edit);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ version: 2, expected_date: '2027-01-05', total: '1015.00', lines: [{ quantity: 10 }, { quantity: 30, line_total: '60.00' }] });
    expect((await ctx.staff.put(`/api/purchase-orders/${po.id}/`, edit)).statusCode).toBe(409);
    const twice = await ctx.staff.put(`/api/purchase-orders/${po.id}/`, { ...edit, version: 2, lines: [edit.lines[0], edit.lines[0]] });
    expect(twice.json()).toEqual({ lines: [{}, { component_id: ['Each component appears once on a purchase order.'] }] });

    // Receiving a draft is refused; without SMTP a send is logged as not sent and the order stays a draft.
    expect((await shop.post(`/api/purchase-orders/${po.id}/receive/`, { lines: [] })).statusCode).toBe(409);
    const send = await ctx.staff.post(`/api/purchase-orders/${po.id}/send/`, {});
    expect(send.json()).toMatchObject({ purchase_order: { status: 'draft' }, email: { status: 'not_sent', to: ['orders@coldco.example'] } });
    const sent = await ctx.staff.post(`/api/purchase-orders/${po.id}/mark-sent/`);
    expect(sent.json()).toMatchObject({ status: 'sent', version: 3 });
    expect(sent.json().sent_at).not.toBeNull();

    const lines = sent.json().lines as { id: number }[];
    const first = await shop.post(`/api/purchase-orders/${po.id}/receive/`, { lines: [{ line_id: lines[0]!.id, quantity: 4 }] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'partly_received', lines: [{ received_quantity: 4, outstanding: 6 }, { received_quantity: 0, outstanding: 30 }] });
    expect(await onHand(world.panel)).toBe(4);

    // 32 gaskets of 30: refused until confirmed, with the figures on the line.
    const over = { lines: [{ line_id: lines[0]!.id, quantity: 6 }, { line_id: lines[1]!.id, quantity: 32 }] };
    const refused = await shop.post(`/api/purchase-orders/${po.id}/receive/`, over);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      confirm_over_receipt: ['Some lines receive more than was ordered: confirm to receive them.'],
      lines: [{}, { quantity: ['That makes 32 received of 30 ordered: confirm to receive more than was ordered.'] }],
    });
    expect(await onHand(world.panel)).toBe(4);
    const done = await shop.post(`/api/purchase-orders/${po.id}/receive/`, { ...over, confirm_over_receipt: true });
    expect(done.json()).toMatchObject({ status: 'received', lines: [{ received_quantity: 10, outstanding: 0 }, { received_quantity: 32, outstanding: 0 }] });
    expect([await onHand(world.panel), await onHand(world.gasket)]).toEqual([10, 32]);
    const receipts = await ctx.database.db.select().from(stockMovements).where(eq(stockMovements.source, 'receipt'));
    expect(receipts.map((m) => [m.componentId, m.quantity, m.unitCost]).sort()).toEqual(
      [
        [world.panel, 4, '95.50'],
        [world.panel, 6, '95.50'],
        [world.gasket, 32, '2.00'],
      ].sort(),
    );
    expect((await ctx.staff.post(`/api/purchase-orders/${po.id}/cancel/`)).statusCode).toBe(409);
    expect((await ctx.staff.put(`/api/purchase-orders/${po.id}/`, { ...edit, version: 5 })).statusCode).toBe(409);
  });

  it('cancel: a partly received one keeps what came; a draft is deleted, a sent one is not', async () => {
    await kitOrder(ctx, world.kit, '2026-12-08');
    const [po, other] = (await ctx.staff.post('/api/purchase-orders/draft/', { from: '2026-12-06', to: '2026-12-12' })).json().purchase_orders;
    expect((await ctx.staff.delete(`/api/purchase-orders/${other.id}/`)).statusCode).toBe(204);
    expect((await ctx.staff.get(`/api/purchase-orders/${other.id}/`)).statusCode).toBe(404);
    const sent = (await ctx.staff.post(`/api/purchase-orders/${po.id}/mark-sent/`)).json();
    expect((await ctx.staff.delete(`/api/purchase-orders/${po.id}/`)).statusCode).toBe(409);
    await ctx.staff.post(`/api/purchase-orders/${po.id}/receive/`, { lines: [{ line_id: sent.lines[0].id, quantity: 2 }] });
    const cancelled = await ctx.staff.post(`/api/purchase-orders/${po.id}/cancel/`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', lines: [{ received_quantity: 2 }] });
    expect(await onHand(world.panel)).toBe(2);
    expect((await shop.post(`/api/purchase-orders/${po.id}/receive/`, { lines: [{ line_id: sent.lines[0].id, quantity: 1 }] })).statusCode).toBe(409);
  });

  it('the shop reads and receives them without any cost, and may not draft, edit or see suppliers', async () => {
    await kitOrder(ctx, world.kit, '2026-12-08');
    const [po] = (await ctx.staff.post('/api/purchase-orders/draft/', { from: '2026-12-06', to: '2026-12-12' })).json().purchase_orders;
    await ctx.staff.post(`/api/purchase-orders/${po.id}/mark-sent/`);
    const seen = await shop.get(`/api/purchase-orders/${po.id}/`);
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toMatch(/unit_cost|line_total|"total"|95\.5/);
    // One order's 6 panels, in packs of 4.
    expect(seen.json().lines[0]).toMatchObject({ component_name: 'Wall panel', quantity: 8, outstanding: 8 });
    const listed = await shop.trpcQuery('purchasing.list', {});
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toMatch(/"total"/);
    const received = await shop.trpcMutation('purchasing.receive', { id: po.id, data: { lines: [{ line_id: seen.json().lines[0].id, quantity: 8 }] } });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.body).not.toMatch(/unit_cost|line_total/);
    expect((await shop.get('/api/suppliers/')).statusCode).toBe(403);
    expect((await shop.post('/api/purchase-orders/draft/', { from: '2026-12-06', to: '2026-12-12' })).statusCode).toBe(403);
    expect((await shop.get('/api/purchase-orders/export.csv')).statusCode).toBe(403);
  });

  it('export as CSV with the list filters', async () => {
    await kitOrder(ctx, world.kit, '2026-12-08');
    await ctx.staff.post('/api/purchase-orders/draft/', { from: '2026-12-06', to: '2026-12-12' });
    const csv = await ctx.staff.get('/api/purchase-orders/export.csv?supplier_id=' + world.coldco);
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(rows[0]).toBe('Purchase Order #,Supplier,Status,Expected,Lines,Outstanding,Total,Sent,Created');
    expect(rows.slice(1).map((r) => r.split(',').slice(0, 7).join(','))).toEqual([`P-1001,ColdCo Panels,draft,${rows[1]!.split(',')[3]},1,8,764.00`]);
  });
});

describe("a purchase order's email", () => {
  it('goes only through purchasing.send: the email dialog refuses the kind, and sales may not read its log', async () => {
    await kitOrder(ctx, world.kit, '2026-12-08');
    const [po] = (await ctx.staff.post('/api/purchase-orders/draft/', { from: '2026-12-06', to: '2026-12-12' })).json().purchase_orders;
    const composed = await ctx.staff.trpcQuery('email.compose', { kind: 'purchase_order', id: po.id });
    expect(composed.statusCode).toBe(400);
    const sent = await ctx.staff.trpcMutation('email.send', { kind: 'purchase_order', id: po.id, data: { to: 'x@example.com', subject: 's', body: 'b' } });
    expect(sent.statusCode).toBe(400);
    await createRoleUser(ctx.database, 'sales');
    const sales = new TestClient(ctx.app);
    await sales.login('sales', PASSWORD);
    expect((await sales.trpcQuery('email.log', { kind: 'purchase_order', id: po.id })).statusCode).toBe(403);
    expect((await ctx.staff.trpcQuery('email.log', { kind: 'purchase_order', id: po.id })).statusCode).toBe(200);
  });
});
