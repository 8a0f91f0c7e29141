import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { MESSAGES } from '@icehouse/domain';
import { ResetPasswordPage } from './ResetPasswordPage';

/** The reset routes as the server answers them: the link's token must be 'reset-token' and works once. */
const calls: { method: string; token: string | null; credentials: RequestCredentials | undefined; body: unknown }[] = [];

function resetServer() {
  let used = false;
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const token = new Headers(init?.headers).get('X-Password-Reset');
      const method = init?.method ?? 'GET';
      calls.push({ method, token, credentials: init?.credentials, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      expect(new URL(String(input), 'http://localhost').pathname).toBe('/api/auth/password-reset/');
      if (token !== 'reset-token' || used) return Response.json({ detail: MESSAGES.passwordResetInvalid }, { status: 404 });
      if (method === 'POST') {
        const { password } = JSON.parse(String(init!.body)) as { password: string };
        if (password.length < 8) return Response.json({ password: [MESSAGES.passwordMin] }, { status: 400 });
        used = true;
      }
      return Response.json({ username: 'pat' });
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

function SignInStub() {
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return <p>Sign-in page: {notice}</p>;
}

function renderLink(token = 'reset-token') {
  window.location.hash = `#${token}`;
  const router = createMemoryRouter(
    [
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/login', element: <SignInStub /> },
    ],
    { initialEntries: ['/reset-password'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ResetPasswordPage', () => {
  it('shows whose password the link sets, checks the two entries, sets it without a cookie and sends the user to sign in', async () => {
    resetServer();
    const router = renderLink();
    expect(await screen.findByText('pat')).toBeInTheDocument();
    const first = screen.getByLabelText(/^New password\*?$/);
    const second = screen.getByLabelText(/^New password again/);

    await userEvent.type(first, 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(MESSAGES.passwordMin)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(first);
    await userEvent.type(first, 'long-enough-1');
    await userEvent.type(second, 'long-enough-2');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(MESSAGES.passwordsDiffer)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(second);
    await userEvent.type(second, 'long-enough-1');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Sign-in page: Your password is set. Sign in with it.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post).toEqual({ method: 'POST', token: 'reset-token', credentials: 'omit', body: { password: 'long-enough-1' } });
    expect(calls.every((c) => c.credentials === 'omit' && c.token === 'reset-token')).toBe(true);
  });

  it('says a link that is not valid is not, and to ask the admin, with no form', async () => {
    resetServer();
    renderLink('wrong-token');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.passwordResetInvalid);
    expect(screen.queryByRole('button', { name: 'Set password' })).not.toBeInTheDocument();
  });

  it('a link used meanwhile (another tab): the refusal replaces the form', async () => {
    resetServer();
    renderLink();
    await screen.findByText('pat');
    // Another tab uses the link first.
    await fetch('/api/auth/password-reset/', { method: 'POST', headers: { 'X-Password-Reset': 'reset-token' }, body: JSON.stringify({ password: 'other-tab-pw' }) });
    await userEvent.type(screen.getByLabelText(/^New password\*?$/), 'long-enough-1');
    await userEvent.type(screen.getByLabelText(/^New password again/), 'long-enough-1');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.passwordResetInvalid));
    expect(screen.queryByRole('button', { name: 'Set password' })).not.toBeInTheDocument();
  });
});
