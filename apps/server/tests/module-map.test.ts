import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The module map of docs/architecture.md, held against the code: the table says which module may import
 * which, the diagram draws the same, and the imports of the server's product files (type-only ones too)
 * may use no other edge. The graph is read from the code at each run, so a new import shows here first.
 */
const SRC = fileURLToPath(new URL('../src', import.meta.url));
const MODULES = path.join(SRC, 'modules');
const MAP = fileURLToPath(new URL('../../../docs/architecture.md', import.meta.url));

/** The files outside modules/ that put the modules together: the only ones there that may import one. */
const COMPOSITION = [
  'app.ts',
  'serve.ts',
  'modules/operations.ts',
  'modules/change-records.ts',
  'jobs/all-jobs.ts',
  'operations/answer-schemas.ts',
  'rest/routes.ts',
  'rest/register.ts',
  'rest/openapi.ts',
  'trpc/app-router.ts',
  /^cli\//,
  /^import-server\//,
];

export interface MapOfModules {
  /** module -> the modules it may import, from the table. */
  allowed: Map<string, Set<string>>;
  /** `a -> b` of the diagram. */
  drawn: Set<string>;
}

/** The table's rows (| `module` | owns | `a`, `b` |) and the first mermaid flowchart after it. */
export function readMap(markdown: string): MapOfModules {
  const section = markdown.split(/^## The server's modules$/m)[1] ?? '';
  const allowed = new Map<string, Set<string>>();
  for (const line of section.split('\n')) {
    const row = /^\| `([a-z-]+)` \|[^|]*\| (.*) \|$/.exec(line);
    if (row) allowed.set(row[1]!, new Set([...row[2]!.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!)));
  }
  const diagram = /```mermaid\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const drawn = new Set([...diagram.matchAll(/^\s*([a-z-]+) --> ([a-z-]+)\s*$/gm)].map((m) => `${m[1]} -> ${m[2]}`));
  return { allowed, drawn };
}

export interface ImportEdge {
  from: string;
  to: string;
  /** `orders/order-write.ts imports '../costing/order-costing'` */
  where: string;
}

/** Every product file (no tests) under a folder. */
function productFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return productFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The module a path of src lies in, or null (the kernel, the composition at modules/'s top). */
function moduleOf(file: string): string | null {
  const rel = path.relative(MODULES, file);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0]! : null;
}

/** Relative imports of a file, resolved to paths (import, import type, export from, import()). */
function importsOf(file: string): { spec: string; target: string }[] {
  const text = fs.readFileSync(file, 'utf8');
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => ({ spec, target: path.resolve(path.dirname(file), spec) }));
}

/** The edges between modules in the code, each with the first file and import that makes it. */
export function moduleImports(): { edges: Map<string, ImportEdge>; modules: string[] } {
  const modules = fs
    .readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const edges = new Map<string, ImportEdge>();
  for (const name of modules)
    for (const file of productFiles(path.join(MODULES, name)))
      for (const { spec, target } of importsOf(file)) {
        const to = moduleOf(target);
        if (!to || to === name) continue;
        const key = `${name} -> ${to}`;
        if (!edges.has(key)) edges.set(key, { from: name, to, where: `${path.relative(MODULES, file)} imports '${spec}'` });
      }
  return { edges, modules };
}

/** A cycle of the graph as `a -> b -> a`, or null. */
export function findCycle(graph: Map<string, Set<string>>): string | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next].join(' -> ');
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

describe('the module map (docs/architecture.md)', () => {
  const map = readMap(fs.readFileSync(MAP, 'utf8'));
  const { edges, modules } = moduleImports();
  const tableEdges = [...map.allowed].flatMap(([from, tos]) => [...tos].map((to) => `${from} -> ${to}`));

  it('has a row for every module folder, and none for a folder that is gone', () => {
    expect([...map.allowed.keys()].sort()).toEqual(modules);
  });

  it('draws exactly the edges its table allows', () => {
    expect([...map.drawn].sort()).toEqual([...tableEdges].sort());
  });

  it('is one-way: no cycle between modules', () => {
    expect(findCycle(map.allowed)).toBeNull();
  });

  it('allows every import between modules, and no edge that no import needs', () => {
    const refused = [...edges].filter(([key]) => !tableEdges.includes(key)).map(([key, edge]) => `${key}: ${edge.where}`);
    expect(refused, 'imports the map does not allow').toEqual([]);
    expect(tableEdges.filter((key) => !edges.has(key)), 'rows of the map no import needs').toEqual([]);
  });

  it('keeps the kernel free of modules: only the composition imports one', () => {
    const composes = (rel: string) => COMPOSITION.some((c) => (typeof c === 'string' ? c === rel : c.test(rel)));
    const offenders = productFiles(SRC)
      .filter((file) => moduleOf(file) === null)
      .map((file) => ({ file, rel: path.relative(SRC, file).split(path.sep).join('/') }))
      .filter(({ rel }) => !composes(rel))
      .flatMap(({ file, rel }) =>
        importsOf(file)
          .filter(({ target }) => moduleOf(target) !== null || path.dirname(target) === MODULES)
          .map(({ spec }) => `${rel} imports '${spec}'`),
      );
    expect(offenders).toEqual([]);
  });

  it('lets no module import the composition', () => {
    const composition = new Set(['operations', 'change-records'].map((name) => path.join(MODULES, name)));
    const offenders = modules.flatMap((name) =>
      productFiles(path.join(MODULES, name)).flatMap((file) =>
        importsOf(file)
          .filter(({ target }) => composition.has(target.replace(/\.tsx?$/, '')))
          .map(({ spec }) => `${path.relative(MODULES, file)} imports '${spec}'`),
      ),
    );
    expect(offenders).toEqual([]);
  });
});

describe('how the map test reads', () => {
  it('finds a cycle and names it', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set<string>()],
    ]);
    expect(findCycle(graph)).toBe('a -> b -> c -> a');
    graph.set('c', new Set());
    expect(findCycle(graph)).toBeNull();
  });

  it('reads rows with and without imports, and the diagram', () => {
    const map = readMap(
      "## The server's modules\n\n| module | owns | may import |\n|---|---|---|\n| `a` | x | – |\n| `b-c` | y, z | `a` |\n\n" +
        '```mermaid\nflowchart BT\n  b-c --> a\n```\n',
    );
    expect(map.allowed).toEqual(new Map([['a', new Set()], ['b-c', new Set(['a'])]]));
    expect(map.drawn).toEqual(new Set(['b-c -> a']));
  });
});
