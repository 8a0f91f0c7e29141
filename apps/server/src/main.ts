import { createDb } from '@icehouse/db/client';
import { loadEnv } from './env';
import { createLogger } from './logger';

/**
 * The server's entry point. The embedded database takes seconds to open on its own thread, and this
 * thread takes about as long to load the app's modules: both at once, so a start (or a restart after a
 * crash) waits for the longer of the two, not for both.
 */
async function main() {
  const env = loadEnv();
  const log = createLogger(env.LOG_LEVEL, env.NODE_ENV === 'development');
  const opening = createDb(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  const loading = import('./serve');
  // Neither is left unobserved if the other fails first.
  opening.catch(() => undefined);
  loading.catch(() => undefined);
  const database = await opening;
  const { serve } = await loading;
  await serve(env, log, database);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
