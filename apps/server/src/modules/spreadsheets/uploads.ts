import type { MultipartFile } from '@fastify/multipart';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SPREADSHEET_FIELDS,
  SPREADSHEET_LIMITS,
  SPREADSHEET_MESSAGES,
  suggestSpreadsheetMapping,
  type SpreadsheetKind,
} from '@icehouse/domain';
import { spreadsheetMappings, spreadsheetUploads } from '@icehouse/db/schema';
import type { Db, Tx } from '@icehouse/db/client';
import { AppError } from '../../errors';
import type { DbDeps } from '../../deps';
import { readSheet, sheetFormat } from './read-sheet';
import type { MappedRow } from './service-common';
import type { uploadAnswer } from './schemas';

/**
 * An uploaded sheet, kept in the database until it is imported (decision 271): any instance previews,
 * corrects and imports the same cells. Uploads a day old that were never imported are removed by the
 * next upload.
 */

export type UploadRow = typeof spreadsheetUploads.$inferSelect;
type UploadAnswer = z.output<typeof uploadAnswer>;

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', SPREADSHEET_MESSAGES.fileTooLarge);

/** Reads the one file part, whole (at most maxBytes: a sheet is parsed in memory), or 413. */
async function readPart(part: MultipartFile): Promise<Buffer> {
  try {
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw tooLarge();
    return bytes;
  } catch (error) {
    if ((error as { statusCode?: number } | null)?.statusCode === 413) throw tooLarge();
    throw error;
  }
}

/** The remembered mapping's fields whose column the file has, then suggestions for the others. */
async function startingMapping(db: Db, kind: SpreadsheetKind, headers: string[]) {
  const [remembered] = await db.select().from(spreadsheetMappings).where(eq(spreadsheetMappings.kind, kind)).limit(1);
  const kept = Object.fromEntries(Object.entries(remembered?.mapping ?? {}).filter(([, header]) => headers.includes(header)));
  const taken = new Set(Object.values(kept));
  const suggested = suggestSpreadsheetMapping(kind, headers.filter((h) => !taken.has(h)));
  const mapping = { ...suggested, ...kept };
  return { mapping, remembered: Object.keys(kept).length > 0 };
}

export async function createUpload(
  deps: DbDeps,
  userId: number,
  kind: SpreadsheetKind,
  part: MultipartFile,
): Promise<UploadAnswer> {
  const bytes = await readPart(part);
  const format = sheetFormat(part.filename, part.mimetype, bytes);
  const sheet = await readSheet(format, bytes);
  const db = deps.database.db;
  await db.delete(spreadsheetUploads).where(lt(spreadsheetUploads.createdAt, sql`now() - interval '1 day'`));
  const filename = part.filename.slice(0, 255);
  const [row] = await db
    .insert(spreadsheetUploads)
    .values({ kind, filename, headers: sheet.headers, rows: sheet.rows, createdBy: userId })
    .returning({ id: spreadsheetUploads.id });
  const { mapping, remembered } = await startingMapping(db, kind, sheet.headers);
  return {
    id: row!.id,
    kind,
    filename,
    headers: sheet.headers,
    row_count: sheet.rows.length,
    mapping,
    mapping_remembered: remembered,
    fields: SPREADSHEET_FIELDS[kind].map(({ key, label, required }) => ({ key, label, required })),
    max_bytes: SPREADSHEET_LIMITS.maxBytes,
  };
}

export async function loadUpload(db: Db | Tx, id: number, lock = false): Promise<UploadRow> {
  const query = db.select().from(spreadsheetUploads).where(eq(spreadsheetUploads.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound(SPREADSHEET_MESSAGES.uploadNotFound);
  return row;
}

/**
 * The mapping checked against the sheet: every field known, every header one of the file's and used
 * once, every required field mapped; errors on `mapping.<field>`. Answers field -> column index.
 */
export function resolveMapping(upload: UploadRow, mapping: Record<string, string>): Map<string, number> {
  const fields = SPREADSHEET_FIELDS[upload.kind];
  const errors: Record<string, string[]> = {};
  const columns = new Map<string, number>();
  const used = new Set<string>();
  for (const field of fields) {
    const header = mapping[field.key];
    if (header === undefined || header === '') {
      if (field.required) errors[field.key] = [SPREADSHEET_MESSAGES.requiredUnmapped(field.label)];
      continue;
    }
    const index = upload.headers.indexOf(header);
    if (index < 0) errors[field.key] = [SPREADSHEET_MESSAGES.headerUnknown];
    else if (used.has(header)) errors[field.key] = [SPREADSHEET_MESSAGES.headerTwice];
    else {
      used.add(header);
      columns.set(field.key, index);
    }
  }
  if (Object.keys(errors).length > 0) throw AppError.validation({ mapping: errors });
  return columns;
}

export function mappedRows(upload: UploadRow, columns: Map<string, number>): MappedRow[] {
  const entries = [...columns];
  return upload.rows.map((r) => ({ n: r.n, values: Object.fromEntries(entries.map(([field, i]) => [field, (r.cells[i] ?? '').trim()])) }));
}

/** Corrects one cell of the upload (the column its field is mapped to) and records the change. */
export async function editUploadCell(
  deps: DbDeps,
  userId: number,
  input: { id: number; mapping: Record<string, string>; row: number; field: string; value: string },
): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const upload = await loadUpload(tx, input.id, true);
    const columns = resolveMapping(upload, input.mapping);
    const column = columns.get(input.field);
    const index = upload.rows.findIndex((r) => r.n === input.row);
    if (column === undefined) throw AppError.validation({ field: [SPREADSHEET_MESSAGES.headerUnknown] });
    if (index < 0) throw AppError.validation({ row: [SPREADSHEET_MESSAGES.rowUnknown] });
    const value = input.value.trim();
    const edit = {
      row: input.row,
      column: upload.headers[column]!,
      from: upload.rows[index]!.cells[column] ?? '',
      to: value,
      by: userId,
      at: new Date().toISOString(),
    };
    const path = `{${index},cells,${column}}`;
    await tx
      .update(spreadsheetUploads)
      .set({
        rows: sql`jsonb_set(${spreadsheetUploads.rows}, ${path}::text[], to_jsonb(${value}::text))`,
        edits: sql`${spreadsheetUploads.edits} || ${JSON.stringify([edit])}::jsonb`,
      })
      .where(and(eq(spreadsheetUploads.id, input.id)));
  });
}
