import type { Database } from '@icehouse/db/client';
import { seedDemo } from '@icehouse/db/seed';
import type { Env } from './env';
import type { Logger } from 'pino';
import { buildApp } from './app';
import { hashPassword } from './modules/auth/password';
import { bootstrapAdmin } from './modules/users/service';
import { uncaughtVerdict } from './uncaught';
import { blobStoreFromEnv } from './blobs';
import { backupSetupOf } from './cli/backup-target';
import { moveDatabaseBytesToBlobs } from './blobs/move-database-bytes';
import { linkOrdersToCustomers, linkReportLines } from './modules/customers/link';
import { startMetricsServer, type MetricsServer } from './metrics/http';

/** Everything after the database opened: migrate, prepare the data, build the app and listen (main.ts). */
export async function serve(env: Env, log: Logger, database: Database) {
  // An error nobody caught: replace the pool, carry on, or end the process (uncaught.ts says which and why).
  process.on('uncaughtException', (error, origin) => {
    const verdict = uncaughtVerdict(error, origin);
    if (verdict === 'replace-pool' && database.resetConnections) {
      log.warn({ err: error }, 'database connection lost during a query; replacing the connection pool');
      void database.resetConnections();
      return;
    }
    if (verdict === 'carry-on') {
      log.error({ err: error, origin }, 'a lost database connection failed a promise nobody awaited; carrying on');
      return;
    }
    log.fatal({ err: error, origin }, 'uncaught exception');
    process.exit(1);
  });
  log.info({ database: database.kind, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR }, 'database opened');
  await database.migrate();
  const blobs = await blobStoreFromEnv(env);
  log.info({ blobs: blobs.kind, location: blobs.location }, 'blob store opened');
  const moved = await moveDatabaseBytesToBlobs(database, blobs);
  if (moved > 0) log.info({ files: moved }, 'moved stored files from the database into the blob store');
  if (env.SEED_DEMO) {
    const summary = await seedDemo(database.db, { hashPassword });
    log.info({ summary }, 'demo data');
  }
  // Orders saved without a customer (before customers existed, or by an integrator) join theirs.
  const linked = await linkOrdersToCustomers(database);
  if (linked.orders_linked > 0) {
    log.info(
      { orders: linked.orders_linked, created: linked.customers_created, reused: linked.customers_reused },
      linkReportLines(linked, 20).join('\n'),
    );
  }

  const admin = await bootstrapAdmin({ database }, { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD });
  if (admin) log.info({ username: admin.username }, 'created the first superuser from ADMIN_USERNAME');

  if (!env.PUBLIC_BASE_URL)
    log.warn(`PUBLIC_BASE_URL is not set: customer links are built as http://localhost:${env.PORT}/... and work on this machine only`);
  const app = await buildApp({
    database,
    logger: log,
    trustProxy: env.TRUST_PROXY,
    // Answers are parsed by their output schemas in development (and tests), not in production.
    checkAnswers: env.NODE_ENV === 'development',
    blobs,
    backups: backupSetupOf(env, blobs),
    backupSchedule: true,
    apiTokenRateLimit: env.API_TOKEN_RATE_LIMIT,
    webhooks: { allowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS },
    smtpUrl: env.SMTP_URL ?? null,
    publicBaseUrl: env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`,
    pdfOptions: { executablePath: env.CHROME_PATH || null, maxConcurrent: env.PDF_MAX_CONCURRENT },
    ...(env.WEB_DIST_DIR ? { webDistDir: env.WEB_DIST_DIR } : {}),
  });

  let metricsServer: MetricsServer | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // /readyz says so first, while requests are still served: the balancer's check takes this process out.
    log.info({ signal, drainSeconds: env.SHUTDOWN_DRAIN_SECONDS }, 'shutting down: /readyz answers 503 while the balancer stops sending');
    await app.drain(env.SHUTDOWN_DRAIN_SECONDS * 1000);
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      await metricsServer?.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: env.HOST, port: env.PORT });
  if (env.METRICS_ADDRESS) {
    metricsServer = await startMetricsServer(app.metrics, env.METRICS_ADDRESS.host, env.METRICS_ADDRESS.port);
    log.info({ url: metricsServer.url }, 'metrics served');
  }
  log.info(`Ice House Order Manager is ready at http://localhost:${env.PORT}`);
}
