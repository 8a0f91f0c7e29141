import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { stopDebounceClock } from './debounceClock';
import { takeAnswerMismatches } from './answerChecks';

// findBy*/waitFor give up after 1 s by default: a loaded machine (lazy routes, many tests at once)
// can take longer to render a screen, so they wait up to 15 s. A passing test still finishes as
// soon as its condition holds; the bound only decides how long a failing one takes to fail.
configure({ asyncUtilTimeout: 15_000 });

// jsdom cannot draw on a canvas: its getContext answers null after logging "Not implemented". The
// same null, without the log (charts then show their table instead: features/schedule/MonthlyChart).
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

afterEach(() => {
  cleanup();
  // A test that faked the clock (debounceClock) never leaves it fake for the next one.
  stopDebounceClock();
  // A fake answered what the server would not (answerChecks.ts): the test fails, whatever the screen did.
  const mismatches = takeAnswerMismatches();
  if (mismatches.length > 0) throw new Error(mismatches.join('\n'));
});
