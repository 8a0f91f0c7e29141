import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { Database } from '@icehouse/db';
import { MULTIPART_HEADERS, multipartBody } from './orders-test-support';
import type { TestClient } from './client';

/** Sheets written the way a person's spreadsheet program writes them: CSV text, or an XLSX made with exceljs. */

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function csvFile(rows: readonly (readonly unknown[])[]): Buffer {
  return Buffer.from(rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n', 'utf8');
}

/** An XLSX whose cells keep their types (numbers as numbers, dates as dates). */
export async function xlsxFile(rows: readonly (readonly unknown[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row as unknown[]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const out: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return out;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function uploadSheet(client: TestClient, kind: string, filename: string, bytes: Buffer, type = filename.endsWith('.xlsx') ? XLSX_TYPE : 'text/csv') {
  return client.post(`/api/spreadsheets/${kind}/uploads/`, multipartBody('file', filename, bytes, type), { headers: MULTIPART_HEADERS });
}

/** The import's own tables, emptied between tests (the orders test app empties the records'). */
export async function resetSpreadsheets(database: Database) {
  await database.db.execute(sql`truncate spreadsheet_batches, spreadsheet_uploads, spreadsheet_mappings, stock_movements, component_stock restart identity cascade`);
}

/** An independent model of a component's price: cost × (100 + markup) / 100 in cents, half up. */
export function modelPrice(cost: string, markup: string): string {
  const cents = (s: string) => {
    const [whole, frac = ''] = s.split('.');
    return BigInt(whole!) * 100n + BigInt((frac + '00').slice(0, 2));
  };
  const raw = cents(cost) * (10_000n + cents(markup)); // cents × basis points of (100 + markup)%
  const rounded = (raw + 5_000n) / 10_000n;
  return `${rounded / 100n}.${String(rounded % 100n).padStart(2, '0')}`;
}
