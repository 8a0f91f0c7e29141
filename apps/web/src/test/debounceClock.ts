import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

type JestShim = { advanceTimersByTime: (ms: number) => void };
const global = globalThis as typeof globalThis & { jest?: JestShim };

/**
 * A fake clock for debounce tests: only setTimeout/clearTimeout (what the debounce uses) are
 * faked, so React's scheduler keeps real time. Typing takes no time on this clock and a pause is
 * counted exactly, so a loaded machine cannot make the test fail.
 *
 * Testing Library recognises fake timers only through a global `jest` (it then advances them
 * where it would otherwise wait on a timer of its own, e.g. after every user-event call); vitest
 * has none, so a small stand-in is set while the clock is fake; waitFor/findBy* then advance the
 * fake clock as they poll. Keep the clock fake until the test ends (setup.ts restores the real
 * one): timers still pending on a fake clock, such as a tRPC batch about to be sent, are dropped
 * when it is stopped.
 */
export function debounceClock(options: { intervals?: boolean } = {}) {
  // With intervals: setInterval too (heartbeats, such as presence's every 5 s).
  vi.useFakeTimers({
    toFake: options.intervals
      ? ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval']
      : ['setTimeout', 'clearTimeout'],
  });
  global.jest = { advanceTimersByTime: (ms) => vi.advanceTimersByTime(ms) };
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  return {
    user,
    /** Lets `ms` pass on the fake clock, running the timers that fall due and what they start. */
    async pause(ms: number) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
      });
    },
  };
}

export function stopDebounceClock() {
  delete global.jest;
  vi.useRealTimers();
}
