import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { numberSequences, type SequenceName } from './schema/system';

/**
 * First number handed out by each sequence when it has no row yet. Door,
 * invoice and BOL numbers are plain numeric strings ('1001', '1002', ...).
 */
export const SEQUENCE_FLOORS: Record<SequenceName, number> = {
  door_number: 1001,
  invoice_number: 1001,
  bol_number: 1001,
  // CN-1001 onwards (the domain's creditNoteNumberOf).
  credit_note_number: 1001,
  // P-1001 onwards (purchase orders).
  purchase_order_number: 1001,
};

export interface NextNumberOptions {
  /**
   * The lowest number to hand out: the result is max(last_value + 1, floor).
   * Default: SEQUENCE_FLOORS[name] for known names, else 1.
   */
  floor?: number;
}

/**
 * Allocates the next number of a sequence, safely under concurrency: one
 * `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` (the row lock serialises
 * concurrent callers). Works inside the caller's transaction (pass `tx`); a
 * rolled-back transaction may leave a gap, which is fine.
 */
export async function nextNumber(
  db: Db,
  name: SequenceName | (string & {}),
  opts: NextNumberOptions = {},
): Promise<number> {
  const floor = opts.floor ?? SEQUENCE_FLOORS[name as SequenceName] ?? 1;
  if (!Number.isSafeInteger(floor))
    throw new RangeError(`nextNumber: floor must be an integer, got ${floor}`);
  const result = await db.execute(sql`
    insert into number_sequences (name, last_value) values (${name}, ${floor})
    on conflict (name) do update
      set last_value = greatest(number_sequences.last_value + 1, excluded.last_value)
    returning last_value
  `);
  const row = rowsOf<{ last_value: string | number }>(result)[0];
  if (!row) throw new Error(`nextNumber(${name}): no row returned`);
  return Number(row.last_value);
}

/** The next number of a sequence as its display string (e.g. door number '1042'). */
export async function nextNumberString(
  db: Db,
  name: SequenceName | (string & {}),
  opts: NextNumberOptions = {},
): Promise<string> {
  return String(await nextNumber(db, name, opts));
}

/**
 * Makes sure the sequence will not hand out `value` or anything below it again
 * (e.g. after importing existing numbers). Never moves a sequence backwards.
 */
export async function bumpSequence(db: Db, name: SequenceName | (string & {}), value: number): Promise<void> {
  await sequenceBumpQuery(db).execute({ name, value });
}

/**
 * The statement behind bumpSequence, with `name` and `value` as placeholders: for callers that keep it
 * prepared per database (a save's door-number bump).
 */
export function sequenceBumpQuery(db: Db) {
  return db
    .insert(numberSequences)
    .values({ name: sql.placeholder('name'), lastValue: sql.placeholder('value') })
    .onConflictDoUpdate({ target: numberSequences.name, set: { lastValue: sql`greatest(${numberSequences.lastValue}, excluded.last_value)` } })
    .prepare('sequence_bump');
}

/**
 * db.execute() returns an array of rows on postgres-js and `{ rows }` on PGlite;
 * this reads either.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
