import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // PGlite needs ~2 s to start cold; PostgreSQL tests create a database per worker.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
