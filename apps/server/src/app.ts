import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyMultipart from '@fastify/multipart';
import { LIMITS, zodIssuesToFieldErrors } from '@icehouse/domain';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import type { Logger } from 'pino';
import type { Database } from '@icehouse/db/client';
import { AppError, HTTP_STATUS } from './errors';
import { logRefusal, replyWithError } from './rest/error-handler';
import type { AppDeps, BackupSetup, ChangeAnnouncer, SessionUser, WebhookSettings } from './deps';
import { appRouter, type AppRouter } from './trpc/app-router';
import { registerRestRoutes } from './rest/register';
import { acceptEmptyJsonBodies } from './rest/json-body';
import { registerRequestIdHeader, requestIdOf } from './rest/request-id';
import { restRoutes } from './rest/routes';
import type { RestRoute } from './rest/route';
import { buildOpenApiDocument } from './rest/openapi';
import { DOCS_PAGE_HTML, DOCS_PAGE_SCRIPT } from './rest/docs-page';
import { getSystemStatus, healthAnswer } from './modules/system/service';
import { createSessionStore } from './modules/auth/session';
import { registerRequestAuth } from './modules/auth/request-auth';
import { declareScopeSecurity, routeSecurityConfig } from './modules/auth/route-security';
import { registerSecurityHeaders } from './security-headers';
import { createPdfRenderer, resolveChromePath, type PdfRenderer, type PdfRendererOptions } from './pdf';
import { createFolderBlobStore, type BlobStore } from './blobs';
import { pausableBlobs } from './blobs/pausable';
import { folderBackupStore } from './backup/backup-store';
import { startBackupSchedule } from './modules/system/backup-schedule';
import { createChangeAnnouncer, createLiveHub, type LiveHub } from './changes';
import { changeRecordReaders } from './modules/change-records';
import { webhooksSink } from './modules/webhooks/events';
import { allJobs, createJobQueue, type JobDefinition, type JobQueue } from './jobs';
import { createMailer } from './modules/outbox/mailer';
import { createTokenUsage, type TokenUsage } from './modules/tokens/usage';
import { moduleOperations } from './modules/operations';
import { listOperations } from './operations/define';
import { assertAccess } from './operations/access';
import { createMetrics, type Metrics } from './metrics/registry';
import { recordRequests } from './metrics/http';
import { readiness } from './readiness';
import { registerRequestContext } from './request-context';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's change feed and live subscriptions (tests and figures look at it). */
    live: LiveHub;
    /** The app's job queue (tests and tools reach it here). */
    jobs: JobQueue;
    /** This instance's unwritten API token counts (tests write them with `flush`). */
    tokenUsage: TokenUsage;
    /** This instance's change announcer (tests that call services directly pass it on). */
    changes: ChangeAnnouncer;
    /** This instance's Prometheus metrics (serve.ts serves them on METRICS_ADDRESS). */
    metrics: Metrics;
    /** Shutting down: /readyz answers 503 "shutting down" from now on, while the rest still serves; waits `ms`. */
    drain(ms: number): Promise<void>;
  }
}

