import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '@icehouse/db';
import { tableChecksums, type DatabaseChecksums } from '../../src/backup/checksums';
import { HttpClient, simpleOrder, startServer, type ServerProcess } from './harness';
import { tempDir, throwawayPostgres } from './backup-support';
import { record } from './results';

/**
 * `npm run db:backup` and `npm run db:restore` as a person runs them (from the repo root), for both
 * databases: a backup restores into a fresh database with every order, invoice and stored file
 * identical (every table's checksum), the restored app serves the same PDF bytes, and the embedded
 * database refuses both while a server holds its data folder.
 */

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const servers: ServerProcess[] = [];
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function npm(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env };
    const child = spawn('npm', ['run', '--silent', ...args], { cwd: ROOT, env: base, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.replace(/^npm warn.*\n?/gm, '') });
    });
  });
}

const PDF = Buffer.from('%PDF-1.4\n% Ice House blueprint\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Orders, an invoice, a BOL and an uploaded blueprint, through the running server; blobs: the blueprint and both archived PDFs. Answers the order with the file. */
async function fill(server: ServerProcess): Promise<{ client: HttpClient; orderId: number; invoiceId: number; invoicePdf: string }> {
  const client = new HttpClient(server.url);
  await client.login();
  let orderId = 0;
  let invoiceId = 0;
  for (let i = 0; i < 6; i++) {
    const order = await client.request('POST', '/api/orders/', simpleOrder(`B-${i}`));
    expect(order.status, order.body).toBe(201);
    orderId = (order.json as { id: number }).id;
  }
  const invoice = await client.request('POST', `/api/orders/${orderId}/create-invoice/`, { return_json: true });
  expect(invoice.status).toBe(201);
  invoiceId = (invoice.json as { id: number }).id;
  const bol = await client.request('POST', `/api/orders/${orderId}/create-bill-of-lading/`, { bill_of_lading_date: '2024-06-01', free_on_board: 'Factory' });
  expect(bol.status, bol.body).toBe(201);
  const boundary = 'BackupBoundary42';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="blueprint"; filename="plan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const upload = await client.request('POST', `/api/orders/${orderId}/blueprint/`, undefined, { raw: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(upload.status, upload.body).toBe(200);
  // The invoice's PDF, archived now (or already by its pre-render job; storing is serialised per record and an
  // unchanged render is not stored twice): with the BOL's PDF and the blueprint, three blobs to back up.
  const pdf = await client.request('GET', `/api/invoices/${invoiceId}/pdf/`);
  expect(pdf.status).toBe(200);
  return { client, orderId, invoiceId, invoicePdf: sha(pdf.raw) };
}

async function checksumsOf(target: { dataDir?: string; databaseUrl?: string }): Promise<DatabaseChecksums> {
  const database = await createDb(target.databaseUrl ? { databaseUrl: target.databaseUrl, poolMax: 1 } : { dataDir: target.dataDir! });
  try {
    return await tableChecksums(database.db);
  } finally {
    await database.close();
  }
}

/** The restored app serves the same blueprint bytes and the invoice's archived PDF, byte for byte. */
async function servesTheSame(server: ServerProcess, from: HttpClient, orderId: number, invoiceId: number, invoicePdf: string) {
  const client = new HttpClient(server.url).copyFrom(from);
  const file = await client.request('GET', `/api/orders/${orderId}/serve-blueprint/`);
  expect(file.status).toBe(200);
  expect(sha(file.raw)).toBe(sha(PDF));
  const pdf = await client.request('GET', `/api/invoices/${invoiceId}/pdf/`);
  expect(pdf.status).toBe(200);
  expect(sha(pdf.raw)).toBe(invoicePdf);
}

describe('npm run db:backup / db:restore', () => {
  it('embedded database: refused while the server runs; restored into the folder, identical', async () => {
    const tmp = tempDir('backup-cli');
    cleanups.push(tmp.remove);
    const dataDir = path.join(tmp.dir, 'data');
    const file = path.join(tmp.dir, 'backups', 'embedded.tar');
    const env = { DATA_DIR: dataDir };

    let server = await startServer({ dataDir });
    servers.push(server);
    const { client, orderId, invoiceId, invoicePdf } = await fill(server);

    const refused = await npm(['db:backup', '--', '--out', file], env);
    expect(refused.code, refused.output).not.toBe(0);
    expect(refused.output).toContain(`Cannot back up: Data folder`);
    expect(refused.output).toContain(`in use by process ${server.pid}`);

    expect((await server.stop('SIGTERM')).code).toBe(0);
    const atBackup = await checksumsOf({ dataDir });
    const backup = await npm(['db:backup', '--', '--out', file], env);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backed up the embedded database .* to .*embedded\.tar \([\d.]+ [KM]?B\): 6 orders, 1 invoices, 1 bills of lading, 1 stored files, \d+ users; 3 blobs \(/);
    expect(statSync(file).size).toBeGreaterThan(0);
    // The blob folder (inside the data folder) was set aside during the dump and is back in place.
    expect(existsSync(path.join(dataDir, 'blobs', sha(PDF)))).toBe(true);

    // More work after the backup, then a restore attempt while the server holds the folder.
    server = await startServer({ dataDir });
    servers.push(server);
    const later = new HttpClient(server.url).copyFrom(client);
    expect((await later.request('POST', '/api/orders/', simpleOrder('after-backup'))).status).toBe(201);
    const busy = await npm(['db:restore', '--', file], env);
    expect(busy.code, busy.output).not.toBe(0);
    expect(busy.output).toContain('Cannot restore');
    expect((await server.stop('SIGTERM')).code).toBe(0);

    const restore = await npm(['db:restore', '--', file], env);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/Restored .*embedded\.tar into the embedded database .*: 6 orders.*; 3 blobs\./);
    const moved = /Its previous contents are in (.+)\./.exec(restore.output)?.[1];
    expect(moved && existsSync(path.join(moved, 'PG_VERSION'))).toBe(true);
    // The blobs came back from the archive (the folder's previous blob folder went aside with the rest).
    expect(moved && existsSync(path.join(moved, 'blobs', sha(PDF)))).toBe(true);
    expect(readFileSync(path.join(dataDir, 'blobs', sha(PDF))).equals(PDF)).toBe(true);
    expect(await checksumsOf({ dataDir })).toEqual(atBackup);

    server = await startServer({ dataDir });
    servers.push(server);
    await servesTheSame(server, client, orderId, invoiceId, invoicePdf);
    expect((await server.stop('SIGTERM')).code).toBe(0);
    record('backup-embedded', { tables: Object.keys(atBackup).length, rows: Object.values(atBackup).reduce((n, t) => n + t.rows, 0), bytes: statSync(file).size, identical: true, refusedWhileServerRuns: 2 });
  });

  it('PostgreSQL: pg_dump while the server runs, pg_restore into a fresh database, identical', async () => {
    const tag = `${process.pid}`;
    const source = await throwawayPostgres(`icehouse_faults_backup_src_${tag}`);
    const target = await throwawayPostgres(`icehouse_faults_backup_dst_${tag}`);
    cleanups.push(source.drop, target.drop);
    const tmp = tempDir('backup-cli-pg');
    cleanups.push(tmp.remove);
    const file = path.join(tmp.dir, 'pg.tar');
    // Each database with its own blob folder: the restored server finds the blobs only if the restore put them back.
    const sourceBlobs = { BLOB_DIR: path.join(tmp.dir, 'source-blobs') };
    const targetBlobs = { BLOB_DIR: path.join(tmp.dir, 'target-blobs') };

    const server = await startServer({ databaseUrl: source.url, env: sourceBlobs });
    servers.push(server);
    const { client, orderId, invoiceId, invoicePdf } = await fill(server);
    const atBackup = await checksumsOf({ databaseUrl: source.url });
    const backup = await npm(['db:backup', '--', '--out', file], { DATABASE_URL: source.url, ...sourceBlobs });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backed up the PostgreSQL database to .*pg\.tar .*: 6 orders, 1 invoices, 1 bills of lading, 1 stored files, \d+ users; 3 blobs \(/);
    expect((await server.stop('SIGTERM')).code).toBe(0);

    const restore = await npm(['db:restore', '--', file], { DATABASE_URL: target.url, ...targetBlobs });
    expect(restore.code, restore.output).toBe(0);
    const safety = /Saved the current database first, to (.+pre-restore-icehouse-postgres-.+\.dump)\./.exec(restore.output)?.[1];
    expect(safety && path.dirname(safety)).toBe(tmp.dir);
    expect(restore.output).toMatch(/Restored .*pg\.tar into the PostgreSQL database: 6 orders.*; 3 blobs\./);
    expect(readFileSync(path.join(targetBlobs.BLOB_DIR, sha(PDF))).equals(PDF)).toBe(true);
    expect(await checksumsOf({ databaseUrl: target.url })).toEqual(atBackup);

    const restored = await startServer({ databaseUrl: target.url, env: targetBlobs });
    servers.push(restored);
    await servesTheSame(restored, client, orderId, invoiceId, invoicePdf);
    expect((await restored.stop('SIGTERM')).code).toBe(0);
    record('backup-postgres', { tables: Object.keys(atBackup).length, rows: Object.values(atBackup).reduce((n, t) => n + t.rows, 0), bytes: statSync(file).size, identical: true });
  });
});
