import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import pino from 'pino';
import { createDb, type Database } from '@icehouse/db/client';
import { testDatabaseName } from '@icehouse/db/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { createFolderBlobStore } from '../src/blobs';
import type { PdfRenderer } from '../src/pdf';
import type { ImportReport } from '../src/import-server/run';

/**
 * The import's test set-up: empty targets the importer CLI writes into from a process of its own
 * (a PGlite data folder, or a PostgreSQL database of their own when TEST_DATABASE_URL is set), the CLI
 * run as a child process (killable with SIGKILL), and the target opened afterwards as a real app.
 */

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const CLI = path.join(SERVER_DIR, 'src/cli/import-server.ts');

export interface Target {
  env: Record<string, string>;
  blobDir: string;
}

/** An empty target: its environment for the CLI and its blob folder. */
export async function emptyTarget(name: string): Promise<Target> {
  const dir = mkdtempSync(path.join(tmpdir(), `icehouse-import-${name}-`));
  const blobDir = path.join(dir, 'blobs');
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { env: { DATA_DIR: path.join(dir, 'data'), BLOB_DIR: blobDir }, blobDir };
  const dbName = `${testDatabaseName()}_import_${name}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
    await admin.unsafe(`create database "${dbName}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  return { env: { DATABASE_URL: url.toString(), BLOB_DIR: blobDir }, blobDir };
}

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  report: ImportReport | null;
}

/**
 * Runs `npm run import:server` as a child process against `target`. `killAfterOrders`: SIGKILL as soon
 * as its progress says that many orders are done (it prints a line per order with --progress-every 1).
 */
export function runImporter(target: Target, from: string, options: { killAfterOrders?: number; reportFile?: string; dryRun?: boolean } = {}): Promise<CliRun> {
  const reportFile = options.reportFile ?? path.join(mkdtempSync(path.join(tmpdir(), 'icehouse-import-report-')), 'report.json');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, '--from', from, '--user', 'importer', '--report', reportFile, '--progress-every', '1', '--attempts', '3', '--backoff-ms', '50', ...(options.dryRun ? ['--dry-run'] : [])],
    {
      cwd: SERVER_DIR,
      env: { ...process.env, ...target.env, IMPORT_PASSWORD: IMPORTER_PASSWORD, NODE_ENV: 'test', INIT_CWD: SERVER_DIR },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    const done = [...stderr.matchAll(/^orders (\d+)\//gm)].at(-1);
    if (options.killAfterOrders !== undefined && done && Number(done[1]) >= options.killAfterOrders) child.kill('SIGKILL');
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      let report: ImportReport | null = null;
      try {
        report = JSON.parse(readFileSync(reportFile, 'utf8')) as ImportReport;
      } catch {
        report = null;
      }
      resolve({ code, signal, stdout, stderr, report });
    });
  });
}

export const IMPORTER_PASSWORD = 'import-from-the-old-server';

/** The target opened as a real app (after the CLI has finished with it). */
export async function openTarget(target: Target, pdf: PdfRenderer): Promise<{ app: FastifyInstance; database: Database }> {
  const database = await createDb(target.env.DATABASE_URL ? { databaseUrl: target.env.DATABASE_URL } : { dataDir: target.env.DATA_DIR! });
  await database.migrate();
  const app = await buildApp({
    database,
    logger: pino({ level: 'silent' }),
    checkAnswers: true,
    pdf,
    blobs: await createFolderBlobStore(target.blobDir),
    jobs: { workers: false },
  });
  app.addHook('onClose', () => database.close());
  return { app, database };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** How to read the references of one instance's answers without their ids. */
export interface Names {
  settings: Map<number, string>;
  products: Map<number, string>;
}

const SETTING_KEYS = new Set(['size', 'thickness', 'door_type', 'door_cladding', 'hinge_side', 'roof_color', 'siding_color', 'item']);
/** Ids, and what is made of ids or of the moment of writing, which no import can keep. */
const DROPPED = new Set(['id', 'order', 'orders', 'customer_id', 'created_at', 'updated_at', 'version']);

/**
 * An answer with its ids left out and its references named instead (a setting by category and value,
 * a product by description, a file URL without its order id), so two instances' answers compare equal.
 * `drop`: more keys to leave out (said by the caller, with the reason).
 */
export function withoutIds(value: Json, names: Names, drop: ReadonlySet<string> = new Set()): Json {
  if (Array.isArray(value)) return value.map((v) => withoutIds(v, names, drop));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, Json> = {};
  for (const [key, v] of Object.entries(value)) {
    if (DROPPED.has(key) || drop.has(key)) continue;
    if (SETTING_KEYS.has(key) && typeof v === 'number') out[key] = names.settings.get(v) ?? `setting ${v}?`;
    else if (key === 'ship_via' && v !== null && typeof v === 'object' && !Array.isArray(v)) out[key] = names.settings.get(v.value as number) ?? '?';
    else if (key === 'product' && typeof v === 'number') out[key] = names.products.get(v) ?? `product ${v}?`;
    else if (typeof v === 'string' && /^\/api\/orders\/\d+\//.test(v)) out[key] = v.replace(/\d+/, '{id}');
    else out[key] = withoutIds(v, names, drop);
  }
  return out;
}
