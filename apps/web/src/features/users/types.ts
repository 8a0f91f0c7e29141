import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '@icehouse/server/trpc';
import type { CreateUserInput, Role } from '@icehouse/domain';

type Client = TRPCClient<AppRouter>;

/** A user as users.list gives it (is_superuser on read; the form writes is_admin). */
export type UserRow = Awaited<ReturnType<Client['users']['list']['query']>>[number];

/** One change of a user's role, as users.roleChanges gives it. */
export type RoleChangeRow = Awaited<ReturnType<Client['users']['roleChanges']['query']>>[number];

type UserSwitch = 'is_admin' | 'is_active';

/**
 * What the user form edits: createUserSchema's texts as typed, the two switches, and the role a user
 * has when Admin is off (Admin on is the admin role).
 */
export type UserFormValues = Record<Exclude<keyof CreateUserInput, UserSwitch | 'role'>, string> &
  Record<UserSwitch, boolean> & { role: Exclude<Role, 'admin'> };

/** A new user: Active on, Admin off, the office role. */
export const EMPTY_USER_FORM: UserFormValues = {
  username: '',
  email: '',
  password: '',
  is_admin: false,
  is_active: true,
  role: 'office',
};

/** The role a save sends: admin when the Admin switch is on, else the one chosen. */
export const roleOfForm = (values: UserFormValues): Role => (values.is_admin ? 'admin' : values.role);

/** A row loaded into the form for editing, with a blank password (blank keeps the current one). */
export function userToFormValues(user: UserRow): UserFormValues {
  return {
    username: user.username,
    email: user.email ?? '',
    password: '',
    is_admin: user.is_superuser,
    is_active: user.is_active,
    role: user.role === 'admin' ? 'office' : user.role,
  };
}
