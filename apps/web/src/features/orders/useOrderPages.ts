import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { listInput, type OrderFilters } from './filters';
import type { OrderListRow, StatusChoice } from './types';

export interface OrderPages {
  /** The loaded rows of every page, newest first, each order once. */
  rows: OrderListRow[];
  /** How many orders match, as the server counted them (null before the first answer). */
  count: number | null;
  /** Years that have orders, newest first, and the statuses on offer, for the filter dropdowns. */
  years: number[];
  statuses: StatusChoice[];
  /** True while the first page for the current filters loads (the table says 'Searching...'). */
  searching: boolean;
  /** The first page failed (nothing to show). */
  failed: boolean;
  /** A further page failed. */
  moreFailed: boolean;
  retry: () => void;
  hasNext: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/**
 * The orders list's data (orders spec §2, §7, §9): the first page with the dropdowns' years and
 * statuses from orders.initialData, further pages from orders.list (page numbers, 25 a page,
 * another page while the server gives `next`). Every page is a tRPC query, so when the order form
 * or a status change invalidates `orders`, all loaded pages refresh. Rows are kept once per id: an
 * order created while someone pages shifts the pages.
 */
export function useOrderPages(filters: OrderFilters): OrderPages {
  const input = listInput(filters);
  const key = JSON.stringify(input);
  const [paging, setPaging] = useState({ key, pages: 1 });
  // New filters start again from the first page.
  const pages = paging.key === key ? paging.pages : 1;

  // Previous data is kept only so the dropdowns keep their options while a new search runs.
  const first = trpc.orders.initialData.useQuery(input, { placeholderData: keepPreviousData });
  const more = trpc.useQueries((t) =>
    Array.from({ length: pages - 1 }, (_, index) => t.orders.list({ ...input, page: index + 2 })),
  );

  const current = first.data && !first.isPlaceholderData ? first.data : undefined;
  const seen = new Set<number>();
  const rows: OrderListRow[] = [];
  const add = (results: readonly OrderListRow[] | undefined) => {
    for (const row of results ?? []) {
      if (seen.has(row.id)) continue;
      // The server leaves voided orders out unless the status filter is voided; so does the list.
      if (row.status === 'voided' && filters.status !== 'voided') continue;
      seen.add(row.id);
      rows.push(row);
    }
  };
  if (current) {
    add(current.orders.results);
    for (const page of more) add(page.data?.results);
  }

  const last = pages === 1 ? current?.orders : more[pages - 2]?.data;
  const loadingMore = more.some((page) => page.isPending);
  const failedPage = more.find((page) => page.isError);

  return {
    rows,
    count: current?.orders.count ?? null,
    years: first.data?.years ?? [],
    statuses: first.data?.statuses ?? [],
    searching: first.isPending || (first.isPlaceholderData && first.isFetching),
    failed: first.isError && !current,
    moreFailed: failedPage !== undefined,
    retry: () => {
      if (first.isError) void first.refetch();
      for (const page of more) if (page.isError) void page.refetch();
    },
    hasNext: Boolean(current && last && last.next !== null && last.next !== undefined),
    loadingMore,
    loadMore: () => setPaging({ key, pages: pages + 1 }),
  };
}
