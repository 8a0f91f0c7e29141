import type { BlobStore } from '../blobs';
import type { DatabaseChecksums } from './checksums';

/** What backups and restores work on and answer, and their one error (shared by both databases' dumps). */

export type BackupKind = 'postgres' | 'pglite';

export interface BackupTarget {
  /** PostgreSQL connection URL; when unset, the embedded data folder is used. */
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** The blob folder, when it is one: inside the PGlite data folder it is kept out of the database dump. */
  blobDir?: string | undefined;
  /**
   * The blob store, opened when needed (a restore opens it only after the database is back: a
   * PGlite restore moves the data folder's contents, blob folder included, aside).
   */
  openBlobs?: () => Promise<BlobStore>;
}

export interface BlobsSummary {
  count: number;
  bytes: number;
  /** Blobs the database refers to that the store did not have (backed up without them). */
  missing: string[];
}

export interface BackupResult {
  kind: BackupKind;
  file: string;
  bytes: number;
  /** Rows per table at the time of the backup. */
  counts: Record<string, number>;
  /** The blobs the database refers to (SHA-256). */
  referencedBlobs: string[];
  /** The archive's blobs (backupDatabase only). */
  blobs?: BlobsSummary;
}

export interface RestoreResult {
  kind: BackupKind;
  file: string;
  counts: Record<string, number>;
  /** PGlite: where the folder's previous contents were moved. */
  previousDataMovedTo?: string;
  /** Blobs put back into the store (an archive of ours; an older plain dump has none). */
  blobs?: number;
}

export class BackupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BackupError';
  }
}

/** Rows per table, from a database's checksums. */
export function countsOf(checksums: DatabaseChecksums): Record<string, number> {
  return Object.fromEntries(Object.entries(checksums).map(([table, c]) => [table, c.rows]));
}
