/**
 * Reading PostgreSQL errors the same way on both drivers. drizzle wraps a
 * failed query in DrizzleQueryError with the driver's error as `cause`;
 * postgres-js names the constraint `constraint_name`, PGlite `constraint`.
 */

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/** ON DELETE RESTRICT reports this code on PostgreSQL 18 (PGlite), 23503 on older servers. */
export const PG_RESTRICT_VIOLATION = '23001';
export const PG_CHECK_VIOLATION = '23514';
export const PG_NOT_NULL_VIOLATION = '23502';

export interface PgErrorInfo {
  /** SQLSTATE, e.g. '23505'. */
  code: string;
  constraint?: string;
  detail?: string;
  message: string;
}

/** The PostgreSQL error inside `err` (following `cause`), or undefined. */
export function pgErrorInfo(err: unknown): PgErrorInfo | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const candidate = e as {
      code?: unknown;
      constraint?: unknown;
      constraint_name?: unknown;
      detail?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      const constraint = candidate.constraint_name ?? candidate.constraint;
      return {
        code: candidate.code,
        constraint: typeof constraint === 'string' ? constraint : undefined,
        detail: typeof candidate.detail === 'string' ? candidate.detail : undefined,
        message: typeof candidate.message === 'string' ? candidate.message : '',
      };
    }
    e = candidate.cause;
  }
  return undefined;
}

/** True for a unique violation, optionally of the named constraint or index (e.g. 'orders_door_number_key'). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const info = pgErrorInfo(err);
  return info?.code === PG_UNIQUE_VIOLATION && (constraint === undefined || info.constraint === constraint);
}

/**
 * True for a foreign key violation (a missing referenced row, or deleting a row
 * still referenced, e.g. a component a product uses), optionally of the named constraint.
 */
export function isForeignKeyViolation(err: unknown, constraint?: string): boolean {
  const info = pgErrorInfo(err);
  return (
    (info?.code === PG_FOREIGN_KEY_VIOLATION || info?.code === PG_RESTRICT_VIOLATION) &&
    (constraint === undefined || info.constraint === constraint)
  );
}
