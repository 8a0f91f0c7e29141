import { defineRestFuzz, fuzzOptions } from './suites';

// Every REST route, a dozen generated bad requests each (seeded): `npm run test:faults` runs many more.
defineRestFuzz(fuzzOptions({ runs: 12, seed: 20_240_601 }));
