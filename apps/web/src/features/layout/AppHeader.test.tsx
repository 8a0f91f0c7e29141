import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentPath, renderApp } from '../../test/render';
import { TrpcTestError } from '../../test/fakeFetch';
import { ADMIN, STAFF, createFakeServer } from '../../test/fakeServer';

async function openAs(user: typeof ADMIN, path = '/dashboard', server = createFakeServer({ session: user })) {
  const rendered = renderApp(path, server.handler);
  await screen.findByRole('navigation', { name: 'Main' });
  return { ...rendered, server };
}

const settingsButton = () => screen.getByRole('button', { name: 'Settings' });

describe('AppHeader', () => {
  it('has the title, the main links and Logout', async () => {
    await openAs(STAFF);
    const header = screen.getByRole('navigation', { name: 'Main' }).closest('header')!;
    expect(within(header).getByRole('link', { name: 'Ice House Order Manager' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    const nav = within(header).getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Orders', 'Quotes', 'Invoices', 'Customers', 'Shop Board', 'Purchase Orders', 'Reports', 'API tokens']);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(header).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'API tokens' })).toHaveAttribute('href', '/api-tokens');
  });

  it('folds the links and Logout into a Menu button for narrow screens', async () => {
    await openAs(STAFF);
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(menu.getAttribute('aria-controls')!)!;
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Orders', 'Quotes', 'Invoices', 'Customers', 'Shop Board', 'Purchase Orders', 'Reports', 'API tokens']);
    expect(within(panel).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape from a link of the folded menu folds it and gives focus back to the Menu button', async () => {
    await openAs(STAFF);
    const menu = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    const panel = document.getElementById(menu.getAttribute('aria-controls')!)!;
    await userEvent.tab();
    expect(within(panel).getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await userEvent.tab();
    expect(within(panel).getByRole('link', { name: 'Orders' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeInTheDocument();
    expect(menu).toHaveFocus();
  });

  it('Escape in the Settings menu inside the folded menu closes only the Settings menu', async () => {
    await openAs(ADMIN);
    const menu = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    const panel = document.getElementById(menu.getAttribute('aria-controls')!)!;
    const settings = within(panel).getByRole('button', { name: 'Settings' });
    await userEvent.click(settings);
    expect(within(panel).getByRole('menuitem', { name: 'Components' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(within(panel).queryByRole('menu')).not.toBeInTheDocument();
    expect(settings).toHaveFocus();
    expect(menu).toHaveAttribute('aria-expanded', 'true');

    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('has no Settings menu for staff', async () => {
    await openAs(STAFF);
    expect(screen.queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('gives superusers a Settings menu with the five screens', async () => {
    await openAs(ADMIN);
    const button = settingsButton();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Settings' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Components', '/components'],
      ['Products', '/products'],
      ['Configurations', '/settings'],
      ['Users', '/users'],
      ['Company Info', '/company-info'],
      ['Failed jobs', '/failed-jobs'],
      ['Webhooks', '/webhooks'],
      ['Import spreadsheets', '/import'],
    ]);
    expect(items[0]).toHaveFocus();
  });

  it('closes the menu when an entry is chosen, and opens that screen', async () => {
    const { router } = await openAs(ADMIN);
    await userEvent.click(settingsButton());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Users' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/users');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes the menu on a click outside it', async () => {
    await openAs(ADMIN);
    await userEvent.click(settingsButton());
    expect(screen.getByRole('menu')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('heading', { level: 1, name: 'Dashboard' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(settingsButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the menu on Escape and gives focus back to the button', async () => {
    await openAs(ADMIN);
    await userEvent.click(settingsButton());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(settingsButton()).toHaveFocus();
  });

  it('works from the keyboard: ArrowDown opens it, arrows move, Enter chooses', async () => {
    const { router } = await openAs(ADMIN);
    settingsButton().focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Components' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Configurations' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Import spreadsheets' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Company Info' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Company Information' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/company-info');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('Logout ends the session and goes to /login', async () => {
    const { router, server } = await openAs(STAFF, '/orders');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
    expect(server.state.session).toBeNull();
  });

  it('a failed logout is only logged: the user stays signed in', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = createFakeServer({
      session: STAFF,
      procedures: {
        'auth.logout': () => {
          throw new TrpcTestError({ message: 'Internal server error.', code: 'INTERNAL_SERVER_ERROR' });
        },
      },
    });
    const { router } = await openAs(STAFF, '/dashboard', server);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
  });
});
