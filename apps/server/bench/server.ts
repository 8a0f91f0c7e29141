/**
 * The server under load, in a process of its own (so its memory and CPU are its own): the real
 * app (buildApp) on 127.0.0.1, a random port. Started by bench/load.ts with fork(); talks over IPC:
 *
 *   -> { type: 'ready', port }            once listening
 *   <- { type: 'memory', reset? }  -> { type: 'memory', rss, peakRss, cpuMicros }   (RSS sampled every 50 ms)
 *   <- { type: 'stop' }                    closes the app (and the database) and exits
 *   <- { type: 'profile-start' }           starts a CPU profile (node:inspector) -> { type: 'profile' }
 *   <- { type: 'profile-stop', file }      writes it to `file` (.cpuprofile) -> { type: 'profile', file }
 *   <- { type: 'loop-start' } / { type: 'loop-stop' }   event-loop delay (monitorEventLoopDelay, 10 ms
 *                                          resolution) and CPU time between them -> { type: 'loop', maxMs, p99Ms, meanMs, cpuMs }
 *   <- { type: 'memory-detail' }           -> { type: 'memory-detail', rss, peakRss, node (process.memoryUsage()),
 *                                          embedded (the PGlite thread's, or null), browsers (Chromium launched) }
 *   <- { type: 'backup', out }             a backup of the running database and its blobs, taken by this process while
 *                                          it serves, as the daily backup does (takeLiveBackup) -> { type: 'backup', ... }
 *
 * Environment: BENCH_SERVER_DATABASE_URL (PostgreSQL) or BENCH_SERVER_DATA_DIR (PGlite data
 * folder), BENCH_SERVER_BLOB_DIR (the blob folder; default a new temp folder), BENCH_SERVER_PGLITE_SETTINGS (the
 * embedded database's PostgreSQL settings instead of the product's, e.g. `shared_buffers=128MB,max_wal_size=1GB`), BENCH_SERVER_LOG_LEVEL
 * (default 'warn'), BENCH_SERVER_POOL_MAX, CHROME_PATH.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import path from 'node:path';
import { acquireDataDirLock, createPgliteClient, migrationsFolder, wrapPglite } from '@icehouse/db';
import { createDb } from '@icehouse/db/client';
import { buildApp } from '../src/app';
import { createFolderBlobStore } from '../src/blobs';
import { createLogger } from '../src/logger';
import { takeLiveBackup } from '../src/backup/live-backup';

type Message =
  | { type: 'memory'; reset?: boolean }
  | { type: 'stop' }
  | { type: 'profile-start' }
  | { type: 'profile-stop'; file: string }
  | { type: 'loop-start' }
  | { type: 'loop-stop' }
  | { type: 'memory-detail' }
  | { type: 'backup'; out: string };

const send = (message: unknown) => process.send?.(message);

/** The embedded database with other settings than the product's (`name=value,...`: what they change, decision 257). */
async function openWithSettings(dataDir: string, list: string) {
  const settings = Object.fromEntries(list.split(',').map((pair) => pair.trim().split('=') as [string, string]));
  const lock = acquireDataDirLock(path.resolve(dataDir));
  return wrapPglite(await createPgliteClient(path.resolve(dataDir), { settings }), { migrationsFolder: migrationsFolder() }, lock);
}

