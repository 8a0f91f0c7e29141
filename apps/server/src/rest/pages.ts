import type { FastifyRequest } from 'fastify';

/** DRF-style page link: the request's full URL with the same filters, page 1 without `page`. */
export function pageUrl(req: FastifyRequest, page: number | null, pathname?: string): string | null {
  if (page === null) return null;
  const url = new URL(req.url, `${req.protocol}://${req.host}`);
  if (pathname) url.pathname = pathname;
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

/** A tRPC list answer (page numbers) as REST answers it (page URLs). */
export function restPage<T extends { next: number | null; previous: number | null }>(answer: T, req: FastifyRequest) {
  return { ...answer, next: pageUrl(req, answer.next), previous: pageUrl(req, answer.previous) };
}
