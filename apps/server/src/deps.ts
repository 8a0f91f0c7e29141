import type { Database } from '@icehouse/db/client';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { sessionUserSchema } from './modules/auth/schemas';
import type { SessionStore } from './modules/auth/session';
import type { PdfRenderer } from './pdf/renderer';
import type { BlobStore } from './blobs/store';
import type { LiveHub } from './changes/live';
import type { JobQueue } from './jobs/queue';
import type { WebhookSettings } from './modules/integrations/deliver';
import type { Mailer } from './modules/email/mailer';

/** What services and handlers get from the app: built once in buildApp, shared by tRPC and REST. */
export interface AppDeps {
  database: Database;
  log: Logger;
  sessions: SessionStore;
  /** The one PDF renderer (Chromium), closed when the app closes. */
  pdf: PdfRenderer;
  /** File bytes by SHA-256 (a folder or an S3 bucket); metadata stays in the database. */
  blobs: BlobStore;
  /** This instance's change feed and live subscriptions (src/changes). */
  live: LiveHub;
  /** Background jobs (pg-boss): `jobs.send(definition, data, { tx })`; see src/jobs/README.md. */
  jobs: JobQueue;
  /** Webhook delivery: private targets allowed or not, per-attempt timeout (issue 18). */
  webhooks: WebhookSettings;
  /** SMTP (nodemailer) from SMTP_URL; null when none is configured (email is then kept as not sent). */
  mailer: Mailer | null;
}

/** The signed-in user as handlers see it (filled in by the session module); the shape answers give it. */
export type SessionUser = z.output<typeof sessionUserSchema>;
