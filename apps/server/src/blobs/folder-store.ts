import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { spoolToFile } from './spool';
import {
  BlobMissingError,
  assertSha256,
  storeStep,
  type BlobChecks,
  type BlobStore,
  type PutResult,
} from './store';

/** Temporary files live inside the blob folder, so the final rename is atomic (same file system). */
export const FOLDER_TMP = '.tmp';

/**
 * Blobs as files `<dir>/<sha256>`: written to `<dir>/.tmp/<uuid>.part`, synced, then renamed into
 * place, so a reader never sees half a blob and a crash leaves only a stray temporary file.
 */
export async function createFolderBlobStore(dir: string): Promise<BlobStore> {
  const root = path.resolve(dir);
  const tmpDir = path.join(root, FOLDER_TMP);
  // Not emptied here: another instance may share the folder. A crash leaves at most a stray .part file.
  await mkdir(tmpDir, { recursive: true });
  const fileOf = (sha256: string) => {
    assertSha256(sha256);
    return path.join(root, sha256);
  };
  const sizeOf = async (sha256: string): Promise<number | null> => {
    try {
      return (await stat(fileOf(sha256))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };

  return {
    kind: 'folder',
    location: root,
    async put(source: AsyncIterable<Uint8Array>, checks?: BlobChecks): Promise<PutResult> {
      const spooled = await spoolToFile(source, tmpDir, checks);
      const target = fileOf(spooled.sha256);
      if ((await sizeOf(spooled.sha256)) !== null) {
        await rm(spooled.file, { force: true });
        // A fresh mtime tells a future garbage collector the blob was just used again.
        const now = new Date();
        await utimes(target, now, now).catch(() => {});
        return { sha256: spooled.sha256, size: spooled.size, existed: true };
      }
      await storeStep('storing', () => rename(spooled.file, target));
      return { sha256: spooled.sha256, size: spooled.size, existed: false };
    },
    async open(sha256: string) {
      const size = await sizeOf(sha256);
      if (size === null) throw new BlobMissingError(sha256, root);
      return { size, stream: createReadStream(fileOf(sha256)) };
    },
    async has(sha256: string) {
      return (await sizeOf(sha256)) !== null;
    },
    async delete(sha256: string) {
      await rm(fileOf(sha256), { force: true });
    },
  };
}
