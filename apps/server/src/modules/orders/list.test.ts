import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MONTH_NAMES, type OrderStatus } from '@icehouse/domain';
import type { Database } from '@icehouse/db/client';
import { ORDER_COUNT_LIMIT, PROBE_ROWS, listOrders } from './list-query';
import { getOrders } from './order-read';
import { attachBol, attachInvoice, insertOrders, orderPayload, shippable, useOrdersTestApp, type BulkOrder } from '../../../tests/orders-test-support';

const ctx = useOrdersTestApp();

interface Spec extends Required<BulkOrder> {
  id: number;
}

const N = 260;
let specs: Spec[] = [];

/** 260 orders over 2023 and 2024, several per day, every 10th voided, names to search for. */
function plan(): BulkOrder[] {
  return Array.from({ length: N }, (_, i) => {
    const year = i % 3 === 0 ? 2023 : 2024;
    const month = (i % 12) + 1;
    const day = (i % 5) + 1;
    const status: OrderStatus = i % 10 === 0 ? 'voided' : i % 10 === 1 ? 'processed' : 'pending';
    return {
      date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      status,
      doorNumber: String(2000 + i),
      billingName: i % 7 === 0 ? `Smith Fisheries ${i}` : `Customer ${i}`,
      shippingName: i % 11 === 0 ? 'Lakeside SMITHson' : '',
    };
  });
}

beforeEach(async () => {
  const bulk = plan();
  const ids = await insertOrders(ctx.database, bulk);
  specs = bulk.map((b, i) => ({ ...(b as Required<BulkOrder>), id: ids[i]! }));
});

/** Newest first: date desc, then id desc. */
const newestFirst = (a: Spec, b: Spec) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1);
const expectedIds = (keep: (s: Spec) => boolean) => specs.filter(keep).sort(newestFirst).map((s) => s.id);
const notVoided = (s: Spec) => s.status !== 'voided';

/** Follows `next` links from a first URL; answers every page's body. */
async function allPages(url: string) {
  const pages = [];
  let next: string | null = url;
  while (next) {
    const u = new URL(next, 'http://localhost');
    const res = await ctx.staff.get(u.pathname + u.search);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    pages.push(body);
    next = body.next;
  }
  return pages;
}

async function idsOf(query: string) {
  const pages = await allPages(`/api/orders/list-view/${query}`);
  return { ids: pages.flatMap((p) => p.results.map((r: { id: number }) => r.id)), count: pages[0].count as number, pages };
}

