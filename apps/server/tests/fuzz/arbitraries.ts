import fc from 'fast-check';
import type { WorldIds } from './world';

/**
 * Generators of bad input: wrong types, missing and extra fields, huge strings, negative and absurd
 * numbers, bad dates, unknown ids and other users' ids, broken multipart, wrong content types.
 * Every generator also yields valid values now and then, so requests get past the first check.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Strings that have broken servers before. Kept free of text the leak check looks for. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u0000abc',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '1e-400',
  '99999999999999999999',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '12345678901.239',
  '1.005',
  '1,000.00',
  '$12.00',
  '0x10',
  ' 12 ',
  'true',
  "' OR 1=1 --",
  "'; DROP TABLE orders; --",
  '%',
  '_',
  '\\',
  '%_%\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '../../etc/passwd',
  '%00',
  '\ud800',
  '\udfff\ud800',
  'e\u0301',
  '\u202e\u0644\u0627',
  '😀'.repeat(64),
  'a'.repeat(256),
  'a'.repeat(5000),
  '2024-02-30',
  '2024-13-01',
  '2023-02-29',
  '0000-00-00',
  '0001-01-01',
  '9999-12-31',
  '10000-01-01',
  '-2024-01-01',
  '2024-1-1',
  '01/02/2024',
  '2024-05-01T25:00:00Z',
  '2024-05-01T00:00:00',
  'pending',
  'voided',
  'completed',
  'custom',
  '__proto__',
  'constructor',
  '{}',
  '[]',
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 6 },
  { arbitrary: fc.string({ maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
  { arbitrary: fc.integer({ min: 100_000, max: 400_000 }).map((n) => 'x'.repeat(n)), weight: 1 },
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      -1,
      0,
      -0,
      0.5,
      1.5,
      1.005,
      -12.34,
      1e308,
      -1e308,
      2 ** 31 - 1,
      2 ** 31,
      -(2 ** 31) - 1,
      2 ** 53,
      2 ** 53 + 2,
      1e-9,
      12345678901234.56,
      99999999999.99,
      10_000_000_000,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
    ),
    weight: 4,
  },
  { arbitrary: fc.integer(), weight: 2 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
);

/** Ids: ones that exist (other users' included), unknown ones and absurd ones. */
export function idCandidates(ids: WorldIds): fc.Arbitrary<number> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...Object.values(ids)), weight: 4 },
    { arbitrary: fc.constantFrom(0, -1, 999_999, 2_147_483_647, 2_147_483_648, 9_007_199_254_740_991, 1e21, 1.5), weight: 2 },
    { arbitrary: fc.integer({ min: 1, max: 50 }), weight: 2 },
  );
}

/** A path segment where an id belongs. */
export function pathSegment(ids: WorldIds): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: idCandidates(ids).map(String), weight: 5 },
    {
      arbitrary: fc.constantFrom(
        'abc',
        '-1',
        '0',
        '1.5',
        '1e3',
        '0x1',
        '%20',
        '1%00',
        '%2e%2e',
        '99999999999999999999',
        '2147483648',
        '%3Cscript%3E',
        '1;select',
        '%E2%80%AE1',
        'null',
        ' 1',
        '1 ',
        '+1',
        '٣',
      ),
      weight: 2,
    },
  );
}

const leaf: fc.Arbitrary<Json> = fc.oneof(
  { arbitrary: nastyString, weight: 4 },
  { arbitrary: nastyNumber, weight: 3 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
);

/** Any JSON value, with bias towards the nasty ones. */
export function nastyValue(ids: WorldIds): fc.Arbitrary<Json> {
  return fc.oneof(
    { arbitrary: leaf, weight: 6 },
    { arbitrary: idCandidates(ids), weight: 2 },
    { arbitrary: fc.constantFrom<Json>([], {}, [null], { value: null }, { value: 'x', label: 'y' }), weight: 1 },
    { arbitrary: fc.array(leaf, { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 4 }) as fc.Arbitrary<Json>, weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>, weight: 1 },
  );
}

type Path = (string | number)[];

/** Every path to a value inside `value` (objects and arrays walked). */
function pathsOf(value: Json, prefix: Path = [], out: Path[] = []): Path[] {
  if (value !== null && typeof value === 'object') {
    const entries: [string | number, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    for (const [k, v] of entries) {
      out.push([...prefix, k]);
      pathsOf(v, [...prefix, k], out);
    }
  }
  return out;
}

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

function containerAt(root: Json, path: Path): Json | undefined {
  let node: Json | undefined = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, Json>)[key];
  }
  return node;
}

