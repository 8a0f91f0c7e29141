import { beforeEach, describe, expect, it } from 'vitest';
import { components, productComponents, products } from '@icehouse/db/schema';
import { moduleOperations } from '../src/modules/operations';
import { listOperations, restBindingsOf, type AnyOperation } from '../src/operations/define';
import { mayCall } from '../src/operations/access';
import { TestClient } from './client';
import { PASSWORD, createRoleUser } from './users';
import { MULTIPART_HEADERS, TINY_PDF, multipartBody, orderPayload, useOrdersTestApp } from './orders-test-support';
import { readPdfText } from './pdf-text';
import { openLiveStream } from './live-client';

/**
 * The shop sees the work, never the money. Every operation the shop role may call is called, through
 * tRPC and every REST path (with its session and with its API token), on a world whose prices, costs,
 * deposits and payments are amounts found nowhere else; no answer, CSV or PDF may carry one of them, a
 * "$", or a field named like money. What counts as money here is this test's own, not the product's list.
 */
const t = useOrdersTestApp({ pdf: true });

/**
 * Amounts that appear only where money is: a leak shows as one of these strings. Each has three digits or more
 * before the point, so that no time of day in an answer ("17:24:47.195Z") can hold one.
 */
const SENTINELS = ['7391.47', '613.29', '281.53', '1234.56', '847.19', '555.44', '926.37'];
/** Keys that name money; a few names that match but are not money are listed beside. */
const MONEY_KEY = /price|cost|total|balance|amount|subtotal|margin|markup|deposit|paid|owed|revenue|discount|tax_amount|freight|credit|invoiced|aging|held/i;
const NOT_MONEY = new Set(['total_orders', 'has_invoice', 'invoice_id', 'invoice_number', 'tax_exempt', 'discount_is_percentage', 'deposits']);

const WEEK = { from: '2030-01-06', to: '2030-01-12', day: '2030-01-08' };
const today = new Date().toISOString().slice(0, 10);

interface World {
  orderId: number;
  /** A component in stock with a ledger (an adjustment and a receipt at a price), and the sent purchase order it is bought on. */
  componentId: number;
  purchaseOrderId: number;
  purchaseOrderLineId: number;
  otherOrderId: number;
  buildSheetDocumentId: number;
  tokenKey: string;
  /** A token of the shop's to revoke in the walk. */
  spareTokenId: number;
  shop: TestClient;
}
let world: World;
let worlds = 0;

