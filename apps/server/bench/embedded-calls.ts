/**
 * The calls bench/embedded.ts measures: what the web's main screens ask for when they open (their REST
 * twins, the same services), the order saves, and the mix of reads and saves that runs during the backup.
 */
import type { AutocannonRequest } from 'autocannon';
import type { Call, Session } from './embedded-support';
import { DOOR_BASE } from './seed';

export interface CallFixtures {
  orderIds: number[];
  /** Pending orders the update call edits, round and round. */
  updateIds: number[];
  /** Their answers as last read (an update sends the whole order back, with its version). */
  orderBodies: Map<number, Record<string, unknown>>;
  catalogue: { product: number; cladding: number; hinge: number; item: number };
  orders: number;
}

export interface CallContext {
  base: string;
  session: Session;
  fixtures: CallFixtures;
}

const pick = <T>(items: readonly T[], n: number): T => items[n % items.length]!;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const get = (pathFor: (n: number) => string) => (): { request: AutocannonRequest } => {
  let n = 0;
  return { request: { method: 'GET', path: pathFor(0), setupRequest: (req) => ({ ...req, method: 'GET', path: pathFor(n++) }) } };
};

/** A new order as the order form sends it (a simple door-only product, two additional items). */
export function orderBody(f: CallFixtures, doorNumber: string | null, name: string): Record<string, unknown> {
  const address = { name, street: '1 Lake St', city: 'Walker', state: 'MN', zip_code: '56484', country: 'US' };
  return {
    ...(doorNumber ? { status: 'pending', door_number: doorNumber } : {}),
    date: iso(Date.now()),
    phone: '(218) 555-0199',
    customer_po_job_name: 'Bench cabin',
    freight_cost: '250',
    discount: '5',
    discount_is_percentage: true,
    tax_exempt: false,
    notes: 'Embedded benchmark',
    billing_address: address,
    shipping_address: { ...address, name: `${name} - Cabin` },
    building_info: {
      product: f.catalogue.product,
      price: '1150.00',
      door_cladding: f.catalogue.cladding,
      door_cladding_price: '125.00',
      hinge_side: f.catalogue.hinge,
      door_placement: 'Front, centred',
      additional_items: [
        { item: f.catalogue.item, quantity: 2, price: '19.90' },
        { custom_item_name: 'Extra cam locks', quantity: 1, price: '25.00' },
      ],
    },
  };
}

function updateRequest(f: CallFixtures): AutocannonRequest {
  let n = 0;
  const ids = () => [...f.orderBodies.keys()];
  return {
    method: 'PUT',
    path: `/api/orders/${ids()[0] ?? 0}/`,
    headers: { 'content-type': 'application/json' },
    setupRequest: (req) => {
      const id = pick(ids(), n++);
      const order = f.orderBodies.get(id)!;
      return { ...req, method: 'PUT', path: `/api/orders/${id}/`, body: JSON.stringify({ ...order, notes: `Embedded benchmark edit ${n}` }) };
    },
    onResponse: (status, body) => {
      if (status !== 200) return;
      const order = JSON.parse(body) as Record<string, unknown> & { id: number };
      f.orderBodies.set(order.id, order);
    },
  };
}

/** Reads every order the update call edits again: a run stops with saves in flight, whose new versions it never read. */
export async function refreshOrderBodies(ctx: CallContext): Promise<void> {
  const queue = [...ctx.fixtures.updateIds];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const res = await fetch(`${ctx.base}/api/orders/${id}/`, { headers: { cookie: ctx.session.cookie } });
        if (res.status === 200) ctx.fixtures.orderBodies.set(id, (await res.json()) as Record<string, unknown>);
      }
    }),
  );
}

export function embeddedCalls(ctx: CallContext): Call[] {
  const f = ctx.fixtures;
  const now = Date.now();
  // The ship schedule screen opens on this week and the next three.
  const sunday = now - new Date(now).getUTCDay() * 86_400_000;
  const schedule = `/api/reports/ship-schedule/?start=${iso(sunday)}&end=${iso(sunday + 27 * 86_400_000)}`;
  // Door numbers of a block no seeded or earlier run's order has (a block a second of the start time).
  const doorBase = DOOR_BASE + f.orders + 500_000 + (Math.floor(now / 1000) % 1_000_000) * 1000;
  let created = 0;
  return [
    { id: 'static', name: 'anchor: static file, no session', requests: get(() => '/api/docs/docs.js') },
    { id: 'session', name: 'anchor: session only (status choices)', requests: get(() => '/api/orders/status_choices/') },
    { id: 'orders-list', name: 'orders list, first page', requests: get(() => '/api/orders/list-view/') },
    { id: 'orders-screen', name: 'orders screen (initial_data)', requests: get(() => '/api/orders/initial_data/') },
    { id: 'order-detail', name: 'order detail', requests: get((n) => `/api/orders/${pick(f.orderIds, n * 31)}/`) },
    { id: 'quotes-list', name: 'quotes list', requests: get(() => '/api/quotes/') },
    { id: 'invoices-list', name: 'invoices list', requests: get(() => '/api/invoices/') },
    { id: 'customers', name: 'customers list', requests: get(() => '/api/customers/') },
    { id: 'board', name: 'shop board (this week)', requests: get(() => '/api/production/board/') },
    { id: 'schedule', name: 'ship schedule (four weeks)', requests: get(() => schedule) },
    { id: 'materials', name: 'materials list (next week)', requests: get(() => '/api/production/materials/') },
    { id: 'sales-tax', name: 'reports: sales tax (this year)', requests: get(() => '/api/reports/sales-tax/') },
    { id: 'aging', name: 'reports: aging', requests: get(() => '/api/reports/aging/') },
    { id: 'dashboard', name: 'dashboard', requests: get(() => '/api/reports/dashboard/') },
    {
      id: 'order-create',
      name: 'create order',
      requests: () => ({
        request: {
          method: 'POST',
          path: '/api/orders/',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({ ...req, body: JSON.stringify(orderBody(f, String(doorBase + created), `Bench Customer ${created++ % 400}`)) }),
        },
      }),
    },
    { id: 'order-update', name: 'update order', requests: () => ({ request: updateRequest(f) }), after: () => refreshOrderBodies(ctx) },
  ];
}

/**
 * Staff at work during the backup: four people, one each on the orders list, an order, the invoices and
 * saving orders (each its own client, so each has its own figures).
 */
export function staffAtWork(ctx: CallContext): Call[] {
  const wanted = ['orders-list', 'order-detail', 'invoices-list', 'order-update'];
  return embeddedCalls(ctx).filter((c) => wanted.includes(c.id));
}
