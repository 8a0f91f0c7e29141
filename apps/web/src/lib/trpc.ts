import { createTRPCReact } from '@trpc/react-query';
import { httpBatchLink, httpSubscriptionLink, splitLink, type TRPCClient } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@icehouse/server/trpc';
import { http, type HttpClient } from './http';

/** Typed React hooks for every procedure of the server: `trpc.system.status.useQuery()`. */
export const trpc = createTRPCReact<AppRouter>();

export const TRPC_URL = '/trpc';

export interface TrpcClientOptions {
  /** Where tRPC lives: '/trpc' on the app's own origin (the Vite dev server proxies it to the server). */
  url?: string;
  /** The shared HTTP client (cookies, CSRF, 401 redirect); tests pass one built over a fake fetch. */
  httpClient?: HttpClient;
}

/** The tRPC client: batches calls to /trpc through the shared fetch, so the CSRF and 401 rules apply. */
export function createTrpcClient(options: TrpcClientOptions = {}): TRPCClient<AppRouter> {
  const client = options.httpClient ?? http;
  return trpc.createClient({
    links: [
      // Subscriptions (the live feed) are server-sent events with the session cookie; the rest is batched.
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url: options.url ?? TRPC_URL,
          eventSourceOptions: { withCredentials: true },
        }),
        false: httpBatchLink({
          url: options.url ?? TRPC_URL,
          fetch: (input, init) => client.fetch(input, init as RequestInit | undefined),
        }),
      }),
    ],
  });
}

/** Every procedure's answer, inferred from the server's router: `RouterOutputs['bols']['info']`. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
/** Every procedure's input, inferred from the server's router. */
export type RouterInputs = inferRouterInputs<AppRouter>;
