import type { TrackedEnvelope } from '@trpc/server';
import type { Database, Db, Tx } from '@icehouse/db/client';
import type { Change, ChangeAction, ChangeEntity, LiveEvent, Role, SessionUser } from '@icehouse/domain';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { PdfRenderer } from './pdf/renderer-contract';
import type { BlobStore } from './blobs/store';
import type { BackupStore } from './backup/backup-store';
import type { LiveBackupSource } from './backup/live-backup';

/**
 * What services, handlers and jobs get from the app: built once in buildApp, shared by tRPC, REST and
 * the job workers. This file only describes: its types import nothing from the code that implements
 * them (that code imports them from here), so the dependency graph has no circle through it. The
 * two imports from src are contract files (an interface and its errors, no implementation).
 */
export interface AppDeps {
  database: Database;
  log: Logger;
  sessions: SessionStore;
  /** The one PDF renderer (Chromium), closed when the app closes. */
  pdf: PdfRenderer;
  /** File bytes by SHA-256 (a folder or an S3 bucket); metadata stays in the database. */
  blobs: BlobStore;
  /** This instance's live subscriptions (src/changes/live.ts). */
  live: LiveStream;
  /** Background jobs (pg-boss): `jobs.send(definition, data, { tx })`; see src/jobs/README.md. */
  jobs: JobQueue;
  /** What runs on every change (the event log, the webhook outbox, the notification): src/changes. */
  changes: ChangeAnnouncer;
  /** Webhook delivery: private targets allowed or not, per-attempt timeout. */
  webhooks: WebhookSettings;
  /** SMTP (nodemailer) from SMTP_URL; null when none is configured (email is then kept as not sent). */
  mailer: Mailer | null;
  /** The public base URL customer links are built from (PUBLIC_BASE_URL; decision 161), without a trailing slash. */
  publicBaseUrl: string;
  /** What jobs report to this instance's Prometheus metrics (src/metrics). */
  metrics: AppMetrics;
  /** Scheduled backups (decision 255): where they are kept and what the dump needs. */
  backups: BackupSetup;
}

/** Where backups go and what taking one of the running database needs (src/backup/live-backup.ts). */
export type BackupSetup = Omit<LiveBackupSource, 'database' | 'blobs'> & { store: BackupStore };

/** The figures services and jobs report as things happen (the rest is read when Prometheus scrapes). */
export interface AppMetrics {
  /** One attempt to hand an email to the SMTP server. */
  emailAttempt(outcome: 'sent' | 'failed'): void;
  /** One webhook POST; `lagSeconds`: from the change to this attempt. */
  webhookAttempt(outcome: 'delivered' | 'failed', lagSeconds: number): void;
  /** A job attempt threw (it is retried until its retries run out). */
  jobFailed(queue: string): void;
  /** A backup attempt failed (taking, storing or verifying it). */
  backupFailed(): void;
}

/** What most services need: the database (one declaration for every module). */
export type DbDeps = Pick<AppDeps, 'database'>;
/** A service that changes records: it opens its transaction with `changeTransaction` (src/changes). */
export type ChangeDeps = Pick<AppDeps, 'database' | 'changes'>;

/** The signed-in user as handlers see it (filled in by the session module): the domain's, the shape answers give it. */
export type { SessionUser };

// ---- Sessions (src/modules/auth/session.ts) ----

export interface ActiveSession {
  id: string;
  expiresAt: Date;
  csrfToken: string;
  /** True when the expiry moved: the cookie must be sent again. */
  renewed: boolean;
}

export interface SessionStore {
  create(userId: number): Promise<ActiveSession>;
  validate(sessionId: string): Promise<{ session: ActiveSession; user: SessionUser } | null>;
  invalidate(sessionId: string): Promise<void>;
  invalidateUserSessions(userId: number, options?: { except?: string }): Promise<void>;
  /**
   * Which of these sessions are still valid (not signed out, not expired, user still active), in
   * one query, without renewing any, each with its user's role now: for long-lived connections (the live
   * feed) that check theirs on a timer.
   */
  stillValid(sessionIds: readonly string[]): Promise<Map<string, Role>>;
}

