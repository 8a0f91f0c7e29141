/**
 * `npm run db:migrate`: applies the committed migrations to DATABASE_URL
 * (PostgreSQL) or, when unset, to the embedded database in DATA_DIR (default ./data).
 * Refuses to touch a data folder that a running server holds.
 */
import { createDb, DEFAULT_DATA_DIR } from '../client';

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || DEFAULT_DATA_DIR;
  const started = Date.now();
  const database = await createDb({ databaseUrl, dataDir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const where = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${dataDir}`;
  console.log(`Migrations applied to ${where} in ${Date.now() - started} ms.`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
