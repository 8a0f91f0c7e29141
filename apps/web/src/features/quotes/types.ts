import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@icehouse/server/trpc';

type Outputs = inferRouterOutputs<AppRouter>;
export type QuoteListRow = Outputs['quotes']['list']['results'][number];
export type QuoteView = Outputs['quotes']['get'];
export type CustomerLinkRow = Outputs['quotes']['links']['results'][number];
