import { customType, numeric, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';

/**
 * Shared column builders. Money is numeric(12,2) and stays a string in JS
 * ("1234.50"): both drivers return numeric as text and we never round-trip
 * through a float. Timestamps are timestamptz as JS Dates; calendar dates are
 * 'YYYY-MM-DD' strings.
 */

/** numeric(12,2) money amount, as a string. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/** numeric(5,2) percentage (tax rate), as a string. */
export const percent = (name: string) => numeric(name, { precision: 5, scale: 2 });

/** timestamp with time zone, as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * created_at / updated_at pair, both NOT NULL DEFAULT now(); drizzle also sets
 * updated_at on every db.update() that does not set it itself.
 */
export const timestamps = () => ({
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/**
 * bytea as Uint8Array. PGlite returns a Uint8Array, postgres-js a Buffer (a
 * Uint8Array subclass); both drivers send a Uint8Array parameter as bytea.
 */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType() {
    return 'bytea';
  },
});

/** `col in ('a', 'b', ...)` for CHECK constraints (literals, since DDL takes no parameters). */
export function inList(column: AnyPgColumn, values: readonly string[]): SQL {
  const literals = values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(literals)})`;
}

/**
 * Storage options of the trigram (partial-name search) indexes. `fastupdate = off`: a new row goes
 * into the index at once, not into a pending list that every search must read in full until the
 * next VACUUM (a list of a few thousand new orders made the searches 5-10x slower). Orders are
 * written a few at a time, so the slower insert is the right trade.
 */
export const TRGM_INDEX_OPTIONS = { fastupdate: false } as const;
