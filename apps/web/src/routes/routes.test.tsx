import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentPath, renderApp } from '../test/render';
import { TrpcTestError } from '../test/fakeFetch';
import { ADMIN, STAFF, createFakeServer, deferred } from '../test/fakeServer';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('session guards', () => {
  it('shows a loading screen while the session loads, and checks it once', async () => {
    const check = deferred<unknown>();
    const server = createFakeServer({ procedures: { 'auth.check': () => check.promise } });
    const { requests } = renderApp('/dashboard', server.handler);

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    check.resolve({ isAuthenticated: true, user: STAFF });
    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(requests.filter((r) => r.path.includes('auth.check'))).toHaveLength(1);
  });

  it('sends a signed-out visitor to /login, remembering the location, and back after sign-in', async () => {
    const { router } = renderApp('/orders?year=2024&month=03', createFakeServer().handler);

    expect(await heading('Welcome Back')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login?next=%2Forders%3Fyear%3D2024%26month%3D03');

    await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), 'staff');
    await userEvent.type(screen.getByLabelText(/^Password/), 'staff-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await heading('March 2024 Orders')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/orders?year=2024&month=03');
  });

  it('treats a failed session check as signed out (and logs it)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = createFakeServer({
      procedures: {
        'auth.check': () => {
          throw new TrpcTestError({ message: 'Internal server error.', code: 'INTERNAL_SERVER_ERROR' });
        },
      },
    });
    const { router } = renderApp('/dashboard', server.handler);
    expect(await heading('Welcome Back')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login?next=%2Fdashboard');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('sends / to /dashboard when signed in, and to plain /login when not', async () => {
    const signedIn = renderApp('/', createFakeServer({ session: STAFF }).handler);
    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(currentPath(signedIn.router)).toBe('/dashboard');
    signedIn.unmount();

    const signedOut = renderApp('/', createFakeServer().handler);
    expect(await heading('Welcome Back')).toBeInTheDocument();
    expect(currentPath(signedOut.router)).toBe('/login');
  });

  it.each(['/users', '/components', '/products', '/settings', '/company-info'])(
    'sends staff from %s to /dashboard',
    async (path) => {
      const { router } = renderApp(path, createFakeServer({ session: STAFF }).handler);
      expect(await heading('Dashboard')).toBeInTheDocument();
      expect(currentPath(router)).toBe('/dashboard');
    },
  );

  it.each([
    ['/users', 'User Management'],
    ['/components', 'Components'],
    ['/products', 'Products'],
    ['/settings', 'Configurations'],
    ['/company-info', 'Company Information'],
  ])('lets a superuser open %s (%s)', async (path, title) => {
    const { router } = renderApp(path, createFakeServer({ session: ADMIN }).handler);
    expect(await heading(title)).toBeInTheDocument();
    expect(currentPath(router)).toBe(path);
  });

  it.each([
    ['/dashboard', 'Dashboard'],
    ['/orders', 'All Orders'],
    ['/invoices', 'Invoices'],
    ['/status', 'Ice House Order Manager'],
  ])('lets any signed-in user open %s (%s)', async (path, title) => {
    renderApp(path, createFakeServer({ session: STAFF }).handler);
    expect(await heading(title)).toBeInTheDocument();
  });

  it('shows the system status at /status', async () => {
    renderApp('/status', createFakeServer({ session: STAFF }).handler);
    expect(await screen.findByText('Running')).toBeInTheDocument();
  });

  it('an unknown address says so and links home, which is the dashboard', async () => {
    const { router } = renderApp('/no/such/page', createFakeServer({ session: STAFF }).handler);
    expect(await heading('Page not found')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('a 401 from any call (not login) asks to go to /login with the current location', async () => {
    const server = createFakeServer({
      session: ADMIN,
      procedures: {
        'users.list': () => {
          throw new TrpcTestError({
            message: 'Authentication credentials were not provided.',
            code: 'UNAUTHORIZED',
          });
        },
      },
    });
    const { onUnauthorized } = renderApp('/users', server.handler);
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledWith('/users'));
  });
});
