import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@icehouse/domain';
import { renderApp } from '../../test/render';
import { trpcInputs, type SeenRequest } from '../../test/fakeFetch';
import { ADMIN, STAFF, createFakeServer } from '../../test/fakeServer';

/** The answer the server gives for a user (decision 269): emailed when the user has an address, else the link to hand over. */
function resetAnswer(input: unknown) {
  const { id } = input as { id: number };
  const user = [ADMIN, STAFF].find((u) => u.id === id)!;
  const emailed = Boolean(user.email);
  return {
    user_id: id,
    username: user.username,
    email: user.email || null,
    expires_at: '2026-12-02T20:00:00.000Z',
    emailed,
    url: emailed ? null : 'https://orders.example.com/reset-password#abc',
    detail: emailed ? `A password reset link was emailed to ${user.email}.` : MESSAGES.passwordResetNoEmail,
  };
}

async function openUsers() {
  const server = createFakeServer({ session: ADMIN, users: [ADMIN, { ...STAFF, email: '' }], procedures: { 'users.sendPasswordReset': resetAnswer } });
  const rendered = renderApp('/users', server.handler);
  await screen.findByRole('heading', { level: 1, name: 'User Management' });
  return rendered;
}

const row = (username: string) =>
  within(screen.getByRole('table', { name: 'Users' })).getByRole('row', { name: new RegExp(`^${username} `) });
const sends = (requests: SeenRequest[]) => requests.filter((r) => r.path === '/trpc/users.sendPasswordReset');

describe('Send password reset link (User Management)', () => {
  it('asks first, then says the link was emailed, without showing it', async () => {
    const { requests } = await openUsers();
    await screen.findByRole('cell', { name: 'admin@example.com' });
    await userEvent.click(within(row('admin')).getByRole('button', { name: 'Send password reset link to admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Send password reset link' });
    expect(dialog).toHaveTextContent('It is emailed to admin@example.com.');
    expect(sends(requests)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('A password reset link was emailed to admin@example.com.');
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Valid until 12/02/2026 20:00 UTC');
    expect(trpcInputs(sends(requests)[0]!)[0]).toEqual({ id: ADMIN.id });
  });

  it('gives the link to copy when the user has no email address', async () => {
    await openUsers();
    await screen.findByRole('cell', { name: 'staff' });
    await userEvent.click(within(row('staff')).getByRole('button', { name: 'Send password reset link to staff' }));
    const dialog = screen.getByRole('dialog', { name: 'Send password reset link' });
    expect(dialog).toHaveTextContent('They have no email address: you will get the link to hand over.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(MESSAGES.passwordResetNoEmail);
    expect(within(dialog).getByRole('textbox', { name: 'Link for staff' })).toHaveValue('https://orders.example.com/reset-password#abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
