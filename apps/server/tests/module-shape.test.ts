import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every module has one shape (docs/server-conventions.md): its calls in one `operations.ts`, which declares
 * no schema of its own and so imports nothing from zod; its zod schemas in one `schemas.ts`; its jobs in
 * `jobs.ts`; no PDF template (they are in `src/pdf/templates`); service files named for what they hold.
 */
const MODULES = fileURLToPath(new URL('../src/modules', import.meta.url));
const modules = fs
  .readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(MODULES, entry.name, 'operations.ts')))
  .map((entry) => entry.name);

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const TESTS = fileURLToPath(new URL('.', import.meta.url));
/** Every source file of src that is not a test itself. */
const productFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return productFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** Every module folder, calls or not (the ledger, costing and the outbox declare none). */
const allModules = fs
  .readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const filesOf = (name: string) => productFiles(path.join(MODULES, name)).map((file) => path.relative(path.join(MODULES, name), file));

describe('module shape', () => {
  it('finds the modules', () => {
    expect(modules).toEqual(expect.arrayContaining(['orders', 'webhooks', 'documents', 'email', 'failed-jobs']));
    expect(allModules).toEqual(expect.arrayContaining(['ledger', 'costing', 'outbox']));
  });

  it.each(modules)('%s keeps its schemas in schemas.ts, not in its operations', (name) => {
    expect(fs.existsSync(path.join(MODULES, name, 'schemas.ts'))).toBe(true);
    const text = fs.readFileSync(path.join(MODULES, name, 'operations.ts'), 'utf8');
    const imports = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
    expect(imports, `${name}/operations.ts`).not.toContain('zod');
  });

  it.each(allModules)('%s keeps its calls in operations.ts, its schemas in schemas.ts, its jobs in jobs.ts, no template, no *-service file', (name) => {
    const files = filesOf(name);
    expect(files.filter((file) => /operations\.ts$/.test(file) && file !== 'operations.ts'), 'a second operations file').toEqual([]);
    expect(files.filter((file) => /schemas\.ts$/.test(file) && file !== 'schemas.ts'), 'a second schemas file').toEqual([]);
    expect(files.filter((file) => file.endsWith('.tsx')), 'a PDF template outside src/pdf/templates').toEqual([]);
    expect(files.filter((file) => /-service\.ts$/.test(file)), 'a file named for its kind, not for what it holds').toEqual([]);
    const jobsElsewhere = files.filter(
      (file) => file !== 'jobs.ts' && /\bdefineJob\(/.test(fs.readFileSync(path.join(MODULES, name, file), 'utf8')),
    );
    expect(jobsElsewhere, 'a job declared outside jobs.ts').toEqual([]);
  });

  // Test helpers live in apps/server/tests: src holds what the product runs.
  it('keeps test helpers out of src', () => {
    const offenders = productFiles(SRC).filter((file) => {
      if (
        /(^|[-/])(testing|test-support)(\.tsx?)?$/.test(file.replace(/\.tsx?$/, '')) ||
        file.includes(`${path.sep}testing${path.sep}`)
      )
        return true;
      const imports = ts
        .preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
        .importedFiles.map((f) => f.fileName);
      return imports.some(
        (spec) =>
          spec === 'vitest' ||
          spec.startsWith('@playwright/') ||
          (spec.startsWith('.') && path.resolve(path.dirname(file), spec).startsWith(TESTS)),
      );
    });
    expect(offenders.map((file) => path.relative(SRC, file))).toEqual([]);
  });
});
