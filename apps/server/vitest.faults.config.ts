import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The two longest files (50 restarts; 1,000 renders) start first, one per worker; the rest fill in. */
const ORDER = ['kill9', 'pdf', 'fuzz-rest', 'backup', 'fuzz-trpc', 'pg-outage', 'sigterm'];
const rank = (file: TestSpecification) => {
  const name = file.moduleId.split('/').pop()!.replace(/\.faults\.ts$/, '');
  const index = ORDER.indexOf(name);
  return index === -1 ? ORDER.length : index;
};

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * `npm run test:faults`: the slow fault-injection tests (tests/faults/*.faults.ts) against the BUILT
 * server (the script builds it first) and the machine's PostgreSQL (127.0.0.1:5432, reached through a
 * proxy the tests cut and restore; the server itself is never stopped). Long timeouts; two files at a time.
 */
export default defineConfig({
  test: {
    include: ['tests/faults/**/*.faults.ts'],
    globalSetup: ['tests/faults/global-setup.ts'],
    testTimeout: 600_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    // Memory figures of the PDF soak are taken after a garbage collection.
    execArgv: ['--expose-gc'],
    // Figures and progress as they come.
    reporters: ['verbose'],
  },
});
