import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '@icehouse/server/trpc';
import type { CreateUserInput } from '@icehouse/domain';

type Client = TRPCClient<AppRouter>;

/** A user as users.list gives it (is_superuser on read; the form writes is_admin). */
export type UserRow = Awaited<ReturnType<Client['users']['list']['query']>>[number];

type UserSwitch = 'is_admin' | 'is_active';

/** What the user form edits: createUserSchema's fields, the texts as typed and the two switches. */
export type UserFormValues = Record<Exclude<keyof CreateUserInput, UserSwitch>, string> &
  Record<UserSwitch, boolean>;

/** A new user: Active on, Admin off. */
export const EMPTY_USER_FORM: UserFormValues = {
  username: '',
  email: '',
  password: '',
  is_admin: false,
  is_active: true,
};

/** A row loaded into the form for editing, with a blank password (blank keeps the current one). */
export function userToFormValues(user: UserRow): UserFormValues {
  return {
    username: user.username,
    email: user.email ?? '',
    password: '',
    is_admin: user.is_superuser,
    is_active: user.is_active,
  };
}