// ---- Changes (src/changes) ----

/** What a service states it changed, inside its transaction; the announcement is built at its end. */
export interface ChangeInput {
  entity: ChangeEntity;
  id: number;
  action: ChangeAction;
  /** The user who made it; null for system work. */
  by: number | null;
  /**
   * Used only when the record answers no version of its own (a deletion, a record without one): the
   * version announced is the committed record's.
   */
  version?: number | null;
  /**
   * The record as its REST GET answers it, when the service already holds it as its transaction leaves
   * it (read after its last write to the record): the announcer then does not read it again. Only state it
   * when nothing the transaction writes after that read changes what the GET would answer.
   */
  record?: unknown;
}

/**
 * Work that runs on every change, in its transaction, once its last write is done (an event log row,
 * a webhook outbox row, a job): it commits or rolls back with the change. `record` is the record as
 * its REST GET answers it at that point (`{ id }` for a deletion). A sink that throws fails the change.
 * A write whose answer it does not need it hands to `send` instead of waiting for it: the commit goes
 * with it (decision 226), and if it fails the change rolls back and fails with its error.
 */
export type ChangeSink = ((
  tx: Db,
  change: Change,
  record: unknown,
  send: (write: Promise<unknown>) => void,
) => Promise<void> | void) & {
  /**
   * Called as a change transaction opens, before its work: a read the sink will need is sent then, with
   * the work's first statements, instead of in a round trip of its own before the commit (decision 228).
   */
  opened?: (tx: Db, database: Database) => void;
};

/** The app instance's change announcer, with its sinks (src/changes/announce.ts). */
export interface ChangeAnnouncer {
  /**
   * Announces the changes stated in a transaction, after its last write and before its commit: reads
   * each record once, runs the sinks, and queues the notification (delivered only on commit).
   */
  announce(tx: Db, stated: readonly ChangeInput[]): Promise<Change[]>;
  /** A change transaction has opened: the sinks send the reads they will need (decision 228). */
  opened?(tx: Db): void;
}

/** What services see of the live hub (src/changes/live.ts). */
export interface LiveStream {
  /** The events of one subscription, ended by `signal`, by the end of its session, or by the app's close. */
  events(opts: {
    user: SessionUser;
    sessionId: string;
    lastEventId: string | null | undefined;
    signal: AbortSignal | undefined;
  }): AsyncGenerator<TrackedEnvelope<LiveEvent>>;
}

// ---- Jobs (src/jobs) ----

/**
 * One kind of background job: its queue name, the shape of its data (checked when sent and when run),
 * what a run does, and how failures are retried. Declared once (`defineJob`) in its module's `jobs.ts`
 * and listed in `src/jobs/all-jobs.ts`; the queue creates its pg-boss queue and worker from that list.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** pg-boss queue name: letters, digits, `-` and `_` (e.g. `render-document`). */
  name: string;
  /** Shown on the Failed jobs screen ("Render a document"). */
  label: string;
  data: S;
  /**
   * What one job is about, in words, for the Failed jobs screen ("Invoice #2042 to buyer@acme.example");
   * null when its record is gone. Without it the screen shows the job's data.
   */
  describe?(ctx: { database: Database; data: z.output<S> }): Promise<string | null>;
  /**
   * The work. Throwing fails this attempt: it is retried (retryLimit, backoff) and, when none is left,
   * stays in the Failed jobs list. It may run more than once (a crash after the work, before pg-boss
   * records it): make it idempotent (see docs/decisions/060-job-queue-pg-boss.md).
   */
  run(ctx: { deps: AppDeps; data: z.output<S>; job: JobRunInfo }): Promise<void>;
  /** Attempts after the first (default 3). */
  retryLimit?: number;
  /** Seconds before a retry (default 10); doubled each time with retryBackoff (default true). */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** An attempt still active after this long is taken for dead (its process crashed) and retried (default 300). */
  expireInSeconds?: number;
  /**
   * `standard`: every send is a job. `stately`: at most one queued and one running job per singletonKey
   * (a second send while one waits is dropped) - for "bring X up to date" work such as pre-rendering.
   */
  policy?: 'standard' | 'stately';
  /** Jobs a worker of this instance runs at once (default 1). */
  concurrency?: number;
}

