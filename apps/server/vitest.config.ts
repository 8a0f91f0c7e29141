import { configDefaults, defineConfig } from 'vitest/config';

/** `*.pg.test.ts`: races only PostgreSQL can lose (PGlite runs one statement at a time); not even loaded without it. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: onPostgres ? configDefaults.exclude : [...configDefaults.exclude, '**/*.pg.test.ts'],
    // A migrated embedded database takes a few seconds to open per test file.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