export interface AppConfig {
  database: Database;
  logger: Logger;
  /** Folder of the built web app; defaults to apps/web/dist. Missing folder: API only. */
  webDistDir?: string;
  /**
   * TRUST_PROXY: false (default), true (every X-Forwarded-For hop), or the proxies' addresses / CIDR ranges
   * (the client is the nearest address not listed).
   */
  trustProxy?: boolean | string[];
  /**
   * The PDF renderer to use (tests share one per file; its owner closes it). Default: one made
   * here from `pdfOptions`, closed when the app closes.
   */
  pdf?: PdfRenderer;
  /** Options of the renderer made here (CHROME_PATH, PDF_MAX_CONCURRENT); ignored when `pdf` is given. */
  pdfOptions?: Pick<PdfRendererOptions, 'executablePath' | 'maxConcurrent'>;
  /**
   * Parse every answer by its operation's output schema and answer 500 when one does not match: on in
   * tests and development; off by default (production), where the parse would cost time on every call.
   */
  checkAnswers?: boolean;
  /**
   * Where file bytes live (main.ts: blobStoreFromEnv). Default, for tests and tools: a new folder
   * in the OS temp folder, which nothing keeps.
   */
  blobs?: BlobStore;
  /** Requests one API token may make per minute (API_TOKEN_RATE_LIMIT); default 600. */
  apiTokenRateLimit?: number;
  /** Webhook delivery (WEBHOOK_ALLOW_PRIVATE_TARGETS; attempt timeout, default 10 s). */
  webhooks?: Partial<WebhookSettings>;
  /**
   * The job queue (pg-boss, in the app's database). `workers` (default true) runs this instance's
   * workers; tests leave them off unless they test jobs. `definitions` defaults to src/jobs/all-jobs.ts.
   */
  /** SMTP server URL for email (SMTP_URL); null or absent: no email is sent (kept as not sent). */
  smtpUrl?: string | null;
  /** Customer links are built from this (PUBLIC_BASE_URL, decision 161); default `http://localhost:3000`. */
  publicBaseUrl?: string;
  /** Scheduled backups (serve.ts: backupSetupOf): default, for tests and tools, a folder beside the blobs'. */
  backups?: Partial<BackupSetup>;
  /** Look once a minute whether the day's backup is due (serve.ts: on; tests and tools: off unless asked). */
  backupSchedule?: boolean;
  jobs?: {
    workers?: boolean;
    pollingIntervalSeconds?: number;
    shutdownTimeoutMs?: number;
    definitions?: readonly JobDefinition[];
  };
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole server (tRPC, REST, docs, health, web app) without listening: tests use app.inject(). */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    // pino's Logger is wider than Fastify's logger interface; Fastify only uses the base methods.
    loggerInstance: config.logger as FastifyBaseLogger,
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: false },
    // Requests arriving while the server closes get the app's own 503 {detail} (below), with its headers.
    return503OnClosing: false,
    genReqId: requestIdOf,
  });
  // The browser starts with the first PDF, not here: the app runs (and answers 503 for PDFs) without one.
  const renderer =
    config.pdf ?? createPdfRenderer({ ...config.pdfOptions, logger: config.logger.child({ module: 'pdf' }) });
  const store =
    config.blobs ?? (await createFolderBlobStore(fs.mkdtempSync(path.join(os.tmpdir(), 'icehouse-blobs-'))));
  const sessions = createSessionStore(config.database.db);
  const live = createLiveHub({ database: config.database, log: config.logger, sessions });
  const metrics = createMetrics({
    database: config.database,
    log: config.logger,
    liveSubscriptions: () => live.size,
    pdfStats: () => renderer.stats(),
  });
  const pdf = metrics.timedPdf(renderer);
  // Paused for the seconds of an embedded backup's dump when the blob folder lies in the data folder.
  const gated = pausableBlobs(store);
  const blobs = metrics.countedBlobs(gated);
  const jobs = createJobQueue({
    database: config.database,
    log: config.logger.child({ module: 'jobs' }),
    definitions: config.jobs?.definitions ?? allJobs,
    workers: config.jobs?.workers ?? true,
    ...(config.jobs?.pollingIntervalSeconds
      ? { pollingIntervalSeconds: config.jobs.pollingIntervalSeconds }
      : {}),
    ...(config.jobs?.shutdownTimeoutMs ? { shutdownTimeoutMs: config.jobs.shutdownTimeoutMs } : {}),
  });
  const webhooks: WebhookSettings = {
    allowPrivateTargets: config.webhooks?.allowPrivateTargets ?? false,
    timeoutMs: config.webhooks?.timeoutMs ?? 10_000,
    firstRetrySeconds: config.webhooks?.firstRetrySeconds,
  };
  const mailer = config.smtpUrl ? createMailer(config.smtpUrl) : null;
  // What runs on every change, this instance's own: the event log and the webhook outbox (decision 102),
  // then the notification; built from each record as its transaction leaves it (decision 121).
  const changes = createChangeAnnouncer({
    database: config.database,
    readers: changeRecordReaders,
    sinks: [webhooksSink({ jobs })],
  });
  const deps: AppDeps = {
    database: config.database,
    log: config.logger,
    sessions,
    pdf,
    blobs,
    live,
    jobs,
    changes,
    webhooks,
    mailer,
    publicBaseUrl: (config.publicBaseUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
    metrics,
    backups: {
      ...config.backups,
      store:
        config.backups?.store ??
        folderBackupStore(store.kind === 'folder' ? path.join(store.location, 'backups') : fs.mkdtempSync(path.join(os.tmpdir(), 'icehouse-backups-'))),
      pauseBlobs: (work) => gated.pause(work),
    },
  };
  // pg-boss installs (or migrates) its own schema here, then the queues and this instance's workers start.
  await jobs.start(deps);
  // Where workers run, a look once a minute whether the day's backup is due (decision 255).
  const backupSchedule = config.backupSchedule && (config.jobs?.workers ?? true) ? startBackupSchedule(deps) : null;
  app.decorate('live', live);
  const currentUser = (req: FastifyRequest): SessionUser | null => req.auth?.user ?? null;
  const checkAnswers = config.checkAnswers ?? false;

  // Only JSON (and, on upload routes, multipart) bodies: a text/plain form post is refused with 415.
  app.removeContentTypeParser('text/plain');
  acceptEmptyJsonBodies(app);
  registerRequestIdHeader(app);
  // From here on, jobs a request queues carry its id (src/request-context.ts).
  registerRequestContext(app);
  recordRequests(app, metrics, new Set(listOperations(moduleOperations).map((op) => op.name)));
  await registerSecurityHeaders(app);
  // Shutting down (SIGTERM): requests under way finish; new ones are told to come back, and their connection closes.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    // Live subscriptions never finish by themselves: end them, or the close would wait for them.
    await live.close();
  });
  app.addHook('onRequest', async (_req, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw new AppError('UNAVAILABLE', 'The server is shutting down. Please try again in a moment.', {
      details: { reason: 'shutting_down' },
    });
  });
  // An answer finished during the shutdown closes its connection: an idle keep-alive one would hold the close up.
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const tokenUsage = createTokenUsage(config.database.db, config.logger);
  await registerRequestAuth(app, deps.sessions, {
    db: config.database.db,
    usage: tokenUsage,
    rateLimitPerMinute: config.apiTokenRateLimit ?? 600,
  });

  app.setErrorHandler(replyWithError);

  // Ready to serve: the database, the blob store, a Chromium to launch, the job queue; not shutting down.
  const pdfExecutable = config.pdf ? null : resolveChromePath(config.pdfOptions?.executablePath);
  const ready = readiness({
    database: () => deps.database.ping(),
    blobStore: async () => void (await blobs.has('0'.repeat(64))),
    pdfRenderer: () => config.pdf !== undefined || pdfExecutable !== null,
    queue: () => jobs.running(),
  });
  app.get('/readyz', { config: routeSecurityConfig('asset') }, ready.handler);
  app.decorate('drain', ready.drain);
  // Metrics are served on an address of their own (METRICS_ADDRESS), never beside the app's routes.
  app.get('/metrics', { config: routeSecurityConfig('asset') }, async (_req, reply) =>
    reply.code(404).send({ detail: 'Not found. Metrics are served on METRICS_ADDRESS.' }),
  );

  // Anyone may ask whether the server is up; only a signed-in superuser learns its database and version.
  app.get('/healthz', { config: routeSecurityConfig('public') }, async (req, reply) => {
    const status = await getSystemStatus(deps);
    return reply
      .code(status.status === 'ok' ? 200 : 503)
      .send(healthAnswer(status, currentUser(req)?.is_superuser === true));
  });

  await app.register(async (trpcScope) => {
    // One route serves every procedure; each procedure checks its own access (trpc/init.ts).
    declareScopeSecurity(trpcScope, 'public');
    // tRPC's adapter also parses multipart/form-data (FormData inputs, a 500 here); every procedure takes JSON.
    trpcScope.addHook('onRequest', async (req) => {
      if (req.method === 'GET' || req.method === 'HEAD') return;
      const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== '' && type !== 'application/json')
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type. Send application/json.');
    });
    // A subscription answers with an event stream (status 200) once it starts: its access is checked
    // before, so that a caller without a session gets a plain 401 instead of a stream holding an error.
    const subscriptions = new Map(
      listOperations(moduleOperations)
        .filter((op) => op.kind === 'subscription')
        .map((op) => [op.name, op.access]),
    );
    trpcScope.addHook('preHandler', async (req, reply) => {
      const path = (req.params as { path?: string }).path ?? '';
      const access = subscriptions.get(path);
      if (!access) return;
      try {
        assertAccess(access, currentUser(req));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // The shape of tRPC's own errors (as a query's 401/403 answers).
        const status = HTTP_STATUS[error.code];
        return reply.code(status).send({
          error: {
            message: error.message,
            code: status === 401 ? -32001 : -32003,
            data: { code: error.code, httpStatus: status, path, appCode: error.code },
          },
        });
      }
    });
    await trpcScope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: ({ req, res }) => ({ deps, req, res, user: currentUser(req), checkAnswers }),
        // As on REST (rest/error-handler.ts): a fault at error with its stack, a refusal at info without one.
        onError: ({ error, path: procedure, req }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR') {
            req.log.error({ err: error, procedure }, 'tRPC error');
            return;
          }
          const appError = error.cause instanceof AppError ? error.cause : null;
          const status = appError ? HTTP_STATUS[appError.code] : getHTTPStatusCodeFromError(error);
          if (status >= 500) req.log.error({ err: error, procedure }, 'tRPC error');
          else {
            const fieldErrors = appError?.fieldErrors ?? (error.cause instanceof ZodError ? zodIssuesToFieldErrors(error.cause) : undefined);
            logRefusal(req.log, status, {
              code: appError?.code ?? error.code,
              detail: error.message,
              procedure,
              fields: fieldErrors ? Object.keys(fieldErrors) : undefined,
            });
          }
        },
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>);
  });

  // Multipart (file uploads) is parsed only in a scope holding the routes that consume it.
  const isMultipartRoute = (route: RestRoute) => route.consumes?.includes('multipart/form-data') ?? false;
  registerRestRoutes(
    app,
    restRoutes.filter((route) => !isMultipartRoute(route)),
    { deps, currentUser, checkAnswers },
  );
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, {
      limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 20, parts: 40 },
    });
    registerRestRoutes(uploads, restRoutes.filter(isMultipartRoute), { deps, currentUser, checkAnswers });
  });
  const openApi = buildOpenApiDocument(restRoutes);
  const asset = { config: routeSecurityConfig('asset') };
  app.get('/api/schema/', asset, async () => openApi);
  app.get('/api/docs/', asset, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(DOCS_PAGE_HTML),
  );
  app.get('/api/docs/docs.js', asset, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').send(DOCS_PAGE_SCRIPT),
  );

  const webDist = config.webDistDir ?? defaultWebDist;
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  // The web app's files and the not-found answer, in a scope whose routes (@fastify/static's) are assets.
  await app.register(async (web) => {
    declareScopeSecurity(web, 'asset');
    if (hasWeb) await web.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'] });
    web.setNotFoundHandler((req, reply) => {
      const isApi = req.url.startsWith('/api/') || req.url.startsWith('/trpc/');
      if (isApi || req.method !== 'GET') return reply.code(404).send({ detail: 'Not found.' });
      // Client-side routes (/orders, /invoices/1/edit...) all load the single-page app.
      if (hasWeb) return reply.type('text/html; charset=utf-8').sendFile('index.html');
      return reply.code(404).type('text/plain').send('The web app is not built. Run `npm run build` first.');
    });
  });

  app.addHook('onClose', async () => {
    // Workers stop fetching; running jobs get a few seconds to finish (else they are retried later).
    backupSchedule?.stop();
    await jobs.stop();
    await live.close();
    mailer?.close();
    // In-flight PDFs finish, then Chromium closes: no browser is left behind.
    if (!config.pdf) await renderer.close();
    // The last second's token counts reach their rows before the database closes.
    await tokenUsage.close();
    await config.database.close();
  });

  app.decorate('jobs', jobs);
  app.decorate('tokenUsage', tokenUsage);
  app.decorate('changes', changes);
  app.decorate('metrics', metrics);
  return app;
}
