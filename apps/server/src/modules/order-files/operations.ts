import type {} from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS, MESSAGES } from '@icehouse/domain';
import { AppError } from '../../errors';
import type { AppDeps, SessionUser } from '../../deps';
import { defineBinaryOperation, defineOperation, operationSet } from '../../operations/define';
import {
  blueprintAnswer,
  doorPlacementAnswer,
  fileAnswer,
  orderFileInput,
  uploadBodyDoc,
  type OrderFileKind,
} from './schemas';
import { FILE_LABELS, assertOrderTakesFiles, inlineContentDisposition, readOrderFile, removeOrderFile, uploadOrderFile } from './files';

/** An order's two PDFs (blueprint, door placement drawing): upload and serve are REST only; remove is on both doors. */
const TAG = 'Orders';
const UNREADABLE_UPLOAD = 'The upload could not be read (malformed multipart/form-data). Please choose the file again.';
const answerOf = (kind: OrderFileKind) => (kind === 'blueprint' ? blueprintAnswer : doorPlacementAnswer);

/**
 * Streams the one file part of a multipart upload into the blob store; a body the parser cannot read
 * (no boundary, cut short) is the client's: 400.
 */
async function streamUpload(deps: AppDeps, user: SessionUser, id: number, req: FastifyRequest, kind: OrderFileKind) {
  const field = FILE_LABELS[kind].field;
  const unreadable = (error: unknown): unknown => {
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (error instanceof AppError || (typeof status === 'number' && status < 500)) return error;
    return AppError.validation({ [field]: [UNREADABLE_UPLOAD] }, UNREADABLE_UPLOAD);
  };
  const part = await req.file({ limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 20, parts: 40 } }).catch((error: unknown) => {
    throw unreadable(error);
  });
  if (!part) throw AppError.validation({ [field]: [MESSAGES.uploadNoFile] }, MESSAGES.uploadNoFile);
  return uploadOrderFile(deps, user, id, kind, part).catch((error: unknown) => {
    throw unreadable(error);
  });
}

const uploadBinding = (path: string, kind: OrderFileKind, summary: string) => {
  const field = FILE_LABELS[kind].field;
  return {
    method: 'POST' as const,
    path,
    summary,
    tag: TAG,
    fixed: { kind },
    consumes: ['multipart/form-data'],
    bodyDoc: uploadBodyDoc(field),
    output: answerOf(kind),
  };
};

/** Named `orders.*` with the order's other calls, where they were declared first (the tRPC paths the web calls). */
export const orderFileOperations = operationSet('orders', {
  uploadFile: defineOperation({
    kind: 'mutation',
    access: 'sales',
    input: orderFileInput,
    output: fileAnswer,
    trpc: false,
    run: async ({ deps, user, input, req }) => {
      await assertOrderTakesFiles(deps, input.id);
      return streamUpload(deps, user, input.id, req, input.kind);
    },
    rest: [
      uploadBinding('/api/orders/{id}/blueprint/', 'blueprint', 'Upload the blueprint PDF (multipart field blueprint)'),
      uploadBinding(
        '/api/orders/{id}/door-placement-drawing/',
        'door_placement',
        'Upload the door placement drawing PDF (multipart field door_placement_drawing)',
      ),
      uploadBinding('/api/orders/{id}/door-placement/', 'door_placement', 'Older path of /api/orders/{id}/door-placement-drawing/'),
    ],
  }),
  removeFile: defineOperation({
    kind: 'mutation',
    access: 'sales',
    input: orderFileInput,
    output: fileAnswer,
    run: ({ deps, user, input }) => removeOrderFile(deps, user, input.id, input.kind),
    rest: [
      { method: 'DELETE', path: '/api/orders/{id}/remove-blueprint/', summary: 'Remove the blueprint PDF', tag: TAG, fixed: { kind: 'blueprint' }, output: blueprintAnswer },
      {
        method: 'DELETE',
        path: '/api/orders/{id}/remove-door-placement/',
        summary: 'Remove the door placement drawing PDF',
        tag: TAG,
        fixed: { kind: 'door_placement' },
        output: doorPlacementAnswer,
      },
    ],
  }),
  serveFile: defineBinaryOperation({
    kind: 'query',
    access: 'work',
    input: orderFileInput,
    trpc: false,
    run: ({ deps, input, req }) => readOrderFile(deps, input.id, input.kind, req.headers['if-none-match']),
    rest: [
      { path: '/api/orders/{id}/serve-blueprint/', summary: 'The blueprint PDF (inline)', kind: 'blueprint' as const },
      { path: '/api/orders/{id}/serve-door-placement/', summary: 'The door placement drawing PDF (inline)', kind: 'door_placement' as const },
    ].map(({ path, summary, kind }) => ({
      method: 'GET' as const,
      path,
      summary,
      tag: TAG,
      fixed: { kind },
      produces: 'application/pdf',
      reply: (file: Awaited<ReturnType<typeof readOrderFile>>, reply: FastifyReply) => {
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', inlineContentDisposition(file.filename))
          .header('cache-control', 'private, no-cache')
          .header('x-content-type-options', 'nosniff')
          .header('etag', `"${file.sha256}"`);
        if (!file.stream) return reply.code(304).send();
        // Streamed from the blob store: memory stays at a chunk whatever the file's size.
        return reply.header('content-length', file.size).send(file.stream);
      },
    })),
  }),
});
