/**
 * `npm run bench -w @icehouse/db`: prints how long opening, migrating and
 * resetting a database takes (PGlite always; PostgreSQL too when
 * TEST_DATABASE_URL is set). Figures, not a test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, createPgliteClient, migrationsFolder, wrapPglite } from '../client';
import { openTestDatabase, truncateAll } from '../testing';

async function time<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await fn();
  console.log(
    `${label.padEnd(52)} ${Math.round(performance.now() - started)
      .toString()
      .padStart(6)} ms`,
  );
  return result;
}

async function main(): Promise<void> {
  const folder = migrationsFolder();

  const mem = await time('PGlite in-memory: create (cold, first in process)', () =>
    createPgliteClient(undefined),
  );
  const memDb = wrapPglite(mem, { migrationsFolder: folder });
  await time('PGlite in-memory: migrate', () => memDb.migrate());
  const dump = await time('PGlite: dumpDataDir (template)', () => mem.dumpDataDir('none'));
  await time('PGlite in-memory: reset (truncate all)', () => truncateAll(memDb));
  await memDb.close();
  await time('PGlite in-memory: create (warm)', async () => (await createPgliteClient(undefined)).close());
  await time('PGlite in-memory: load migrated template', async () =>
    (await createPgliteClient(undefined, { loadDataDir: dump })).close(),
  );

  const dir = mkdtempSync(path.join(tmpdir(), 'icehouse-bench-'));
  try {
    const fresh = await time('PGlite data folder: create fresh', () => createDb({ dataDir: dir }));
    await time('PGlite data folder: migrate', () => fresh.migrate());
    await fresh.close();
    const again = await time('PGlite data folder: reopen existing', () => createDb({ dataDir: dir }));
    await time('PGlite data folder: migrate (nothing to do)', () => again.migrate());
    await again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const t1 = await time('openTestDatabase() (PGlite, template cached)', () =>
    openTestDatabase({ testDatabaseUrl: '' }),
  );
  await time('  reset()', () => t1.reset());
  await t1.database.close();

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const t2 = await time('openTestDatabase() (PostgreSQL, create + migrate)', () =>
      openTestDatabase({ testDatabaseUrl: url }),
    );
    await time('  reset()', () => t2.reset());
    await time('  reset() again', () => t2.reset());
    await t2.database.close();
    const t3 = await time('openTestDatabase() (PostgreSQL, already prepared)', () =>
      openTestDatabase({ testDatabaseUrl: url }),
    );
    await t3.database.close();
    const pg = await createDb({ databaseUrl: url });
    await time('PostgreSQL: ping', () => pg.ping());
    await pg.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
