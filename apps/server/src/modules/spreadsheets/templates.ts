import ExcelJS from 'exceljs';
import { SPREADSHEET_FIELDS, SPREADSHEET_KIND_LABELS, type SpreadsheetKind } from '@icehouse/domain';

/**
 * A kind's template: its header row (the fields' labels, which the upload maps back by itself) and no
 * rows, as CSV (UTF-8 with BOM, as the exports are) or as an XLSX whose header row is bold and frozen.
 */

export interface Template {
  bytes: Buffer;
  filename: string;
  contentType: string;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const csvLine = (cells: readonly string[]) => cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');

export async function spreadsheetTemplate(kind: SpreadsheetKind, format: 'csv' | 'xlsx'): Promise<Template> {
  const labels = SPREADSHEET_FIELDS[kind].map((f) => f.label);
  const name = `${kind}-template`;
  if (format === 'csv') {
    return { bytes: Buffer.from(`\uFEFF${csvLine(labels)}\r\n`, 'utf8'), filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8' };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SPREADSHEET_KIND_LABELS[kind], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = SPREADSHEET_FIELDS[kind].map((f) => ({ header: f.label, key: f.key, width: Math.max(12, f.label.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return { bytes, filename: `${name}.xlsx`, contentType: XLSX_TYPE };
}
