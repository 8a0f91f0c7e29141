import { defineRestFuzz, fuzzOptions } from '../fuzz/suites';
import { record } from './results';

// The larger run of the bad-input attack on every REST route (the normal suite runs 12 per route).
defineRestFuzz({ ...fuzzOptions({ runs: 60, seed: 1_337 }), report: (tally) => record('fuzz-rest', { ...tally }) });