async function makeWorld(): Promise<World> {
  const db = t.database.db;
  const [panel] = await db.insert(components).values({ name: 'Wall panel', cost: '847.19', markup: '35' }).returning({ id: components.id });
  const [kit] = await db.insert(products).values({ description: 'Freezer kit', buildingType: 'FREEZER_COOLER_UNIT', isSimple: false }).returning({ id: products.id });
  await db.insert(productComponents).values({ productId: kit!.id, componentId: panel!.id, quantity: 6 });
  const payload = (door: string) =>
    orderPayload(t.cat, {
      door_number: door,
      freight_cost: '281.53',
      discount: '0',
      discount_is_percentage: false,
      ship_date: WEEK.day,
      eps_po_number: `EPS-${door}`,
      ship_via: t.cat.shipVia.truck,
      building_info: { product: kit!.id, price: '7391.47', door_placement: 'Front', additional_items: [{ item: t.cat.item.rodHolder, quantity: 1, price: '613.29' }] },
    });
  const order = await t.staff.post('/api/orders/', payload('S-1'));
  expect(order.statusCode, order.body).toBe(201);
  const orderId = order.json().id as number;
  const other = await t.staff.post('/api/orders/', payload('S-2'));
  const otherOrderId = other.json().id as number;
  const deposit = await t.staff.post(`/api/orders/${orderId}/deposits/`, { amount: '1234.56', date: today, method: 'check', reference: '1' });
  expect(deposit.statusCode, deposit.body).toBe(201);
  for (const field of ['blueprint', 'door_placement_drawing']) {
    const path = field === 'blueprint' ? 'blueprint' : 'door-placement';
    const up = await t.staff.request('POST', `/api/orders/${orderId}/${path}/`, { payload: multipartBody(field, `${field}.pdf`, TINY_PDF), headers: MULTIPART_HEADERS });
    expect(up.statusCode, up.body).toBeLessThan(300);
  }
  // The other order is invoiced and paid: its invoice and payment are in the change feed.
  const invoice = await t.staff.post(`/api/orders/${otherOrderId}/create-invoice/`, { return_json: true });
  expect(invoice.statusCode, invoice.body).toBe(201);
  const paid = await t.staff.post(`/api/invoices/${invoice.json().id}/payments/`, { amount: '555.44', date: today, method: 'check', reference: '2' });
  expect(paid.statusCode, paid.body).toBe(201);
  const bol = await t.staff.post(`/api/orders/${orderId}/create-bill-of-lading/`, { bill_of_lading_date: '2030-01-08', free_on_board: 'Factory' });
  expect(bol.statusCode, bol.body).toBeLessThan(300);

  // The panel is bought from a supplier at a price found nowhere else, on a sent purchase order, and counted.
  const supplier = await t.staff.post('/api/suppliers/', { name: 'Polar Supply' });
  expect(supplier.statusCode, supplier.body).toBe(201);
  const buying = await t.staff.put(`/api/components/${panel!.id}/purchasing/`, {
    preferred_supplier_id: supplier.json().id,
    supplier_part_number: 'WP-1',
    last_price: '926.37',
    lead_time_days: 5,
    pack_size: 1,
  });
  expect(buying.statusCode, buying.body).toBe(200);
  const drafted = await t.staff.post('/api/purchase-orders/draft/', { from: WEEK.from, to: WEEK.to });
  expect(drafted.statusCode, drafted.body).toBeLessThan(300);
  const [purchaseOrder] = drafted.json().purchase_orders as { id: number; lines: { id: number }[] }[];
  expect((await t.staff.post(`/api/purchase-orders/${purchaseOrder!.id}/mark-sent/`)).statusCode).toBe(200);
  const counted = await t.staff.post(`/api/stock/${panel!.id}/adjustments/`, { quantity: 3, reason: 'Counted' });
  expect(counted.statusCode, counted.body).toBeLessThan(300);
  const received = await t.staff.post(`/api/purchase-orders/${purchaseOrder!.id}/receive/`, {
    lines: [{ line_id: purchaseOrder!.lines[0]!.id, quantity: 2 }],
  });
  expect(received.statusCode, received.body).toBe(200);

  // Users outlive the tables emptied before each test: one shop user per world.
  const username = `shop${++worlds}`;
  await createRoleUser(t.database, 'shop', username);
  const shop = new TestClient(t.app);
  await shop.login(username, PASSWORD);
  const sheet = await shop.get(`/api/production/orders/${orderId}/build-sheet/`);
  expect(sheet.statusCode).toBe(200);
  const documents = await shop.trpcQuery('documents.forOrder', { id: orderId });
  const buildSheetDocumentId = documents.json().result.data.results.find((d: { kind: string }) => d.kind === 'build_sheet').id as number;
  const token = await shop.trpcMutation('tokens.create', { name: 'tablet', scope: 'read_write' });
  const spare = await shop.trpcMutation('tokens.create', { name: 'spare', scope: 'read' });
  return {
    orderId,
    otherOrderId,
    componentId: panel!.id,
    purchaseOrderId: purchaseOrder!.id,
    purchaseOrderLineId: purchaseOrder!.lines[0]!.id,
    buildSheetDocumentId,
    tokenKey: token.json().result.data.key,
    spareTokenId: spare.json().result.data.id,
    shop,
  };
}

beforeEach(async () => {
  world = await makeWorld();
});

