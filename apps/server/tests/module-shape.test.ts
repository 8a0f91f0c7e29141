import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every module has one shape (docs/server-conventions.md): its zod schemas in `schemas.ts`, its calls in
 * `operations.ts` (or `*-operations.ts`), which declares no schema of its own and so imports nothing from zod.
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

const operationFiles = (name: string) =>
  fs.readdirSync(path.join(MODULES, name)).filter((file) => /(^|-)operations\.ts$/.test(file));

describe('module shape', () => {
  it('finds the modules', () => {
    expect(modules).toEqual(expect.arrayContaining(['orders', 'webhooks', 'documents', 'email', 'failed-jobs']));
  });

  it.each(modules)('%s keeps its schemas in schemas.ts, not in its operations', (name) => {
    expect(fs.existsSync(path.join(MODULES, name, 'schemas.ts'))).toBe(true);
    for (const file of operationFiles(name)) {
      const text = fs.readFileSync(path.join(MODULES, name, file), 'utf8');
      const imports = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
      expect(imports, `${name}/${file}`).not.toContain('zod');
    }
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
