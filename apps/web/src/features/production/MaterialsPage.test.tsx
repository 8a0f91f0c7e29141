import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withoutMoney, type Role } from '@icehouse/domain';
import { renderApp } from '../../test/render';
import { STAFF, createFakeServer, type FakeUser } from '../../test/fakeServer';

const as = (role: Role): FakeUser => ({ ...STAFF, id: 7, username: role, role, is_superuser: role === 'admin' });

const MATERIALS = {
  from: '2026-12-06',
  to: '2026-12-12',
  statuses: ['pending', 'processed'],
  orders: 1,
  rows: [
    {
      component_id: 4,
      name: 'Wall panel 4x8',
      needed: 12,
      consumed: 0,
      unit_cost: '85.00',
      total_cost: '1020.00',
      on_hand: 5,
      on_order: 4,
      next_expected_date: '2026-12-08',
      available: -3,
      to_buy: 3,
      to_buy_cost: '255.00',
      orders: [{ order_id: 9, door_number: '1009', quantity: 12, consumed: false }],
      purchase_orders: [
        { purchase_order_id: 3, number: 'P-1003', supplier_name: 'Panel Co', status: 'sent', expected_date: '2026-12-08', quantity: 4 },
      ],
    },
  ],
  total_cost: '1020.00',
  to_buy_cost: '255.00',
  orders_without_materials: [],
};

/** /materials as `role` signs in to it: the server leaves the costs out for a role that sees no money. */
function openMaterials(role: Role) {
  const answer = role === 'shop' ? withoutMoney(MATERIALS) : MATERIALS;
  const server = createFakeServer({ session: as(role), users: [as(role)], procedures: { 'production.materials': () => answer } });
  return renderApp('/materials', server.handler);
}

describe('the materials screen', () => {
  it('shows the shop what to build and buy, without a cost column, a total or a dollar sign', async () => {
    openMaterials('shop');
    const table = await screen.findByRole('table', { name: /Components the orders/ });
    const row = within(table).getByRole('row', { name: /Wall panel 4x8/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['12', '5', '4expected 2026-12-08', '-3', '3']);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Component', 'Needed', 'On hand', 'On order', 'Available', 'To buy']);
    expect(table.textContent).not.toMatch(/\$|NaN/);
  });

  it('opens a row to the orders and the purchase orders behind its figures', async () => {
    openMaterials('shop');
    const table = await screen.findByRole('table', { name: /Components the orders/ });
    await userEvent.click(within(table).getByRole('button', { name: 'Show the orders needing Wall panel 4x8' }));
    expect(within(screen.getByRole('list', { name: 'Orders needing Wall panel 4x8' })).getByRole('link', { name: '1009' })).toBeInTheDocument();
    const pos = screen.getByRole('list', { name: 'Purchase orders bringing Wall panel 4x8' });
    expect(within(pos).getByRole('link', { name: 'P-1003' })).toHaveAttribute('href', '/purchase-orders/3');
    expect(pos.textContent).toContain('Panel Co × 4, expected 2026-12-08');
  });

  it('shows the office the costs as before', async () => {
    openMaterials('office');
    const table = await screen.findByRole('table', { name: /Components the orders/ });
    expect(within(table).getByRole('columnheader', { name: 'Unit cost' })).toBeInTheDocument();
    expect(table.textContent).toContain('$1,020.00');
  });
});
