import { sql } from 'drizzle-orm';
import type { Db } from '@icehouse/db/client';
import { rowsOf } from '@icehouse/db';

/**
 * What a database holds, table by table: the row count and an MD5 of every row's text form
 * (sorted, so row order does not matter). Two databases with equal checksums hold the same
 * data; a request that changed nothing leaves them equal. Used to check restored backups and,
 * in the tests, that refused requests write nothing.
 */
export interface TableChecksum {
  rows: number;
  md5: string;
}

export type DatabaseChecksums = Record<string, TableChecksum>;

/** The app's tables (every base table of the public schema), by name. */
export async function listTables(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
    order by table_name`);
  return rowsOf<{ name: string }>(result).map((r) => r.name);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The one query that answers the checksums of `names` (rows: name, n, h); for a caller that sends it itself. */
export function checksumQuery(names: readonly string[]): string {
  return names
    .map(
      (name) =>
        `select ${`'${name.replace(/'/g, "''")}'`} as name, count(*)::int as n, ` +
        `coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as h from ${quoteIdent(name)} t`,
    )
    .join('\nunion all\n');
}

/** The checksums from the rows of checksumQuery. */
export function checksumsOf(rows: readonly { name: string; n: number | string; h: string }[]): DatabaseChecksums {
  const out: DatabaseChecksums = {};
  for (const row of rows) out[row.name] = { rows: Number(row.n), md5: row.h };
  return out;
}

/** Checksums of `tables` (default: every app table) in one query. */
export async function tableChecksums(db: Db, tables?: readonly string[]): Promise<DatabaseChecksums> {
  const names = tables ?? (await listTables(db));
  if (names.length === 0) return {};
  const result = await db.execute(sql.raw(checksumQuery(names)));
  return checksumsOf(rowsOf<{ name: string; n: number | string; h: string }>(result));
}

/** Tables whose checksums differ (or that exist on one side only), sorted. */
export function diffChecksums(a: DatabaseChecksums, b: DatabaseChecksums, ignore: readonly string[] = []): string[] {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...names]
    .filter((n) => !ignore.includes(n))
    .filter((n) => a[n]?.rows !== b[n]?.rows || a[n]?.md5 !== b[n]?.md5)
    .sort();
}
