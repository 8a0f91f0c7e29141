import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { LIMITS, MESSAGES } from '@icehouse/domain';
import { orders, storedFiles } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import type { AppDeps, ChangeDeps, DbDeps } from '../../deps';
import { BlobMissingError, BlobRejectedError, BlobStoreError, type PutResult } from '../../blobs';
import { recordHistory } from '../orders/history';
import { announceChange, changeTransaction } from '../../changes';
import type { OrderFileKind } from './schemas';
import { ORDER_NOT_FOUND, type Actor } from '../orders/service-common';
import { serveBlueprintUrl, serveDoorPlacementUrl } from '../orders/views';

/**
 * The order's two PDFs (blueprint, door placement drawing). The bytes stream into the blob store
 * (deps.blobs, addressed by SHA-256) and back out, never whole in memory; the database keeps
 * their metadata (stored_files). A PDF is recognised by its content (it starts with "%PDF-"),
 * never by its name or the type the browser claims, and is always named `*.pdf`.
 */

type FileDeps = Pick<AppDeps, 'database' | 'blobs'>;

export const PDF_CONTENT_TYPE = 'application/pdf';
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

export const FILE_LABELS: Record<OrderFileKind, { field: string; filenameField: string; what: string; fallbackName: string }> = {
  blueprint: { field: 'blueprint', filenameField: 'blueprint_filename', what: 'blueprint', fallbackName: 'blueprint.pdf' },
  door_placement: {
    field: 'door_placement_drawing',
    filenameField: 'door_placement_filename',
    what: 'door placement drawing',
    fallbackName: 'door-placement.pdf',
  },
};

export type BlueprintAnswer = { blueprint: string | null; blueprint_filename: string | null };
export type DoorPlacementAnswer = { door_placement_drawing: string | null; door_placement_filename: string | null };
export type FileAnswer = BlueprintAnswer | DoorPlacementAnswer;

export const tooLargeError = () => new AppError('PAYLOAD_TOO_LARGE', MESSAGES.uploadTooLarge);
export const notPdfError = () => new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.uploadPdfOnly);
const voidedOrderError = () =>
  new AppError('VALIDATION', MESSAGES.uploadVoidedOrder, { details: { error: MESSAGES.uploadVoidedOrder } });

/** A file part's byte stream as @fastify/multipart (busboy) gives it: `truncated` once the size limit cut it. */
export interface UploadStream extends AsyncIterable<Buffer | Uint8Array> {
  truncated?: boolean;
}

/** Reads a part the route will not keep to its end, so the client gets the answer, not a reset. */
export async function drainUpload(stream: UploadStream): Promise<void> {
  for await (const chunk of stream) void chunk;
}

/**
 * Streams an upload into the blob store: at most LIMITS.uploadMaxBytes (else 413), starting
 * with "%PDF-" (else 415), hashed on the way; nothing is stored when it is refused.
 */
export async function storePdfUpload(deps: Pick<AppDeps, 'blobs'>, stream: UploadStream, limit: number = LIMITS.uploadMaxBytes): Promise<PutResult> {
  try {
    return await deps.blobs.put(stream, { maxBytes: limit, magic: PDF_MAGIC });
  } catch (error) {
    if (error instanceof BlobRejectedError) throw error.reason === 'too_large' ? tooLargeError() : notPdfError();
    // The store failed (disk full, bucket unreachable): a 503 like an unreachable database, not the client's fault.
    if (error instanceof BlobStoreError) throw new AppError('UNAVAILABLE', MESSAGES.uploadStoreUnavailable, { cause: error });
    throw error;
  }
}

/** A file name safe to store and to put in a header: no path, no control characters or quotes. */
export function safeFilename(name: string | null | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  if (clean === '' || clean === '.' || clean === '..') clean = fallback;
  if (clean.length > 200) {
    const dot = clean.lastIndexOf('.');
    const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
    clean = clean.slice(0, 200 - ext.length) + ext;
  }
  return clean;
}

/**
 * The name a PDF is stored and served under: safe (above) and ending in `.pdf`, whatever the
 * browser sent: `plan.html` becomes `plan.pdf`, `plan` becomes `plan.pdf`.
 */
