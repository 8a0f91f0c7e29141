import { AppError } from '../errors';

/** The most rows a page of any list may have (`page_size`, decision 130). */
export const PAGE_SIZE_MAX = 100;

/**
 * How many rows a prepared page query fetches for a page of `size` rows: the default page and one more,
 * or the largest page and one more. The number is written into the statement (with a LIMIT parameter
 * PostgreSQL's one generic plan must allow for any number of rows), so two statements per query serve
 * every page size instead of one per size; the rows past the page only say whether there is a next one.
 */
export function pageFetch(size: number, defaultSize: number): number {
  return size <= defaultSize ? defaultSize + 1 : PAGE_SIZE_MAX + 1;
}

/** A page of a list as the operations answer it: page numbers on tRPC, turned into URLs on REST (rest/pages.ts). */
export interface ListPage<Row> {
  count: number;
  next: number | null;
  previous: number | null;
  results: Row[];
}

/**
 * The rows of page `page` from a query that fetched the page and at least one row more (that row only
 * says whether there is a next page; see pageFetch), with the neighbouring page numbers. A page past the end is 404
 * 'Invalid page.' (DRF).
 */
export function pageRows<Row>(fetched: readonly Row[], page: number, size: number): { rows: Row[]; next: number | null; previous: number | null } {
  if (page > 1 && fetched.length === 0) throw AppError.notFound('Invalid page.');
  return { rows: fetched.slice(0, size), next: fetched.length > size ? page + 1 : null, previous: page > 1 ? page - 1 : null };
}

/**
 * A search's `count`, counted up to `limit`: on the last page (`fetched`, the page and one more,
 * has no extra row) the rows seen, so nothing is counted; otherwise `counted()`, past the limit a
 * lower bound (the limit, or the rows up to the end of this page and one more when that is more)
 * while `next` keeps leading on.
 */
export async function searchCount(
  fetched: number,
  page: number,
  size: number,
  limit: number,
  counted: () => number | Promise<number>,
): Promise<number> {
  const seen = (page - 1) * size + Math.min(fetched, size);
  if (fetched <= size) return seen;
  const n = await counted();
  return n > limit ? Math.max(limit, seen + 1) : n;
}
