import { configDefaults, defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Files that never open a database: on PostgreSQL they would only repeat what the PGlite pass proved.
 * The small fuzz is among them (it attacks input validation; the fault suite runs the large one).
 */
const DATABASE_FREE = [
  'src/pdf/**',
  'src/csv/**',
  'src/operations/**',
  'src/blobs/**',
  'src/env.test.ts',
  'src/header-values.test.ts',
  'src/prepared-query.test.ts',
  'tests/fuzz/**',
  'tests/deployment.test.ts',
  'tests/module-map.test.ts',
  'tests/module-shape.test.ts',
];

/** `*.pg.test.ts`: races only PostgreSQL can lose (PGlite runs one statement at a time); not even loaded without it. */
const POSTGRES_ONLY = ['**/*.pg.test.ts'];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(onPostgres ? DATABASE_FREE : POSTGRES_ONLY)],
    // One process per worker for every file (not one per file): the app's module graph is loaded once
    // per worker instead of once per file. Each file still builds its own app and database.
    isolate: false,
    // Two cores: two files at a time (vitest's default leaves one core to itself).
    maxWorkers: 2,
    // A migrated embedded database takes a few seconds to open per test file.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
