import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, csvStream, keysetBatches, neutraliseCell, type CsvColumn } from './csv';

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

interface Row {
  name: string;
  amount: string;
  date: string;
  n: number;
}
const columns: CsvColumn<Row>[] = [
  { header: 'Name', kind: 'text', value: (r) => r.name },
  { header: 'Amount', kind: 'decimal', value: (r) => r.amount },
  { header: 'Date', kind: 'date', value: (r) => r.date },
  { header: 'N', kind: 'integer', value: (r) => r.n },
];

describe('CSV export helper', () => {
  it('neutralises cells a spreadsheet would run as a formula (= + - @, tab, CR) with a leading apostrophe', () => {
    for (const bad of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=x', '\r=x'])
      expect(neutraliseCell(bad)).toBe(`'${bad}`);
    for (const fine of ['Acme', ' =x', "'=already", '1-2', '']) expect(neutraliseCell(fine)).toBe(fine);
    // Numbers are not text: a negative amount stays a number.
    expect(csvCell('decimal', '-12.50')).toBe('-12.50');
    expect(() => csvCell('decimal', '=1+1')).toThrow();
    expect(csvCell('datetime', new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvCell('date', '2026-01-02')).toBe('2026-01-02');
    expect(csvCell('text', null)).toBe('');
  });

  it('writes a BOM, a header, CRLF lines and RFC 4180 quoting that a CSV parser reads back', async () => {
    const rows: Row[] = [
      { name: 'Acme, "Foods"\nNorth', amount: '1250.00', date: '2026-03-01', n: 1 },
      { name: '=HYPERLINK("http://x")', amount: '-5.00', date: '2026-03-02', n: 2 },
      { name: 'Café Zoë ❄', amount: '0.10', date: '2026-03-03', n: 3 },
    ];
    const out = await text(csvStream(columns, rows));
    expect(out.startsWith('\uFEFFName,Amount,Date,N\r\n')).toBe(true);
    const parsed = parse(out, { bom: true, columns: true }) as Record<string, string>[];
    expect(parsed).toEqual([
      { Name: 'Acme, "Foods"\nNorth', Amount: '1250.00', Date: '2026-03-01', N: '1' },
      { Name: '\'=HYPERLINK("http://x")', Amount: '-5.00', Date: '2026-03-02', N: '2' },
      { Name: 'Café Zoë ❄', Amount: '0.10', Date: '2026-03-03', N: '3' },
    ]);
  });

  it('streams with backpressure: a slow reader holds only a few batches, however many rows there are', async () => {
    let fetched = 0;
    let written = 0;
    const rows = keysetBatches<Row, number>(
      async (after, limit) => {
        const start = after ?? 0;
        const batch = Array.from({ length: Math.max(0, Math.min(limit, 20_000 - start)) }, (_, i) => ({
          name: `Customer ${start + i}`,
          amount: '1.00',
          date: '2026-01-01',
          n: start + i + 1,
        }));
        fetched += batch.length;
        return batch;
      },
      (r) => r.n,
      500,
    );
    let maxAhead = 0;
    let lines = 0;
    const sink = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _enc, done) {
        lines += chunk.toString('utf8').split('\r\n').length - 1;
        written = lines - 1; // the header
        maxAhead = Math.max(maxAhead, fetched - written);
        setImmediate(done);
      },
    });
    await pipeline(csvStream(columns, rows), sink);
    expect(written).toBe(20_000);
    // Never more than a few batches read ahead of what the reader has taken.
    expect(maxAhead).toBeLessThan(2_000);
  });
});
