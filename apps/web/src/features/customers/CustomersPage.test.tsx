import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@icehouse/domain';
import { debounceClock } from '../../test/debounceClock';
import { TrpcTestError, type SeenRequest } from '../../test/fakeFetch';
import { STAFF, createFakeServer } from '../../test/fakeServer';
import { currentPath, renderApp } from '../../test/render';
import type { CustomerDetail, CustomerListRow } from './types';

/** The customers list (search, paging) and a customer's page (delete refused while they have orders). */

const PAGE_SIZE = 25;

function customer(id: number, name: string, city = 'Duluth', orderCount = 0): CustomerListRow {
  return {
    id,
    name,
    phone: `(218) 555-${String(1000 + id)}`,
    email: `c${id}@example.com`,
    billing_address: { name, street: `${id} Main St`, city, state: 'MN', zip_code: '55802', country: 'US' },
    default_ship_to: null,
    order_count: orderCount,
    balance: '0.00',
    version: 1,
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

/** 30 customers by name: Customer 01 … Customer 28, then Lakeside Resort (2 orders) and Lake Vermilion Bait. */
function sampleCustomers(): CustomerListRow[] {
  return [
    ...Array.from({ length: 28 }, (_, i) => customer(i + 1, `Customer ${String(i + 1).padStart(2, '0')}`)),
    customer(29, 'Lakeside Resort', 'Bayfield', 2),
    customer(30, 'Lake Vermilion Bait', 'Tower'),
  ];
}

function detailOf(row: CustomerListRow): CustomerDetail {
  // The list's default ship-to is not part of a customer's answer (its ship-tos are).
  const { default_ship_to: _listOnly, ...detail } = row;
  return {
    ...detail,
    notes: '',
    ship_to: [],
    orders: [],
    invoices: [],
    invoice_count: 0,
    balance: { invoiced: '0.00', paid: '0.00', deposits_held: '0.00', balance: '0.00', credit: '0.00' },
    payment_terms: '',
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

/** customers.* as the server answers them: search contains (any case), 25 a page, delete refused with orders. */
function customersServer(rows = sampleCustomers()) {
  const customers = [...rows];
  const server = createFakeServer({
    session: STAFF,
    procedures: {
      'customers.list': (input) => {
        const { search = '', page = 1 } = (input ?? {}) as { search?: string; page?: number };
        const matching = customers.filter((c) => c.name.toLowerCase().includes(search.toLowerCase()));
        const start = (page - 1) * PAGE_SIZE;
        return {
          count: matching.length,
          next: start + PAGE_SIZE < matching.length ? page + 1 : null,
          previous: page > 1 ? page - 1 : null,
          results: matching.slice(start, start + PAGE_SIZE),
        };
      },
      'customers.get': (input) => {
        const found = customers.find((c) => c.id === (input as { id: number }).id);
        if (!found)
          throw new TrpcTestError({
            message: 'Customer not found.',
            code: 'NOT_FOUND',
            appCode: 'NOT_FOUND',
          });
        return detailOf(found);
      },
      'customers.delete': (input) => {
        const index = customers.findIndex((c) => c.id === (input as { id: number }).id);
        const found = customers[index]!;
        if (found.order_count > 0)
          throw new TrpcTestError({
            message: MESSAGES.customerHasOrders(found.order_count),
            code: 'CONFLICT',
            appCode: 'CONFLICT',
          });
        customers.splice(index, 1);
        return { success: true };
      },
    },
  });
  return { ...server, customers };
}

/** The inputs customers.list was called with, in order. */
function listInputs(requests: SeenRequest[]): unknown[] {
  return requests
    .filter((r) => r.path.includes('customers.list'))
    .map((r) => {
      const input = new URL(r.url, 'http://localhost').searchParams.get('input');
      return input ? (JSON.parse(input) as Record<string, unknown>)['0'] : undefined;
    });
}

const table = () => screen.getByRole('table', { name: 'Customers' });
const searchBox = () => screen.getByRole('searchbox', { name: 'Search customers' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('CustomersPage', () => {
  it('lists 25 a page with Previous / Next kept in the URL; a name opens the customer', async () => {
    const { handler } = customersServer();
    const { router } = renderApp('/customers', handler);
    expect(
      await within(await screen.findByRole('table', { name: 'Customers' })).findByRole('link', {
        name: 'Customer 01',
      }),
    ).toBeInTheDocument();
    expect(within(table()).getAllByRole('link')).toHaveLength(25);
    expect(screen.getByText('Page 1 · 30 customers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table()).findByRole('link', { name: 'Lakeside Resort' })).toBeInTheDocument();
    expect(within(table()).queryByRole('link', { name: 'Customer 01' })).not.toBeInTheDocument();
    expect(within(table()).getAllByRole('link')).toHaveLength(5);
    expect(currentPath(router)).toBe('/customers?page=2');
    expect(screen.getByText('Page 2 · 30 customers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.click(within(table()).getByRole('link', { name: 'Lakeside Resort' }));
    expect(await screen.findByRole('heading', { name: 'Lakeside Resort' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/customers/29');
  });

  it('searches 400 ms after typing stops, from page 1, with the search in the URL and the CSV link', async () => {
    const { handler } = customersServer();
    const { router, requests } = renderApp('/customers?page=2', handler);
    await screen.findByText('Page 2 · 30 customers');

    const clock = debounceClock();
    await clock.user.type(searchBox(), 'lake');
    await clock.pause(399);
    expect(currentPath(router)).toBe('/customers?page=2');
    await clock.pause(1);
    // A new search starts at page 1.
    expect(currentPath(router)).toBe('/customers?search=lake');
    await waitFor(() => expect(within(table()).getAllByRole('link')).toHaveLength(2));
    expect(within(table()).getByRole('link', { name: 'Lake Vermilion Bait' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 · 2 customers')).toBeInTheDocument();
    expect(listInputs(requests)).toEqual([{ page: 2 }, { search: 'lake' }]);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/customers/export.csv?search=lake',
    );

    await clock.user.clear(searchBox());
    await clock.user.type(searchBox(), 'nobody');
    await clock.pause(400);
    expect(await screen.findByRole('cell', { name: 'No customers match "nobody"' })).toBeInTheDocument();
  });

  it('arrives searched from ?search= and shows it in the box', async () => {
    const { handler } = customersServer();
    renderApp('/customers?search=Vermilion', handler);
    expect(await screen.findByRole('link', { name: 'Lake Vermilion Bait' })).toBeInTheDocument();
    expect(searchBox()).toHaveValue('Vermilion');
    expect(within(table()).getAllByRole('link')).toHaveLength(1);
  });
});

describe('CustomerPage: Delete', () => {
  it("shows the server's 409 message when the customer has orders, and stays on the page", async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { handler, customers } = customersServer();
    const { router } = renderApp('/customers/29', handler);
    await screen.findByRole('heading', { name: 'Lakeside Resort' });

    await userEvent.click(screen.getByRole('button', { name: 'Delete Customer' }));
    expect(confirm).toHaveBeenCalledWith('Delete the customer "Lakeside Resort"? This cannot be undone.');
    expect(await screen.findByText(MESSAGES.customerHasOrders(2))).toBeInTheDocument();
    expect(currentPath(router)).toBe('/customers/29');
    expect(customers.some((c) => c.id === 29)).toBe(true);
  });

  it('deletes a customer without orders once confirmed, and goes back to the list', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { handler, customers } = customersServer();
    const { router } = renderApp('/customers/30', handler);
    await screen.findByRole('heading', { name: 'Lake Vermilion Bait' });

    // Cancelled: nothing happens.
    await userEvent.click(screen.getByRole('button', { name: 'Delete Customer' }));
    expect(customers.some((c) => c.id === 30)).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Customer' }));
    await waitFor(() => expect(currentPath(router)).toBe('/customers'));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(customers.some((c) => c.id === 30)).toBe(false);
    expect(await screen.findByText('Page 1 · 29 customers')).toBeInTheDocument();
  });
});
