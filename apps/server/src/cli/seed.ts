// `npm run db:seed`: migrates and fills an empty database with the demo data set.
// Uses the same DATABASE_URL / DATA_DIR as the server; the embedded database refuses
// to open while a running server holds its data folder.
import { createDb } from '@icehouse/db/client';
import { seedDemo } from '@icehouse/db/seed';
import { loadEnv } from '../env';
import { hashPassword } from '../modules/auth/password';

const env = loadEnv();
const database = await createDb(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
try {
  await database.migrate();
  const summary = await seedDemo(database.db, { hashPassword });
  console.log(JSON.stringify(summary, null, 2));
} finally {
  await database.close();
}
