import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../tests/s3-server';
import { BlobMissingError, BlobStoreError, createFolderBlobStore, type BlobStore } from './index';
import { storePdfUpload } from '../modules/order-files/files';

const MB = 1024 * 1024;
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** `size` bytes starting with %PDF-, produced 1 MB at a time (never whole in memory). */
function pdfChunks(size: number, seed = 1): { stream: Readable; sha256: string } {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  for (let left = size, i = 0; left > 0; i += 1) {
    const piece = Buffer.alloc(Math.min(MB, left), (seed + i) % 251);
    if (i === 0) piece.write('%PDF-1.7\n', 0, 'latin1');
    hash.update(piece);
    chunks.push(piece);
    left -= piece.length;
  }
  return { stream: Readable.from(chunks), sha256: hash.digest('hex') };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const s3 = { server: null as Awaited<ReturnType<typeof startS3Server>> | null };

beforeAll(async () => {
  s3.server = await startS3Server();
});
afterAll(async () => {
  await s3.server?.close();
});

const backends: [string, () => Promise<BlobStore>][] = [
  ['folder', () => createFolderBlobStore(mkdtempSync(path.join(tmpdir(), 'icehouse-blob-test-')))],
  ['s3 (s3rver)', async () => s3.server!.store(`t${Date.now()}/`)],
];

describe.each(backends)('%s blob store', (_name, makeStore) => {
  it('streams a 12 MB PDF in and out under its SHA-256', async () => {
    const store = await makeStore();
    const { stream, sha256 } = pdfChunks(12 * MB);
    const put = await store.put(stream, { maxBytes: 50 * MB, magic: PDF_MAGIC });
    expect(put).toEqual({ sha256, size: 12 * MB, existed: false });
    expect(await store.has(sha256)).toBe(true);
    const opened = await store.open(sha256);
    expect(opened.size).toBe(12 * MB);
    expect(sha(await readAll(opened.stream))).toBe(sha256);
  });

  it('dedupes: the same content twice is one blob', async () => {
    const store = await makeStore();
    const first = await store.put(Readable.from([Buffer.from('%PDF-same')]));
    const second = await store.put(Readable.from([Buffer.from('%PDF-'), Buffer.from('same')]));
    expect(second).toEqual({ ...first, existed: true });
  });

  it('refuses content over the limit, not starting with the magic, or with another hash, and keeps nothing', async () => {
    const store = await makeStore();
    await expect(store.put(pdfChunks(3 * MB).stream, { maxBytes: 3 * MB - 1 })).rejects.toMatchObject({
      reason: 'too_large',
    });
    await expect(
      store.put(Readable.from([Buffer.from('%PD'), Buffer.from('X-1')]), { magic: PDF_MAGIC }),
    ).rejects.toMatchObject({
      reason: 'wrong_type',
    });
    await expect(store.put(Readable.from([Buffer.from('%PD')]), { magic: PDF_MAGIC })).rejects.toMatchObject({
      reason: 'wrong_type',
    });
    await expect(
      store.put(Readable.from([Buffer.from('%PDF-a')]), { sha256: sha(Buffer.from('%PDF-b')) }),
    ).rejects.toMatchObject({
      reason: 'wrong_hash',
    });
    // Exactly at the limit is fine; a stream flagged truncated (busboy's limit) is too large.
    expect((await store.put(Readable.from([Buffer.from('%PDF-12')]), { maxBytes: 7 })).size).toBe(7);
    const cut = Object.assign(Readable.from([Buffer.from('%PDF-1')]), { truncated: true });
    await expect(store.put(cut, { maxBytes: 7 })).rejects.toMatchObject({ reason: 'too_large' });
    for (const data of ['%PDF-a', '%PDF-b', '%PDF-1'])
      expect(await store.has(sha(Buffer.from(data)))).toBe(false);
    if (store.kind === 'folder') expect(readdirSync(path.join(store.location, '.tmp'))).toEqual([]);
  });

  it('says when a blob is missing, and deletes', async () => {
    const store = await makeStore();
    const missing = sha(Buffer.from('never stored'));
    await expect(store.open(missing)).rejects.toBeInstanceOf(BlobMissingError);
    const put = await store.put(Readable.from([Buffer.from('%PDF-gone')]));
    await store.delete(put.sha256);
    expect(await store.has(put.sha256)).toBe(false);
    await expect(store.open('../../etc/passwd')).rejects.toThrow('not a SHA-256');
  });
});

describe('a failing store', () => {
  it('is a BlobStoreError, which an upload answers with 503 (not the client’s 400)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'icehouse-blob-broken-'));
    const store = await createFolderBlobStore(dir);
    // The folder replaced by a file: nothing can be written there any more.
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(dir, 'not a folder');
    await expect(store.put(Readable.from([Buffer.from('%PDF-x')]))).rejects.toBeInstanceOf(BlobStoreError);
    await expect(
      storePdfUpload({ blobs: store }, Readable.from([Buffer.from('%PDF-x')])),
    ).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: 'The file could not be stored just now. Please try again in a moment.',
    });
    rmSync(dir, { force: true });
  });
});