/** What the shop's calls need: tRPC inputs by operation, REST targets by path. */
function trpcInput(op: AnyOperation): unknown {
  const { orderId } = world;
  const inputs: Record<string, unknown> = {
    'bols.info': { orderId },
    'bols.save': { id: orderId, data: { bill_of_lading_date: '2030-01-09', free_on_board: 'Factory' } },
    'documents.forOrder': { id: orderId },
    'live.presence': { tab_id: 'tab-12345678', entity: 'order', id: orderId },
    'live.leave': { tab_id: 'tab-12345678', entity: 'order', id: orderId },
    'orders.get': { id: orderId },
    'orders.history': { id: orderId },
    'orders.changeStatus': { id: orderId, new_status: 'processed' },
    'production.billOfMaterials': { id: orderId },
    'production.board': { week: WEEK.day },
    'production.materials': { from: WEEK.from, to: WEEK.to },
    'schedule.shipSchedule': { start: WEEK.from, end: WEEK.to },
    'tokens.create': { name: 'second', scope: 'read' },
    'tokens.revoke': { id: world.spareTokenId },
    'webhooks.events': { since: 0 },
    'stock.get': { id: world.componentId },
    'stock.movements': { id: world.componentId },
    'stock.adjust': { id: world.componentId, data: { quantity: 1, reason: 'Recount' } },
    'purchasing.get': { id: world.purchaseOrderId },
    'purchasing.receive': { id: world.purchaseOrderId, data: { lines: [{ line_id: world.purchaseOrderLineId, quantity: 1 }] } },
  };
  return inputs[op.name];
}

function restTarget(method: string, path: string): { url: string; body?: unknown } {
  const { orderId, buildSheetDocumentId } = world;
  if (path === '/api/documents/{id}/') return { url: `/api/documents/${buildSheetDocumentId}/` };
  if (path === '/api/production/build-sheets/') return { url: `${path}?orders=${orderId}` };
  if (path.startsWith('/api/production/materials/')) return { url: `${path}?from=${WEEK.from}&to=${WEEK.to}` };
  if (path === '/api/production/board/') return { url: `${path}?week=${WEEK.day}` };
  if (path === '/api/reports/ship-schedule/') return { url: `${path}?start=${WEEK.from}&end=${WEEK.to}` };
  if (path === '/api/orders/{id}/change-status/') return { url: `/api/orders/${orderId}/change-status/`, body: { new_status: 'processed' } };
  if (path.startsWith('/api/stock/{id}/'))
    return { url: path.replace('{id}', String(world.componentId)), ...(method === 'GET' ? {} : { body: { quantity: 1, reason: 'Recount' } }) };
  if (path === '/api/purchase-orders/{id}/receive/')
    return { url: `/api/purchase-orders/${world.purchaseOrderId}/receive/`, body: { lines: [{ line_id: world.purchaseOrderLineId, quantity: 1 }] } };
  if (path === '/api/purchase-orders/{id}/') return { url: `/api/purchase-orders/${world.purchaseOrderId}/` };
  if (path === '/api/orders/{id}/create-bill-of-lading/') return { url: `/api/orders/${orderId}/create-bill-of-lading/`, body: { bill_of_lading_date: '2030-01-09', free_on_board: 'Factory' } };
  return { url: path.replace('{id}', String(orderId)), ...(method === 'GET' ? {} : { body: {} }) };
}

/** Every way an answer could carry money: a money-named key, a sentinel amount, a "$". */
function moneyIn(where: string, text: string, json?: unknown): string[] {
  const found: string[] = [];
  for (const s of SENTINELS) if (text.includes(s)) found.push(`${where}: amount ${s}`);
  if (text.includes('$')) found.push(`${where}: "$"`);
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
    else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (MONEY_KEY.test(key) && !NOT_MONEY.has(key)) found.push(`${where}: field ${path}.${key}`);
        walk(v, `${path}.${key}`);
      }
    }
  };
  if (json !== undefined) walk(json, '');
  return found;
}

async function bodyText(contentType: string, raw: Buffer): Promise<string> {
  if (contentType.includes('application/pdf')) return (await readPdfText(new Uint8Array(raw))).all;
  return raw.toString('utf8');
}

const shopOperations = listOperations(moduleOperations).filter((op) => op.access !== 'public' && mayCall(op.access, 'shop'));

