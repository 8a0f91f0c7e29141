import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIMITS, MESSAGES } from '@icehouse/domain';
import { currentPath, renderApp } from '../../test/render';
import { TrpcTestError } from '../../test/fakeFetch';
import { STAFF, createFakeServer, deferred } from '../../test/fakeServer';

async function openLogin(path = '/login', server = createFakeServer()) {
  const rendered = renderApp(path, server.handler);
  await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
  return { ...rendered, server };
}

async function signIn(username: string, password: string) {
  await userEvent.type(screen.getByLabelText(/^Username/), username);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

const loginCalls = <R extends { path: string }>(requests: R[]) =>
  requests.filter((r) => r.path === '/trpc/auth.login');

describe('LoginPage', () => {
  it('has the heading, both fields and the Sign in button', async () => {
    await openLogin();
    expect(screen.getByRole('textbox', { name: 'Username' })).toBeRequired();
    // The screen is for signing in: the cursor waits in Username.
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveFocus();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('type', 'submit');
  });

  it('needs both fields and does not call the server without them', async () => {
    const { requests } = await openLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
      MESSAGES.usernameRequired,
    );
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(MESSAGES.passwordRequired);
    expect(loginCalls(requests)).toHaveLength(0);
  });

  it.each([
    ['INVALID_CREDENTIALS', 'Server text for bad credentials', 'Incorrect username or password.'],
    ['INACTIVE_ACCOUNT', 'Server text for inactive', 'Your account is inactive, please contact admin.'],
    [
      'TOO_MANY_ATTEMPTS',
      'Too many failed sign-in attempts. Please wait 15 minute(s) and try again.',
      'Too many failed sign-in attempts. Please wait 15 minute(s) and try again.',
    ],
  ])('a %s failure shows "%s" as "%s"', async (code, serverText, shown) => {
    const server = createFakeServer({
      procedures: {
        'auth.login': () => {
          throw new TrpcTestError({
            message: serverText,
            code: code === 'TOO_MANY_ATTEMPTS' ? 'TOO_MANY_REQUESTS' : 'UNAUTHORIZED',
            appCode: code === 'TOO_MANY_ATTEMPTS' ? 'TOO_MANY_REQUESTS' : 'UNAUTHORIZED',
            details: { code },
          });
        },
      },
    });
    const { onUnauthorized, router } = await openLogin('/login', server);
    await signIn('admin', 'whatever-1');

    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    // The login call's own 401 is not the "signed out" redirect.
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says "Login failed" when the server cannot be reached', async () => {
    const server = createFakeServer();
    const { fetch } = await openLogin('/login', server);
    fetch.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    await signIn('admin', 'admin-pass-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginFailed);
  });

  it('shows "Signing in..." and is disabled while signing in', async () => {
    const answer = deferred<unknown>();
    const server = createFakeServer({ procedures: { 'auth.login': () => answer.promise } });
    await openLogin('/login', server);
    await signIn('staff', 'staff-pass-1');

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    answer.resolve({ success: true, user: STAFF });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it(`ignores a second submit within ${LIMITS.loginDoubleSubmitMs} ms`, async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const server = createFakeServer({
      procedures: {
        'auth.login': () => {
          throw new TrpcTestError({
            message: 'x',
            code: 'UNAUTHORIZED',
            details: { code: 'INVALID_CREDENTIALS' },
          });
        },
      },
    });
    const { requests } = await openLogin('/login', server);
    await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), 'admin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong-pass');
    const form = screen.getByRole('button', { name: 'Sign in' }).closest('form')!;

    fireEvent.submit(form);
    await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    now += LIMITS.loginDoubleSubmitMs - 1;
    fireEvent.submit(form);

    // A submit that is let through, with another password so its request can be told apart. Had
    // the one above sent a request, it would have been sent first: once this one is seen, the
    // count says it all, without waiting an arbitrary time for a request that should not come.
    now += 1;
    await userEvent.type(screen.getByLabelText(/^Password/), '-2');
    fireEvent.submit(form);
    await waitFor(() =>
      expect(loginCalls(requests).some((r) => r.body?.includes('wrong-pass-2'))).toBe(true),
    );
    expect(loginCalls(requests)).toHaveLength(2);
  });

  it('shows and hides the password', async () => {
    await openLogin();
    const password = screen.getByLabelText(/^Password/);
    await userEvent.type(password, 'secret-123');

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(password).toHaveValue('secret-123');

    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('after signing in goes to /dashboard, with a fresh CSRF token for what follows', async () => {
    const { router, requests } = await openLogin();
    await signIn('admin', 'admin-pass-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    // One token before the login call, a new one before the logout call.
    expect(requests.filter((r) => r.path === '/api/auth/csrf/')).toHaveLength(2);
  });

  it('returns to the remembered location after signing in', async () => {
    const { router } = await openLogin('/login?next=%2Forders%3Fyear%3D2024');
    await signIn('staff', 'staff-pass-1');
    expect(await screen.findByRole('heading', { level: 1, name: '2024 Orders' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/orders?year=2024');
  });

  it('sends a visitor who is already signed in to /dashboard', async () => {
    const server = createFakeServer({ session: STAFF });
    const { router } = renderApp('/login', server.handler);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('heading', { name: 'Welcome Back' })).not.toBeInTheDocument();
  });
});
