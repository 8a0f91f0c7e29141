import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '@icehouse/server/trpc';
import { createTrpcClient, trpc } from './lib/trpc';
import { createQueryClient } from './lib/query';
import { http, type HttpClient } from './lib/http';
import { HttpClientContext } from './lib/httpContext';

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own (no retries, a fake fetch); the app builds the real ones once. */
  queryClient?: QueryClient;
  /** The HTTP client (cookies, CSRF, 401 rule); the tRPC client is built over it unless given too. */
  httpClient?: HttpClient;
  trpcClient?: TRPCClient<AppRouter>;
}

/** Server state for the whole app: one QueryClient shared by the tRPC hooks and plain queries. */
export function AppProviders({
  children,
  queryClient: givenQueryClient,
  httpClient = http,
  trpcClient: givenTrpcClient,
}: AppProvidersProps) {
  const [queryClient] = useState(() => givenQueryClient ?? createQueryClient());
  const [trpcClient] = useState(() => givenTrpcClient ?? createTrpcClient({ httpClient }));
  return (
    <HttpClientContext.Provider value={httpClient}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </trpc.Provider>
    </HttpClientContext.Provider>
  );
}
