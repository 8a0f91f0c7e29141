import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The docs keep their own rules (scripts/check-docs.mjs): every decision record indexed with a status,
 * no hand-written REST tables in the module READMEs, no issue numbers in the README or
 * docs/performance.md, no comment in the source citing an issue. Here because the server's tests run in CI anyway; it opens no database and
 * takes about 2 s.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const script = path.join(root, 'scripts/check-docs.mjs');

function check(at: string): { ok: boolean; output: string } {
  try {
    return {
      ok: true,
      output: execFileSync(process.execPath, [script, at], { encoding: 'utf8', stdio: 'pipe' }),
    };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr ?? error) };
  }
}

const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the docs the check reads, to break on purpose. */
function copyOfDocs(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'icehouse-docs-'));
  copies.push(dir);
  cpSync(path.join(root, 'docs'), path.join(dir, 'docs'), { recursive: true });
  cpSync(path.join(root, 'README.md'), path.join(dir, 'README.md'));
  mkdirSync(path.join(dir, 'apps/server/src/modules/orders'), { recursive: true });
  return dir;
}

describe('docs', () => {
  it('every decision record is indexed with a status; no REST tables in module READMEs; no issue numbers in the README', () => {
    const result = check(root);
    expect(result.ok ? '' : result.output).toBe('');
  });

  it('names what is wrong: a record left out of the index, one without a status, a REST table row, an issue number', () => {
    const dir = copyOfDocs();
    const index = path.join(dir, 'docs/decisions/README.md');
    writeFileSync(index, readFileSync(index, 'utf8').replace(/^\| \[011\].*\n/m, ''));
    const record = path.join(dir, 'docs/decisions/012-combined-invoice-mixed-customers.md');
    writeFileSync(record, readFileSync(record, 'utf8').replace(/^Status: .*\n/m, ''));
    writeFileSync(
      path.join(dir, 'apps/server/src/modules/orders/README.md'),
      '# Orders\n\n| Call | Answer |\n|---|---|\n| `GET /api/orders/{id}/` | full order |\n',
    );
    writeFileSync(
      path.join(dir, 'docs/performance.md'),
      '# Performance\n\nAs issue 12 asked, the list is fast.\n',
    );

    const result = check(dir);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('011-invoice-numbers-never-reused.md: not in the index');
    expect(result.output).toContain('012-combined-invoice-mixed-customers.md: no "Status: ..." line');
    expect(result.output).toContain(
      'apps/server/src/modules/orders/README.md:5: a hand-written REST table row',
    );
    expect(result.output).toContain('docs/performance.md:3: an issue number ("issue 12")');
  });

  it('names a comment that cites an issue, in code or shell, and reads no string, URL or dependency', () => {
    const dir = copyOfDocs();
    const write = (file: string, lines: string[]) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), lines.join('\n'));
    };
    write('apps/web/src/probe.tsx', [
      ['export const a = 1;', '// as issue 7 asked'].join(' '),
      '/**',
      ' * Kept so (Issue #12).',
      ' * A tissue 5 mm thick; the server issues a number; decision 120 says why.',
      ' */',
      "export const b = 'issue 7 in a string';",
      "export const c = 'https://example.com/issue 7';",
    ]);
    write('scripts/probe.sh', ['#!/usr/bin/env bash', '# per issues 4 and 5', 'echo ok']);
    write('e2e/node_modules/dep/index.js', ['// issue 9']);

    const result = check(dir);
    expect(result.ok).toBe(false);
    expect(result.output.split('\n').filter((line) => line.includes('cites an issue'))).toEqual([
      'apps/web/src/probe.tsx:1: a comment cites an issue ("issue 7"): say why the code is so instead',
      'apps/web/src/probe.tsx:3: a comment cites an issue ("Issue #12"): say why the code is so instead',
      'scripts/probe.sh:2: a comment cites an issue ("issues 4"): say why the code is so instead',
    ]);
  });

  it('reads a status written in bold or under a heading, and names one that disagrees with the index', () => {
    const dir = copyOfDocs();
    const rewrite = (file: string, status: string) => {
      const full = path.join(dir, 'docs/decisions', file);
      writeFileSync(full, readFileSync(full, 'utf8').replace(/^Status: .*$/m, status));
    };
    rewrite('011-invoice-numbers-never-reused.md', '**Status:** accepted (2026-11)');
    rewrite('012-combined-invoice-mixed-customers.md', '## Status\n\nAccepted');
    expect(check(dir)).toMatchObject({ ok: true });

    rewrite('010-door-numbers-proposed-not-allocated.md', '## Status\n\nSuperseded by 145.');
    const result = check(dir);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('010-door-numbers-proposed-not-allocated.md: its status');
  });
});