type Mutation = { kind: 'set'; at: number; value: Json } | { kind: 'delete'; at: number } | { kind: 'extra'; at: number; key: string; value: Json };

function applyMutations(base: Json, mutations: Mutation[]): Json {
  let doc = clone(base);
  for (const m of mutations) {
    const paths = pathsOf(doc);
    if (m.kind === 'extra') {
      const containers = [[] as Path, ...paths].filter((p) => {
        const node = p.length === 0 ? doc : containerAt(doc, p);
        return node !== null && typeof node === 'object' && !Array.isArray(node);
      });
      if (containers.length === 0) continue;
      const target = containers[m.at % containers.length]!;
      const node = (target.length === 0 ? doc : containerAt(doc, target)) as Record<string, Json>;
      node[m.key] = m.value;
      continue;
    }
    if (paths.length === 0) {
      if (m.kind === 'set') doc = m.value;
      continue;
    }
    const path = paths[m.at % paths.length]!;
    const parent = (path.length === 1 ? doc : containerAt(doc, path.slice(0, -1))) as Record<string | number, Json> | Json[];
    const key = path[path.length - 1]!;
    if (m.kind === 'set') (parent as Record<string | number, Json>)[key] = m.value;
    else if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete (parent as Record<string, Json>)[key as string];
  }
  return doc;
}

/** A valid body with one to three fields broken (set to a nasty value, dropped, or an extra one added). */
export function mutated(base: Json, ids: WorldIds): fc.Arbitrary<Json> {
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: nastyValue(ids) }), weight: 5 },
    { arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }), weight: 2 },
    {
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        at: fc.nat(),
        key: fc.constantFrom('id', 'version', 'has_invoice', 'is_superuser', 'password_hash', '__proto__', 'created_by', 'extra', 'totals'),
        value: nastyValue(ids),
      }),
      weight: 1,
    },
  );
  return fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => applyMutations(base, ms));
}

/** A body for a route: mostly a broken valid one, sometimes the valid one, sometimes anything at all. */
export function bodyFor(base: Json | undefined, ids: WorldIds, keys: readonly string[] = []): fc.Arbitrary<Json> {
  const random = fc.oneof(
    nastyValue(ids),
    keys.length ? (fc.dictionary(fc.constantFrom(...keys), nastyValue(ids), { maxKeys: keys.length }) as fc.Arbitrary<Json>) : nastyValue(ids),
  );
  if (base === undefined) return random;
  return fc.oneof({ arbitrary: mutated(base, ids), weight: 7 }, { arbitrary: fc.constant(clone(base)), weight: 1 }, { arbitrary: random, weight: 2 });
}

