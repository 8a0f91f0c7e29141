import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { fileURLToPath } from 'node:url';
import { and, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { rowsOf } from '@icehouse/db';
import { archivedDocuments, users } from '@icehouse/db/schema';
import type { AppDeps } from '../../deps';
import { preparedQuery } from '../../prepared-query';

/**
 * Archived documents (decision 061): every PDF produced is kept, immutable, its bytes in the blob store.
 * "Unchanged" means: the SHA-256 of the exact HTML handed to Chromium (data, company information and
 * template code all end up in it) equals the current version's. Then the stored bytes are served and
 * no browser is involved; otherwise the PDF is rendered and stored as the next version.
 *
 * Building the HTML to hash it costs a few statements and a template render per download. A kind that
 * can say what its HTML is made of in one SQL expression (the invoice: `invoiceSourceKey`) skips that:
 * the expression's value and the running code's key make the version's `source_key`, read in the same
 * statement as the current version; equal keys serve the stored bytes at once (`currentIfUnchanged`).
 */

export type DocumentKind = 'invoice' | 'bol' | 'order_print' | 'build_sheet' | 'quote' | 'credit_note' | 'statement' | 'purchase_order';

/** What to produce: the record, and the HTML that a render would use. */
export interface DocumentSource {
  kind: DocumentKind;
  /** The invoice's id, or the order's (bol, order_print). */
  recordId: number;
  recordVersion: number | null;
  filename: string;
  /** The HTML to render. */
  html: string;
  /**
   * The HTML whose hash says "unchanged", when it differs from `html` (the order print's own
   * "printed at" time is left out of it: a reprint of an unchanged order is the stored print).
   */
  hashHtml?: string;
  /** Turns the rendered PDF into the stored one (the build sheet appends its drawings); in the hash via hashHtml. */
  finish?: (rendered: Buffer) => Promise<Buffer>;
}

export type ArchivedDocumentRow = typeof archivedDocuments.$inferSelect;

export interface ArchivedPdf {
  document: ArchivedDocumentRow;
  filename: string;
  /** The stored bytes (read from the blob store when asked for). */
  bytes(): Promise<Buffer>;
  /** Rendered by this call (false: served from the archive). */
  rendered: boolean;
}

type Deps = Pick<AppDeps, 'database' | 'pdf' | 'blobs'>;

export const sourceHashOf = (source: DocumentSource) =>
  createHash('sha256')
    .update(source.hashHtml ?? source.html)
    .digest('hex');

/**
 * The running code's part of a source key: the SHA-256 of the server bundle (main.js and its chunks) in production (every instance of one
 * build agrees; a deploy that changes a template changes it). Run from sources (development, tests) there
 * is no one file to hash, so each process has a key of its own: its first download of a document builds
 * the HTML once and compares hashes, as without keys.
 */
const CODE_KEY = (() => {
  const self = fileURLToPath(import.meta.url);
  if (!/[\\/]dist[\\/][^\\/]+\.js$/.test(self)) return randomUUID();
  // The bundle is main.js and the chunks beside it (build.mjs): all of them, in name order.
  const folder = path.dirname(self);
  const hash = createHash('sha256');
  for (const name of readdirSync(folder).filter((file) => file.endsWith('.js')).sort()) {
    hash.update(name).update(readFileSync(path.join(folder, name)));
  }
  return hash.digest('hex');
})();

const sourceKeyOf = (dataKey: string) => createHash('sha256').update(`${CODE_KEY}:${dataKey}`).digest('hex');

/**
 * An SQL expression over the rows a document is made of, which changes whenever any of them does, for
 * the record `id` (a value, or a placeholder in a prepared statement).
 */
export type DataKey = (id: Placeholder | number) => SQL;

/**
 * One statement (prepared once per kind): the current version of the record's document when its key is
 * the one of `dataKey` now; null when it is not (or there is none): then the source is built
 * (keyedSource) and produced. A kind has one `dataKey` (the statement is built from the first one seen).
 */
export async function currentIfUnchanged(
  deps: Pick<AppDeps, 'database' | 'blobs'>,
  kind: DocumentKind,
  recordId: number,
  dataKey: DataKey,
): Promise<ArchivedPdf | null> {
  const query = preparedQuery(deps.database.db, `documents.current.${kind}`, (db) =>
    db
      .select({ document: archivedDocuments, dataKey: sql<string>`${dataKey(sql.placeholder('id'))}` })
      .from(archivedDocuments)
      .where(and(eq(archivedDocuments.kind, kind), eq(archivedDocuments.recordId, sql.placeholder('id'))))
      .orderBy(desc(archivedDocuments.version))
      .limit(1)
      .prepare(`document_current_${kind}`),
  );
  const [row] = await query.execute({ id: recordId });
  return row && row.document.sourceKey === sourceKeyOf(row.dataKey)
    ? archived(deps, row.document, false)
    : null;
}

/**
 * Builds a document's source and reads its key in one snapshot (a read-only REPEATABLE READ
 * transaction), so that the key stored with a version always describes the very rows its HTML was made
 * from: a key read before a concurrent save and HTML built after it could otherwise come back true later.
 */
export async function keyedSource<S extends DocumentSource>(
  deps: Pick<AppDeps, 'database'>,
  dataKey: SQL,
  build: (snapshot: Pick<AppDeps, 'database'>) => Promise<S>,
): Promise<{ source: S; key: string }> {
  return deps.database.db.transaction(
    async (tx) => {
      const [only] = rowsOf<{ data_key: string }>(await tx.execute(sql`select ${dataKey} as data_key`));
      const source = await build({ database: { ...deps.database, db: tx } });
      return { source, key: sourceKeyOf(only!.data_key) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function latestVersion(deps: Pick<AppDeps, 'database'>, kind: DocumentKind, recordId: number) {
  const [row] = await deps.database.db
    .select()
    .from(archivedDocuments)
    .where(and(eq(archivedDocuments.kind, kind), eq(archivedDocuments.recordId, recordId)))
    .orderBy(desc(archivedDocuments.version))
    .limit(1);
  return row ?? null;
}

/**
 * Recently served documents' bytes, by SHA-256. A blob's content never changes under its hash, so a
 * kept copy is never stale; the cache only saves the store's open/read/close (or the S3 round trip) on
 * the next download of an unchanged document. Bounded by bytes: about a few hundred invoices.
 */
const recentBytes = new LRUCache<string, Buffer>({
  maxSize: 32 * 1024 * 1024,
  maxEntrySize: 4 * 1024 * 1024,
  sizeCalculation: (bytes) => Math.max(1, bytes.length),
});

export async function readBlob(deps: Pick<AppDeps, 'blobs'>, sha256: string): Promise<Buffer> {
  const kept = recentBytes.get(sha256);
  if (kept) return kept;
  const { stream } = await deps.blobs.open(sha256);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  recentBytes.set(sha256, bytes);
  return bytes;
}

function archived(
  deps: Pick<AppDeps, 'blobs'>,
  document: ArchivedDocumentRow,
  rendered: boolean,
  bytes?: Buffer,
): ArchivedPdf {
  return {
    document,
    filename: document.filename,
    rendered,
    bytes: async () => bytes ?? readBlob(deps, document.sha256),
  };
}

/**
 * The document for `source`: the current archived version when its source hash matches, else a new
 * render stored as the next version (by `userId`; null: the system, e.g. a pre-render job). Storing
 * is serialised per record by an advisory lock, so two callers that rendered the same source at once
 * (a pre-render job and a download) keep one version. `sourceKey`
 * (from keyedSource) is stored with the version, so that the next download with that key needs no HTML.
 */
export async function produceDocument(
  deps: Deps,
  source: DocumentSource,
  userId: number | null,
  sourceKey: string | null = null,
): Promise<ArchivedPdf> {
  const hash = sourceHashOf(source);
  const current = await latestVersion(deps, source.kind, source.recordId);
  if (current && current.sourceHash === hash) {
    // The same HTML from changed rows (a save that changed nothing printed): the key moves on.
    if (sourceKey !== null && current.sourceKey !== sourceKey) {
      await deps.database.db
        .update(archivedDocuments)
        .set({ sourceKey })
        .where(eq(archivedDocuments.id, current.id));
      return archived(deps, { ...current, sourceKey }, false);
    }
    return archived(deps, current, false);
  }

  const rendered = await deps.pdf.render(source.html);
  const pdf = source.finish ? await source.finish(rendered) : rendered;
  const put = await deps.blobs.put(
    (async function* () {
      yield pdf;
    })(),
  );
  // One writer per record at a time (all instances): a caller that rendered the same source while
  // another stored it answers the stored version instead of adding an identical one.
  const stored = await deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ARCHIVE_LOCK}, ${source.recordId})`);
    const latest = await latestVersion(
      { database: { ...deps.database, db: tx } },
      source.kind,
      source.recordId,
    );
    if (latest && latest.sourceHash === hash) return { row: latest, created: false };
    // (A newer key found by another caller stays: either key describes this same HTML.)
    const [row] = await tx
      .insert(archivedDocuments)
      .values({
        kind: source.kind,
        recordId: source.recordId,
        version: (latest?.version ?? 0) + 1,
        recordVersion: source.recordVersion,
        sourceHash: hash,
        sourceKey,
        sha256: put.sha256,
        sizeBytes: put.size,
        filename: source.filename,
        createdBy: userId,
      })
      .returning();
    return { row: row!, created: true };
  });
  return stored.created ? archived(deps, stored.row, true, pdf) : archived(deps, stored.row, false);
}

/** The advisory lock class of document archiving (with the record id as the second key). */
const ARCHIVE_LOCK = 8180061;

/** One record's versions, newest first, with who made each (the Documents lists). */
export async function listDocuments(deps: Pick<AppDeps, 'database'>, kind: DocumentKind, recordId: number) {
  const rows = await deps.database.db
    .select({ document: archivedDocuments, username: users.username })
    .from(archivedDocuments)
    .leftJoin(users, eq(users.id, archivedDocuments.createdBy))
    .where(and(eq(archivedDocuments.kind, kind), eq(archivedDocuments.recordId, recordId)))
    .orderBy(desc(archivedDocuments.version));
  return rows.map(({ document, username }) => documentView(document, username));
}

/**
 * The name an archived version downloads under: its record's file name with the version before the
 * extension ('invoice-2042.pdf', version 2 -> 'invoice-2042-v2.pdf'), so versions saved side by side
 * say which they are. The PDF buttons and email attachments keep the record's plain name.
 */
export function versionedFilename(filename: string, version: number): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? `${filename.slice(0, dot)}-v${version}${filename.slice(dot)}` : `${filename}-v${version}`;
}

export function documentView(d: ArchivedDocumentRow, username: string | null) {
  return {
    id: d.id,
    kind: d.kind,
    record_id: d.recordId,
    version: d.version,
    record_version: d.recordVersion,
    filename: versionedFilename(d.filename, d.version),
    size: d.sizeBytes,
    sha256: d.sha256,
    created_at: d.createdAt.toISOString(),
    created_by: username,
  };
}

export async function getDocument(
  deps: Pick<AppDeps, 'database'>,
  id: number,
): Promise<ArchivedDocumentRow | null> {
  const [row] = await deps.database.db.select().from(archivedDocuments).where(eq(archivedDocuments.id, id));
  return row ?? null;
}
