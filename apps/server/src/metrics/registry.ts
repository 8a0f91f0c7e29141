import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '@icehouse/db/client';
import type { Logger } from 'pino';
import type { AppMetrics } from '../deps';
import type { PdfRenderer } from '../pdf/renderer-contract';
import { BlobMissingError, BlobRejectedError, type BlobStore } from '../blobs/store';
import { embeddedMemoryGauge } from './memory';
import { backupMetrics } from './backup-metrics';

/**
 * This instance's Prometheus metrics (prom-client), one registry per app: tests build several apps in
 * one process, and a global registry would mix their figures. Counters of what this process did (requests,
 * emails, webhook attempts, renders) are kept as it happens; what lives in the database (queued jobs, pending
 * webhooks, the last backup) is read when Prometheus scrapes, so every instance reports the same figure for it.
 */
export interface Metrics extends AppMetrics {
  registry: Registry;
  /** One finished HTTP request: its route pattern (never the raw URL, so the labels stay few) and status. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** The renderer with each render timed. */
  timedPdf(pdf: PdfRenderer): PdfRenderer;
  /** The blob store with each failure of the store itself counted (a refused upload or a missing blob is not one). */
  countedBlobs(blobs: BlobStore): BlobStore;
}

export interface MetricsSources {
  database: Database;
  log: Logger;
  /** Open live subscriptions on this instance. */
  liveSubscriptions: () => number;
  /** The renderer's own counts (browsers launched). */
  pdfStats: () => { launches: number };
}

