import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '@icehouse/server/trpc';

type Client = TRPCClient<AppRouter>;

/** One row of orders.list / orders.initialData (the orders list's table). */
export type OrderListRow = Awaited<ReturnType<Client['orders']['list']['query']>>['results'][number];

/** What orders.list and orders.initialData take (without `page`). */
export type OrderListInput = NonNullable<Parameters<Client['orders']['list']['query']>[0]>;

/** One month of orders.byMonth (the dashboard's table). */
export type MonthSummaryRow = Awaited<ReturnType<Client['orders']['byMonth']['query']>>[number];

/** A status as lookups.statusChoices gives it. */
export type StatusChoice = Awaited<ReturnType<Client['lookups']['statusChoices']['query']>>[number];
