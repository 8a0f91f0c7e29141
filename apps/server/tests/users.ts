import type { Role } from '@icehouse/domain';
import type { Database } from '@icehouse/db/client';
import { createUser } from '../src/modules/users/service';

export const PASSWORD = 'correct-horse-battery';

/** Creates the two users most tests sign in as: `admin` and `staff` (the office role). */
export async function createStandardUsers(database: Database) {
  const admin = await createUser({ database }, { username: 'admin', email: 'admin@example.com', password: PASSWORD, is_admin: true, is_active: true });
  const staff = await createUser({ database }, { username: 'staff', email: '', password: PASSWORD, is_admin: false, is_active: true });
  return { admin, staff };
}

/** A user of `role` named after it (`sales`, `shop`...), signing in with PASSWORD. */
export function createRoleUser(database: Database, role: Role, username: string = role) {
  return createUser({ database }, { username, email: `${username}@example.com`, password: PASSWORD, is_admin: role === 'admin', is_active: true, role });
}
