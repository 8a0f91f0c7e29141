import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { withoutMoney, type Role } from '@icehouse/domain';
import { renderApp } from '../../test/render';
import { STAFF, type FakeUser } from '../../test/fakeServer';
import type { TrpcProcedure } from '../../test/fakeFetch';
import { createOrdersServer, fakeOrder, ordersProcedures } from './testing';

beforeAll(() => {
  // Radix's tooltip measures its arrow with ResizeObserver, which jsdom lacks.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const as = (role: Role): FakeUser => ({ ...STAFF, id: 7, username: role, role, is_superuser: role === 'admin' });

const ORDERS = () => [
  fakeOrder(1, { customer_name: 'Alice Smith', door_number: '1001', facts: { eps_po_number: 'EPS-1' }, deposits_held: '1250.00' }),
  fakeOrder(2, { customer_name: 'Bob Jones', door_number: '1002', status: 'processed' }),
];

/** The orders list as the server answers `role`: without any money field for a role that sees none. */
function openList(role: Role) {
  const orders = ORDERS();
  const procedures = ordersProcedures({ orders });
  const masked: Record<string, TrpcProcedure> =
    role === 'shop'
      ? Object.fromEntries(
          Object.entries(procedures).map(([name, run]) => [name, (input, request) => withoutMoney(run(input, request))]),
        )
      : {};
  const server = createOrdersServer(orders, { session: as(role), users: [as(role)], procedures: masked });
  return renderApp('/orders', server.handler);
}

const ordersTable = async () => screen.findByRole('table', { name: /orders/i });

describe('the orders list for each role', () => {
  it('shows the shop the orders without money or a control it may not use', async () => {
    openList('shop');
    const table = await ordersTable();
    expect(await within(table).findByText('Alice Smith')).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Deposits' })).toBeNull();
    expect(table.textContent).not.toMatch(/\$|NaN/);
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create New Order' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Combined Invoice/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back to Dashboard' })).toBeNull();
    expect(within(table).queryAllByRole('checkbox')).toHaveLength(0);
    // The shop moves the work along.
    expect(within(table).getByRole('button', { name: /^Move to/ })).toBeInTheDocument();
  });

  it('gives sales new orders but neither invoices nor the combined invoice', async () => {
    openList('sales');
    const table = await ordersTable();
    expect(await within(table).findByText('Alice Smith')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Deposits' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create New Order' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Combined Invoice/i })).toBeNull();
    expect(within(table).queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('gives accounting the combined invoice but no new order and no status move', async () => {
    openList('accounting');
    const table = await ordersTable();
    expect(await within(table).findByText('Alice Smith')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Combined Invoice/i })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create New Order' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Move to/ })).toBeNull();
  });
});
