// `npm run import:server -- --from <url> --user <name> [--dry-run] [--report <file>]`
// Brings a previous server's records across (docs/operations.md, "Moving in from the previous server"),
// reading its documented REST paths as an integrator would: signed in as --user with IMPORT_PASSWORD
// (asked for when unset and the terminal allows), or with the API token in IMPORT_TOKEN. Writes into the
// database the server uses (DATABASE_URL, else the embedded DATA_DIR: stop the server first). Exit code
// 0 when every record came across, 2 when some were skipped (listed in the report), 1 when it failed.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { createDb } from '@icehouse/db/client';
import { DataDirLockedError } from '@icehouse/db';
import { loadEnv } from '../env';
import { blobStoreFromEnv } from '../blobs';
import { connectSource, importFromServer, importTarget, progressLine, type ImportReport, type Progress } from '../import-server/run';

const USAGE =
  'Usage: npm run import:server -- --from <url> --user <name> [--dry-run] [--report <file>] [--progress-every <n>]\n' +
  '  password: IMPORT_PASSWORD (or asked for); a token instead: IMPORT_TOKEN';

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    user: { type: 'string' },
    'dry-run': { type: 'boolean' },
    report: { type: 'string' },
    'progress-every': { type: 'string' },
    attempts: { type: 'string' },
    'backoff-ms': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help || !values.from) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 1);
}

/** Reads a password from the terminal without echoing it (raw mode: each key read, none shown). */
function askPassword(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    let typed = '';
    process.stdout.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (finish: () => void) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stdout.write('\n');
      finish();
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done(() => resolve(typed));
        if (ch === '\u0003') return done(() => reject(new Error('cancelled')));
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    stdin.on('data', onData);
  });
}

const userCwd = process.env.INIT_CWD ?? process.cwd();
const dryRun = values['dry-run'] ?? false;
const reportFile = path.resolve(userCwd, values.report ?? `import-report-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
const every = Math.max(1, Number(values['progress-every'] ?? 500));
const token = process.env.IMPORT_TOKEN;
let password = process.env.IMPORT_PASSWORD;
if (!token && password === undefined && process.stdin.isTTY) password = await askPassword(`Password for ${values.user ?? '?'} at ${values.from}: `);

const tty = process.stderr.isTTY === true;
const started = Date.now();
let passStarted = Date.now();
let lastEntity = '';
let lastDrawn = 0;
function showProgress(p: Progress): void {
  if (p.entity !== lastEntity) {
    if (tty && lastEntity) process.stderr.write('\n');
    lastEntity = p.entity;
    passStarted = Date.now();
  }
  const now = Date.now();
  if (tty) {
    if (now - lastDrawn < 200 && p.done < p.total) return;
    lastDrawn = now;
    process.stderr.write(`\r\x1b[2K${progressLine(p, now - passStarted)}`);
  } else if (p.done % every === 0 || p.done === p.total) {
    process.stderr.write(`${progressLine(p, now - passStarted)}\n`);
  }
}

let retries = 0;
const env = loadEnv();
let report: ImportReport | null = null;
try {
  const source = await connectSource({
    from: values.from,
    ...(values.user ? { user: values.user } : {}),
    ...(password !== undefined ? { password } : {}),
    ...(token ? { token } : {}),
    ...(values.attempts ? { attempts: Number(values.attempts) } : {}),
    ...(values['backoff-ms'] ? { backoffMs: Number(values['backoff-ms']) } : {}),
    onRetry: ({ path: p, attempt, reason }) => {
      retries++;
      if (tty) process.stderr.write('\n');
      process.stderr.write(`retrying ${p} (attempt ${attempt}): ${reason}\n`);
    },
  });
  const database = await createDb(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    const target = importTarget({ database, blobs: await blobStoreFromEnv(env), log: pino({ level: 'warn' }) });
    report = await importFromServer({ source, target, dryRun, onProgress: showProgress, retries: () => retries });
  } finally {
    await database.close();
  }
  if (tty) process.stderr.write('\n');
  fs.writeFileSync(reportFile, JSON.stringify(report, null, 2) + '\n');
  const t = report.totals;
  console.log(
    `${dryRun ? 'Dry run: would have ' : ''}${dryRun ? `created ${t.created}, updated ${t.updated}` : `Created ${t.created}, updated ${t.updated}`}, ` +
      `${t.unchanged} unchanged, ${t.skipped} skipped in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      `${report.statuses_moved ? `; ${report.statuses_moved} orders moved to their status` : ''}${retries ? `; ${retries} calls retried` : ''}.`,
  );
  for (const [entity, c] of Object.entries(report.counts))
    if (c.created + c.updated + c.unchanged + c.skipped > 0) console.log(`  ${entity}: ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged, ${c.skipped} skipped`);
  for (const s of report.skipped) console.log(`  skipped ${s.entity} ${s.source_id}: ${s.reason}`);
  if (report.users_needing_password.length > 0)
    console.log(
      `  users without a password (send each a password reset link from User Management, or set one there): ${report.users_needing_password.join(', ')}`,
    );
  console.log(`Report: ${reportFile}`);
  if (report.skipped.length > 0) process.exitCode = 2;
} catch (error) {
  if (tty) process.stderr.write('\n');
  if (error instanceof DataDirLockedError) console.error(`Cannot import: ${error.message}\nStop the server first: the embedded database takes one process.`);
  else console.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