describe('the shop role sees no money', () => {
  it('the world has the money to leak: the office sees the sentinels the shop must not', async () => {
    const order = await t.staff.get(`/api/orders/${world.orderId}/`);
    expect(moneyIn('office', order.body, order.json()).length).toBeGreaterThan(3);
    const bought = await t.staff.get(`/api/purchase-orders/${world.purchaseOrderId}/`);
    expect(moneyIn('office', bought.body)).toContain('office: amount 926.37');
  });

  it('no tRPC answer of an operation the shop may call carries money', async () => {
    const leaks: string[] = [];
    const called: string[] = [];
    for (const op of shopOperations) {
      if (op.trpc === false || op.kind === 'subscription') continue;
      const input = trpcInput(op);
      const res = op.kind === 'mutation' ? await world.shop.trpcMutation(op.name, input) : await world.shop.trpcQuery(op.name, input);
      expect(res.statusCode, `${op.name}: ${res.body.slice(0, 300)}`).toBe(200);
      called.push(op.name);
      leaks.push(...moneyIn(`tRPC ${op.name}`, res.body, res.json()));
    }
    expect(leaks).toEqual([]);
    expect(called).toEqual(expect.arrayContaining(['orders.get', 'orders.list', 'orders.history', 'production.board', 'production.materials', 'production.billOfMaterials', 'webhooks.events', 'catalogue.components.list', 'stock.movements', 'purchasing.get', 'purchasing.receive']));
  });

  for (const door of ['session', 'token'] as const) {
    it(`no REST answer (JSON, CSV or PDF) the shop may receive carries money, through its ${door}`, async () => {
      const leaks: string[] = [];
      for (const op of shopOperations) {
        for (const binding of restBindingsOf(op)) {
          if (door === 'token' && binding.tokens === false) continue;
          const { url, body } = restTarget(binding.method, binding.path);
          const res =
            door === 'session'
              ? await world.shop.request(binding.method, url, body === undefined ? {} : { payload: body })
              : await t.app.inject({
                  method: binding.method,
                  url,
                  headers: { authorization: `Token ${world.tokenKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
                  ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
                });
          expect(res.statusCode, `${binding.method} ${binding.path}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
          const type = String(res.headers['content-type'] ?? '');
          const text = await bodyText(type, res.rawPayload);
          leaks.push(...moneyIn(`${binding.method} ${binding.path}`, text, type.includes('json') ? res.json() : undefined));
        }
      }
      expect(leaks).toEqual([]);
    });
  }

  it('documents with prices are refused, and the live feed tells the shop only of orders, bills of lading, stock and purchase orders, never a cost', async () => {
    const documents = await t.staff.trpcQuery('documents.forOrder', { id: world.otherOrderId });
    const invoiceDocs = await t.staff.trpcQuery('documents.forInvoice', { id: 1 });
    const priced = [...documents.json().result.data.results, ...invoiceDocs.json().result.data.results].filter((d: { kind: string }) => d.kind !== 'bol' && d.kind !== 'build_sheet');
    for (const d of priced) expect((await world.shop.get(`/api/documents/${d.id}/`)).statusCode).toBe(403);
    expect((await world.shop.get(`/api/orders/${world.orderId}/print/`)).statusCode).toBe(403);

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    const live = await openLiveStream(base, world.shop);
    await live.next((e) => (e.data as { type?: string }).type === 'listening');
    const invoice = await t.staff.post(`/api/orders/${world.orderId}/create-invoice/`, { return_json: true });
    expect(invoice.statusCode).toBe(201);
    await t.staff.post(`/api/invoices/${invoice.json().id}/payments/`, { amount: '12.00', date: today, method: 'check', reference: '3' });
    await t.staff.post(`/api/orders/${world.orderId}/change-status/`, { new_status: 'processed' });
    const order = await live.next((e) => (e.data as { change?: { entity: string; action: string } }).change?.action === 'status_changed');
    expect(order.data).toMatchObject({ type: 'change', change: { entity: 'order' } });
    // The move to processed took the kit's panels from stock: the shop hears of that too, without a cost.
    await live.next((e) => (e.data as { change?: { entity: string } }).change?.entity === 'stock');
    const heard = live.events.map((e) => (e.data as { change?: { entity: string } }).change?.entity).filter(Boolean);
    const shopReads = ['order', 'bill_of_lading', 'stock', 'purchase_order'];
    expect(heard.filter((entity) => !shopReads.includes(entity!))).toEqual([]);
    expect(live.events.flatMap((e) => moneyIn('live', JSON.stringify(e.data), e.data))).toEqual([]);
    await live.close();
  });
});
