/** What crosses between the main thread and the embedded database's thread: results, errors, parameters and parsers. */

/** PGlite's query options as drizzle passes them. Parsers are functions: see textTypesOf(). */
export interface QueryOptions {
  rowMode?: 'object' | 'array';
  parsers?: Record<number | string, (value: string, typeId?: number) => unknown>;
  paramTypes?: number[];
}

export interface Results<T = Record<string, unknown>> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** A PostgreSQL error from the worker, with PGlite's fields (code, constraint, detail, table...). */
export class DatabaseError extends Error {
  code?: string;
  constraint?: string;
  detail?: string;
  [field: string]: unknown;
}

export interface ErrorData {
  message: string;
  name: string;
  stack?: string;
  fields: Record<string, unknown>;
}

export function toError(data: ErrorData): Error {
  const error = data.fields.code ? new DatabaseError(data.message) : new Error(data.message);
  Object.assign(error, data.fields);
  error.name = data.name;
  // Where the worker failed, below where the main thread got the answer.
  if (data.stack) error.stack = `${error.stack ?? ''}\n    --- in the database thread ---\n${data.stack}`;
  return error;
}

const PROBE = '2024-06-01 10:00:00';

/**
 * The types a query's parsers keep as text. Only parsers that return the text as it is can be honoured
 * off the main thread (they are what drizzle passes: dates, timestamps, intervals and numeric arrays);
 * any other would change results silently, so it is refused.
 */
export function textTypesOf(parsers: QueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  return Object.entries(parsers).map(([oid, parse]) => {
    if (parse(PROBE, Number(oid)) !== PROBE) {
      throw new Error(`The embedded database runs on its own thread: a parser for type ${oid} other than "keep as text" cannot be applied there.`);
    }
    return Number(oid);
  });
}

/**
 * Values as PGlite would turn them into text. Plain data crosses threads as it is (strings, numbers,
 * bigints, Dates, byte arrays, arrays, plain objects); an object of a class (a Decimal) would arrive as
 * a bare object, so it is sent as its text, as PGlite writes a value of a type it has no writer for.
 */
export function paramOf(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) return value.map(paramOf);
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null ? value : String(value);
}
