import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify';
import { contentDisposition } from '../header-values';

/**
 * CSV exports (decision 073): streamed, UTF-8 with a BOM so Excel opens it as
 * UTF-8, RFC 4180 quoting (csv-stringify), ISO dates, decimals with a dot, and text cells that a
 * spreadsheet would read as a formula neutralised.
 *
 * A list describes its columns once (`CsvColumn`: header, kind, value) and hands over its rows as
 * an async iterable (`keysetBatches` reads them from the database a batch at a time), so memory
 * stays flat however many rows there are: csv-stringify is a Transform stream and `Readable.from`
 * pulls the next row only when the reply has room for it.
 */

/**
 * How a column's values are written:
 * - `text`: as is, but neutralised when it starts with = + - @ (or a tab / carriage return);
 * - `decimal`: a decimal string as the database gives it ("1250.00", "-5.00"): written as is, never
 *   neutralised (a negative amount is a number, not a formula), refused if it is not a decimal;
 * - `integer`, `boolean` (true/false), `date` (YYYY-MM-DD), `datetime` (ISO 8601 in UTC).
 * null and undefined are an empty cell.
 */
export type CsvKind = 'text' | 'decimal' | 'integer' | 'boolean' | 'date' | 'datetime';

export interface CsvColumn<Row> {
  header: string;
  kind: CsvKind;
  value(row: Row): unknown;
}

/** The characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell that a spreadsheet would run as a formula gets a leading apostrophe (`'=1+1`): Excel,
 * LibreOffice and Google Sheets then show it as text, and the original is still readable.
 */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One cell as written to the file. */
export function csvCell(kind: CsvKind, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'decimal': {
      const text = String(value);
      if (!DECIMAL.test(text)) throw new TypeError(`Not a decimal: ${text}`);
      return text;
    }
    case 'integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value))
        throw new TypeError(`Not an integer: ${String(value)}`);
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'date': {
      const text = value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
      if (!ISO_DATE.test(text)) throw new TypeError(`Not a date: ${text}`);
      return text;
    }
    case 'datetime':
      return (value instanceof Date ? value : new Date(String(value))).toISOString();
    case 'text':
      return neutraliseCell(String(value));
  }
}

/** How much CSV text may wait for a slow reader before the rows stop being read. */
const CSV_BUFFER_BYTES = 16 * 1024;

/** The rows as a CSV byte stream: BOM, a header line, one line per row (CRLF, as RFC 4180 has it). */
export function csvStream<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: AsyncIterable<Row> | Iterable<Row>,
): Readable {
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) yield columns.map((c) => csvCell(c.kind, c.value(row)));
    })(),
    { objectMode: true },
  );
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: columns.map((c, i) => ({ key: String(i), header: c.header })),
    record_delimiter: 'windows',
    // Every cell is a string already; quote only what needs it (separator, quote, CR/LF).
    quoted: false,
    // The text buffered ahead of the reply: fixed, so memory is the same on every Node (Node 22
    // raised the default from 16 KiB to 64 KiB, which would let ~4x more rows wait in memory).
    readableHighWaterMark: CSV_BUFFER_BYTES,
  });
  // An error reading the rows (a database failure half-way) ends the download with an error
  // rather than a silently short file.
  source.on('error', (err) => stringifier.destroy(err));
  return source.pipe(stringifier);
}

/**
 * Reads every row of a query a batch at a time, by keyset (the last row's sort key, never OFFSET):
 * `fetch(after, limit)` answers the rows after the cursor (null: from the start) in the list's
 * order. Each batch is a short query of its own, so an export never holds a connection or a
 * transaction open while the client reads (PGlite has one connection), and memory holds one batch.
 */
export async function* keysetBatches<Row, Cursor>(
  fetch: (after: Cursor | null, limit: number) => Promise<Row[]>,
  cursorOf: (row: Row) => Cursor,
  batchSize = 1000,
): AsyncGenerator<Row> {
  let after: Cursor | null = null;
  for (;;) {
    const batch = await fetch(after, batchSize);
    for (const row of batch) yield row;
    if (batch.length < batchSize) return;
    after = cursorOf(batch[batch.length - 1] as Row);
  }
}

/** `name-2026-11-23.csv`: the list's name and today's date (UTC). */
export function csvFilename(name: string, now: Date = new Date()): string {
  return `${name}-${now.toISOString().slice(0, 10)}.csv`;
}

/** Sends a CSV stream as a download. Never cached: the list changes with its data. */
export function sendCsv(reply: FastifyReply, stream: Readable, filename: string): FastifyReply {
  return reply
    .code(200)
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition('attachment', filename))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}
