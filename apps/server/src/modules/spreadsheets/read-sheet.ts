import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { SPREADSHEET_LIMITS, SPREADSHEET_MESSAGES } from '@icehouse/domain';
import type { SpreadsheetRow } from '@icehouse/db/schema';
import { AppError } from '../../errors';

/**
 * Reading an uploaded sheet into text cells: the first row is the header, blank rows are left out,
 * every other row keeps its number in the file so an error names the row the user sees. The type is
 * the content's (an XLSX is a zip: PK\x03\x04), checked against the name's extension; anything
 * else is refused with 415 before it is read.
 */

export type SheetFormat = 'csv' | 'xlsx';

export interface Sheet {
  headers: string[];
  rows: SpreadsheetRow[];
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const XLSX_TYPES = new Set(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/octet-stream', 'application/zip', '']);
const CSV_TYPES = new Set(['text/csv', 'text/plain', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel', 'application/octet-stream', '']);

const wrongType = () => new AppError('UNSUPPORTED_MEDIA_TYPE', SPREADSHEET_MESSAGES.fileType);
const unreadable = () =>
  AppError.validation({ file: [SPREADSHEET_MESSAGES.fileUnreadable] }, SPREADSHEET_MESSAGES.fileUnreadable);

/** A CSV is text: no control character but tab, line feed and carriage return (a PNG, a zip or a PDF's binary has some). */
function isText(head: Uint8Array): boolean {
  return head.every((b) => b >= 0x20 || b === 0x09 || b === 0x0a || b === 0x0d);
}

/** UTF-8 (with or without its BOM), else Windows-1252, as Excel on Windows saves "CSV" by default. */
function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The sheet's format from its name, its declared type and its first bytes; 415 when it is neither. */
export function sheetFormat(filename: string, mimetype: string, bytes: Uint8Array): SheetFormat {
  const name = filename.toLowerCase();
  const type = mimetype.split(';')[0]!.trim().toLowerCase();
  const zip = ZIP_MAGIC.every((b, i) => bytes[i] === b);
  if (name.endsWith('.xlsx') && XLSX_TYPES.has(type) && zip) return 'xlsx';
  if (name.endsWith('.csv') && CSV_TYPES.has(type) && !zip && isText(bytes.subarray(0, 8192))) return 'csv';
  throw wrongType();
}

/** One cell as text: numbers as JavaScript writes them (12.5), dates as YYYY-MM-DD, formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((t) => t.text).join('').trim();
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('error' in value) return '';
  }
  return '';
}

function checkSize(headers: string[], rows: SpreadsheetRow[]): Sheet {
  if (headers.every((h) => h === '')) throw AppError.validation({ file: [SPREADSHEET_MESSAGES.fileEmpty] }, SPREADSHEET_MESSAGES.fileEmpty);
  if (headers.length > SPREADSHEET_LIMITS.maxColumns)
    throw AppError.validation({ file: [SPREADSHEET_MESSAGES.tooManyColumns] }, SPREADSHEET_MESSAGES.tooManyColumns);
  if (rows.length === 0) throw AppError.validation({ file: [SPREADSHEET_MESSAGES.noRows] }, SPREADSHEET_MESSAGES.noRows);
  if (rows.length > SPREADSHEET_LIMITS.maxRows)
    throw AppError.validation({ file: [SPREADSHEET_MESSAGES.tooManyRows] }, SPREADSHEET_MESSAGES.tooManyRows);
  // Trailing empty header cells (a sheet's formatting past the last column) are not columns.
  let width = headers.length;
  while (width > 0 && headers[width - 1] === '') width--;
  // A blank header in the middle, or one repeated, still names one column: the mapping picks columns by header.
  const seen = new Set<string>();
  const named = headers.slice(0, width).map((h, i) => {
    let name = h === '' ? `Column ${i + 1}` : h;
    for (let k = 2; seen.has(name); k++) name = `${h || `Column ${i + 1}`} (${k})`;
    seen.add(name);
    return name;
  });
  return {
    headers: named,
    rows: rows.map((r) => ({ n: r.n, cells: Array.from({ length: width }, (_, i) => r.cells[i] ?? '') })),
  };
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c === '');

function readCsv(bytes: Uint8Array): Sheet {
  let records: string[][];
  try {
    records = parse(decodeCsv(bytes), { relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch {
    throw unreadable();
  }
  const [header = [], ...body] = records;
  const rows = body.flatMap((cells, i) => (isBlank(cells) ? [] : [{ n: i + 2, cells }]));
  return checkSize(header, rows);
}

async function readXlsx(bytes: Uint8Array): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  } catch {
    throw unreadable();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unreadable();
  let headers: string[] = [];
  const rows: SpreadsheetRow[] = [];
  sheet.eachRow((row, n) => {
    // row.values is 1-based: index 0 is empty.
    const values = (row.values as ExcelJS.CellValue[]).slice(1);
    const cells = Array.from(values, (v) => cellText(v ?? null));
    if (n === 1) headers = cells;
    else if (!isBlank(cells)) rows.push({ n, cells });
  });
  return checkSize(headers, rows);
}

export async function readSheet(format: SheetFormat, bytes: Uint8Array): Promise<Sheet> {
  return format === 'csv' ? readCsv(bytes) : readXlsx(bytes);
}
