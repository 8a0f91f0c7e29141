import type { Database } from '@icehouse/db/client';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { sessionUserSchema } from './modules/auth/schemas';
import type { SessionStore } from './modules/auth/session';
import type { PdfRenderer } from './pdf/renderer';
import type { BlobStore } from './blobs/store';

/** What services and handlers get from the app: built once in buildApp, shared by tRPC and REST. */
export interface AppDeps {
  database: Database;
  log: Logger;
  sessions: SessionStore;
  /** The one PDF renderer (Chromium), closed when the app closes. */
  pdf: PdfRenderer;
  /** File bytes by SHA-256 (a folder or an S3 bucket); metadata stays in the database. */
  blobs: BlobStore;
}

/** The signed-in user as handlers see it (filled in by the session module); the shape answers give it. */
export type SessionUser = z.output<typeof sessionUserSchema>;
