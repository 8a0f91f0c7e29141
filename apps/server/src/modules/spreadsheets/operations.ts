import type {} from '@fastify/multipart';
import { SPREADSHEET_LIMITS, SPREADSHEET_MESSAGES } from '@icehouse/domain';
import { AppError } from '../../errors';
import { defineBinaryOperation, defineOperation, operationSet } from '../../operations/define';
import {
  batchAnswer,
  batchListAnswer,
  cellEditInput,
  kindInput,
  previewAnswer,
  previewInput,
  templateInput,
  uploadAnswer,
  uploadBodyDoc,
} from './schemas';
import { createUpload, editUploadCell } from './uploads';
import { importUpload, listBatches, previewUpload } from './import';
import { undoLastImport } from './undo';
import { spreadsheetTemplate } from './templates';

/**
 * The spreadsheet import, for admins: customers (with ship-to addresses), components (cost, markup,
 * stock) and products (with component lines) from a CSV or XLSX. Upload, then preview with a mapping
 * (nothing written), correct cells, import in one transaction, undo the last import; templates.
 */
const TAG = 'Spreadsheet import';
const unreadable = () => AppError.validation({ file: [SPREADSHEET_MESSAGES.fileUnreadable] }, SPREADSHEET_MESSAGES.fileUnreadable);

export const spreadsheetsOperations = operationSet('spreadsheets', {
  template: defineBinaryOperation({
    kind: 'query',
    access: 'admin',
    input: templateInput,
    trpc: false,
    run: ({ input }) => spreadsheetTemplate(input.kind, input.format),
    rest: {
      method: 'GET',
      path: '/api/spreadsheets/{kind}/template/',
      summary: "A kind's template (customers, components, products): its header row, as CSV (format=csv, the default) or XLSX (format=xlsx)",
      tag: TAG,
      query: true,
      produces: 'text/csv',
      reply: (t, reply) =>
        reply
          .code(200)
          .header('content-type', t.contentType)
          .header('content-disposition', `attachment; filename="${t.filename}"`)
          .header('cache-control', 'private, no-cache')
          .header('x-content-type-options', 'nosniff')
          .send(t.bytes),
    },
  }),
  upload: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: kindInput,
    output: uploadAnswer,
    trpc: false,
    run: async ({ deps, user, input, req }) => {
      const part = await req
        .file({ limits: { fileSize: SPREADSHEET_LIMITS.maxBytes, files: 1, fields: 20, parts: 40 } })
        .catch((error: unknown) => {
          const status = (error as { statusCode?: unknown } | null)?.statusCode;
          throw typeof status === 'number' && status < 500 ? error : unreadable();
        });
      if (!part) throw AppError.validation({ file: [SPREADSHEET_MESSAGES.fileType] }, SPREADSHEET_MESSAGES.fileType);
      return createUpload(deps, user.id, input.kind, part);
    },
    rest: {
      method: 'POST',
      path: '/api/spreadsheets/{kind}/uploads/',
      summary:
        'Upload a sheet (multipart field file, .csv or .xlsx) of customers, components or products: answers its headers, row count and the mapping to start from (the last one imported with, else suggested); 413 beyond the size limit, 415 another type',
      tag: TAG,
      consumes: ['multipart/form-data'],
      bodyDoc: uploadBodyDoc,
      successStatus: 201,
    },
  }),
  preview: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: previewInput,
    output: previewAnswer,
    run: ({ deps, input }) => previewUpload(deps, input.id, input.mapping),
    rest: {
      method: 'POST',
      path: '/api/spreadsheets/uploads/{id}/preview/',
      summary:
        "Every row of an upload validated with the mapping sent (field -> header), nothing written: each row's values, its errors by field and whether it creates or updates; 400 on mapping.<field> for a mapping that does not fit the file",
      tag: TAG,
      body: true,
      idempotency: false,
    },
  }),
  editCell: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: cellEditInput,
    output: previewAnswer,
    run: async ({ deps, user, input }) => {
      await editUploadCell(deps, user.id, input);
      return previewUpload(deps, input.id, input.mapping);
    },
    rest: {
      method: 'PATCH',
      path: '/api/spreadsheets/uploads/{id}/cells/',
      summary: "Correct one cell of an upload (row as the file numbers it, field as mapped), recorded with who and when; answers the preview again",
      tag: TAG,
      body: true,
    },
  }),
  import: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: previewInput,
    output: batchAnswer,
    run: ({ deps, user, input }) => importUpload(deps, user, input.id, input.mapping),
    rest: {
      method: 'POST',
      path: '/api/spreadsheets/uploads/{id}/import/',
      summary:
        'Import an upload in one transaction, all or nothing, as a batch; the mapping is remembered for the kind. 400 while any row has an error (nothing written), 409 when a name was taken meanwhile',
      tag: TAG,
      body: true,
      successStatus: 201,
      answers: { 409: 'A customer, component or product of the same name was saved meanwhile; nothing was imported' },
    },
  }),
  batches: defineOperation({
    kind: 'query',
    access: 'admin',
    output: batchListAnswer,
    run: ({ deps }) => listBatches(deps),
    rest: { method: 'GET', path: '/api/spreadsheets/batches/', summary: 'The last 20 imports, newest first, undone ones with undone_at', tag: TAG },
  }),
  undo: defineOperation({
    kind: 'mutation',
    access: 'admin',
    output: batchAnswer,
    run: ({ deps, user }) => undoLastImport(deps, user),
    rest: {
      method: 'POST',
      path: '/api/spreadsheets/batches/undo/',
      summary:
        'Undo the newest import not yet undone: deletes what it created, restores what it updated. 404 when there is none; 409 when a record it created is used since or one it updated was changed since (nothing changed)',
      tag: TAG,
      answers: { 409: 'A record the import created is used since, or one it updated was changed since ({detail} names it)' },
    },
  }),
});
