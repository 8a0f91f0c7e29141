import { z } from 'zod';
import { SPREADSHEET_KINDS, SPREADSHEET_LIMITS } from '@icehouse/domain';
import { idField } from '../../operations/input';

/** The spreadsheet import's inputs and answers (decisions 270–272). */

export const spreadsheetKind = z.enum(SPREADSHEET_KINDS);
export const SHEET_FORMATS = ['csv', 'xlsx'] as const;

/** Field name -> the header of the column it is read from. */
export const mappingSchema = z.record(z.string().max(100), z.string().max(500));

export const kindInput = z.object({ kind: spreadsheetKind });
export const templateInput = z.object({ kind: spreadsheetKind, format: z.enum(SHEET_FORMATS).default('csv') });
export const previewInput = z.object({ id: idField, mapping: mappingSchema });
export const cellEditInput = z.object({
  id: idField,
  mapping: mappingSchema,
  row: z.number().int().min(2),
  field: z.string().max(100),
  value: z.string().max(1000),
});

const fieldAnswer = z.object({ key: z.string(), label: z.string(), required: z.boolean() });

export const uploadAnswer = z.object({
  id: z.number().int(),
  kind: spreadsheetKind,
  filename: z.string(),
  headers: z.array(z.string()),
  row_count: z.number().int(),
  /** The mapping to start from: the one last imported with for this kind where the file has its columns, else suggested from the headers. */
  mapping: mappingSchema,
  mapping_remembered: z.boolean(),
  fields: z.array(fieldAnswer),
  max_bytes: z.literal(SPREADSHEET_LIMITS.maxBytes),
});

export const previewRowAnswer = z.object({
  row: z.number().int(),
  values: z.record(z.string(), z.string()),
  errors: z.record(z.string(), z.array(z.string())),
  action: z.enum(['create', 'update']).nullable(),
});

export const cellEditAnswer = z.object({
  row: z.number().int(),
  column: z.string(),
  from: z.string(),
  to: z.string(),
  at: z.string(),
});

export const previewAnswer = z.object({
  upload_id: z.number().int(),
  kind: spreadsheetKind,
  filename: z.string(),
  row_count: z.number().int(),
  error_count: z.number().int(),
  rows_with_errors: z.number().int(),
  /** Records (a customer with its ship-to rows, a product with its lines, a component) the import would create or update. */
  create_count: z.number().int(),
  update_count: z.number().int(),
  rows: z.array(previewRowAnswer),
  edits: z.array(cellEditAnswer),
});

export const batchAnswer = z.object({
  id: z.number().int(),
  kind: spreadsheetKind,
  filename: z.string(),
  row_count: z.number().int(),
  created_count: z.number().int(),
  updated_count: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  undone_at: z.string().nullable(),
});
export const batchListAnswer = z.object({ results: z.array(batchAnswer) });

/** The OpenAPI description of the upload's multipart body. */
export const uploadBodyDoc = z
  .object({ file: z.string().meta({ format: 'binary' }) })
  .describe(`One file part (file): a .csv (UTF-8) or .xlsx, its first sheet; at most ${SPREADSHEET_LIMITS.maxBytes} bytes. 413 too large, 415 another type.`);

// ------------------------------------------------------------------------ each call's answer

export const spreadsheetsAnswers = {
  'spreadsheets.upload': uploadAnswer,
  'spreadsheets.preview': previewAnswer,
  'spreadsheets.editCell': previewAnswer,
  'spreadsheets.import': batchAnswer,
  'spreadsheets.batches': batchListAnswer,
  'spreadsheets.undo': batchAnswer,
};

export const spreadsheetsRestAnswers = {
  'POST /api/spreadsheets/{kind}/uploads/': uploadAnswer,
  'POST /api/spreadsheets/uploads/{id}/preview/': previewAnswer,
  'PATCH /api/spreadsheets/uploads/{id}/cells/': previewAnswer,
  'POST /api/spreadsheets/uploads/{id}/import/': batchAnswer,
  'GET /api/spreadsheets/batches/': batchListAnswer,
  'POST /api/spreadsheets/batches/undo/': batchAnswer,
};
