import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@icehouse/domain';
import { currentPath, renderApp } from '../../test/render';
import { TrpcTestError, trpcInputs, type SeenRequest } from '../../test/fakeFetch';
import { ADMIN, STAFF, createFakeServer, type FakeServerOptions } from '../../test/fakeServer';

async function openUsers(options: FakeServerOptions = {}) {
  const server = createFakeServer({ session: ADMIN, ...options });
  const rendered = renderApp('/users', server.handler);
  await screen.findByRole('heading', { level: 1, name: 'User Management' });
  return { ...rendered, server };
}

const table = () => screen.getByRole('table', { name: 'Users' });
const row = (username: string) => within(table()).getByRole('row', { name: new RegExp(`^${username} `) });
const field = (name: string) => screen.getByRole('textbox', { name });
const passwordField = () => screen.getByLabelText(/^Password/);
const checkbox = (name: string) => screen.getByRole('checkbox', { name });

/** The data a mutation call sent (the single input of its tRPC batch). */
function sentTo(requests: SeenRequest[], procedure: string): unknown {
  const call = requests.find((r) => r.path === `/trpc/${procedure}`);
  return call ? trpcInputs(call)[0] : undefined;
}

describe('UserManagementPage', () => {
  it('lists users with role and status, and no Delete on the signed-in user', async () => {
    await openUsers({ users: [ADMIN, STAFF, { ...STAFF, id: 3, username: 'zoe', is_active: false }] });
    await within(table()).findByRole('cell', { name: 'staff' });

    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Username', 'Email', 'Role', 'Status', 'Actions']);
    const admin = row('admin');
    expect(within(admin).getByRole('cell', { name: 'admin@example.com' })).toBeInTheDocument();
    expect(within(admin).getByRole('cell', { name: 'Admin' })).toBeInTheDocument();
    expect(within(admin).getByRole('cell', { name: 'Active' })).toBeInTheDocument();
    expect(within(admin).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(admin).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    expect(within(row('staff')).getByRole('cell', { name: 'Staff' })).toBeInTheDocument();
    expect(within(row('staff')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(row('zoe')).getByRole('cell', { name: 'Inactive' })).toBeInTheDocument();
  });

  it('says when there are no users', async () => {
    await openUsers({ procedures: { 'users.list': () => [] } });
    expect(await screen.findByRole('cell', { name: MESSAGES.noUsersFound })).toBeInTheDocument();
  });

  it('says when the users cannot be fetched', async () => {
    await openUsers({
      procedures: {
        'users.list': () => {
          throw new TrpcTestError({ message: 'Internal server error.', code: 'INTERNAL_SERVER_ERROR' });
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.fetchUsersError);
  });

  it('has a back button to the dashboard', async () => {
    const { router } = await openUsers();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('creates a user, says so, lists them and clears the form', async () => {
    const { requests } = await openUsers();
    expect(screen.getByRole('form', { name: 'Add New User' })).toBeInTheDocument();
    expect(checkbox('Active')).toBeChecked();
    expect(checkbox('Admin')).not.toBeChecked();
    expect(passwordField()).toHaveAccessibleDescription('At least 8 characters');

    await userEvent.type(field('Username'), 'newbie');
    await userEvent.type(field('Email'), 'newbie@example.com');
    await userEvent.type(passwordField(), 'newbie-pass-1');
    await userEvent.click(checkbox('Admin'));
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));

    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.userCreated);
    expect(sentTo(requests, 'users.create')).toEqual({
      username: 'newbie',
      email: 'newbie@example.com',
      password: 'newbie-pass-1',
      is_admin: true,
      is_active: true,
      role: 'admin',
    });
    expect(await within(table()).findByRole('cell', { name: 'newbie' })).toBeInTheDocument();
    expect(within(row('newbie')).getByRole('cell', { name: 'Admin' })).toBeInTheDocument();
    expect(field('Username')).toHaveValue('');
    expect(passwordField()).toHaveValue('');
    expect(checkbox('Admin')).not.toBeChecked();
    expect(checkbox('Active')).toBeChecked();
  });

  it('checks the form with the domain rules before calling the server', async () => {
    const { requests } = await openUsers();
    await userEvent.type(field('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));

    expect(field('Username')).toHaveAccessibleDescription(MESSAGES.usernameRequired);
    expect(field('Email')).toHaveAccessibleDescription(MESSAGES.emailInvalid);
    expect(passwordField()).toHaveAccessibleDescription(`${MESSAGES.passwordRequired} At least 8 characters`);
    expect(requests.some((r) => r.path === '/trpc/users.create')).toBe(false);
  });

  it('shows the server field errors on the field and joined in the message, keeping what was typed', async () => {
    await openUsers({
      procedures: {
        'users.create': () => {
          throw new TrpcTestError({
            message: 'Validation failed. Please check the required fields.',
            code: 'BAD_REQUEST',
            appCode: 'VALIDATION',
            fieldErrors: {
              username: ['Username is taken.', 'Second message.'],
              password: ['Password is too common.'],
            },
          });
        },
      },
    });
    await userEvent.type(field('Username'), 'admin2');
    await userEvent.type(passwordField(), 'password1');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Username is taken. Second message. Password is too common.',
    );
    expect(field('Username')).toHaveAccessibleDescription('Username is taken.');
    expect(passwordField()).toHaveAccessibleDescription('Password is too common. At least 8 characters');
    expect(field('Username')).toHaveValue('admin2');
  });

  it.each([
    [
      'a server message',
      new TrpcTestError({ message: 'Something specific.', code: 'CONFLICT', appCode: 'CONFLICT' }),
      'Something specific.',
    ],
    [
      'no usable message',
      new TrpcTestError({ message: 'Internal server error.', code: 'INTERNAL_SERVER_ERROR' }),
      MESSAGES.createUserError,
    ],
  ])('a create failure with %s shows it', async (_case, failure, shown) => {
    await openUsers({
      procedures: {
        'users.create': () => {
          throw failure;
        },
      },
    });
    await userEvent.type(field('Username'), 'newbie');
    await userEvent.type(passwordField(), 'newbie-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });

  it('edits a user: loads the row with a blank password, saves, and returns to create mode', async () => {
    const { requests } = await openUsers();
    await within(table()).findByRole('cell', { name: 'staff' });
    await userEvent.click(within(row('staff')).getByRole('button', { name: 'Edit' }));

    expect(screen.getByRole('form', { name: 'Edit User' })).toBeInTheDocument();
    expect(field('Username')).toHaveValue('staff');
    expect(field('Username')).toHaveFocus();
    expect(field('Email')).toHaveValue('');
    expect(passwordField()).toHaveValue('');
    expect(passwordField()).not.toBeRequired();
    expect(checkbox('Admin')).not.toBeChecked();
    expect(checkbox('Active')).toBeChecked();

    await userEvent.type(field('Email'), 'staff@example.com');
    await userEvent.click(checkbox('Active'));
    await userEvent.click(screen.getByRole('button', { name: 'Update User' }));

    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.userUpdated);
    expect(sentTo(requests, 'users.update')).toEqual({
      id: STAFF.id,
      data: {
        username: 'staff',
        email: 'staff@example.com',
        password: '',
        is_admin: false,
        is_active: false,
        role: 'office',
      },
    });
    expect(screen.getByRole('form', { name: 'Add New User' })).toBeInTheDocument();
    expect(field('Username')).toHaveValue('');
    expect(await within(row('staff')).findByRole('cell', { name: 'Inactive' })).toBeInTheDocument();
  });

  it('gives a new user a role; Admin on is the admin role and fixes the choice', async () => {
    const { requests } = await openUsers();
    const role = screen.getByRole('combobox', { name: 'Role' });
    expect(role).toHaveValue('office');
    expect(screen.getByText(/Everything except users, settings/)).toBeInTheDocument();
    await userEvent.click(checkbox('Admin'));
    expect(role).toHaveValue('admin');
    expect(role).toBeDisabled();
    await userEvent.click(checkbox('Admin'));
    await userEvent.selectOptions(role, 'shop');
    expect(screen.getByText(/never a price/)).toBeInTheDocument();
    await userEvent.type(field('Username'), 'lead');
    await userEvent.type(passwordField(), 'lead-pass-12');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.userCreated);
    expect(sentTo(requests, 'users.create')).toMatchObject({ username: 'lead', is_admin: false, role: 'shop' });
    expect(await within(row('lead')).findByRole('cell', { name: 'Shop' })).toBeInTheDocument();
    // The change is recorded: who, from what to what, by whom and when.
    const changes = await screen.findByRole('table', { name: 'Role changes' });
    expect(await within(changes).findByRole('row', { name: /11\/29\/2026 lead New user Shop admin/ })).toBeInTheDocument();
  });

  it('Cancel leaves edit mode without saving', async () => {
    const { requests } = await openUsers();
    await within(table()).findByRole('cell', { name: 'staff' });
    await userEvent.click(within(row('staff')).getByRole('button', { name: 'Edit' }));
    await userEvent.clear(field('Username'));
    await userEvent.type(field('Username'), 'renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.getByRole('form', { name: 'Add New User' })).toBeInTheDocument();
    expect(field('Username')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/trpc/users.update')).toBe(false);
  });

  it('an update failure shows the server error and stays in edit mode', async () => {
    await openUsers({
      procedures: {
        'users.update': () => {
          throw new TrpcTestError({
            message: 'You cannot deactivate your own account.',
            code: 'BAD_REQUEST',
            appCode: 'VALIDATION',
            fieldErrors: { is_active: ['You cannot deactivate your own account.'] },
          });
        },
      },
    });
    await within(table()).findByRole('cell', { name: 'admin' });
    await userEvent.click(within(row('admin')).getByRole('button', { name: 'Edit' }));
    await userEvent.click(checkbox('Active'));
    await userEvent.click(screen.getByRole('button', { name: 'Update User' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot deactivate your own account.');
    expect(checkbox('Active')).toHaveAccessibleDescription('You cannot deactivate your own account.');
    expect(screen.getByRole('form', { name: 'Edit User' })).toBeInTheDocument();
  });

  it('deletes a user after the confirmation', async () => {
    const { server } = await openUsers();
    await within(table()).findByRole('cell', { name: 'staff' });
    await userEvent.click(within(row('staff')).getByRole('button', { name: 'Delete' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete Confirmation' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete the user "staff"? This action cannot be undone.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('User "staff" deleted successfully');
    await waitFor(() =>
      expect(within(table()).queryByRole('cell', { name: 'staff' })).not.toBeInTheDocument(),
    );
    expect(server.state.users.map((u) => u.username)).toEqual(['admin']);
  });

  it('Cancel in the confirmation keeps the user', async () => {
    const { requests } = await openUsers();
    await within(table()).findByRole('cell', { name: 'staff' });
    await userEvent.click(within(row('staff')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/trpc/users.delete')).toBe(false);
    expect(row('staff')).toBeInTheDocument();
  });

  it.each([
    [
      'the server error',
      new TrpcTestError({ message: 'User not found.', code: 'NOT_FOUND', appCode: 'NOT_FOUND' }),
      'User not found.',
    ],
    [
      'else a fallback',
      new TrpcTestError({ message: 'Internal server error.', code: 'INTERNAL_SERVER_ERROR' }),
      MESSAGES.deleteUserError,
    ],
  ])('a delete failure shows %s', async (_case, failure, shown) => {
    await openUsers({
      procedures: {
        'users.delete': () => {
          throw failure;
        },
      },
    });
    await within(table()).findByRole('cell', { name: 'staff' });
    await userEvent.click(within(row('staff')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });
});