const rows = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? Array.from(result) : ((result as { rows?: T[] }).rows ?? [])) as T[];

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  // Process figures (CPU, memory, handles) and the event loop's delay (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];
  const { database, log } = sources;

  const requests = new Histogram({
    name: 'icehouse_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const pdfRender = new Histogram({
    name: 'icehouse_pdf_render_seconds',
    help: 'Time to render one PDF (queue for a page included), by outcome.',
    labelNames: ['outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 15],
    registers,
  });
  new Counter({
    name: 'icehouse_pdf_browser_restarts_total',
    help: 'Chromium launched again after the first (after a crash, or recycled after many renders).',
    registers,
    collect() {
      this.reset();
      this.inc(Math.max(0, sources.pdfStats().launches - 1));
    },
  });
  const emails = new Counter({
    name: 'icehouse_email_attempts_total',
    help: 'Emails handed to the SMTP server by this instance, by outcome (sent, failed: one per failed attempt).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const webhookAttempts = new Counter({
    name: 'icehouse_webhook_attempts_total',
    help: 'Webhook POSTs made by this instance, by outcome (delivered: a 2xx answer; failed: anything else).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const webhookLag = new Histogram({
    name: 'icehouse_webhook_delivery_lag_seconds',
    help: 'From the change to its webhook delivered, for each delivery this instance made.',
    buckets: [0.1, 0.5, 1, 5, 30, 60, 300, 900, 3600],
    registers,
  });
  const jobFailures = new Counter({
    name: 'icehouse_job_failures_total',
    help: 'Job attempts that failed on this instance, by queue (each is retried until its retries run out).',
    labelNames: ['queue'] as const,
    registers,
  });
  const blobErrors = new Counter({
    name: 'icehouse_blob_store_errors_total',
    help: 'Failures of the blob store itself (disk, bucket unreachable), by operation.',
    labelNames: ['operation'] as const,
    registers,
  });
  // Zero from the start: an alert on increase() needs the series before its first failure.
  for (const outcome of ['sent', 'failed']) emails.inc({ outcome }, 0);
  for (const outcome of ['delivered', 'failed']) webhookAttempts.inc({ outcome }, 0);
  for (const operation of ['put', 'open', 'has', 'delete']) blobErrors.inc({ operation }, 0);

  // The database's connections where the driver tells (the embedded database); before the gauges below,
  // which query the database, so a scrape does not count its own queries.
  const connections = database.connections?.bind(database);
  if (connections) {
    new Gauge({
      name: 'icehouse_db_connections_in_use',
      help: 'Database connections running a statement now (the embedded database has one).',
      registers,
      collect() {
        this.set(connections().inUse);
      },
    });
    new Gauge({
      name: 'icehouse_db_queries_waiting',
      help: 'Statements waiting for a database connection.',
      registers,
      collect() {
        this.set(connections().waiting);
      },
    });
  }
  embeddedMemoryGauge(registers, database, log);
  new Gauge({
    name: 'icehouse_live_subscriptions',
    help: 'Live-update streams open on this instance (one per open browser tab).',
    registers,
    collect() {
      this.set(sources.liveSubscriptions());
    },
  });

  // The job queue as the database holds it, read once per scrape for the three gauges below.
  let queueRead: Promise<{ name: string; depth: number; oldest: number; failed: number }[]> | null = null;
  const readQueues = () =>
    (queueRead ??= database.db
      .execute(
        sql`select name,
              count(*) filter (where state in ('created', 'retry'))::int as depth,
              coalesce(extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now())), 0)::float8 as oldest,
              count(*) filter (where state = 'failed')::int as failed
            from pgboss.job group by name`,
      )
      .then((r) => rows<{ name: string; depth: number; oldest: number; failed: number }>(r))
      .catch((err: unknown) => {
        log.warn({ err }, 'metrics: could not read the job queue');
        return [];
      })
      .finally(() => setTimeout(() => (queueRead = null), 100).unref()));
  const queueGauge = (name: string, help: string, pick: 'depth' | 'oldest' | 'failed') =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        this.reset();
        for (const row of await readQueues()) this.set({ queue: row.name }, Number(row[pick]));
      },
    });
  queueGauge('icehouse_job_queue_depth', 'Jobs waiting to run (queued or waiting for a retry), by queue.', 'depth');
  queueGauge(
    'icehouse_job_queue_oldest_seconds',
    'How long the longest-waiting job that is due has waited, by queue (0: none waiting).',
    'oldest',
  );
  queueGauge('icehouse_job_queue_failed', 'Jobs out of retries (the Failed jobs screen), by queue.', 'failed');

  new Gauge({
    name: 'icehouse_webhook_oldest_pending_seconds',
    help: 'Age of the oldest webhook delivery not yet delivered (0: none pending): how far behind webhooks are.',
    registers,
    async collect() {
      const result = await database.db
        .execute(
          sql`select coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age from webhook_deliveries where state = 'pending'`,
        )
        .catch((err: unknown) => {
          log.warn({ err }, 'metrics: could not read the webhook deliveries');
          return null;
        });
      this.set(Number(rows<{ age: number }>(result)[0]?.age ?? 0));
    },
  });

  const backups = backupMetrics(registers, database, log);

  return {
    registry,
    backupFailed: () => backups.failed(),
    request(method, route, status, seconds) {
      requests.observe({ method, route, status: String(status) }, seconds);
    },
    emailAttempt(outcome) {
      emails.inc({ outcome });
    },
    webhookAttempt(outcome, lagSeconds) {
      webhookAttempts.inc({ outcome });
      if (outcome === 'delivered') webhookLag.observe(lagSeconds);
    },
    jobFailed(queue) {
      jobFailures.inc({ queue });
    },
    timedPdf(pdf) {
      return {
        async render(html, options) {
          const end = pdfRender.startTimer();
          try {
            const bytes = await pdf.render(html, options);
            end({ outcome: 'ok' });
            return bytes;
          } catch (error) {
            end({ outcome: 'failed' });
            throw error;
          }
        },
        close: () => pdf.close(),
        stats: () => pdf.stats(),
      };
    },
    countedBlobs(blobs) {
      const counted = <A extends unknown[], R>(operation: string, step: (...args: A) => Promise<R>) =>
        async (...args: A): Promise<R> => {
          try {
            return await step(...args);
          } catch (error) {
            // A refused upload or an absent blob is the content's matter; anything else is the store's.
            if (!(error instanceof BlobRejectedError || error instanceof BlobMissingError))
              blobErrors.inc({ operation });
            throw error;
          }
        };
      return {
        kind: blobs.kind,
        location: blobs.location,
        put: counted('put', blobs.put.bind(blobs)),
        open: counted('open', blobs.open.bind(blobs)),
        has: counted('has', blobs.has.bind(blobs)),
        delete: counted('delete', blobs.delete.bind(blobs)),
      };
    },
  };
}
