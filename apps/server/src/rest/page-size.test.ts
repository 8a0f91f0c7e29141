import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from '@icehouse/domain';
import { restRoutes } from './routes';
import { PAGE_SIZE_MAX } from '../operations/list-page';
import { attachInvoice, insertOrders, orderPayload, useOrdersTestApp } from '../../tests/orders-test-support';
import { orderListRestAnswer } from '../modules/orders/schemas';
import { invoiceListRestAnswer, deletedInvoiceListRestAnswer } from '../modules/invoices/schemas';
import { customerListRestAnswer } from '../modules/customers/schemas';
import { eventsAnswer } from '../modules/webhooks/schemas';

/** `page_size` on every paged list: bounded (1 to 100), its default when absent, a 400 on the field otherwise. */
const ctx = useOrdersTestApp();

const OUT_OF_RANGE = { page_size: [MESSAGES.pageSizeInvalid(PAGE_SIZE_MAX)] };

/** The GET routes answering a page of a list: DRF pages ({count, next, previous, results}) and the event log. */
function pagedListRoutes() {
  return restRoutes.filter((route) => {
    if (route.method !== 'GET' || !route.response || !(route.response instanceof z.ZodObject)) return false;
    const keys = Object.keys(route.response.shape);
    return keys.includes('results') && (keys.includes('next') || keys.includes('has_more'));
  });
}

const queryKeys = (schema: unknown): string[] => {
  let s = schema as z.ZodType;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
  return s instanceof z.ZodObject ? Object.keys(s.shape) : [];
};

