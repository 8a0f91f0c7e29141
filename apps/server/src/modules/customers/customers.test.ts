import { describe, expect, it } from 'vitest';
import { MESSAGES, addMoney } from '@icehouse/domain';
import { customerAnswer, customerListAnswer, customerListRestAnswer } from './schemas';
import { CUSTOMER_PAGE_SIZE } from './customer-views';
import {
  createOrder,
  invoiceOrder,
  useInvoicesTestApp,
  type InvoicesTestContext,
} from '../../../tests/invoices-test-support';

/** Customers over REST and tRPC, their orders, invoices and balance. */
const ctx = useInvoicesTestApp();

const acme = {
  name: 'Acme Foods',
  phone: '(555) 123-4567',
  email: 'buyer@acme.example',
  billing_address: { street: '1 Main St', city: 'Duluth', state: 'MN', zip_code: '55802', country: 'US' },
  notes: 'Pays by check',
  ship_to: [
    {
      label: 'Warehouse',
      name: 'Acme Warehouse',
      street: '9 Dock Rd',
      city: 'Superior',
      state: 'WI',
      zip_code: '54880',
    },
    {
      label: 'Toronto',
      name: 'Acme Canada',
      street: '2 Bay St',
      city: 'Toronto',
      state: 'ON',
      zip_code: 'm5v3l9',
      country: 'ca',
    },
  ],
};

async function createCustomer(c: InvoicesTestContext, body: Record<string, unknown> = acme) {
  const res = await c.staff.post('/api/customers/', body);
  expect(res.statusCode, res.body).toBe(201);
  return customerAnswer.parse(res.json());
}

