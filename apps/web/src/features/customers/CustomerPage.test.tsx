import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF, type FakeUser } from '../../test/fakeServer';
import { currentPath, renderApp } from '../../test/render';
import { button, choose, combobox, sentTo } from '../order-form/testing/renderOrderForm';
import { createOrderServer } from '../order-form/testing/fakeOrderServer';
import { sampleOrder } from '../order-form/testing/sampleOrders';
import type { CustomerDetail, CustomerListRow } from './types';

/**
 * The customers list's Balance, and a customer's page: its orders open in the
 * order form, a new order starts from the customer, the ship-to Remove button says what it does,
 * and a phone typed as ten digits takes the app's format.
 */

// The order form drives many react-selects: give it room on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

const address = (name: string, street: string, city: string) => ({
  name,
  street,
  city,
  state: 'MN',
  zip_code: '55802',
  country: 'US',
});

const CABIN = {
  id: 51,
  label: 'Cabin',
  is_default: true,
  ...address('Lakeside Cabin 4', '44 Pine Rd', 'Tofte'),
};
const DOCK = {
  id: 52,
  label: 'Dock',
  is_default: false,
  ...address('Lakeside Dock', '2 Harbor Way', 'Lutsen'),
};

/** Lakeside Resort: two ship-to addresses, one order (door 1007, invoiced) and a credit of $40.00. */
function lakeside(): CustomerDetail {
  return {
    id: 29,
    name: 'Lakeside Resort',
    phone: '(218) 555-0100',
    email: 'office@lakeside.example',
    billing_address: address('Lakeside Resort', '1 Shore Dr', 'Duluth'),
    notes: '',
    ship_to: [CABIN, DOCK],
    orders: [
      {
        id: 7,
        status: 'completed',
        status_display: 'Completed',
        date: '2024-03-05',
        door_number: '1007',
        customer_po_job_name: '',
        invoice_id: 12,
        invoice_number: '2042',
      },
    ],
    order_count: 1,
    invoices: [
      {
        id: 12,
        invoice_number: '2042',
        date: '2024-03-06',
        due_date: null,
        total_amount: '1000.00',
        payments_credits: '1040.00',
        balance_due: '0.00',
      },
    ],
    invoice_count: 1,
    balance: {
      invoiced: '1000.00',
      paid: '1040.00',
      deposits_held: '0.00',
      balance: '-40.00',
      credit: '40.00',
    },
    payment_terms: '',
    version: 3,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

function listRow(c: CustomerDetail): CustomerListRow {
  return {
    id: c.id,
    name: c.name,
    phone: c.phone,
    email: c.email,
    billing_address: c.billing_address,
    default_ship_to: c.ship_to.find((a) => a.is_default) ?? null,
    order_count: c.order_count,
    balance: c.balance.balance,
    version: c.version,
    updated_at: c.updated_at,
  };
}

/** The order form's fake server, signed in, with one customer's procedures. */
function server(user: FakeUser = STAFF) {
  const customer = lakeside();
  const updates: unknown[] = [];
  const orders = createOrderServer({
    orders: [sampleOrder(7)],
    procedures: {
      'auth.check': () => ({ isAuthenticated: true, user }),
      'customers.list': () => ({ count: 1, next: null, previous: null, results: [listRow(customer)] }),
      'customers.get': () => customer,
      'customers.update': (input) => {
        const data = (input as { data: Record<string, unknown> }).data;
        updates.push(data);
        return { ...customer, phone: String(data.phone), version: customer.version + 1 };
      },
    },
  });
  return { ...orders, updates };
}

describe('Customers list', () => {
  it("shows each customer's balance, a credit as a negative amount", async () => {
    renderApp('/customers', server().handler);
    const table = await screen.findByRole('table', { name: 'Customers' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toContain('Balance');
    const row = (await within(table).findByRole('link', { name: 'Lakeside Resort' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: '-$40.00' })).toBeInTheDocument();
  });
});

describe('CustomerPage', () => {
  async function open() {
    const fake = server();
    const rendered = renderApp('/customers/29', fake.handler);
    await screen.findByRole('heading', { level: 1, name: 'Lakeside Resort' });
    // The Credit panel has loaded too (its own query): the page is settled.
    await within(await screen.findByRole('region', { name: 'Credit' })).findByText(
      /No credit|Credit available/,
    );
    return { ...rendered, fake };
  }

  it('lists the orders and the invoices in captioned tables, money right-aligned, with the totals', async () => {
    await open();
    const tables = ['Orders', 'Invoices'].map((name) => screen.getByRole('table', { name }));
    expect(
      tables.map((t) =>
        within(t)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ),
    ).toEqual([
      ['Door #', 'Date', 'Status', 'Invoice #'],
      ['Invoice #', 'Date', 'Total', 'Balance Due'],
    ]);
    const right = (t: HTMLElement) =>
      within(t)
        .getAllByRole('columnheader')
        .map((h) => h.classList.contains('text-right'));
    expect(tables.map(right)).toEqual([
      [false, false, false, false],
      [false, false, true, true],
    ]);
    expect(within(tables[0]!).getByRole('link', { name: 'Open order 1007' })).toBeInTheDocument();
    expect(within(tables[1]!).getByRole('link', { name: '2042' })).toHaveAttribute(
      'href',
      '/invoices/12/edit',
    );
    const invoices = within(screen.getByRole('region', { name: 'Invoices' }));
    expect(invoices.getByText('Invoiced').nextSibling).toHaveTextContent('$1,000.00');
    expect(invoices.getByText('Payments/Credits').nextSibling).toHaveTextContent('$1,040.00');
    expect(invoices.getByText('Balance').nextSibling).toHaveTextContent('-$40.00');
  });

  it('opens an order of the customer in the order form from its row', async () => {
    const { router } = await open();
    const orders = within(screen.getByRole('region', { name: 'Orders' }));
    const link = orders.getByRole('link', { name: 'Open order 1007' });
    expect(link).toHaveAttribute('href', '/customers/29?order=7');
    await userEvent.click(link);
    const form = await screen.findByRole('form', { name: 'Edit Order' }, { timeout: 10_000 });
    expect(within(form).getByRole('textbox', { name: 'Door Number' })).toHaveValue('1007');
    // The open order keeps its own address on the page it was opened from (decision 142).
    expect(currentPath(router)).toBe('/customers/29?order=7');
  });

  it("'New order for this customer' starts an order with their billing address, default ship-to and phone; another ship-to can be chosen", async () => {
    const { requests } = await open();
    await userEvent.click(screen.getByRole('button', { name: 'New order for this customer' }));
    const form = await screen.findByRole('form', { name: 'New Order' }, { timeout: 10_000 });
    const billing = within(within(form).getByRole('group', { name: 'Billing Address' }));
    const shipping = within(within(form).getByRole('group', { name: 'Shipping Address' }));
    expect(billing.getByRole('textbox', { name: 'Name' })).toHaveValue('Lakeside Resort');
    expect(billing.getByRole('textbox', { name: 'Street' })).toHaveValue('1 Shore Dr');
    expect(shipping.getByRole('textbox', { name: 'Name' })).toHaveValue('Lakeside Cabin 4');
    expect(shipping.getByRole('textbox', { name: 'Street' })).toHaveValue('44 Pine Rd');
    expect(within(form).getByRole('textbox', { name: 'Phone' })).toHaveValue('(218) 555-0100');
    // The customer's other ship-to address can be chosen here too.
    const shipTo = await within(form).findByRole('combobox', { name: 'Ship to' });
    expect(shipTo).toHaveValue('51');
    await userEvent.selectOptions(shipTo, 'Dock: 2 Harbor Way, Lutsen');
    expect(shipping.getByRole('textbox', { name: 'Name' })).toHaveValue('Lakeside Dock');

    // Saved with the customer's id.
    await choose(combobox('Product'), 'Walk-in Cooler 8x10');
    await userEvent.click(button('SAVE'));
    await waitFor(() => expect(sentTo(requests, 'orders.create')).toBeDefined());
    expect(sentTo(requests, 'orders.create')).toMatchObject({
      customer_id: 29,
      billing_address: { name: 'Lakeside Resort', street: '1 Shore Dr' },
      shipping_address: { name: 'Lakeside Dock', street: '2 Harbor Way', city: 'Lutsen' },
    });
  });

  it('a ship-to address has a worded Remove button; removing the default makes the next one default', async () => {
    await open();
    const shipTo = within(screen.getByRole('region', { name: 'Ship-To Addresses' }));
    const remove = shipTo.getByRole('button', { name: 'Remove ship-to address Cabin' });
    expect(remove).toHaveTextContent('Remove');
    await userEvent.click(remove);
    expect(shipTo.queryByRole('group', { name: 'Cabin' })).toBeNull();
    expect(
      within(shipTo.getByRole('group', { name: 'Dock' })).getByRole('radio', { name: 'Default' }),
    ).toBeChecked();
  });

  it('formats a phone typed as ten digits and saves it so', async () => {
    const { fake } = await open();
    const phone = within(screen.getByRole('region', { name: 'Contact' })).getByRole('textbox', {
      name: 'Phone',
    });
    await userEvent.clear(phone);
    await userEvent.type(phone, '2185550999');
    expect(phone).toHaveValue('(218) 555-0999');
    await userEvent.click(screen.getByRole('button', { name: 'Save Customer' }));
    await screen.findByText('Customer saved.');
    expect(fake.updates[0]).toMatchObject({ phone: '(218) 555-0999', version: 3 });
  });
});

describe('Customers for sales', () => {
  const SALES: FakeUser = { ...STAFF, role: 'sales' };
  const called = (requests: { path: string }[], name: string) => requests.some((r) => r.path.includes(name));

  it('keeps the customers without the books: no statements to email', async () => {
    renderApp('/customers', server(SALES).handler);
    expect(await screen.findByRole('link', { name: 'Lakeside Resort' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Email statements' })).toBeNull();
  });

  it("shows a customer's orders and invoices without the statement, the credit or a link into the books", async () => {
    const { requests } = renderApp('/customers/29', server(SALES).handler);
    const invoices = await screen.findByRole('table', { name: /invoices/i });
    expect(within(invoices).getByText('2042')).toBeInTheDocument();
    expect(within(invoices).queryByRole('link', { name: '2042' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Statement' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Credit' })).toBeNull();
    expect(called(requests, 'statements.forCustomer')).toBe(false);
    expect(called(requests, 'credit.customerCredit')).toBe(false);
  });
});
