import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: the slow fault-injection tests (tests/faults/*.faults.ts) against the BUILT
 * server (`npm run build` first) and the machine's PostgreSQL (127.0.0.1:5432, through a proxy the
 * tests cut and restore; the server itself is never stopped). Long timeouts; two files at a time.
 */
export default defineConfig({
  test: {
    include: ['tests/faults/**/*.faults.ts'],
    globalSetup: ['tests/faults/global-setup.ts'],
    testTimeout: 600_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
    // Memory figures of the PDF soak are taken after a garbage collection.
    execArgv: ['--expose-gc'],
    // Figures and progress as they come.
    reporters: ['verbose'],
  },
});
