import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { addresses, customers, orders } from '@icehouse/db/schema';
import { useOrdersTestApp } from '../../../tests/orders-test-support';
import { linkOrdersToCustomers, linkReportLines } from './link';

/** Existing orders linked to customers by normalised billing name and address, idempotently (it runs at start-up). */
const ctx = useOrdersTestApp();

interface Billing {
  name: string;
  street?: string;
  city?: string;
  phone?: string;
  date?: string;
}

async function insertOrder(b: Billing, i: number): Promise<number> {
  const db = ctx.database.db;
  const [billing, shipping] = await db
    .insert(addresses)
    .values([{ name: b.name, street: b.street ?? '', city: b.city ?? '' }, { name: 'Ship' }])
    .returning({ id: addresses.id });
  const [order] = await db
    .insert(orders)
    .values({
      date: b.date ?? '2024-01-01',
      doorNumber: `L-${i}`,
      phone: b.phone ?? '',
      billingAddressId: billing!.id,
      shippingAddressId: shipping!.id,
    })
    .returning({ id: orders.id });
  return order!.id;
}

async function links() {
  const rows = await ctx.database.db
    .select({ id: orders.id, customerId: orders.customerId })
    .from(orders)
    .orderBy(asc(orders.id));
  return rows.map((r) => r.customerId);
}

describe('linking existing orders to customers', () => {
  it('groups by trimmed, case-folded, whitespace-collapsed billing name and address; reuses a matching customer; a second run changes nothing', async () => {
    const [existing] = await ctx.database.db
      .insert(customers)
      .values({ name: 'Lakeside Resort', billingStreet: '4 Shore Dr', billingCity: 'Ely' })
      .returning({ id: customers.id });
    const specs: Billing[] = [
      { name: 'Acme Foods', street: '1 Main St', city: 'Duluth', date: '2024-01-01' },
      {
        name: '  ACME   foods ',
        street: '1  main st',
        city: 'DULUTH',
        phone: '(555) 123-4567',
        date: '2024-03-01',
      },
      { name: 'Acme Foods', street: '2 Other Rd', city: 'Duluth' }, // another address: another customer
      { name: 'lakeside resort', street: '4 shore dr', city: 'ely' }, // the existing customer
      { name: '   ' }, // no billing name: stays unlinked
    ];
    for (const [i, spec] of specs.entries()) await insertOrder(spec, i);

    const report = await linkOrdersToCustomers(ctx.database);
    expect(report).toMatchObject({ orders_linked: 4, customers_created: 2, customers_reused: 1 });
    const acme = report.groups.find((g) => g.orders === 2)!;
    // Named and addressed as the group's newest order (whitespace tidied, case kept), with its phone.
    expect(acme).toMatchObject({
      name: 'ACME foods',
      created: true,
      spellings: ['  ACME   foods ', 'Acme Foods'],
    });
    const [acmeRow] = await ctx.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, acme.customer_id));
    expect(acmeRow).toMatchObject({
      billingStreet: '1 main st',
      billingCity: 'DULUTH',
      phone: '(555) 123-4567',
    });
    expect(report.groups.find((g) => g.customer_id === existing!.id)).toMatchObject({
      created: false,
      orders: 1,
    });
    expect(linkReportLines(report)).toEqual([
      'Linked 4 order(s): 2 new customer(s), 1 existing customer(s).',
      '1 group(s) merged several spellings of a billing name:',
      `  #${acme.customer_id} ACME foods (2 orders): "  ACME   foods ", "Acme Foods"`,
    ]);

    const first = await links();
    expect(first[0]).toBe(first[1]);
    expect(first[2]).not.toBe(first[0]);
    expect(first[3]).toBe(existing!.id);
    expect(first[4]).toBeNull();
    const customerCount = (await ctx.database.db.select().from(customers)).length;
    expect(customerCount).toBe(3);

    const again = await linkOrdersToCustomers(ctx.database);
    expect(again).toEqual({ orders_linked: 0, customers_created: 0, customers_reused: 0, groups: [] });
    expect(await links()).toEqual(first);
    expect((await ctx.database.db.select().from(customers)).length).toBe(customerCount);

    // A new order without a customer joins the existing group on the next run.
    await insertOrder({ name: 'ACME FOODS', street: '1 Main St', city: 'Duluth' }, 99);
    const later = await linkOrdersToCustomers(ctx.database);
    expect(later).toMatchObject({ orders_linked: 1, customers_created: 0, customers_reused: 1 });
    expect((await links()).at(-1)).toBe(acme.customer_id);
  });
});