export function pdfFilename(name: string | null | undefined, fallback: string): string {
  const clean = safeFilename(name, fallback);
  if (/\.pdf$/i.test(clean)) return clean;
  const dot = clean.lastIndexOf('.');
  const stem = (dot > 0 ? clean.slice(0, dot) : clean).replace(/\.+$/, '');
  return `${(stem === '' ? fallback.replace(/\.pdf$/i, '') : stem).slice(0, 196)}.pdf`;
}

/** `inline; filename="plan.pdf"; filename*=UTF-8''plan.pdf` with an ASCII fallback name. */
export function inlineContentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function answerFor(kind: OrderFileKind, orderId: number, filename: string | null): FileAnswer {
  if (kind === 'blueprint') return { blueprint: filename !== null ? serveBlueprintUrl(orderId) : null, blueprint_filename: filename };
  return { door_placement_drawing: filename !== null ? serveDoorPlacementUrl(orderId) : null, door_placement_filename: filename };
}

const fileColumn = (kind: OrderFileKind) => (kind === 'blueprint' ? orders.blueprintFileId : orders.doorPlacementFileId);

/** Locks the order row for a file change: 404 when missing, 400 when voided (decision 021). */
async function lockOrderForFiles(tx: Db, id: number) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row) throw AppError.notFound(ORDER_NOT_FOUND);
  if (row.status === 'voided') throw voidedOrderError();
  return row;
}

async function filenameOf(tx: Db, fileId: number | null): Promise<string | null> {
  if (fileId === null) return null;
  const [row] = await tx.select({ filename: storedFiles.filename }).from(storedFiles).where(eq(storedFiles.id, fileId));
  return row?.filename ?? null;
}

/** 404 unless the order exists, 400 when it is voided: checked before an upload is read. */
export async function assertOrderTakesFiles(deps: DbDeps, id: number): Promise<void> {
  const [row] = await deps.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  if (!row) throw AppError.notFound(ORDER_NOT_FOUND);
  if (row.status === 'voided') throw voidedOrderError();
}

/**
 * Records a PDF already in the blob store as the order's blueprint or door placement drawing,
 * replacing the previous row, with a history entry. The order's version is not bumped: files are
 * not part of the order form's save, so an upload never makes an open form stale. Blobs are never
 * deleted here: another row may hold the same content (decision 020, garbage collection later).
 */
export async function saveOrderFile(
  deps: ChangeDeps,
  actor: Actor,
  id: number,
  kind: OrderFileKind,
  file: { filename: string | null | undefined; blob: PutResult },
): Promise<FileAnswer> {
  const labels = FILE_LABELS[kind];
  const filename = pdfFilename(file.filename, labels.fallbackName);
  const userId = actor?.id ?? null;
  await changeTransaction(deps, async (tx) => {
    const row = await lockOrderForFiles(tx, id);
    const oldId = kind === 'blueprint' ? row.blueprintFileId : row.doorPlacementFileId;
    const oldName = await filenameOf(tx, oldId);
    const [stored] = await tx
      .insert(storedFiles)
      .values({ filename, contentType: PDF_CONTENT_TYPE, sizeBytes: file.blob.size, sha256: file.blob.sha256, createdBy: userId })
      .returning({ id: storedFiles.id });
    await tx
      .update(orders)
      .set(kind === 'blueprint' ? { blueprintFileId: stored!.id, updatedBy: userId } : { doorPlacementFileId: stored!.id, updatedBy: userId })
      .where(eq(orders.id, id));
    if (oldId !== null) await tx.delete(storedFiles).where(eq(storedFiles.id, oldId));
    // The version stays (files are not part of the form's save): lists and open forms refresh the file only.
    announceChange(tx, { entity: 'order', id, version: row.version, action: 'files_changed', by: userId });
    await recordHistory(tx, {
      orderId: id,
      action: 'file_added',
      changes: { [labels.field]: { old: oldName, new: filename } },
      userId,
    });
  });
  return answerFor(kind, id, filename);
}

/**
 * The whole upload of one multipart part: only the documented field (else 400 on that field),
 * streamed into the blob store (413/415 while streaming), then recorded on the order.
 */
