import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite's data-folder dump reads every file under the folder into memory, so a blob folder
 * inside it (the default `<DATA_DIR>/blobs`) is moved beside the folder while the database is
 * dumped (the blobs go into the backup archive apart, streamed) and moved back at once after.
 * Both moves are renames on one file system. Should the process die in between, the next backup
 * or server start moves it back (`putBlobsBack`).
 */
export function asidePathOf(dataDir: string): string {
  return `${path.resolve(dataDir)}.blobs-during-backup`;
}

/** The blob folder's path relative to the data folder when it lies inside it, else null. */
function innerBlobDir(dataDir: string, blobDir: string | undefined): string | null {
  if (!blobDir) return null;
  const rel = path.relative(path.resolve(dataDir), path.resolve(blobDir));
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : null;
}

/** Moves a blob folder left aside by an interrupted backup back into place (no-op otherwise). */
export function putBlobsBack(dataDir: string, blobDir: string | undefined): void {
  const rel = innerBlobDir(dataDir, blobDir);
  const aside = asidePathOf(dataDir);
  if (rel === null || !existsSync(aside)) return;
  const inside = path.join(path.resolve(dataDir), rel);
  if (existsSync(inside))
    throw new Error(
      `Both ${inside} and ${aside} exist (an interrupted backup): keep the one with the blobs, then start again.`,
    );
  renameSync(aside, inside);
}

export async function setBlobsAside<T>(
  dataDir: string,
  blobDir: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  putBlobsBack(dataDir, blobDir);
  const rel = innerBlobDir(dataDir, blobDir);
  const inside = rel === null ? null : path.join(path.resolve(dataDir), rel);
  if (inside === null || !existsSync(inside)) return work();
  const aside = asidePathOf(dataDir);
  renameSync(inside, aside);
  try {
    return await work();
  } finally {
    renameSync(aside, inside);
  }
}