async function main() {
  const url = process.env.BENCH_SERVER_DATABASE_URL;
  const dataDir = process.env.BENCH_SERVER_DATA_DIR;
  if (!url && !dataDir) throw new Error('bench server: set BENCH_SERVER_DATABASE_URL or BENCH_SERVER_DATA_DIR');
  const poolMax = process.env.BENCH_SERVER_POOL_MAX ? Number(process.env.BENCH_SERVER_POOL_MAX) : undefined;
  const settings = process.env.BENCH_SERVER_PGLITE_SETTINGS;
  const database =
    settings && dataDir
      ? await openWithSettings(dataDir, settings)
      : await createDb(url ? { databaseUrl: url, ...(poolMax ? { poolMax } : {}) } : { dataDir: dataDir! });
  await database.migrate();
  const logger = createLogger(process.env.BENCH_SERVER_LOG_LEVEL || 'warn');
  const blobDir = process.env.BENCH_SERVER_BLOB_DIR;
  const blobs = blobDir ? await createFolderBlobStore(blobDir) : undefined;
  const app = await buildApp({
    database,
    logger,
    ...(blobs ? { blobs } : {}),
    webDistDir: '/nonexistent-bench-web-dist',
    pdfOptions: { executablePath: process.env.CHROME_PATH || null, maxConcurrent: 2 },
  });

  let peakRss = process.memoryUsage.rss();
  const sample = () => {
    const rss = process.memoryUsage.rss();
    if (rss > peakRss) peakRss = rss;
    return rss;
  };
  const sampler = setInterval(sample, 50);
  sampler.unref();

  // A CPU profile of one measured run only (not the start-up): bench/load.ts with BENCH_PROFILE_DIR.
  let inspector: Session | null = null;
  const profile = async (message: Extract<Message, { type: 'profile-start' | 'profile-stop' }>) => {
    if (message.type === 'profile-start') {
      inspector ??= new Session();
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.setSamplingInterval', { interval: 500 });
      await inspector.post('Profiler.start');
      send({ type: 'profile' });
    } else if (inspector) {
      const { profile: taken } = await inspector.post('Profiler.stop');
      writeFileSync(message.file, JSON.stringify(taken));
      inspector.disconnect();
      send({ type: 'profile', file: message.file });
    }
  };

  // Event-loop delay: how long a timer waited beyond its time (the loop busy with something else).
  let loop: { histogram: IntervalHistogram; cpu: NodeJS.CpuUsage } | null = null;

  process.on('message', (raw: Message) => {
    if (raw.type === 'loop-start') {
      loop?.histogram.disable();
      loop = { histogram: monitorEventLoopDelay({ resolution: 10 }), cpu: process.cpuUsage() };
      loop.histogram.enable();
      send({ type: 'loop' });
    } else if (raw.type === 'loop-stop') {
      const h = loop?.histogram;
      h?.disable();
      const cpu = loop ? process.cpuUsage(loop.cpu) : { user: 0, system: 0 };
      send({
        type: 'loop',
        maxMs: h ? h.max / 1e6 : 0,
        p99Ms: h ? h.percentile(99) / 1e6 : 0,
        meanMs: h ? h.mean / 1e6 : 0,
        cpuMs: (cpu.user + cpu.system) / 1000,
      });
      loop = null;
    } else if (raw.type === 'profile-start' || raw.type === 'profile-stop') {
      profile(raw).catch((error: unknown) => console.error(error));
    } else if (raw.type === 'memory') {
      const rss = sample();
      const cpu = process.cpuUsage();
      send({ type: 'memory', rss, peakRss, cpuMicros: cpu.user + cpu.system });
      if (raw.reset) peakRss = rss;
    } else if (raw.type === 'memory-detail') {
      void (async () => {
        const embedded = database.memory ? await database.memory().catch(() => null) : null;
        send({ type: 'memory-detail', rss: sample(), peakRss, node: process.memoryUsage(), embedded });
      })();
    } else if (raw.type === 'backup') {
      if (!blobs) throw new Error('bench server: a backup needs BENCH_SERVER_BLOB_DIR');
      const started = performance.now();
      takeLiveBackup({ database, blobs, databaseUrl: url, dataDir, blobDir }, raw.out).then(
        (r) => send({ type: 'backup', ok: true, ms: performance.now() - started, bytes: r.bytes, blobs: r.blobs.count, checksums: r.checksums }),
        (error: unknown) => send({ type: 'backup', ok: false, error: String(error) }),
      );
    } else if (raw.type === 'stop') {
      clearInterval(sampler);
      app
        .close()
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          console.error(error);
          process.exit(1);
        });
    }
  });
  // The parent went away: do not linger.
  process.on('disconnect', () => {
    void app.close().finally(() => process.exit(0));
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  send({ type: 'ready', port });
  // Started by hand (no IPC, e.g. `node --import tsx --cpu-prof bench/server.ts` to profile): say where, stop on Ctrl-C.
  if (!process.send) {
    console.log(`bench server listening on http://127.0.0.1:${port}`);
    process.once('SIGINT', () => void app.close().finally(() => process.exit(0)));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
