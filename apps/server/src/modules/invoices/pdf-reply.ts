import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../header-values';

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
