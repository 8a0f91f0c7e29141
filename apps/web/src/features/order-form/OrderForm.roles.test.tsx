import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { withoutMoney, type Role } from '@icehouse/domain';
import { STAFF } from '../../test/fakeServer';
import { renderOrderForm } from './testing/renderOrderForm';
import { createOrderServer } from './testing/fakeOrderServer';
import { PRODUCTS, SETTINGS, sampleOrder } from './testing/sampleOrders';

// Whole-form tests: give them room on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

/** Order 7 opened by `role`, answered as the server answers that role (no money for the shop). */
async function openAs(role: Role) {
  const mask = <T,>(value: T): T => (role === 'shop' ? withoutMoney(value) : value);
  const user = { ...STAFF, role, is_superuser: role === 'admin' };
  const server = createOrderServer({
    orders: [sampleOrder(7)],
    procedures: {
      'auth.check': () => ({ isAuthenticated: true, user }),
      'orders.get': () => mask(sampleOrder(7)),
      'catalogue.settings.list': () => mask(SETTINGS),
      'catalogue.products.list': () => mask(PRODUCTS),
      'live.presence': () => ({ viewers: [] }),
      'live.leave': () => ({ ok: true }),
    },
  });
  return renderOrderForm({ orderId: 7, server, live: true });
}

const actions = () =>
  within(screen.getByRole('dialog', { name: 'Edit Order' }))
    .getAllByRole('button')
    .map((b) => b.textContent)
    .filter((text) => text && /^[A-Z/& ]+$/.test(text));

describe('the order form for each role', () => {
  it('shows the shop the order without a price, total or dollar sign, and only what the shop may do', async () => {
    const { form } = await openAs('shop');
    expect(await screen.findByRole('button', { name: /BOL/ })).toBeInTheDocument();
    expect(form.textContent).not.toMatch(/\$|NaN/);
    expect(screen.queryByRole('heading', { name: 'Totals' })).toBeNull();
    expect(within(form).queryByRole('group', { name: /Freight Cost|Price/ })).toBeNull();
    expect(within(form).queryByLabelText(/Price|Freight Cost/)).toBeNull();
    expect(actions()).toEqual(expect.arrayContaining(['CLOSE']));
    // The invoice badge says whether there is one, without a way into the books.
    expect(form.querySelector('a[href^="/invoices"]')).toBeNull();
    for (const refused of ['UPDATE', 'DELETE', 'VOID ORDER', 'DUPLICATE ORDER', 'CREATE INVOICE', 'PRINT'])
      expect(actions()).not.toContain(refused);
  });

  it('gives accounting the invoice but not the order editing or the bill of lading', async () => {
    const { form } = await openAs('accounting');
    expect(await screen.findByRole('button', { name: 'CREATE INVOICE' })).toBeInTheDocument();
    expect(form.querySelector('a[href^="/invoices"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'PRINT' })).toBeInTheDocument();
    for (const refused of ['UPDATE', 'DELETE', 'VOID ORDER', 'DUPLICATE ORDER', 'CREATE BOL'])
      expect(actions()).not.toContain(refused);
  });

  it('gives the office every action, as before', async () => {
    await openAs('office');
    expect(await screen.findByRole('button', { name: 'UPDATE' })).toBeInTheDocument();
    for (const action of ['DELETE', 'DUPLICATE ORDER', 'CREATE BOL', 'CREATE INVOICE', 'PRINT', 'CLOSE'])
      expect(actions()).toContain(action);
  });
});
