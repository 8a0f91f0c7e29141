import type { SpreadsheetJournal } from '@icehouse/db/schema';
import type { ChangeTx } from '../../changes';

/**
 * What every kind of sheet shares: a row as its mapped fields, the errors found on its cells, and
 * the plan a kind makes of its rows (what each row will do, and the writes, run only by the import).
 */

/** A row of the sheet by field: only the mapped fields are present (an unmapped field is left as it is). */
export interface MappedRow {
  n: number;
  values: Record<string, string>;
}

export type RowAction = 'create' | 'update';

/** Errors by row number, then by field. */
export class CellErrors {
  readonly byRow = new Map<number, Record<string, string[]>>();
  count = 0;

  add(row: number, field: string, message: string): void {
    const cells = this.byRow.get(row) ?? {};
    const list = (cells[field] ??= []);
    if (list.includes(message)) return;
    list.push(message);
    this.count++;
    this.byRow.set(row, cells);
  }
}

export interface KindPlan {
  actions: Map<number, RowAction>;
  created: number;
  updated: number;
  /** The writes, in the import's transaction; each created id and each replaced value goes to the journal. */
  write(tx: ChangeTx, journal: SpreadsheetJournal, userId: number | null): Promise<void>;
}

/** A cell's value, '' when its field is not mapped. */
export const cell = (row: MappedRow, field: string): string => row.values[field] ?? '';
export const isMapped = (rows: readonly MappedRow[], field: string): boolean => rows.length > 0 && field in rows[0]!.values;
export const nameKey = (name: string): string => name.trim().toLowerCase();

/**
 * Rows that make one record (a customer and its ship-to rows, a product and its component lines),
 * by the key of their first field; a row whose key is blank is a record of its own.
 */
export function groupRows(rows: readonly MappedRow[], keyField: string): MappedRow[][] {
  const groups = new Map<string, MappedRow[]>();
  const list: MappedRow[][] = [];
  for (const row of rows) {
    const key = nameKey(cell(row, keyField));
    const group = key === '' ? undefined : groups.get(key);
    if (group) group.push(row);
    else {
      const fresh = [row];
      list.push(fresh);
      if (key !== '') groups.set(key, fresh);
    }
  }
  return list;
}

/**
 * A record's field read from its rows: the first non-blank cell. A later row with another non-blank
 * value is an error on that cell. Answers the value and the row it came from.
 */
export function recordField(group: readonly MappedRow[], field: string, errors: CellErrors, message: (row: number) => string) {
  let value = '';
  let from = group[0]!.n;
  for (const row of group) {
    const v = cell(row, field);
    if (v === '') continue;
    if (value === '') {
      value = v;
      from = row.n;
    } else if (v !== value) errors.add(row.n, field, message(from));
  }
  return { value, row: from };
}

/** Chunks for multi-row inserts (PostgreSQL takes at most 65,535 parameters a statement). */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
