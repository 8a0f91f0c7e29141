import type { Readable } from 'node:stream';

/**
 * File bytes (uploaded drawings, later archived PDFs) live in a blob store, addressed by the
 * SHA-256 of their content; their metadata stays in the database (stored_files). Two backends
 * behind this interface: a folder (default) and an S3-compatible object store.
 */
export interface BlobStore {
  readonly kind: 'folder' | 's3';
  /** Where the blobs are, for logs and messages (a folder path or `s3://bucket/prefix`). */
  readonly location: string;
  /**
   * Streams `source` into the store with memory bounded by one chunk, hashing as it goes; the blob
   * is stored under its SHA-256 (a blob already there is kept: dedupe). Throws BlobRejectedError
   * when a check refuses the content; then nothing is stored.
   */
  put(source: AsyncIterable<Uint8Array>, checks?: BlobChecks): Promise<PutResult>;
  /** The blob's bytes as a stream, with its size; BlobMissingError when absent. */
  open(sha256: string): Promise<{ size: number; stream: Readable }>;
  has(sha256: string): Promise<boolean>;
  /** Removes a blob (absent: no-op). Callers make sure no row still refers to it. */
  delete(sha256: string): Promise<void>;
}

export interface BlobChecks {
  /** Most bytes accepted; more is a BlobRejectedError('too_large'). */
  maxBytes?: number;
  /** The content must start with these bytes, else BlobRejectedError('wrong_type'). */
  magic?: Buffer;
  /** The content must hash to this (restoring a backup, moving old rows), else 'wrong_hash'. */
  sha256?: string;
}

export interface PutResult {
  sha256: string;
  size: number;
  /** The store already held this content. */
  existed: boolean;
}

export type BlobRejection = 'too_large' | 'wrong_type' | 'wrong_hash';

export class BlobRejectedError extends Error {
  constructor(readonly reason: BlobRejection) {
    super(`blob refused: ${reason}`);
    this.name = 'BlobRejectedError';
  }
}

/** The store itself failed (disk full, bucket unreachable...): not the content's fault. */
export class BlobStoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BlobStoreError';
  }
}

/** Runs a store operation, turning its failures into BlobStoreError. */
export async function storeStep<T>(what: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof BlobStoreError || error instanceof BlobRejectedError) throw error;
    throw new BlobStoreError(`blob store: ${what} failed: ${(error as Error)?.message ?? String(error)}`, {
      cause: error,
    });
  }
}

export class BlobMissingError extends Error {
  constructor(
    readonly sha256: string,
    location: string,
  ) {
    super(`blob ${sha256} is missing from ${location}`);
    this.name = 'BlobMissingError';
  }
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Keys come from our own database, but a malformed one must never become a path or a key. */
export function assertSha256(sha256: string): void {
  if (!SHA256_HEX.test(sha256)) throw new Error(`not a SHA-256 hex digest: ${JSON.stringify(sha256)}`);
}
