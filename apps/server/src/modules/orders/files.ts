import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { LIMITS, MESSAGES } from '@icehouse/domain';
import { orders, storedFiles } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import type { AppDeps } from '../../deps';
import { recordHistory } from './history';
import type { OrderFileKind } from './schemas';
import { ORDER_NOT_FOUND, type Actor } from './service';
import { serveBlueprintUrl, serveDoorPlacementUrl } from './views';

/**
 * The order's two PDFs (blueprint, door placement drawing), stored in the database (stored_files,
 * bytea, with their SHA-256) so a database backup holds them. A PDF is recognised by its content
 * (it starts with "%PDF-"), never by its name or the type the browser claims.
 */

type DbDeps = Pick<AppDeps, 'database'>;

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

/** A file part's byte stream as @fastify/multipart (busboy) gives it: `truncated` once the size limit cut it. */
export interface UploadStream extends AsyncIterable<Buffer | Uint8Array> {
  truncated?: boolean;
}

/**
 * Reads an uploaded file as it streams in, never holding more than `limit` bytes: a file over
 * the limit is a 413, a file that does not start with "%PDF-" a 415. A non-PDF is still read to
 * its end (and dropped) so the browser gets the answer rather than a broken connection.
 */
export async function readPdfUpload(stream: UploadStream, limit: number = LIMITS.uploadMaxBytes): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let head = Buffer.alloc(0);
  let isPdf: boolean | null = null;
  let tooLarge = false;
  for await (const raw of stream) {
    const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    if (isPdf === null) {
      head = Buffer.concat([head, chunk]);
      if (head.length >= PDF_MAGIC.length) isPdf = head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);
    }
    if (isPdf === false || tooLarge) continue; // drain, keep nothing
    size += chunk.length;
    if (size > limit) {
      tooLarge = true;
      chunks.length = 0;
      continue;
    }
    chunks.push(chunk);
  }
  if (isPdf !== true) throw notPdfError();
  if (tooLarge || stream.truncated) throw tooLargeError();
  return Buffer.concat(chunks, size);
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

async function lockOrderRow(tx: Db, id: number) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row) throw AppError.notFound(ORDER_NOT_FOUND);
  return row;
}

async function filenameOf(tx: Db, fileId: number | null): Promise<string | null> {
  if (fileId === null) return null;
  const [row] = await tx.select({ filename: storedFiles.filename }).from(storedFiles).where(eq(storedFiles.id, fileId));
  return row?.filename ?? null;
}

/** 404 unless the order exists (checked before an upload is read). */
export async function assertOrderExists(deps: DbDeps, id: number): Promise<void> {
  const [row] = await deps.database.db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
  if (!row) throw AppError.notFound(ORDER_NOT_FOUND);
}

/**
 * Stores a checked PDF as the order's blueprint or door placement drawing, replacing (and
 * deleting) the previous one, with a history entry. The order's version is not bumped: files are
 * not part of the order form's save, so an upload never makes an open form stale.
 */
export async function saveOrderFile(
  deps: DbDeps,
  actor: Actor,
  id: number,
  kind: OrderFileKind,
  file: { filename: string | null | undefined; data: Buffer },
): Promise<FileAnswer> {
  const labels = FILE_LABELS[kind];
  const filename = safeFilename(file.filename, labels.fallbackName);
  if (!file.data.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw notPdfError();
  if (file.data.length > LIMITS.uploadMaxBytes) throw tooLargeError();
  const userId = actor?.id ?? null;
  await deps.database.db.transaction(async (tx) => {
    const row = await lockOrderRow(tx, id);
    const oldId = kind === 'blueprint' ? row.blueprintFileId : row.doorPlacementFileId;
    const oldName = await filenameOf(tx, oldId);
    const [stored] = await tx
      .insert(storedFiles)
      .values({
        filename,
        contentType: PDF_CONTENT_TYPE,
        sizeBytes: file.data.length,
        sha256: createHash('sha256').update(file.data).digest('hex'),
        data: file.data,
        createdBy: userId,
      })
      .returning({ id: storedFiles.id });
    await tx
      .update(orders)
      .set(kind === 'blueprint' ? { blueprintFileId: stored!.id, updatedBy: userId } : { doorPlacementFileId: stored!.id, updatedBy: userId })
      .where(eq(orders.id, id));
    if (oldId !== null) await tx.delete(storedFiles).where(eq(storedFiles.id, oldId));
    await recordHistory(tx, {
      orderId: id,
      action: 'file_added',
      changes: { [labels.field]: { old: oldName, new: filename } },
      userId,
    });
  });
  return answerFor(kind, id, filename);
}

/** Removes the order's blueprint or door placement drawing (a no-op when there is none). */
export async function removeOrderFile(deps: DbDeps, actor: Actor, id: number, kind: OrderFileKind): Promise<FileAnswer> {
  const labels = FILE_LABELS[kind];
  const userId = actor?.id ?? null;
  await deps.database.db.transaction(async (tx) => {
    const row = await lockOrderRow(tx, id);
    const oldId = kind === 'blueprint' ? row.blueprintFileId : row.doorPlacementFileId;
    if (oldId === null) return;
    const oldName = await filenameOf(tx, oldId);
    await tx
      .update(orders)
      .set(kind === 'blueprint' ? { blueprintFileId: null, updatedBy: userId } : { doorPlacementFileId: null, updatedBy: userId })
      .where(eq(orders.id, id));
    await tx.delete(storedFiles).where(eq(storedFiles.id, oldId));
    await recordHistory(tx, { orderId: id, action: 'file_removed', changes: { [labels.field]: { old: oldName, new: null } }, userId });
  });
  return answerFor(kind, id, null);
}

export interface StoredPdf {
  filename: string;
  contentType: string;
  sha256: string;
  data: Buffer;
}

/** The stored PDF, for serving. 404 when the order or its file is missing. */
export async function readOrderFile(deps: DbDeps, id: number, kind: OrderFileKind): Promise<StoredPdf> {
  const db = deps.database.db;
  const [row] = await db
    .select({
      fileId: fileColumn(kind),
      filename: storedFiles.filename,
      contentType: storedFiles.contentType,
      sha256: storedFiles.sha256,
      data: storedFiles.data,
    })
    .from(orders)
    .leftJoin(storedFiles, eq(storedFiles.id, fileColumn(kind)))
    .where(eq(orders.id, id));
  if (!row) throw AppError.notFound(ORDER_NOT_FOUND);
  if (row.fileId === null || row.data === null) {
    throw AppError.notFound(`No ${FILE_LABELS[kind].what} has been uploaded for this order.`);
  }
  return {
    filename: row.filename ?? FILE_LABELS[kind].fallbackName,
    contentType: row.contentType ?? PDF_CONTENT_TYPE,
    sha256: row.sha256 ?? '',
    data: Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength),
  };
}