/** The string with lone surrogates replaced (a URL cannot carry them). */
function wellFormed(s: string): string {
  return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** A query string: known keys and unknown ones, nasty values, sometimes repeated keys. */
export function queryFor(keys: readonly string[]): fc.Arbitrary<string> {
  const key = keys.length ? fc.oneof(fc.constantFrom(...keys), fc.constantFrom('page', 'x', '__proto__', 'search[]')) : fc.constantFrom('page', 'x', 'q');
  return fc
    .array(fc.tuple(key, fc.oneof(nastyString.filter((s) => s.length < 2000), fc.constantFrom('1', '2', '2024', 'true', 'pending'))), { maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(wellFormed(k))}=${encodeURIComponent(wellFormed(v))}`).join('&'));
}

// ------------------------------------------------------------------------------------------ encodings

export interface Encoded {
  /** What the encoding is, for failure messages. */
  how: string;
  contentType: string | null;
  payload: string | Buffer | undefined;
}

const BOUNDARY = '----FuzzBoundary9f8e7d';

function part(field: string, filename: string | null, contentType: string | null, data: Buffer | string): Buffer {
  const disposition = `Content-Disposition: form-data; name="${field}"${filename === null ? '' : `; filename="${filename}"`}`;
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\n${disposition}\r\n${contentType ? `Content-Type: ${contentType}\r\n` : ''}\r\n`),
    Buffer.isBuffer(data) ? data : Buffer.from(data),
    Buffer.from('\r\n'),
  ]);
}
const END = Buffer.from(`--${BOUNDARY}--\r\n`);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** Multipart bodies for an upload route whose file field is `field`: valid, wrong and broken. */
export function multipartFor(field: string): fc.Arbitrary<Encoded> {
  const mp = `multipart/form-data; boundary=${BOUNDARY}`;
  const bodies: [string, string | null, Buffer | string | undefined][] = [
    ['valid pdf', mp, Buffer.concat([part(field, 'plan.pdf', 'application/pdf', PDF), END])],
    ['png named .pdf', mp, Buffer.concat([part(field, 'plan.pdf', 'application/pdf', PNG), END])],
    ['empty file', mp, Buffer.concat([part(field, 'plan.pdf', 'application/pdf', ''), END])],
    ['pdf under another field', mp, Buffer.concat([part('other', 'plan.pdf', 'application/pdf', PDF), END])],
    ['only a text field', mp, Buffer.concat([part(field, null, null, 'hello'), END])],
    ['hostile filename', mp, Buffer.concat([part(field, '../../<script>.pdf\u0000', 'application/pdf', PDF), END])],
    ['two files', mp, Buffer.concat([part(field, 'a.pdf', 'application/pdf', PDF), part(field, 'b.pdf', 'application/pdf', PDF), END])],
    ['no closing boundary', mp, part(field, 'plan.pdf', 'application/pdf', PDF)],
    ['truncated head', mp, Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`)],
    ['wrong boundary', 'multipart/form-data; boundary=nope', Buffer.concat([part(field, 'plan.pdf', 'application/pdf', PDF), END])],
    ['no boundary', 'multipart/form-data', Buffer.concat([part(field, 'plan.pdf', 'application/pdf', PDF), END])],
    ['empty body', mp, ''],
    ['garbage', mp, Buffer.from([0xff, 0xfe, 0x00, 0x2d, 0x2d, 0x0d, 0x0a])],
    ['json instead', 'application/json', JSON.stringify({ [field]: 'plan.pdf' })],
    ['pdf as octet-stream', 'application/octet-stream', PDF],
    ['no content type', null, PDF],
  ];
  return fc.constantFrom(...bodies).map(([how, contentType, payload]) => ({ how, contentType, payload }));
}

/** How a JSON body is sent: mostly right, sometimes with the wrong type, broken, empty or too large. */
export function encodingFor(body: Json): fc.Arbitrary<Encoded> {
  const text = JSON.stringify(body);
  const encodings: fc.Arbitrary<Encoded>[] = [
    fc.constant({ how: 'json', contentType: 'application/json', payload: text }),
    fc.constantFrom<Encoded>(
      { how: 'json charset', contentType: 'application/json; charset=utf-8', payload: text },
      { how: 'text/plain', contentType: 'text/plain', payload: text },
      { how: 'form', contentType: 'application/x-www-form-urlencoded', payload: 'username=a&password=b' },
      { how: 'no content type', contentType: null, payload: text },
      { how: 'xml', contentType: 'application/xml', payload: '<a>1</a>' },
      { how: 'broken json', contentType: 'application/json', payload: text.slice(0, Math.max(1, text.length - 1)) + '{' },
      { how: 'empty json', contentType: 'application/json', payload: '' },
      { how: 'json utf-16', contentType: 'application/json; charset=utf-16', payload: text },
      { how: 'multipart', contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: Buffer.concat([part('x', null, null, 'y'), END]) },
      { how: 'deep json', contentType: 'application/json', payload: '['.repeat(5000) + ']'.repeat(5000) },
      { how: 'proto json', contentType: 'application/json', payload: '{"__proto__":{"is_superuser":true},"constructor":{"prototype":{"x":1}}}' },
    ),
    fc.constant({ how: 'too large', contentType: 'application/json', payload: JSON.stringify({ notes: 'x'.repeat(1_100_000) }) }),
  ];
  return fc.oneof({ arbitrary: encodings[0]!, weight: 12 }, { arbitrary: encodings[1]!, weight: 4 }, { arbitrary: encodings[2]!, weight: 1 });
}
