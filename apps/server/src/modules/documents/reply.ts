import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../header-values';
import type { ArchivedPdf } from './archive';

/** The archived bytes' strong validator: their SHA-256 (the same bytes always, by construction). */
export const etagOf = (sha256: string) => `"${sha256}"`;

/** Whether an If-None-Match header names this ETag (a list, `*`, or a weak form of it). */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const values = (Array.isArray(header) ? header.join(',') : header).split(',').map((v) => v.trim());
  return values.some((v) => v === '*' || v === etag || v === `W/${etag}`);
}

/**
 * Sends an archived PDF with a strong ETag; a request whose If-None-Match names it gets 304 and no
 * bytes. `private, no-cache`: kept by the browser only, and asked again each time (an edit makes a
 * new version at the same URL; the 304 makes asking cheap).
 */
export async function sendArchivedPdf(
  reply: FastifyReply,
  pdf: ArchivedPdf,
  disposition: 'inline' | 'attachment',
  status = 200,
): Promise<FastifyReply> {
  const etag = etagOf(pdf.document.sha256);
  reply
    .header('etag', etag)
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('x-document-version', String(pdf.document.version));
  if (status === 200 && matchesIfNoneMatch(reply.request.headers['if-none-match'], etag))
    return reply.code(304).send();
  return reply
    .code(status)
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(disposition, pdf.filename))
    .send(await pdf.bytes());
}

/**
 * Sends a rendered PDF. `attachment` makes browsers download it under `filename`; `inline` shows
 * it (the viewer and print frames). Never cached: documents change when their data does.
 */
export function sendPdf(
  reply: FastifyReply,
  pdf: Buffer,
  disposition: 'inline' | 'attachment',
  filename: string,
  status = 200,
): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(disposition, filename))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf);
}

/** The OpenAPI group of the bills of lading and of the order's print. */
export const PRINTING_TAG = 'Bills of lading and printing';
