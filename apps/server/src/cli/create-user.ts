// `npm run user:create -- <username> [--superuser | --role <role>] [--email x@y.z]`
// Creates a user by hand (e.g. the first admin; --superuser is the admin role, the default role is office). The password is read from
// USER_PASSWORD or asked for on the terminal. Same database settings as the server.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { createDb } from '@icehouse/db/client';
import { ROLE_LABELS, createUserSchema, summarizeFieldErrors, zodIssuesToFieldErrors } from '@icehouse/domain';
import { loadEnv } from '../env';
import { AppError } from '../errors';
import { createUser } from '../modules/users/service';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { superuser: { type: 'boolean', default: false }, role: { type: 'string' }, email: { type: 'string' } },
});
const username = positionals[0];
if (!username) {
  console.error('Usage: npm run user:create -- <username> [--superuser | --role admin|office|sales|accounting|shop] [--email address]');
  process.exit(2);
}

async function readPassword(): Promise<string> {
  if (process.env.USER_PASSWORD) return process.env.USER_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question(`Password for ${username} (at least 8 characters): `);
  } finally {
    rl.close();
  }
}

const parsed = createUserSchema.safeParse({
  username,
  email: values.email ?? '',
  password: await readPassword(),
  is_admin: values.superuser,
  is_active: true,
  role: values.role ?? null,
});
if (!parsed.success) {
  console.error(summarizeFieldErrors(zodIssuesToFieldErrors(parsed.error)));
  process.exit(2);
}

const env = loadEnv();
const database = await createDb(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
try {
  await database.migrate();
  const user = await createUser({ database }, parsed.data);
  console.log(`Created ${ROLE_LABELS[user.role]} user "${user.username}" (id ${user.id}).`);
} catch (error) {
  console.error(error instanceof AppError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