describe('page_size', () => {
  it('is a parameter of every paged list, documented with its bound', async () => {
    const paths = pagedListRoutes().map((r) => r.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/orders/', '/api/orders/list-view/', '/api/customers/', '/api/invoices/', '/api/invoices/deleted/', '/api/events/']),
    );
    for (const route of pagedListRoutes()) expect(queryKeys(route.query), route.path).toContain('page_size');
    const schema = (await ctx.staff.get('/api/schema/')).json() as {
      paths: Record<string, { get: { parameters: { name: string; schema: { minimum?: number; maximum?: number } }[] } }>;
    };
    for (const path of paths) {
      const parameter = schema.paths[path]!.get.parameters.find((p) => p.name === 'page_size');
      expect(parameter, path).toBeDefined();
      expect(parameter!.schema).toMatchObject({ minimum: 1, maximum: PAGE_SIZE_MAX });
    }
  });

  it('out of range or not a whole number: 400 on the field, on every paged list', async () => {
    for (const route of pagedListRoutes()) {
      for (const bad of ['0', '101', '-5', 'ten', '2.5']) {
        const res = await ctx.admin.get(`${route.path}?page_size=${bad}`);
        expect(res.statusCode, `${route.path} ${bad}`).toBe(400);
        expect(res.json()).toEqual(OUT_OF_RANGE);
      }
    }
    const trpc = await ctx.staff.trpcQuery('orders.list', { page_size: 500 });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.fieldErrors).toEqual(OUT_OF_RANGE);
  });

  it('orders: 25 a page by default; smaller and larger pages, with next links that keep page_size; search and sync orders too', async () => {
    await insertOrders(
      ctx.database,
      Array.from({ length: 31 }, (_, i) => ({ date: `2024-03-${String(i + 1).padStart(2, '0')}`, billingName: `Lake Farm ${i}` })),
    );
    const byDefault = orderListRestAnswer.parse((await ctx.staff.get('/api/orders/')).json());
    expect(byDefault.results).toHaveLength(25);
    expect(byDefault.count).toBe(31);

    for (const query of ['', '&customer=lake', '&ordering=updated_at', '&year=2024&month=3']) {
      const first = orderListRestAnswer.parse((await ctx.staff.get(`/api/orders/list-view/?page_size=30${query}`)).json());
      expect(first.results, query).toHaveLength(30);
      expect(first.count, query).toBe(31);
      expect(first.next).toContain('page_size=30');
      const next = new URL(first.next!);
      const second = orderListRestAnswer.parse((await ctx.staff.get(`${next.pathname}${next.search}`)).json());
      expect(second.results, query).toHaveLength(1);
      expect(second.next).toBeNull();
      const small = orderListRestAnswer.parse((await ctx.staff.get(`/api/orders/?page_size=4&page=2${query}`)).json());
      expect(small.results, query).toHaveLength(4);
      expect(small.results.map((r) => r.id)).toEqual(first.results.slice(4, 8).map((r) => r.id));
    }
    // The newest of the largest page, and tRPC takes the same parameter.
    expect(orderListRestAnswer.parse((await ctx.staff.get(`/api/orders/?page_size=${PAGE_SIZE_MAX}`)).json()).results).toHaveLength(31);
    const trpc = await ctx.staff.trpcQuery('orders.list', { page_size: 3 });
    expect(trpc.json().result.data.results).toHaveLength(3);
    expect(trpc.json().result.data.next).toBe(2);
  });

  it('invoices, deleted invoices, customers and the event log', async () => {
    const orderIds = await insertOrders(ctx.database, Array.from({ length: 3 }, (_, i) => ({ date: `2024-04-0${i + 1}` })));
    const invoiceIds = [];
    for (const id of orderIds) invoiceIds.push((await attachInvoice(ctx.database, id)).id);
    const invoices = invoiceListRestAnswer.parse((await ctx.staff.get('/api/invoices/?page_size=2')).json());
    expect(invoices.results).toHaveLength(2);
    expect(invoices.count).toBe(3);
    expect(invoices.next).toContain('page_size=2');
    const searched = invoiceListRestAnswer.parse((await ctx.staff.get('/api/invoices/?page_size=2&search=50')).json());
    expect(searched.results).toHaveLength(2);
    expect(searched.next).not.toBeNull();
    const paid = invoiceListRestAnswer.parse((await ctx.staff.get('/api/invoices/?page_size=1&page=3&status=paid')).json());
    expect(paid.results).toHaveLength(1);
    expect(paid.next).toBeNull();

    for (const id of invoiceIds) expect((await ctx.admin.delete(`/api/invoices/${id}/`)).statusCode).toBe(204);
    const deleted = deletedInvoiceListRestAnswer.parse((await ctx.admin.get('/api/invoices/deleted/?page_size=2&page=2')).json());
    expect(deleted.results).toHaveLength(1);
    expect(deleted.previous).toContain('page_size=2');

    for (const name of ['Alder Bait', 'Birch Ice', 'Cedar Shack']) {
      expect((await ctx.staff.post('/api/customers/', { name })).statusCode).toBe(201);
    }
    const customers = customerListRestAnswer.parse((await ctx.staff.get('/api/customers/?page_size=2')).json());
    expect(customers.results.map((c) => c.name)).toEqual(['Alder Bait', 'Birch Ice']);
    const found = customerListRestAnswer.parse((await ctx.staff.get('/api/customers/?page_size=30&search=e')).json());
    expect(found.results).toHaveLength(3);

    for (let i = 0; i < 3; i++) {
      expect((await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { door_number: `E-${i}` }))).statusCode).toBe(201);
    }
    const all = eventsAnswer.parse((await ctx.staff.get('/api/events/')).json());
    expect(all.results.length).toBeGreaterThanOrEqual(3);
    const events = eventsAnswer.parse((await ctx.staff.get('/api/events/?page_size=2')).json());
    expect(events.results.map((e) => e.id)).toEqual(all.results.slice(0, 2).map((e) => e.id));
    expect(events.has_more).toBe(true);
    expect(events.last_id).toBe(all.results[1]!.id);
  });

  it('invoices and customers past the default page (the larger statements)', async () => {
    const orderIds = await insertOrders(ctx.database, Array.from({ length: 27 }, (_, i) => ({ date: `2024-05-${String(i + 1).padStart(2, '0')}` })));
    for (const id of orderIds) await attachInvoice(ctx.database, id);
    for (const query of ['', '&search=50', '&status=paid']) {
      const page = invoiceListRestAnswer.parse((await ctx.staff.get(`/api/invoices/?page_size=26${query}`)).json());
      expect(page.results, query).toHaveLength(26);
      expect(page.next, query).not.toBeNull();
      const whole = invoiceListRestAnswer.parse((await ctx.staff.get(`/api/invoices/?page_size=27${query}`)).json());
      expect(whole.results, query).toHaveLength(27);
      expect(whole.next, query).toBeNull();
    }
    for (let i = 0; i < 27; i++) expect((await ctx.staff.post('/api/customers/', { name: `Shore ${String(i).padStart(2, '0')}` })).statusCode).toBe(201);
    for (const query of ['', '&search=shore']) {
      const page = customerListRestAnswer.parse((await ctx.staff.get(`/api/customers/?page_size=26${query}`)).json());
      expect(page.results, query).toHaveLength(26);
      expect(page.next, query).not.toBeNull();
      const second = customerListRestAnswer.parse((await ctx.staff.get(`/api/customers/?page_size=26&page=2${query}`)).json());
      expect(second.results.map((c) => c.name), query).toEqual(['Shore 26']);
    }
  });
});
