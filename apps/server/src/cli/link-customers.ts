// `npm run customers:link`
// Links the orders that have no customer to customers, grouping them by normalised billing name and
// address (decision 071), and prints what it merged. The server does the same at start-up;
// running it again changes nothing. With the embedded database, stop the server first.
import { createDb } from '@icehouse/db/client';
import { DataDirLockedError } from '@icehouse/db';
import { loadEnv } from '../env';
import { linkOrdersToCustomers, linkReportLines } from '../modules/customers/link';

const env = loadEnv();
try {
  const database = await createDb(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
  );
  try {
    await database.migrate();
    const report = await linkOrdersToCustomers(database);
    for (const line of linkReportLines(report)) console.log(line);
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(
      `Cannot link: ${error.message}\nStop the server first: it links orders to customers itself when it starts.`,
    );
  } else {
    console.error(`Linking failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exitCode = 1;
}
