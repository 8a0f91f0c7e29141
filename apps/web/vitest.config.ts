import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Run tests west of UTC, where parsing a date-only string with `new Date()` shows the previous day.
process.env.TZ = 'America/Chicago';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Two cores: two files at a time (vitest's default leaves one core to itself). Each file keeps its
    // own process and DOM.
    maxWorkers: 2,
    // Above Testing Library's 15 s wait (src/test/setup.ts), so a slow machine fails no test by time.
    testTimeout: 60_000,
  },
});
