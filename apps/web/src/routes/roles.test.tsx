import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@icehouse/domain';
import { currentPath, renderApp } from '../test/render';
import { STAFF, createFakeServer, type FakeUser } from '../test/fakeServer';
import { emitLive, installFakeEventSource, liveStreams } from '../test/fakeEventSource';

const as = (role: Role): FakeUser => ({ ...STAFF, id: 7, username: role, role, is_superuser: role === 'admin' });

/** The shop's board, empty, as the server answers it. */
const EMPTY_BOARD = {
  'production.board': () => ({
    from: '2026-11-29',
    to: '2026-12-05',
    capacity: null,
    units: 0,
    over_capacity: false,
    cards: [],
    unscheduled: [],
  }),
};

function open(path: string, role: Role) {
  const server = createFakeServer({ session: as(role), users: [as(role)], procedures: EMPTY_BOARD });
  return { server, ...renderApp(path, server.handler) };
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

async function mainLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('what each role sees in the header', () => {
  it.each<[Role, string[]]>([
    ['office', ['Dashboard', 'Orders', 'Quotes', 'Invoices', 'Customers', 'Shop Board', 'Purchase Orders', 'Reports', 'API tokens']],
    ['admin', ['Dashboard', 'Orders', 'Quotes', 'Invoices', 'Customers', 'Shop Board', 'Purchase Orders', 'Reports', 'API tokens']],
    ['sales', ['Dashboard', 'Orders', 'Quotes', 'Customers', 'Shop Board', 'API tokens']],
    ['accounting', ['Dashboard', 'Orders', 'Invoices', 'Customers', 'Shop Board', 'Purchase Orders', 'Reports', 'API tokens']],
    ['shop', ['Orders', 'Shop Board', 'Materials', 'Purchase Orders', 'API tokens']],
  ])('%s has the links of its areas only', async (role, links) => {
    open('/orders', role);
    expect(await mainLinks()).toEqual(links);
    expect(screen.queryByRole('button', { name: 'Settings' }) !== null).toBe(role === 'admin');
  });

  it("the shop's links and Logout are a finger's size, and its logo leads to the board", async () => {
    open('/board', 'shop');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const link of within(nav).getAllByRole('link')) expect(link).toHaveClass('min-h-11');
    const header = nav.closest('header')!;
    expect(within(header).getByRole('button', { name: 'Logout' })).toHaveClass('min-h-11');
    expect(within(header).getByRole('link', { name: 'Ice House Order Manager' })).toHaveAttribute('href', '/board');
  });
});

describe('the screens each role may open', () => {
  it.each(['/dashboard', '/invoices', '/customers', '/customers/3', '/quotes', '/reports', '/users', '/'])(
    'sends the shop from %s to its board',
    async (path) => {
      const { router } = open(path, 'shop');
      expect(await heading('Shop Board')).toBeInTheDocument();
      expect(currentPath(router)).toMatch(/^\/board/);
    },
  );

  it.each<[Role, string]>([
    ['sales', '/invoices'],
    ['sales', '/reports'],
    ['accounting', '/quotes'],
    ['accounting', '/products'],
    ['office', '/users'],
  ])('sends %s from %s to the dashboard', async (role, path) => {
    const { router } = open(path, role);
    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
  });

  it.each<[Role, boolean]>([
    ['shop', true],
    ['accounting', false],
  ])('the board offers %s a move: %s', async (role, moves) => {
    const card = {
      id: 1,
      version: 1,
      door_number: '1001',
      customer_name: 'Acme Foods',
      building: 'Walk-in Cooler 8x10',
      ship_date: '2026-12-01',
      status: 'pending',
      next_possible_status: 'processed',
      missing_requirements: [],
    };
    const server = createFakeServer({
      session: as(role),
      users: [as(role)],
      procedures: {
        'production.board': () => ({ ...EMPTY_BOARD['production.board'](), units: 1, cards: [card] }),
      },
    });
    renderApp('/board', server.handler);
    const item = await screen.findByRole('listitem', { name: 'Order 1001' });
    expect(within(item).queryByRole('button', { name: /^Move 1001/ }) !== null).toBe(moves);
  });

  it("the new-order key does nothing for accounting, which makes no orders", async () => {
    open('/invoices', 'accounting');
    expect(await heading('Invoices')).toBeInTheDocument();
    await userEvent.keyboard('n');
    // The order form opens as a dialog named New Order (its loading state first) when the key is taken.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('dialog', { name: 'New Order' })).toBeNull();
  });

  it.each<[Role, boolean]>([
    ['accounting', false],
    ['sales', true],
  ])('the dashboard offers %s new orders and quotes: %s', async (role, offered) => {
    open('/dashboard', role);
    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create New Order' }) !== null).toBe(offered);
    expect(screen.queryByRole('link', { name: 'New Quote' }) !== null).toBe(offered);
  });

  it('lets the shop open the materials', async () => {
    open('/materials', 'shop');
    expect(await heading('Materials')).toBeInTheDocument();
  });

  it('takes the shop to its board after signing in', async () => {
    const server = createFakeServer({ users: [as('shop')], passwords: { shop: 'shop-pass-1' }, procedures: EMPTY_BOARD });
    const { router } = renderApp('/login', server.handler);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Username' }), 'shop');
    await userEvent.type(screen.getByLabelText(/^Password/), 'shop-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await heading('Shop Board')).toBeInTheDocument();
    expect(currentPath(router)).toMatch(/^\/board/);
  });
});

describe('a role changed while signed in', () => {
  /** The server changes the signed-in user's role and says so on the live feed, as it does. */
  async function changeRole(server: ReturnType<typeof open>['server'], role: Role) {
    await waitFor(() => expect(liveStreams()).toHaveLength(1));
    server.state.session = { ...server.state.session!, role, is_superuser: role === 'admin' };
    await emitLive({ type: 'refetch', reason: 'role_changed' });
  }

  it('the header and the open screen follow it at once, without a reload', async () => {
    installFakeEventSource();
    const { server, router } = open('/invoices', 'office');
    expect(await heading('Invoices')).toBeInTheDocument();
    expect(await mainLinks()).toContain('Invoices');

    await changeRole(server, 'shop');

    expect(await heading('Shop Board')).toBeInTheDocument();
    expect(currentPath(router)).toMatch(/^\/board/);
    await waitFor(async () => expect(await mainLinks()).toEqual(['Orders', 'Shop Board', 'Materials', 'Purchase Orders', 'API tokens']));
  });

  it('a screen the new role may still use stays open, with the new links', async () => {
    installFakeEventSource();
    const { server, router } = open('/orders', 'office');
    expect(await mainLinks()).toContain('Invoices');
    await changeRole(server, 'sales');
    await waitFor(async () => expect(await mainLinks()).not.toContain('Invoices'));
    expect(currentPath(router)).toBe('/orders');
  });
});
