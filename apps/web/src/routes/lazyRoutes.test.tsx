import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../test/render';
import { ADMIN, STAFF, createFakeServer } from '../test/fakeServer';

/**
 * The screens are loaded when first opened (routes/index.tsx). Here the orders screen's code
 * arrives only when the test lets it, and the user management screen's code cannot be loaded (a
 * new deployment removed the old chunk, or the network failed).
 */
const ordersCode = vi.hoisted(() => {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release };
});

vi.mock('../features/orders/OrdersPage', async (importOriginal) => {
  await ordersCode.arrived;
  return importOriginal();
});

vi.mock('../features/users/UserManagementPage', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('screens loaded on demand', () => {
  it('keeps the header up and says Loading... while a screen loads', async () => {
    renderApp('/orders', createFakeServer({ session: STAFF }).handler);

    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    ordersCode.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'All Orders' })).toBeInTheDocument();
  });

  it('shows the error screen, not a blank page, when a screen cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp('/users', createFakeServer({ session: ADMIN }).handler);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
