import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import { migrationsFolder } from './client';

/** db:check (scripts/check-migrations.mjs) on a broken copy of drizzle/: every migration needs its snapshot, chained. */
const script = path.join(migrationsFolder(), '..', 'scripts', 'check-migrations.mjs');
let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

function brokenCopy(): string {
  scratch = mkdtempSync(path.join(tmpdir(), 'icehouse-db-check-test-'));
  const copy = path.join(scratch, 'drizzle');
  cpSync(migrationsFolder(), copy, { recursive: true });
  const meta = path.join(copy, 'meta');
  const read = (n: string) => JSON.parse(readFileSync(path.join(meta, `${n}_snapshot.json`), 'utf8'));
  const write = (n: string, s: unknown) =>
    writeFileSync(path.join(meta, `${n}_snapshot.json`), JSON.stringify(s));
  // The issue as it was: no snapshots for 0010-0017, 0018's prevId 0009's id. And one broken link further on.
  for (const n of ['0010', '0011', '0012', '0013', '0014', '0016', '0017'])
    rmSync(path.join(meta, `${n}_snapshot.json`));
  write('0018', { ...read('0018'), prevId: read('0009').id });
  write('0021', { ...read('0021'), prevId: read('0019').id });
  return copy;
}

it('fails for each migration without a snapshot and each prevId that is not the previous id', async () => {
  const run = promisify(execFile)(process.execPath, [script, brokenCopy()]);
  const failure = await run.then(
    () => {
      throw new Error('db:check passed');
    },
    (err: { code: number; stderr: string }) => err,
  );
  expect(failure.code).toBe(1);
  const missing = failure.stderr.match(/^migration \S+ has no snapshot/gm) ?? [];
  expect(missing).toEqual(
    [
      '0010_archived_documents_and_email',
      '0011_customers',
      '0012_payments',
      '0013_live_presence',
      '0014_integrators',
    ]
      .concat(['0016_integration_events', '0017_webhook_pending_index'])
      .map((tag) => `migration ${tag} has no snapshot`),
  );
  expect(failure.stderr).toMatch(
    /^meta\/0021_snapshot\.json: prevId \S+ is not \S+ \(the id of meta\/0020_snapshot\.json\)/m,
  );
  // 0018 follows a missing snapshot: reported once, as 0017's.
  expect(failure.stderr).not.toMatch(/^meta\/0018_snapshot\.json/m);
});