describe('list-view', () => {
  it('pages through every non-voided order, newest first, 25 a page, with stable next/previous links', async () => {
    const { ids, count, pages } = await idsOf('');
    const expected = expectedIds(notVoided);
    expect(count).toBe(expected.length);
    expect(ids).toEqual(expected);
    expect(pages.length).toBe(Math.ceil(expected.length / 25));
    expect(pages.slice(0, -1).every((p) => p.results.length === 25)).toBe(true);
    expect(pages[0].previous).toBeNull();
    expect(pages[0].next).toBe('http://localhost/api/orders/list-view/?page=2');
    expect(pages[1].previous).toBe('http://localhost/api/orders/list-view/');
    expect(pages[pages.length - 1].next).toBeNull();
    // The same page asked twice is the same page.
    const again = await ctx.staff.get('/api/orders/list-view/?page=3');
    expect(again.json().results).toEqual(pages[2].results);
  });

  it('answers light rows', async () => {
    const res = await ctx.staff.get(`/api/orders/list-view/?serial=${specs[1]!.doorNumber}`);
    const row = res.json().results[0];
    expect(row).toEqual({
      id: specs[1]!.id,
      status: 'processed',
      status_display: 'Processed',
      date: specs[1]!.date,
      customer_name: 'Customer 1',
      door_number: '2001',
      has_bol: false,
      has_invoice: false,
      can_change_status: false,
      // written straight to the table without an EPS PO number
      missing_requirements: ['EPS PO Number', 'Ship Date', 'Ship Via'],
      next_possible_status: 'scheduled_to_ship',
      invoice_details: null,
      updated_at: expect.any(String),
      deposits_held: '0.00',
    });
  });

  it('filters by year, by year and month (two-digit too), and by month alone', async () => {
    expect((await idsOf('?year=2023')).ids).toEqual(expectedIds((s) => notVoided(s) && s.date.startsWith('2023-')));
    expect((await idsOf('?year=2024&month=03')).ids).toEqual(expectedIds((s) => notVoided(s) && s.date.startsWith('2024-03-')));
    expect((await idsOf('?year=2024&month=12')).ids).toEqual(expectedIds((s) => notVoided(s) && s.date.startsWith('2024-12-')));
    expect((await idsOf('?month=7')).ids).toEqual(expectedIds((s) => notVoided(s) && s.date.slice(5, 7) === '07'));
  });

  it('shows voided orders only when asked: status=voided or include_voided=true', async () => {
    expect((await idsOf('?status=voided')).ids).toEqual(expectedIds((s) => s.status === 'voided'));
    expect((await idsOf('?include_voided=true')).ids).toEqual(expectedIds(() => true));
    expect((await idsOf('?include_voided=false')).ids).toEqual(expectedIds(notVoided));
    expect((await idsOf('?status=processed')).ids).toEqual(expectedIds((s) => s.status === 'processed'));
    expect((await idsOf('?status=&year=')).ids).toEqual(expectedIds(notVoided));
  });

  it('finds customers by billing or shipping name, partial and any case', async () => {
    const smith = (s: Spec) => notVoided(s) && (/smith/i.test(s.billingName) || /smith/i.test(s.shippingName));
    const { ids, pages } = await idsOf('?customer=sMiTh');
    expect(ids).toEqual(expectedIds(smith));
    expect(ids.length).toBeGreaterThan(25); // the filter survives paging
    expect(pages[0].next).toContain('customer=sMiTh');
    expect((await idsOf('?customer=lakeside')).ids).toEqual(expectedIds((s) => notVoided(s) && s.shippingName !== ''));
    expect((await idsOf('?customer=Fisheries%2014')).ids).toEqual(expectedIds((s) => notVoided(s) && s.billingName.includes('Fisheries 14')));
    // LIKE wildcards are taken literally
    expect((await idsOf('?customer=%25')).ids).toEqual([]);
    expect((await idsOf('?customer=_')).ids).toEqual([]);
  });

  it('searches the same whether the matches are among the newest orders or beyond them', async () => {
    // More newer orders than a customer search looks through first (PROBE_ROWS.customer): "smith" now
    // matches only past them (the first look misses), "filler" matches the newest (the first look
    // answers), "shore" both (every 100th filler, and older orders of their own).
    const window = PROBE_ROWS.customer;
    const bulk: BulkOrder[] = Array.from({ length: window + 100 }, (_, i) => ({
      date: `2025-0${(i % 9) + 1}-1${i % 10}`,
      status: 'pending' as OrderStatus,
      doorNumber: `F-${i}`,
      billingName: i % 100 === 0 ? `Filler Shore ${i}` : `Filler ${i}`,
      shippingName: '',
    }));
    // Older "shore" customers, so that the term matches enough names for the look (below).
    for (let i = 0; i < 40; i++)
      bulk.push({ date: '2022-05-05', status: 'pending', doorNumber: `S-${i}`, billingName: `Old Shore ${i}`, shippingName: '' });
    const ids = await insertOrders(ctx.database, bulk);
    specs = [...specs, ...bulk.map((b, i) => ({ ...(b as Required<BulkOrder>), id: ids[i]! }))];
    // With the names' table counted, a customer search looks among the newest orders only for a term that
    // matches a large enough share of the names ("filler", "smith", "shore"); "lakeside" (24 names) goes
    // straight to its matches.
    await ctx.database.db.execute(sql`analyze order_customer_names`);
    const smith = (s: Spec) => notVoided(s) && (/smith/i.test(s.billingName) || /smith/i.test(s.shippingName));
    expect((await idsOf('?customer=smith')).ids).toEqual(expectedIds(smith));
    expect((await idsOf('?customer=lakeside')).ids).toEqual(expectedIds((s) => notVoided(s) && s.shippingName !== ''));
    const filler = await idsOf('?customer=filler&page_size=100');
    expect(filler.ids).toEqual(expectedIds((s) => s.billingName.startsWith('Filler')));
    expect(filler.count).toBe(ORDER_COUNT_LIMIT);
    const shore = (s: Spec) => notVoided(s) && /shore/i.test(s.billingName);
    expect((await idsOf('?customer=shore')).ids).toEqual(expectedIds(shore));
    // A page as large as the matches among the newest orders looked through: the first look fills the
    // page but finds no row more, so only all the matches tell whether there is a next page.
    const k = specs.filter(notVoided).sort(newestFirst).slice(0, window).filter(shore).length;
    expect(k).toBeGreaterThan(0);
    expect(expectedIds(shore).length).toBeGreaterThan(k);
    const paged = await idsOf(`?customer=shore&page_size=${k}`);
    expect(paged.ids).toEqual(expectedIds(shore));
    expect(paged.count).toBe(expectedIds(shore).length);
    // One statement each: the first look answers "filler" (and counts it); "smith" and "lakeside" need
    // all their matches, collected by the same statement.
    const { deps, counter } = counting(ctx.database);
    expect((await listOrders(deps, { customer: 'filler' })).count).toBe(ORDER_COUNT_LIMIT);
    expect(counter.queries).toBe(1);
    for (const customer of ['smith', 'lakeside']) {
      counter.queries = 0;
      await listOrders(deps, { customer });
      expect(counter.queries).toBe(1);
    }
    expect((await idsOf('?customer=filler&month=3')).ids).toEqual(
      expectedIds((s) => s.billingName.startsWith('Filler') && s.date.slice(5, 7) === '03'),
    );
  });

  it('finds door numbers by part (serial), combined with other filters', async () => {
    expect((await idsOf('?serial=205')).ids).toEqual(expectedIds((s) => notVoided(s) && s.doorNumber.includes('205')));
    expect((await idsOf('?serial=2005')).ids).toEqual(expectedIds((s) => notVoided(s) && s.doorNumber === '2005'));
    expect((await idsOf('?serial=21&year=2024&status=pending&customer=customer')).ids).toEqual(
      expectedIds((s) => s.doorNumber.includes('21') && s.date.startsWith('2024') && s.status === 'pending' && s.billingName.startsWith('Customer')),
    );
  });

  it('refuses bad filters with field errors and a page past the end with 404', async () => {
    const bad = await ctx.staff.get('/api/orders/list-view/?month=13&status=shipped&year=abc&page=0');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['month', 'page', 'status', 'year']);
    expect(bad.json().status).toEqual(['Select a valid status']);
    const past = await ctx.staff.get('/api/orders/list-view/?page=99');
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
    const empty = await ctx.staff.get('/api/orders/list-view/?customer=nobody-at-all');
    expect(empty.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('bounds the filters the same on tRPC as on REST (one schema): a page past 1,000,000 is refused, not queried', async () => {
    const rest = await ctx.staff.get('/api/orders/list-view/?page=1000001');
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toEqual({ page: ['A valid integer is required.'] });
    const trpc = await ctx.staff.trpcQuery('orders.list', { page: 1_000_001, month: 13 });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.fieldErrors).toEqual({ page: ['A valid integer is required.'], month: ['Select a valid month (1-12).'] });
    // null means absent on tRPC, as blank does on REST.
    expect((await ctx.staff.trpcQuery('orders.list', { page: null, status: null })).statusCode).toBe(200);
  });

  it('shows BOL and invoice badges and the invoice id', async () => {
    const target = specs.find((s) => s.status === 'pending')!;
    const invoice = await attachInvoice(ctx.database, target.id, '2024-08-01');
    await attachBol(ctx.database, target.id);
    const row = (await ctx.staff.get(`/api/orders/list-view/?serial=${target.doorNumber}`)).json().results[0];
    expect(row).toMatchObject({
      has_bol: true,
      has_invoice: true,
      invoice_details: { id: invoice.id, invoice_number: invoice.invoiceNumber, date: '2024-08-01' },
    });
  });

  it('is the same list as GET /api/orders/ and tRPC orders.list (page numbers there)', async () => {
    const rest = (await ctx.staff.get('/api/orders/list-view/?year=2023&page=2')).json();
    expect((await ctx.staff.get('/api/orders/?year=2023&page=2')).json().results).toEqual(rest.results);
    const trpc = (await ctx.staff.trpcQuery('orders.list', { year: 2023, page: 2 })).json().result.data;
    expect(trpc.results).toEqual(rest.results);
    expect(trpc.count).toBe(rest.count);
    expect(trpc.previous).toBe(1);
    expect(trpc.next).toBe(rest.next ? 3 : null);
    const none = (await ctx.staff.trpcQuery('orders.list')).json().result.data;
    expect(none.next).toBe(2);
  });
});

/** The database with every query builder call counted. */
/**
 * The database with every statement sent counted: drizzle runs each query (built now or prepared
 * once and reused) through its session's client, `unsafe()` for postgres-js, `query()` for PGlite.
 */
function counting(database: Database) {
  const counter = { queries: 0 };
  const real = (database.db as unknown as { session: { client: object } }).session;
  const client = new Proxy(real.client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop);
      if (typeof value !== 'function') return value;
      if (prop === 'unsafe' || prop === 'query') {
        return (...args: unknown[]) => {
          counter.queries += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  const session = new Proxy(real, { get: (target, prop, receiver) => (prop === 'client' ? client : Reflect.get(target, prop, receiver)) });
  const db = new Proxy(database.db, { get: (target, prop, receiver) => (prop === 'session' ? session : Reflect.get(target, prop, receiver)) });
  return { deps: { database: { ...database, db } }, counter };
}

describe('no N+1', () => {
  it('reads a page of the list, or many full orders, in a fixed number of queries', async () => {
    const { deps, counter } = counting(ctx.database);
    const page = await listOrders(deps, { include_voided: true });
    expect(page.results).toHaveLength(25);
    expect(counter.queries).toBe(2);
    counter.queries = 0;
    const views = await getOrders(deps, specs.slice(0, 60).map((s) => s.id));
    expect(views).toHaveLength(60);
    expect(counter.queries).toBe(4);
  });
});

describe('initial_data', () => {
  it('answers years with orders, the statuses and the first page with a list-view next link', async () => {
    const res = await ctx.staff.get('/api/orders/initial_data/?customer=smith');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.years).toEqual([2024, 2023]);
    expect(body.statuses).toEqual((await ctx.staff.get('/api/orders/status_choices/')).json());
    const first = (await ctx.staff.get('/api/orders/list-view/?customer=smith')).json();
    expect(body.orders.results).toEqual(first.results);
    expect(body.orders.count).toBe(first.count);
    expect(body.orders.next).toBe('http://localhost/api/orders/list-view/?customer=smith&page=2');
    const trpc = (await ctx.staff.trpcQuery('orders.initialData', { customer: 'smith' })).json().result.data;
    expect(trpc.orders.results).toEqual(first.results);
    expect(trpc.orders.next).toBe(2);
    expect(trpc.years).toEqual([2024, 2023]);
  });
});

describe('by-month', () => {
  it('counts non-voided orders per month, newest first', async () => {
    await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { date: '2025-02-10', door_number: '9001', ...shippable(ctx.cat) }));
    const res = await ctx.staff.get('/api/orders/by-month/');
    expect(res.statusCode).toBe(200);
    const counts = new Map<string, number>();
    for (const s of specs.filter(notVoided)) counts.set(s.date.slice(0, 7), (counts.get(s.date.slice(0, 7)) ?? 0) + 1);
    counts.set('2025-02', 1);
    const expected = [...counts.entries()]
      .sort((a, b) => (a[0] < b[0] ? 1 : -1))
      .map(([ym, total]) => ({
        year: Number(ym.slice(0, 4)),
        month: Number(ym.slice(5, 7)),
        month_name: MONTH_NAMES[Number(ym.slice(5, 7)) - 1],
        total_orders: total,
      }));
    expect(res.json()).toEqual(expected);
    expect(res.json()[0]).toEqual({ year: 2025, month: 2, month_name: 'February', total_orders: 1 });
    expect((await ctx.staff.trpcQuery('orders.byMonth')).json().result.data).toEqual(expected);
  });
});

