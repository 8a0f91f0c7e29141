/**
 * Bundle sizes: `npm run bench` (apps/web). Prints figures; the exit code is 0 either way.
 *
 * Builds the app for production (the project's vite.config.ts, plus a manifest) into a temporary
 * folder, so dist/ is left as `npm run build` made it, then reads the Vite manifest:
 *
 *   initial JavaScript  the entry chunk of index.html and every chunk it imports statically
 *                       (what the browser must download, parse and run before anything shows);
 *   per route           /login and /dashboard: the initial JavaScript plus, when the route's page
 *                       is loaded with React.lazy / import(), that chunk and its static imports;
 *   lazy chunks         everything else, loaded on demand.
 *
 * Sizes are minified bytes and gzip (level 9) bytes. Budget: 170 KB gzip of initial JavaScript for
 * the login and dashboard routes. Over budget, the modules and packages that make up the initial
 * chunks are listed by size, heaviest first.
 *
 * Options: --keep (keep the build folder and print where it is), --top N (modules listed, default 15).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const BUDGET_KB = 170;
/** The routes the budget is about, and how to recognise their page modules in the manifest. */
const ROUTES = [
  { route: '/login', page: /features\/auth\/LoginPage\.[jt]sx?$/ },
  { route: '/dashboard', page: /features\/dashboard\/DashboardPage\.[jt]sx?$/ },
];

const { values } = parseArgs({ options: { keep: { type: 'boolean', default: false }, top: { type: 'string', default: '15' } } });
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = mkdtempSync(path.join(os.tmpdir(), 'icehouse-web-bundle-'));

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const pad = (text, width) => String(text).padStart(width);

/** Rendered (tree-shaken, not yet minified) length of every module of every chunk, by chunk file. */
const modulesByChunk = new Map();
const moduleSizes = {
  name: 'icehouse-bundle-size',
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue;
      const modules = Object.entries(output.modules ?? {}).map(([id, info]) => ({ id, length: info.renderedLength ?? 0 }));
      modulesByChunk.set(output.fileName, modules);
    }
  },
};

function describeModule(id) {
  const clean = id.replace(/\?.*$/, '').replace(/^\0/, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = clean.slice(nm + 'node_modules/'.length).split('/');
    return { group: parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0], name: clean.slice(nm + 'node_modules/'.length) };
  }
  const rel = path.relative(path.resolve(root, '..', '..'), clean);
  const group = rel.startsWith('apps/web/src/') ? `app: ${rel.split('/').slice(3, 5).join('/')}` : rel.startsWith('packages/') ? rel.split('/').slice(0, 2).join('/') : rel;
  return { group, name: rel };
}

