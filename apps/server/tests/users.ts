import type { Database } from '@icehouse/db/client';
import { createUser } from '../src/modules/users/service';

export const PASSWORD = 'correct-horse-battery';

/** Creates the two users most tests sign in as. */
export async function createStandardUsers(database: Database) {
  const admin = await createUser({ database }, { username: 'admin', email: 'admin@example.com', password: PASSWORD, is_admin: true, is_active: true });
  const staff = await createUser({ database }, { username: 'staff', email: '', password: PASSWORD, is_admin: false, is_active: true });
  return { admin, staff };
}