describe('large result sets and the trigger-kept search and counters', () => {
  it('counts a text search exactly up to ORDER_COUNT_LIMIT, then as a lower bound while next keeps going', async () => {
    const many = ORDER_COUNT_LIMIT + 30;
    await insertOrders(
      ctx.database,
      Array.from({ length: many }, (_, i) => ({ date: '2022-06-01', doorNumber: `M-${i}`, billingName: `Manyfold Farms ${i}` })),
    );
    const first = (await ctx.staff.get('/api/orders/list-view/?customer=manyfold')).json();
    expect(first.count).toBe(ORDER_COUNT_LIMIT);
    expect(first.next).toContain('page=2');
    const lastPage = Math.ceil(many / 25);
    const last = (await ctx.staff.get(`/api/orders/list-view/?customer=manyfold&page=${lastPage}`)).json();
    expect(last.results).toHaveLength(many - (lastPage - 1) * 25);
    expect(last.next).toBeNull();
    expect(last.count).toBe(many); // on the last page the count is the rows seen
    // Without a text search the count stays exact, from the month counters.
    const all = (await ctx.staff.get('/api/orders/list-view/?year=2022')).json();
    expect(all.count).toBe(many);
  });

  it('follows renames, status changes, moves and deletes', async () => {
    const order = (await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { date: '2021-03-05', door_number: '7001', ...shippable(ctx.cat) }))).json();
    const count = async (query: string) => (await ctx.staff.get(`/api/orders/list-view/${query}`)).json().count as number;
    expect(await count('?customer=acme%20foods')).toBe(1);
    const renamed = await ctx.staff.put(`/api/orders/${order.id}/`, {
      ...order,
      date: '2021-04-10',
      billing_address: { ...order.billing_address, name: 'Zephyr Outfitters' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await count('?customer=acme%20foods')).toBe(0);
    expect(await count('?customer=zephyr')).toBe(1);
    expect(await count('?customer=warehouse')).toBe(1); // the shipping name still matches
    expect(await count('?year=2021&month=3')).toBe(0);
    expect(await count('?year=2021&month=4')).toBe(1);
    const moved = await ctx.staff.post(`/api/orders/${order.id}/change-status/`, { new_status: 'processed' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await count('?status=processed&year=2021')).toBe(1);
    expect(await count('?status=pending&year=2021')).toBe(0);
    expect((await ctx.staff.get('/api/orders/by-month/')).json()).toContainEqual({ year: 2021, month: 4, month_name: 'April', total_orders: 1 });
    expect((await ctx.staff.delete(`/api/orders/${order.id}/`)).statusCode).toBe(204);
    expect(await count('?year=2021')).toBe(0);
    expect((await ctx.staff.get('/api/orders/by-month/')).json()).not.toContainEqual(expect.objectContaining({ year: 2021 }));
  });
});
