import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import type { InvoiceListInput, InvoiceListRow } from './types';

export interface InvoicePages {
  /** The loaded rows of every page, newest first, each invoice once. */
  rows: InvoiceListRow[];
  /** How many invoices match (null before the first answer). */
  count: number | null;
  /** True while the first page for the current search loads. */
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
 * The invoice list's data (invoices spec §2, §7, §9): invoices.list page by page (page numbers;
 * another page while the server gives `next`). Every page is its own query, so when a delete or a
 * save invalidates `invoices.list`, every loaded page refreshes. Rows are kept once per id, since
 * an invoice created or deleted while someone pages shifts the pages.
 */
export function useInvoicePages(search: string, status = ''): InvoicePages {
  const input: InvoiceListInput = { ...(search ? { search } : {}), ...(status ? { status } : {}) };
  const key = JSON.stringify(input);
  const [paging, setPaging] = useState({ key, pages: 1 });
  // A new search starts again from the first page.
  const pages = paging.key === key ? paging.pages : 1;

  const first = trpc.invoices.list.useQuery(input, { placeholderData: keepPreviousData });
  const more = trpc.useQueries((t) =>
    Array.from({ length: pages - 1 }, (_, index) => t.invoices.list({ ...input, page: index + 2 })),
  );

  const current = first.data && !first.isPlaceholderData ? first.data : undefined;
  const shown = current ?? first.data;
  const seen = new Set<number>();
  const rows: InvoiceListRow[] = [];
  const add = (results: readonly InvoiceListRow[] | undefined) => {
    for (const row of results ?? []) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  };
  add(shown?.results);
  if (current) for (const page of more) add(page.data?.results);

  const last = pages === 1 ? current : more[pages - 2]?.data;
  return {
    rows,
    count: shown?.count ?? null,
    searching: first.isPending || (first.isPlaceholderData && first.isFetching),
    failed: first.isError && !current,
    moreFailed: more.some((page) => page.isError),
    retry: () => {
      if (first.isError) void first.refetch();
      for (const page of more) if (page.isError) void page.refetch();
    },
    hasNext: Boolean(current && last && last.next !== null && last.next !== undefined),
    loadingMore: more.some((page) => page.isPending),
    loadMore: () => setPaging({ key, pages: pages + 1 }),
  };
}
