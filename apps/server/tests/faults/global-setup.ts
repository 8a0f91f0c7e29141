import { assertBuilt } from './harness';
import { clearResults, readResults, RESULTS_DIR } from './results';

/** The faults run: needs the built server; prints every test's figures at the end. */
export default function setup() {
  assertBuilt();
  clearResults();
  return () => {
    const results = readResults();
    const lines = Object.entries(results).map(([name, figures]) => `  ${name}: ${JSON.stringify(figures)}`);
    console.info(`\nFaults run figures (${RESULTS_DIR}):\n${lines.join('\n')}\n`);
  };
}