describe('customers', () => {
  it('creates, reads, updates (version; 409 when stale) on REST and tRPC; the first ship-to is the default when none is marked', async () => {
    const created = await createCustomer(ctx);
    expect(created).toMatchObject({
      name: 'Acme Foods',
      billing_address: {
        name: 'Acme Foods',
        street: '1 Main St',
        city: 'Duluth',
        state: 'MN',
        zip_code: '55802',
        country: 'US',
      },
      version: 1,
      orders: [],
      invoices: [],
      balance: { invoiced: '0.00', paid: '0.00', balance: '0.00' },
    });
    expect(created.ship_to.map((a) => [a.label, a.is_default, a.zip_code, a.country])).toEqual([
      ['Warehouse', true, '54880', 'US'],
      ['Toronto', false, 'M5V 3L9', 'CA'],
    ]);
    const trpc = await ctx.staff.trpcQuery('customers.get', { id: created.id });
    expect(trpc.json().result.data).toEqual(created);

    // Make the second address the default, drop the first, add a third.
    const [warehouse, toronto] = created.ship_to;
    const update = {
      ...acme,
      name: 'Acme Foods Inc.',
      version: 1,
      ship_to: [
        { ...toronto, is_default: true },
        {
          label: 'Cabin',
          name: 'Lake Cabin',
          street: '5 Shore Ln',
          city: 'Ely',
          state: 'MN',
          zip_code: '55731',
        },
      ],
    };
    const res = await ctx.staff.put(`/api/customers/${created.id}/`, update);
    expect(res.statusCode, res.body).toBe(200);
    const updated = customerAnswer.parse(res.json());
    expect(updated.version).toBe(2);
    expect(updated.ship_to.map((a) => [a.id, a.label, a.is_default])).toEqual([
      [toronto!.id, 'Toronto', true],
      [expect.any(Number), 'Cabin', false],
    ]);
    expect(updated.ship_to.some((a) => a.id === warehouse!.id)).toBe(false);

    const stale = await ctx.staff.put(`/api/customers/${created.id}/`, update);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: MESSAGES.customerStale });
    const staleTrpc = await ctx.staff.trpcMutation('customers.update', { id: created.id, data: update });
    expect(staleTrpc.statusCode).toBe(409);
    const noVersion = await ctx.staff.put(`/api/customers/${created.id}/`, { ...update, version: undefined });
    expect(noVersion.json()).toEqual({ version: [MESSAGES.customerVersionRequired] });
    expect((await ctx.staff.get('/api/customers/99999/')).statusCode).toBe(404);
  });

  it("refuses bad input with the order form's messages, on the right (nested) fields", async () => {
    const res = await ctx.staff.post('/api/customers/', {
      name: '  ',
      phone: '12',
      email: 'not-an-email',
      billing_address: { zip_code: '1234' },
      ship_to: [{ zip_code: 'ABC', is_default: true }, { is_default: true }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: [MESSAGES.customerNameRequired],
      phone: [MESSAGES.phoneInvalid],
      email: [MESSAGES.emailInvalid],
      billing_address: { zip_code: [MESSAGES.zipInvalid] },
      ship_to: [{ zip_code: [MESSAGES.zipInvalid] }, { is_default: [MESSAGES.shipToOneDefault] }],
    });
    const twoDefaults = await ctx.staff.trpcMutation('customers.create', {
      name: 'X',
      ship_to: [{ is_default: true }, { is_default: true }],
    });
    expect(twoDefaults.statusCode).toBe(400);
    expect(twoDefaults.json().error.data.fieldErrors).toEqual({
      ship_to: [{}, { is_default: [MESSAGES.shipToOneDefault] }],
    });
    const notMine = await createCustomer(ctx, { name: 'Other', ship_to: [{ label: 'Main' }] });
    const mine = await createCustomer(ctx, { name: 'Mine' });
    const stolen = await ctx.staff.put(`/api/customers/${mine.id}/`, {
      name: 'Mine',
      version: 1,
      ship_to: [{ id: notMine.ship_to[0]!.id }],
    });
    expect(stolen.json()).toEqual({ ship_to: [{ id: [MESSAGES.shipToAddressUnknown] }] });
    expect((await ctx.anonymous.get('/api/customers/')).statusCode).toBe(401);
  });

  it('lists by name, 25 a page, searching name, email, phone or city; the country and region choices still answer', async () => {
    for (let i = 0; i <= CUSTOMER_PAGE_SIZE; i++) {
      await ctx.staff.trpcMutation('customers.create', {
        name: `Customer ${String(i).padStart(2, '0')}`,
        billing_address: { city: i === 7 ? 'Fargo' : 'Duluth' },
      });
    }
    await createCustomer(ctx);
    const first = customerListRestAnswer.parse((await ctx.staff.get('/api/customers/')).json());
    expect(first.count).toBe(CUSTOMER_PAGE_SIZE + 2);
    expect(first.results[0]!.name).toBe('Acme Foods');
    expect(first.results[0]!.default_ship_to).toMatchObject({ label: 'Warehouse', is_default: true });
    expect(first.next).toMatch(/\/api\/customers\/\?page=2$/);
    const second = customerListAnswer.parse(
      (await ctx.staff.trpcQuery('customers.list', { page: 2 })).json().result.data,
    );
    expect(second.results.map((r) => r.name)).toEqual(['Customer 24', 'Customer 25']);
    expect((await ctx.staff.get('/api/customers/?page=3')).statusCode).toBe(404);
    const byCity = (await ctx.staff.get('/api/customers/?search=fARgo')).json();
    expect(byCity.results.map((r: { name: string }) => r.name)).toEqual(['Customer 07']);
    const byEmail = (await ctx.staff.get('/api/customers/?search=acme.example')).json();
    expect(byEmail).toMatchObject({ count: 1, results: [{ name: 'Acme Foods' }] });
    const literal = (await ctx.staff.get('/api/customers/?search=%25')).json();
    expect(literal.count).toBe(0);

    const countries = await ctx.staff.get('/api/customers/country_choices/');
    expect(countries.statusCode).toBe(200);
    expect(countries.json()[0]).toEqual({ value: 'US', label: expect.any(String) });
    const regions = await ctx.staff.get('/api/customers/region_choices/?country=CA');
    expect(regions.json().some((r: { value: string }) => r.value === 'ON')).toBe(true);
  });

  it('links orders to a customer; shows their orders, invoices and balance; editing the customer never rewrites an order or invoice', async () => {
    const customer = await createCustomer(ctx);
    const order = await createOrder(ctx, { customer_id: customer.id });
    expect(order.customer_id).toBe(customer.id);
    const other = await createOrder(ctx);
    expect(other.customer_id).toBeNull();
    const invoice = await invoiceOrder(ctx, order.id);
    await ctx.staff.patch(`/api/invoices/${invoice.id}/`, { editable_data: { payments_credits: '100.00' } });
    const stored = (await ctx.staff.get(`/api/invoices/${invoice.id}/`)).json();

    const view = customerAnswer.parse((await ctx.staff.get(`/api/customers/${customer.id}/`)).json());
    expect(view.orders.map((o) => [o.id, o.invoice_number])).toEqual([[order.id, invoice.invoice_number]]);
    expect(view.invoices.map((i) => i.id)).toEqual([invoice.id]);
    expect(view.balance).toEqual({
      invoiced: stored.totals.total,
      paid: '100.00',
      deposits_held: '0.00',
      balance: stored.totals.balance_due,
      credit: '0.00',
    });
    expect(view.order_count).toBe(1);

    // A PUT of the order without customer_id keeps it; null removes it; an unknown id is a field error.
    const current = (await ctx.staff.get(`/api/orders/${order.id}/`)).json();
    const kept = await ctx.staff.put(`/api/orders/${order.id}/`, { ...current, customer_id: undefined });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().customer_id).toBe(customer.id);
    const unknown = await ctx.staff.put(`/api/orders/${order.id}/`, {
      ...current,
      customer_id: 99999,
      version: kept.json().version,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ customer_id: [MESSAGES.customerInvalid] });

    const renamed = await ctx.staff.put(`/api/customers/${customer.id}/`, {
      ...acme,
      name: 'Renamed Co',
      billing_address: { street: '77 New Rd', city: 'Fargo', state: 'ND', zip_code: '58102' },
      version: view.version,
    });
    expect(renamed.statusCode).toBe(200);
    const orderAfter = (await ctx.staff.get(`/api/orders/${order.id}/`)).json();
    expect(orderAfter.billing_address).toMatchObject({ name: 'Acme Foods', street: '1 Main St' });
    const invoiceAfter = (await ctx.staff.get(`/api/invoices/${invoice.id}/`)).json();
    expect(invoiceAfter.editable_data.bill_to).toEqual(stored.editable_data.bill_to);
  });

  it("the list's balance is the customer page's, to the cent: an overpaid invoice's credit counts against what is owed", async () => {
    const customer = await createCustomer(ctx, { ...acme, name: 'Zenith Ice', ship_to: [] });
    const first = await invoiceOrder(ctx, (await createOrder(ctx, { customer_id: customer.id })).id);
    const second = await invoiceOrder(ctx, (await createOrder(ctx, { customer_id: customer.id })).id);
    const totalOf = async (id: number) =>
      String((await ctx.staff.get(`/api/invoices/${id}/`)).json().totals.total);
    const [firstTotal, secondTotal] = [await totalOf(first.id), await totalOf(second.id)];
    // The first is overpaid by $0.10 (a credit), the second paid $0.30 of it.
    const over = addMoney(firstTotal, '0.10').toFixed(2);
    for (const [id, amount] of [
      [first.id, over],
      [second.id, '0.30'],
    ] as const) {
      const paid = await ctx.staff.post(`/api/invoices/${id}/payments/`, {
        amount,
        date: '2026-01-05',
        method: 'check',
      });
      expect(paid.statusCode, paid.body).toBe(201);
    }

    const page = customerAnswer.parse((await ctx.staff.get(`/api/customers/${customer.id}/`)).json());
    const list = customerListRestAnswer.parse((await ctx.staff.get('/api/customers/?search=Zenith')).json());
    const row = list.results.find((r) => r.id === customer.id)!;
    // total₁ + total₂ − (total₁ + 0.10) − 0.30 = total₂ − 0.40, in cents.
    const expected = addMoney(secondTotal, '-0.40').toFixed(2);
    expect(page.balance.balance).toBe(expected);
    expect(row.balance).toBe(expected);
    const trpc = customerListAnswer.parse(
      (await ctx.staff.trpcQuery('customers.list', { search: 'Zenith' })).json().result.data,
    );
    expect(trpc.results[0]!.balance).toBe(expected);
    // A customer without invoices owes nothing.
    const none = await createCustomer(ctx, { ...acme, name: 'Zenith Bait', ship_to: [] });
    const again = customerListRestAnswer.parse((await ctx.staff.get('/api/customers/?search=Zenith')).json());
    expect(again.results.find((r) => r.id === none.id)!.balance).toBe('0.00');
  });

  it('formats a phone typed as ten digits instead of refusing it', async () => {
    const created = await createCustomer(ctx, { ...acme, phone: '2185550999' });
    expect(created.phone).toBe('(218) 555-0999');
    const updated = await ctx.staff.put(`/api/customers/${created.id}/`, {
      ...acme,
      phone: ' 6125550100 ',
      version: created.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().phone).toBe('(612) 555-0100');
    // Other shapes are still judged by the format rule.
    const refused = await ctx.staff.post('/api/customers/', { ...acme, phone: '218-555-0999' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ phone: [MESSAGES.phoneInvalid] });
  });

  it('refuses to delete a customer who has orders (409, clear message); deletes one who has none', async () => {
    const customer = await createCustomer(ctx);
    await createOrder(ctx, { customer_id: customer.id });
    await createOrder(ctx, { customer_id: customer.id });
    const refused = await ctx.staff.delete(`/api/customers/${customer.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: MESSAGES.customerHasOrders(2) });
    const viaTrpc = await ctx.staff.trpcMutation('customers.delete', { id: customer.id });
    expect(viaTrpc.statusCode).toBe(409);

    const lonely = await createCustomer(ctx, { name: 'Nobody', ship_to: [{ label: 'Main' }] });
    expect((await ctx.staff.delete(`/api/customers/${lonely.id}/`)).statusCode).toBe(204);
    expect((await ctx.staff.get(`/api/customers/${lonely.id}/`)).statusCode).toBe(404);
    expect((await ctx.staff.delete(`/api/customers/${lonely.id}/`)).statusCode).toBe(404);
  });
});
