import { defineTrpcFuzz, fuzzOptions } from './suites';

// Every tRPC procedure, a dozen generated bad calls each (seeded): `npm run test:faults` runs many more.
defineTrpcFuzz(fuzzOptions({ runs: 12, seed: 20_240_601 }));
