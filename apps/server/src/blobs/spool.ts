import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { BlobRejectedError, storeStep, type BlobChecks, type BlobRejection } from './store';

export interface SpooledBlob {
  /** The temporary file holding the content (the caller moves or removes it). */
  file: string;
  sha256: string;
  size: number;
}

/**
 * Writes a byte stream to a new file in `tmpDir`, one chunk at a time (awaiting each write, so
 * memory stays at one chunk whatever the size), hashing it and applying the checks as it streams.
 * A source flagged `truncated` (busboy stopped it at its size limit) is too large.
 * Refused content is still read to its end (and dropped) so an HTTP client gets the answer
 * instead of a broken connection; the partial file is removed.
 */
export async function spoolToFile(
  source: AsyncIterable<Uint8Array>,
  tmpDir: string,
  checks: BlobChecks = {},
): Promise<SpooledBlob> {
  const file = path.join(tmpDir, `${randomUUID()}.part`);
  const handle = await storeStep('creating a temporary file', async () => {
    await mkdir(tmpDir, { recursive: true });
    return open(file, 'wx', 0o600);
  });
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  let refused: BlobRejection | null = null;
  try {
    for await (const raw of source) {
      if (refused) continue; // drain, keep nothing
      const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
      if (checks.magic && head.length < checks.magic.length) {
        head = Buffer.concat([head, chunk.subarray(0, checks.magic.length - head.length)]);
        if (!checks.magic.subarray(0, head.length).equals(head)) refused = 'wrong_type';
      }
      size += chunk.length;
      if (checks.maxBytes !== undefined && size > checks.maxBytes) refused = 'too_large';
      if (refused) continue;
      hash.update(chunk);
      await storeStep('writing', () => handle.write(chunk));
    }
    if (!refused && checks.magic && head.length < checks.magic.length) refused = 'wrong_type';
    // busboy cuts a file at its own size limit and flags the stream instead of failing it.
    if (!refused && (source as { truncated?: boolean }).truncated) refused = 'too_large';
    const sha256 = hash.digest('hex');
    if (!refused && checks.sha256 && checks.sha256 !== sha256) refused = 'wrong_hash';
    if (refused) throw new BlobRejectedError(refused);
    await storeStep('syncing', async () => {
      await handle.sync();
      await handle.close();
    });
    return { file, sha256, size };
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(file, { force: true });
    throw error;
  }
}
