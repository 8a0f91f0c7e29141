import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    // A migrated embedded database takes a few seconds to open per test file.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
