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

const operationFiles = (name: string) =>
  fs.readdirSync(path.join(MODULES, name)).filter((file) => /(^|-)operations\.ts$/.test(file));

describe('module shape', () => {
  it('finds the modules', () => {
    expect(modules).toEqual(expect.arrayContaining(['orders', 'webhooks', 'documents', 'email', 'jobs']));
  });

  it.each(modules)('%s keeps its schemas in schemas.ts, not in its operations', (name) => {
    expect(fs.existsSync(path.join(MODULES, name, 'schemas.ts'))).toBe(true);
    for (const file of operationFiles(name)) {
      const text = fs.readFileSync(path.join(MODULES, name, file), 'utf8');
      const imports = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
      expect(imports, `${name}/${file}`).not.toContain('zod');
    }
  });
});