async function main() {
  const started = performance.now();
  await build({
    root,
    logLevel: 'warn',
    plugins: [moduleSizes],
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false, reportCompressedSize: false },
  });
  const buildSeconds = (performance.now() - started) / 1000;
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));

  const size = new Map();
  const sizeOf = (file) => {
    if (!size.has(file)) {
      const bytes = readFileSync(path.join(outDir, file));
      size.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    }
    return size.get(file);
  };
  /** The chunk keys reachable from `keys` through static imports (the keys included). */
  const staticClosure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const next of manifest[key].imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return seen;
  };
  const total = (keys) =>
    [...keys].reduce(
      (sum, key) => {
        const s = sizeOf(manifest[key].file);
        return { raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip };
      },
      { raw: 0, gzip: 0 },
    );
  const cssOf = (keys) => [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];

  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const initial = staticClosure(entries);
  const initialSize = total(initial);
  const initialCss = cssOf(initial).reduce((sum, file) => sum + sizeOf(file).gzip, 0);

  console.log(`Web bundle (production build, ${buildSeconds.toFixed(1)} s; gzip level 9; budget ${BUDGET_KB} KB gzip of initial JavaScript)\n`);
  console.log(`  ${'chunk'.padEnd(52)} ${pad('minified', 10)} ${pad('gzip', 10)}`);
  for (const key of [...initial].sort((a, b) => sizeOf(manifest[b].file).gzip - sizeOf(manifest[a].file).gzip)) {
    const s = sizeOf(manifest[key].file);
    console.log(`  ${manifest[key].file.padEnd(52)} ${pad(kb(s.raw), 10)} ${pad(kb(s.gzip), 10)}`);
  }
  console.log(`  ${'initial JavaScript (entry + static imports)'.padEnd(52)} ${pad(kb(initialSize.raw), 10)} ${pad(kb(initialSize.gzip), 10)}`);
  console.log(`  ${'initial CSS'.padEnd(52)} ${pad('', 10)} ${pad(kb(initialCss), 10)}\n`);

  let over = false;
  for (const { route, page } of ROUTES) {
    const lazyPage = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && page.test(manifest[key].src ?? key));
    if (!lazyPage.length && ![...initial].some((key) => (modulesByChunk.get(manifest[key].file) ?? []).some((m) => page.test(m.id)))) {
      // Neither a lazily loaded chunk nor part of the initial JavaScript: the pattern is stale.
      console.log(`  ${route.padEnd(12)} its page (${page}) is not in the build: update ROUTES in this script`);
      over = true;
      continue;
    }
    const keys = staticClosure([...entries, ...lazyPage]);
    const s = total(keys);
    const ok = s.gzip <= BUDGET_KB * 1024;
    over ||= !ok;
    const how = lazyPage.length ? `initial + ${lazyPage.map((k) => manifest[k].file).join(', ')}` : 'in the initial JavaScript';
    console.log(
      `  ${route.padEnd(12)} ${pad(kb(s.gzip), 10)} gzip (${kb(s.raw)} minified)  ${ok ? 'within' : 'OVER'} the ${BUDGET_KB} KB budget` +
        `${ok ? '' : ` by ${kb(s.gzip - BUDGET_KB * 1024)}`}  [${how}]`,
    );
  }

  const lazy = Object.keys(manifest).filter((key) => !initial.has(key) && manifest[key].file.endsWith('.js'));
  if (lazy.length) {
    console.log(`\n  Loaded on demand:`);
    for (const key of lazy.sort((a, b) => sizeOf(manifest[b].file).gzip - sizeOf(manifest[a].file).gzip)) {
      const s = sizeOf(manifest[key].file);
      console.log(`    ${(manifest[key].src ?? key).padEnd(60)} ${pad(kb(s.raw), 10)} ${pad(kb(s.gzip), 10)}`);
    }
  }

  // What the initial chunks are made of (rendered bytes before minification: shares, not exact gzip).
  const top = Number(values.top) || 15;
  const modules = [...initial].flatMap((key) => modulesByChunk.get(manifest[key].file) ?? []);
  const rendered = modules.reduce((sum, m) => sum + m.length, 0) || 1;
  const groups = new Map();
  for (const m of modules) {
    const { group } = describeModule(m.id);
    groups.set(group, (groups.get(group) ?? 0) + m.length);
  }
  console.log(`\n  ${over ? 'Over budget: what' : 'What'} the initial JavaScript is made of (share of the code before minification; ~gzip by that share):`);
  for (const [group, length] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    const share = length / rendered;
    console.log(`    ${group.padEnd(48)} ${pad(`${(share * 100).toFixed(1)}%`, 7)} ${pad(`~${kb(share * initialSize.gzip)}`, 12)}`);
  }
  if (over) {
    console.log(`\n  Largest single modules:`);
    for (const m of [...modules].sort((a, b) => b.length - a.length).slice(0, top)) {
      const share = m.length / rendered;
      console.log(`    ${describeModule(m.id).name.slice(0, 70).padEnd(72)} ${pad(`${(share * 100).toFixed(1)}%`, 7)}`);
    }
  }

  if (values.keep) console.log(`\n  Build kept in ${outDir}`);
  else rmSync(outDir, { recursive: true, force: true });
}

main().catch((error) => {
  rmSync(outDir, { recursive: true, force: true });
  console.error(error);
  process.exitCode = 1;
});
