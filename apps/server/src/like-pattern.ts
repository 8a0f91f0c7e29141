import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * The LIKE / ILIKE pattern for "contains this text": the user's `%`, `_` and `\` are taken
 * literally (escaped with PostgreSQL's default escape character), so searching "50%" finds "50%".
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * "The search key contains the pattern", for the keys the database keeps in lower case (orders.customer_search,
 * order_customer_names.search, invoices.search: decision 235): `LIKE lower(pattern)`. The same rows as ILIKE,
 * which is that comparison after lowercasing both sides, without lowercasing each row it checks.
 */
export const lowerKeyContains = (key: SQLWrapper, pattern: unknown) => sql`${key} like lower(${pattern})`;
