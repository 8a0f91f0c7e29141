import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/** No source file of the package over 400 lines (docs/server-conventions.md): tests and the seed's data tables aside. */
const SRC = fileURLToPath(new URL('.', import.meta.url));
const EXEMPT = new Set(['seed/data.ts']);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

it('keeps every source file under 400 lines', () => {
  const long = sources(SRC)
    .map((file) => ({
      file: path.relative(SRC, file),
      lines: fs.readFileSync(file, 'utf8').split('\n').length,
    }))
    .filter(({ file, lines }) => lines > 400 && !EXEMPT.has(file.split(path.sep).join('/')));
  expect(long).toEqual([]);
});
