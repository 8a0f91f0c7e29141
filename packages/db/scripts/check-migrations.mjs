// `npm run db:check -w @icehouse/db`: fails when src/schema has changed without a migration, or when
// the migrations folder is not whole.
//
// `node scripts/check-migrations.mjs <folder>` checks that migrations folder instead of drizzle/.
//
// 1. drizzle-kit generate (with drizzle.config.ts, schema and all) runs against a temporary copy of
//    drizzle/, so it never writes into the repo. If it would make a migration, the check prints that
//    SQL and fails: make it with `npm run db:generate` and commit it.
// 2. drizzle-kit check (malformed snapshots, collisions, journal timestamps) on drizzle/ itself (it only reads).
// 3. Every journal entry has its .sql and its snapshot, every .sql and snapshot its entry; in journal
//    order each snapshot's prevId is the previous one's id (0000's: zeros). A migration written by hand
//    without `drizzle-kit generate --custom` has no snapshot and fails here.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const migrationsDir = path.resolve(process.argv[2] ?? path.join(packageDir, 'drizzle'));
// drizzle-kit's CLI: bin.cjs beside its main file (the package exports no subpath for it).
const drizzleKit = path.join(path.dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');
/** A safety net: drizzle-kit must never wait for an answer here (it refuses prompts without a TTY). */
const TIMEOUT_MS = 120_000;

const started = Date.now();
const problems = [];

function run(args, cwd) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [drizzleKit, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill();
    }, TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, timedOut });
    });
  });
}

const sqlFiles = (dir) => readdirSync(dir).filter((f) => f.endsWith('.sql'));

/** The folder's own consistency: journal against files, the snapshot chain. */
function checkFolder(dir) {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8'));
  const tags = journal.entries.map((e) => e.tag);
  const files = sqlFiles(dir).map((f) => f.slice(0, -'.sql'.length));
  for (const tag of tags) if (!files.includes(tag)) problems.push(`journal entry ${tag} has no ${tag}.sql`);
  for (const file of files)
    if (!tags.includes(file)) problems.push(`${file}.sql is not in meta/_journal.json`);

  // One snapshot per migration, named by its number, chained in journal order.
  const meta = path.join(dir, 'meta');
  const snapshots = new Map(
    journal.entries.map((e) => [`${String(e.idx).padStart(4, '0')}_snapshot.json`, e.tag]),
  );
  for (const file of readdirSync(meta).filter((f) => f.endsWith('_snapshot.json')))
    if (!snapshots.has(file))
      problems.push(`meta/${file} is the snapshot of no migration in meta/_journal.json`);
  let previous = { id: '00000000-0000-0000-0000-000000000000', what: 'the first snapshot' };
  for (const [file, tag] of snapshots) {
    if (!existsSync(path.join(meta, file))) {
      problems.push(
        `migration ${tag} has no snapshot (meta/${file}): ` +
          'make hand-written migrations with `drizzle-kit generate --custom`',
      );
      previous = null;
      continue;
    }
    const { id, prevId } = JSON.parse(readFileSync(path.join(meta, file), 'utf8'));
    if (previous && prevId !== previous.id)
      problems.push(`meta/${file}: prevId ${prevId} is not ${previous.id} (${previous.what})`);
    previous = { id, what: `the id of meta/${file}` };
  }
}

const scratch = mkdtempSync(path.join(tmpdir(), 'icehouse-migrations-check-'));
try {
  const copy = path.join(scratch, 'drizzle');
  cpSync(migrationsDir, copy, { recursive: true });
  // The package's own config, pointed at the copy. drizzle-kit reads snapshots through paths relative
  // to its working folder, so it runs in the scratch folder with a relative `out`.
  writeFileSync(
    path.join(scratch, 'drizzle.config.ts'),
    `import base from ${JSON.stringify(path.join(packageDir, 'drizzle.config.ts'))};\n` +
      `export default { ...base, schema: ${JSON.stringify(path.join(packageDir, 'src/schema/index.ts'))}, out: './drizzle' };\n`,
  );
  // drizzle-kit check reads the folder itself, from its parent (generate may write into the copy meanwhile).
  writeFileSync(
    path.join(scratch, 'check.config.ts'),
    `import base from ${JSON.stringify(path.join(packageDir, 'drizzle.config.ts'))};\n` +
      `export default { ...base, out: ${JSON.stringify(`./${path.basename(migrationsDir)}`)} };\n`,
  );
  const before = new Set(sqlFiles(copy));

  checkFolder(migrationsDir);

  const [generate, check] = await Promise.all([
    run(['generate', '--config', 'drizzle.config.ts'], scratch),
    run(['check', '--config', path.join(scratch, 'check.config.ts')], path.dirname(migrationsDir)),
  ]);

  const added = sqlFiles(copy).filter((f) => !before.has(f));
  if (generate.timedOut || /Interactive prompts require a TTY/.test(generate.output)) {
    problems.push(
      'drizzle-kit generate would ask whether a table or column was renamed: src/schema changed without a migration.\n' +
        'Run `npm run db:generate -w @icehouse/db`, answer it, review and commit the migration.\n' +
        generate.output.slice(-2000),
    );
  } else if (added.length > 0) {
    let message = 'drizzle-kit generate would make a migration: src/schema changed without one.\n';
    for (const file of added)
      message += `\n--- ${file} ---\n${readFileSync(path.join(copy, file), 'utf8')}\n`;
    message +=
      '\nMake it with `npm run db:generate -w @icehouse/db` (review the SQL, commit it with its snapshot).';
    problems.push(message);
  } else if (generate.code !== 0 || !/No schema changes/.test(generate.output)) {
    problems.push(
      `drizzle-kit generate (exit ${generate.code}) did not say "No schema changes":\n${generate.output.slice(-4000)}`,
    );
  }
  if (check.code !== 0 || /collision|malformed|not of the latest|Warning/i.test(check.output)) {
    problems.push(`drizzle-kit check (exit ${check.code}):\n${check.output.trim()}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (problems.length > 0) {
  console.error(`db:check failed (${seconds} s):\n\n${problems.join('\n\n')}`);
  process.exitCode = 1;
} else {
  const count = sqlFiles(migrationsDir).length;
  console.log(
    `db:check: ${count} migrations, snapshots whole, schema matches the latest snapshot (${seconds} s).`,
  );
}
