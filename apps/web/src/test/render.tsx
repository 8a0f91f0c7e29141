import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { AppProviders } from '../AppProviders';
import { createHttpClient } from '../lib/http';
import { createTrpcClient } from '../lib/trpc';
import { createFakeFetch, type FakeHandler } from './fakeFetch';

/**
 * Renders `ui` inside the app's providers, with the real tRPC client and the real HTTP client over a
 * fake fetch: what the screen asks the server is answered by `handler` (see `trpcBatch`).
 */
export function renderWithServer(
  ui: ReactElement,
  handler: FakeHandler,
  options: { location?: string } = {},
) {
  const fake = createFakeFetch(handler);
  const onUnauthorized = vi.fn();
  const httpClient = createHttpClient({
    fetch: fake.fetch,
    onUnauthorized,
    currentLocation: () => options.location ?? '/',
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const trpcClient = createTrpcClient({ httpClient });
  const result = render(
    <AppProviders queryClient={queryClient} trpcClient={trpcClient}>
      {ui}
    </AppProviders>,
  );
  return { ...result, ...fake, onUnauthorized, queryClient };
}
