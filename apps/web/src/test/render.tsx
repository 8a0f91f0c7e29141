import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../AppProviders';
import { createHttpClient } from '../lib/http';
import { createTrpcClient } from '../lib/trpc';
import { routes } from '../routes';
import { createFakeFetch, type FakeHandler } from './fakeFetch';

/**
 * Renders `ui` inside the app's providers, with the real tRPC client and the real HTTP client over a
 * fake fetch: what the screen asks the server is answered by `handler` (see `trpcBatch`).
 */
export function renderWithServer(
  ui: ReactElement,
  handler: FakeHandler,
  options: { location?: string | (() => string) } = {},
) {
  const fake = createFakeFetch(handler);
  const onUnauthorized = vi.fn();
  const { location } = options;
  const httpClient = createHttpClient({
    fetch: fake.fetch,
    onUnauthorized,
    currentLocation: typeof location === 'function' ? location : () => location ?? '/',
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const trpcClient = createTrpcClient({ httpClient });
  const result = render(
    <AppProviders queryClient={queryClient} httpClient={httpClient} trpcClient={trpcClient}>
      {ui}
    </AppProviders>,
  );
  return { ...result, ...fake, onUnauthorized, httpClient, queryClient };
}

/** The whole app (its routes, guards and session) at `path`, over a fake server. */
export function renderApp(path: string, handler: FakeHandler) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const here = () => {
    const { pathname, search, hash } = router.state.location;
    return `${pathname}${search}${hash}`;
  };
  return { router, ...renderWithServer(<RouterProvider router={router} />, handler, { location: here }) };
}

/** The router's current location as one string: '/login?next=%2Fusers'. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}
