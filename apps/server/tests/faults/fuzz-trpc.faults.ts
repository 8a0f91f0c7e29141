import { defineTrpcFuzz, fuzzOptions } from '../fuzz/suites';
import { record } from './results';

// The larger run of the bad-input attack on every tRPC procedure (the normal suite runs 12 per procedure).
defineTrpcFuzz({ ...fuzzOptions({ runs: 60, seed: 1_337 }), report: (tally) => record('fuzz-trpc', { ...tally }) });
