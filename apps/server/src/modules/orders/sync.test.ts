import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@icehouse/domain';
import { customers, invoices, orders } from '@icehouse/db/schema';
import { orderListRestAnswer } from './schemas';
import { invoiceListRestAnswer } from '../invoices/schemas';
import { customerListRestAnswer } from '../customers/schemas';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';

/** updated_since and ordering=updated_at on the orders and invoices lists. */
const ctx = useInvoicesTestApp();

const setUpdatedAt = (table: typeof orders | typeof invoices | typeof customers, id: number, at: string) =>
  ctx.database.db
    .update(table)
    .set({ updatedAt: sql`${at}::timestamptz` })
    .where(eq(table.id, id));

describe('incremental sync', () => {
  it('orders: updated_since keeps what changed at or after it, ordering=updated_at oldest change first', async () => {
    const [a, b, c] = [await createOrder(ctx), await createOrder(ctx), await createOrder(ctx)];
    await setUpdatedAt(orders, a.id, '2026-01-01T00:00:00Z');
    await setUpdatedAt(orders, b.id, '2026-02-01T00:00:00Z');
    await setUpdatedAt(orders, c.id, '2026-03-01T00:00:00Z');
    const since = await ctx.staff.get('/api/orders/?updated_since=2026-02-01T00:00:00Z');
    expect(since.statusCode, since.body).toBe(200);
    const page = orderListRestAnswer.parse(since.json());
    expect(page.results.map((r) => r.id)).toEqual([b.id, c.id]);
    expect(page.count).toBe(2);
    expect(page.results[0]!.updated_at).toBe('2026-02-01T00:00:00.000Z');
    const newest = orderListRestAnswer.parse(
      (await ctx.staff.get('/api/orders/list-view/?ordering=-updated_at')).json(),
    );
    expect(newest.results.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    // A change moves the order to the end of the sync order (voided orders come with include_voided).
    expect((await ctx.staff.post(`/api/orders/${a.id}/void/`, {})).statusCode).toBe(200);
    const after = orderListRestAnswer.parse(
      (
        await ctx.staff.get('/api/orders/?ordering=updated_at&include_voided=true&updated_since=2026-01-15')
      ).json(),
    );
    expect(after.results.map((r) => r.id)).toEqual([b.id, c.id, a.id]);
  });

  it('invoices: the same parameters; bad values are 400 with the field named', async () => {
    const shore = { name: 'Ölund Shore Resort', street: '2 Bay Rd', city: 'Ely', state: 'MN', zip_code: '55731', country: 'US' };
    const first = await invoiceOrder(ctx, (await createOrder(ctx, { billing_address: shore })).id);
    const second = await invoiceOrder(ctx, (await createOrder(ctx)).id);
    await setUpdatedAt(invoices, first.id, '2026-05-02T10:00:00+02:00');
    await setUpdatedAt(invoices, second.id, '2026-05-01T00:00:00Z');
    const sync = invoiceListRestAnswer.parse(
      (await ctx.staff.get('/api/invoices/?ordering=updated_at')).json(),
    );
    expect(sync.results.map((r) => r.id)).toEqual([second.id, first.id]);
    const since = invoiceListRestAnswer.parse(
      (await ctx.staff.get('/api/invoices/?updated_since=2026-05-02T08:00:00Z')).json(),
    );
    expect(since.results.map((r) => r.id)).toEqual([first.id]);
    // The list's search applies in sync order too, in any case (the search keys are kept in lower case).
    for (const term of ['ÖLUND SHORE', 'ölund shore', 'Shore']) {
      const searched = invoiceListRestAnswer.parse(
        (await ctx.staff.get(`/api/invoices/?ordering=updated_at&search=${encodeURIComponent(term)}`)).json(),
      );
      expect(searched.results.map((r) => r.id), term).toEqual([first.id]);
      expect(searched.count, term).toBe(1);
    }
    const bad = await ctx.staff.get('/api/invoices/?updated_since=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ updated_since: [MESSAGES.updatedSinceInvalid] });
    const badOrdering = await ctx.staff.get('/api/orders/?ordering=date');
    expect(badOrdering.statusCode).toBe(400);
    expect(badOrdering.json()).toEqual({ ordering: [MESSAGES.orderingInvalid] });
  });

  it('customers: the same parameters; an edit moves a customer to the end of the sync order', async () => {
    const a = (await ctx.staff.post('/api/customers/', { name: 'Alder Bait' })).json();
    const b = (await ctx.staff.post('/api/customers/', { name: 'Birch Ice' })).json();
    await setUpdatedAt(customers, a.id, '2026-06-01T00:00:00Z');
    await setUpdatedAt(customers, b.id, '2026-07-01T00:00:00Z');
    const since = customerListRestAnswer.parse(
      (await ctx.staff.get('/api/customers/?updated_since=2026-06-15T00:00:00Z')).json(),
    );
    expect(since.results.map((r) => r.id)).toEqual([b.id]);
    expect(since.count).toBe(1);
    const edited = await ctx.staff.put(`/api/customers/${a.id}/`, {
      ...a,
      notes: 'moved',
      version: a.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const sync = customerListRestAnswer.parse(
      (await ctx.staff.get('/api/customers/?ordering=updated_at')).json(),
    );
    expect(sync.results.map((r) => r.id)).toEqual([b.id, a.id]);
    expect((await ctx.staff.get('/api/customers/?ordering=name')).json()).toEqual({
      ordering: [MESSAGES.orderingInvalid],
    });
  });

  it('updated_since without a time zone is refused on every list, with a message that says the zone is missing', async () => {
    for (const path of ['/api/orders/', '/api/orders/list-view/', '/api/invoices/', '/api/customers/']) {
      const res = await ctx.staff.get(`${path}?updated_since=2026-02-01T00:00:00`);
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toEqual({ updated_since: [MESSAGES.timestampZoneMissing] });
    }
    expect((await ctx.staff.get('/api/orders/?updated_since=2026-02-01T00:00:00-06:00')).statusCode).toBe(200);
  });

  it('the next page link keeps the sync parameters', async () => {
    for (let i = 0; i < 26; i++) await createOrder(ctx);
    const first = orderListRestAnswer.parse(
      (await ctx.staff.get('/api/orders/?updated_since=2000-01-01&ordering=updated_at')).json(),
    );
    expect(first.count).toBe(26);
    expect(first.next).toContain('updated_since=2000-01-01');
    const next = new URL(first.next!);
    const second = orderListRestAnswer.parse((await ctx.staff.get(`${next.pathname}${next.search}`)).json());
    expect(second.results).toHaveLength(1);
    expect(new Set([...first.results, ...second.results].map((r) => r.id)).size).toBe(26);
  });
});