export async function uploadOrderFile(
  deps: FileDeps & ChangeDeps,
  actor: Actor,
  id: number,
  kind: OrderFileKind,
  part: { fieldname: string; filename?: string | undefined; file: UploadStream },
): Promise<FileAnswer> {
  const field = FILE_LABELS[kind].field;
  if (part.fieldname !== field) {
    await drainUpload(part.file);
    throw AppError.validation({ [field]: [MESSAGES.uploadWrongField(field)] }, MESSAGES.uploadWrongField(field));
  }
  const blob = await storePdfUpload(deps, part.file);
  return saveOrderFile(deps, actor, id, kind, { filename: part.filename, blob });
}

/** Removes the order's blueprint or door placement drawing (a no-op when there is none). */
export async function removeOrderFile(deps: ChangeDeps, actor: Actor, id: number, kind: OrderFileKind): Promise<FileAnswer> {
  const labels = FILE_LABELS[kind];
  const userId = actor?.id ?? null;
  await changeTransaction(deps, async (tx) => {
    const row = await lockOrderForFiles(tx, id);
    const oldId = kind === 'blueprint' ? row.blueprintFileId : row.doorPlacementFileId;
    if (oldId === null) return;
    const oldName = await filenameOf(tx, oldId);
    await tx
      .update(orders)
      .set(kind === 'blueprint' ? { blueprintFileId: null, updatedBy: userId } : { doorPlacementFileId: null, updatedBy: userId })
      .where(eq(orders.id, id));
    await tx.delete(storedFiles).where(eq(storedFiles.id, oldId));
    announceChange(tx, { entity: 'order', id, version: row.version, action: 'files_changed', by: userId });
    await recordHistory(tx, { orderId: id, action: 'file_removed', changes: { [labels.field]: { old: oldName, new: null } }, userId });
  });
  return answerFor(kind, id, null);
}

export interface StoredPdf {
  filename: string;
  contentType: string;
  sha256: string;
  size: number;
  /** The bytes, streamed from the blob store; null when the caller's ETag matched (not opened). */
  stream: Readable | null;
}

/**
 * The stored PDF, for serving: its metadata from the database and its bytes as a stream from the
 * blob store. With `ifNoneMatch` equal to its SHA-256 (the strong ETag) the blob is not opened.
 * 404 when the order or its file is missing.
 */
export async function readOrderFile(deps: FileDeps & Partial<Pick<AppDeps, 'log'>>, id: number, kind: OrderFileKind, ifNoneMatch?: string): Promise<StoredPdf> {
  const db = deps.database.db;
  const [row] = await db
    .select({
      fileId: fileColumn(kind),
      filename: storedFiles.filename,
      contentType: storedFiles.contentType,
      sha256: storedFiles.sha256,
    })
    .from(orders)
    .leftJoin(storedFiles, eq(storedFiles.id, fileColumn(kind)))
    .where(eq(orders.id, id));
  if (!row) throw AppError.notFound(ORDER_NOT_FOUND);
  const missing = () => AppError.notFound(`No ${FILE_LABELS[kind].what} has been uploaded for this order.`);
  if (row.fileId === null || row.sha256 === null) throw missing();
  const meta = {
    filename: pdfFilename(row.filename, FILE_LABELS[kind].fallbackName),
    contentType: row.contentType ?? PDF_CONTENT_TYPE,
    sha256: row.sha256,
  };
  if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, row.sha256)) return { ...meta, size: 0, stream: null };
  try {
    const blob = await deps.blobs.open(row.sha256);
    return { ...meta, size: blob.size, stream: blob.stream };
  } catch (error) {
    if (!(error instanceof BlobMissingError)) throw error;
    // A row whose bytes are not in the store (a restore without its blobs): the log says so, the client gets a 404.
    deps.log?.error({ err: error, fileId: row.fileId }, 'a stored file has no blob in the store');
    throw new AppError('NOT_FOUND', missing().message, { details: {}, cause: error });
  }
}

/** `If-None-Match: "<sha256>"` (or a list of tags, or `*`) against the file's strong ETag. */
export function etagMatches(header: string, sha256: string): boolean {
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === `"${sha256}"`);
}
