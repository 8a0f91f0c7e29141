import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '@icehouse/server/trpc';

type Client = TRPCClient<AppRouter>;

/** One row of customers.list. */
export type CustomerListRow = Awaited<ReturnType<Client['customers']['list']['query']>>['results'][number];
/** A customer as customers.get answers it. */
export type CustomerDetail = Awaited<ReturnType<Client['customers']['get']['query']>>;
export type ShipTo = CustomerDetail['ship_to'][number];
