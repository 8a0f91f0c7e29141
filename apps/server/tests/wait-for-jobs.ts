import { sql } from 'drizzle-orm';
import type { Database } from '@icehouse/db/client';

/**
 * Waits until `condition` holds, checking every 50 ms; fails after `timeoutMs`. For outcomes of
 * background work (a job run by a worker), whose moment no test can know.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Without a database: whether tests run on PostgreSQL. With one: the URL of that test database
 * (TEST_DATABASE_URL's server, the database the harness made for this worker).
 */
export function testDatabaseUrl(): string | undefined;
export function testDatabaseUrl(database: Database): Promise<string | undefined>;
export function testDatabaseUrl(database?: Database): string | undefined | Promise<string | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!database) return base || undefined;
  if (!base) return Promise.resolve(undefined);
  return (async () => {
    const result = await database.db.execute(sql`select current_database() as name`);
    const name = (Array.from(result as unknown as { name: string }[])[0] as { name: string }).name;
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  })();
}
