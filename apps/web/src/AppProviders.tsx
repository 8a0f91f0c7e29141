import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '@icehouse/server/trpc';
import { createTrpcClient, trpc } from './lib/trpc';
import { createQueryClient } from './lib/query';

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own (no retries, a fake fetch); the app builds the real ones once. */
  queryClient?: QueryClient;
  trpcClient?: TRPCClient<AppRouter>;
}

/** Server state for the whole app: one QueryClient shared by the tRPC hooks and plain queries. */
export function AppProviders({
  children,
  queryClient: givenQueryClient,
  trpcClient: givenTrpcClient,
}: AppProvidersProps) {
  const [queryClient] = useState(() => givenQueryClient ?? createQueryClient());
  const [trpcClient] = useState(() => givenTrpcClient ?? createTrpcClient());
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
