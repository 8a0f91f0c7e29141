import { Readable } from 'node:stream';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { storedFiles } from '@icehouse/db/schema';
import type { Database } from '@icehouse/db/client';
import type { BlobStore } from './store';

/**
 * Moves the bytes of stored files written before the blob store (the bytea column
 * `stored_files.data`, migration 0007) into the store, one row at a time: write the blob, then
 * set its hash and size and null the bytes. Run at start, after the migrations; idempotent (a
 * row is done once its bytes are null, a blob already stored is kept), so a crash half way is
 * finished by the next start. Each row's bytes are read whole, once: this is a one-time step for
 * rows the old server accepted, not the request path.
 */
export async function moveDatabaseBytesToBlobs(database: Database, blobs: BlobStore): Promise<number> {
  const db = database.db;
  let moved = 0;
  let after = 0;
  for (;;) {
    const [next] = await db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(and(isNotNull(storedFiles.data), gt(storedFiles.id, after)))
      .orderBy(asc(storedFiles.id))
      .limit(1);
    if (!next) return moved;
    after = next.id;
    const [row] = await db
      .select({ data: storedFiles.data })
      .from(storedFiles)
      .where(eq(storedFiles.id, next.id));
    if (!row?.data) continue;
    const bytes = Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
    // The content's own hash is the key, whatever the row said (it is rewritten to match).
    const blob = await blobs.put(Readable.from([bytes]));
    await db
      .update(storedFiles)
      .set({ sha256: blob.sha256, sizeBytes: blob.size, data: null })
      .where(and(eq(storedFiles.id, next.id), isNotNull(storedFiles.data)));
    moved += 1;
  }
}