export interface JobRunInfo {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
}

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: Tx | Db;
  /**
   * Idempotency key. With a `stately` job: while one job with this key waits, another send is dropped
   * (answers null). With `standard`: only a label (a job per send).
   */
  singletonKey?: string;
  /** Run no earlier than this. */
  startAfter?: Date;
}

/** A job that used up its retries, as the Failed jobs screen shows it. */
export interface FailedJob {
  id: string;
  name: string;
  label: string;
  /** What this job is about (its definition's describe), or null. */
  about: string | null;
  data: unknown;
  error: string;
  attempts: number;
  created_on: string;
  failed_on: string;
}

/** A job's state as a record's page shows it (e.g. an email's next retry). */
export interface JobState {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retry_count: number;
  /** When it runs next (created/retry), ISO. */
  start_after: string;
  error: string | null;
}

/** What sending a job needs of it: its name and data; the definition registered under that name runs it. */
export type JobHandle<S extends z.ZodType = z.ZodType> = Pick<JobDefinition<S>, 'name' | 'data'>;

export interface JobQueue {
  /**
   * Queues a job (data checked by its definition's schema). Returns the job id, or null when a stately
   * job with the same singletonKey is already waiting. Throws for a definition not in `all-jobs.ts`.
   */
  send<S extends z.ZodType>(
    job: JobHandle<S>,
    data: z.input<S>,
    options?: SendOptions,
  ): Promise<string | null>;
  /** Wakes this instance's idle worker of that job now (call after the sending transaction commits). */
  wake(job: Pick<JobHandle, 'name'>): void;
  /** Installs or migrates pg-boss's schema, creates the queues and, with workers, starts them. */
  start(deps: AppDeps): Promise<void>;
  /** Stops fetching; running jobs get `shutdownTimeoutMs` to finish. Idempotent. */
  stop(): Promise<void>;
  failed(): Promise<FailedJob[]>;
  /** Queues a failed job again for one more attempt (pg-boss's retry). False when no failed job has that id. */
  retry(id: string): Promise<boolean>;
  /** Deletes a failed job. False when no failed job has that id. */
  discard(id: string): Promise<boolean>;
  state(name: string, id: string): Promise<JobState | null>;
  /** Runs pg-boss's maintenance now (expires jobs whose worker died, archives old ones). */
  maintain(): Promise<void>;
  /** Started (its schema, queues and workers) and not stopped: what readiness asks of it. */
  running(): boolean;
}

// ---- Webhooks and email ----

export interface WebhookSettings {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: deliver to loopback/private addresses (tests, closed networks). */
  allowPrivateTargets: boolean;
  /** Per attempt (default 10 s). */
  timeoutMs: number;
  /** The first retry's delay, doubled for each one after (default 30 s; tests shorten it). */
  firstRetrySeconds?: number;
}

export interface OutgoingMail {
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  /** Our Message-ID (`<...@...>`), the same on every attempt of one message. */
  messageId: string;
  /** The document's PDF; a notice to staff (a customer answered a quote) carries none. */
  attachment?: { filename: string; content: Buffer };
}

export interface Mailer {
  /** Sends one message; answers the SMTP server's reply to it (e.g. `250 2.0.0 Ok: queued as 4F2A`). */
  send(mail: OutgoingMail): Promise<{ response: string; messageId: string }>;
  close(): void;
}
