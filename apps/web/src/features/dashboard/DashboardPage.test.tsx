import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentPath, renderApp } from '../../test/render';
import { TrpcTestError } from '../../test/fakeFetch';
import { chooseOption, createOrdersServer, fakeOrder, type FakeOrder } from '../orders/testing';

function orders(): FakeOrder[] {
  return [
    fakeOrder(1, { date: '2024-03-05', customer_name: 'Alice Smith', door_number: '1001' }),
    fakeOrder(2, { date: '2024-03-04', customer_name: 'Bob Jones', door_number: '1002' }),
    fakeOrder(3, {
      date: '2024-02-20',
      status: 'processed',
      customer_name: 'Carol Smith',
      door_number: '1042',
      facts: { eps_po_number: 'EPS-3' },
    }),
    fakeOrder(4, { date: '2023-12-01', customer_name: 'Dan Brown', door_number: '1004' }),
    // Voided orders are not counted.
    fakeOrder(5, { date: '2023-11-01', status: 'voided', door_number: '1005' }),
  ];
}

async function openDashboard(list: FakeOrder[] = orders(), procedures = {}) {
  const server = createOrdersServer(list, { procedures });
  const rendered = renderApp('/dashboard', server.handler);
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  return { ...rendered, server };
}

const months = () => screen.getByRole('table', { name: 'Orders by month' });

describe('DashboardPage', () => {
  it('lists the orders per month, newest first', async () => {
    await openDashboard();
    await within(months()).findByRole('row', { name: 'March 2024' });
    expect(
      within(months())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Year', 'Month', 'Total Orders']);
    const rows = within(months()).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['2024', 'March', '2'],
      ['2024', 'February', '1'],
      ['2023', 'December', '1'],
    ]);
  });

  it('starts a new order or a new quote from the dashboard', async () => {
    await openDashboard();
    expect(screen.getByRole('link', { name: 'New Quote' })).toHaveAttribute('href', '/quotes/new');
    await userEvent.click(screen.getByRole('button', { name: 'Create New Order' }));
    expect(await screen.findByRole('dialog', { name: 'New Order' })).toBeInTheDocument();
  });

  it("says 'No orders found' when there are none", async () => {
    await openDashboard([]);
    expect(await within(months()).findByRole('cell', { name: 'No orders found' })).toBeInTheDocument();
  });

  it('says when the monthly counts cannot be loaded', async () => {
    await openDashboard(orders(), {
      'orders.byMonth': () => {
        throw new TrpcTestError({ message: 'Internal server error.', code: 'INTERNAL_SERVER_ERROR' });
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The monthly order counts could not be loaded. Check the connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('opens the month’s orders with a two-digit month when a row is clicked', async () => {
    const { router } = await openDashboard();
    await userEvent.click(await within(months()).findByRole('row', { name: 'February 2024' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'February 2024 Orders' }),
    ).toBeInTheDocument();
    expect(currentPath(router)).toBe('/orders?year=2024&month=02');
    expect(await screen.findByRole('row', { name: /^Order 1042\b/ })).toBeInTheDocument();

    // Back to Dashboard returns to where the user came from.
    await userEvent.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
    expect(router.state.historyAction).toBe('POP');
  });

  it('opens a month row from the keyboard too', async () => {
    const { router } = await openDashboard();
    (await within(months()).findByRole('row', { name: 'December 2023' })).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(currentPath(router)).toBe('/orders?year=2023&month=12'));
  });

  it('Search Orders opens the orders list with the status, customer and serial number', async () => {
    const { router } = await openDashboard();
    const search = screen.getByRole('search', { name: 'Search Orders' });
    await chooseOption(within(search).getByRole('combobox', { name: 'Status' }), 'Processed');
    await userEvent.type(within(search).getByRole('searchbox', { name: 'Customer Name' }), 'Smith');
    await userEvent.type(within(search).getByRole('searchbox', { name: 'Serial Number' }), '104');
    await userEvent.click(within(search).getByRole('button', { name: 'Search Orders' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'All Orders' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/orders?status=processed&customer=Smith&serial=104');
    expect(screen.getByRole('searchbox', { name: 'Customer Name' })).toHaveValue('Smith');
    expect(await screen.findByRole('row', { name: /^Order 1042\b/ })).toBeInTheDocument();
  });

  it('Search Orders with nothing filled opens all orders; Enter in a box searches too', async () => {
    const { router } = await openDashboard();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Serial Number' }), '1001{Enter}');
    await waitFor(() => expect(currentPath(router)).toBe('/orders?serial=1001'));

    await router.navigate('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await userEvent.click(screen.getByRole('button', { name: 'Search Orders' }));
    await waitFor(() => expect(currentPath(router)).toBe('/orders'));
  });

  it('All Orders opens the whole list', async () => {
    const { router } = await openDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'All Orders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'All Orders' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/orders');
  });
});
