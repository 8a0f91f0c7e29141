#!/usr/bin/env node
// Keeps the written docs true to their own rules; run by apps/server/tests/docs.test.ts (so `npm test`
// and CI run it) and by hand: `node scripts/check-docs.mjs [repository root]`. Prints what is wrong, exits 1.
//  - every decision record (docs/decisions/NNN-*.md) has a `Status:` line under its title, and one row in
//    the index (docs/decisions/README.md) whose status starts with the same word (accepted, superseded, ...);
//    every row of the index links to a record that exists;
//  - the server modules' READMEs hold no hand-written REST tables: the OpenAPI document is the reference;
//  - the README and docs/performance.md are for users: no issue numbers;
//  - comments in the source (apps/*/src, apps/*/tests, apps/*/bench, packages/*/src, e2e, scripts) say why the
//    code is so, not which issue asked for it: no comment cites an issue (citing a decision record is fine);
//  - docs/integrators.md lists (under its `### Events` heading) every event of the domain's EVENT_TYPES, and
//    no other: the list is read from the domain's source as text, so the check needs no build.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `Status: accepted`, also written `**Status:** accepted` or as a `## Status` heading over its line.
const STATUS_LINE = /^\**Status\**:\** *(\S.*)$/i;
const STATUS_HEADING = /^#+ *Status *$/i;
// A row of the index: | [NNN](NNN-title.md) | decision | status |
const INDEX_ROW = /^\| *\[(\d{3})\]\(([^)]+)\) *\|[^|]+\| *([^|]*?) *\|$/;
const REST_ROW = /^\| *`?(GET|POST|PUT|PATCH|DELETE)\b[^|]*\/api\//;
const ISSUE_NUMBER = /\bissues? +(?:items? +)?\d+|(?:^|[\s([])#\d+\b/i;
// An issue cited in a comment: the word issue (or issues, any case), then a number, a `#` allowed before it;
// not a word that ends in issue (tissue), nor the verb without a number ("issues a refund").
const ISSUE_CITATION = /\bissues?[ \t]*#?\d+/i;
// A line that is a comment (`//`, `/*`, ` * ` inside a block, `{/*` in JSX, `#` in shell and YAML) ...
const COMMENT_LINE = /^\s*(?:\/\/|\/\*|\*|\{\/\*|#)/;
// ... or the comment after code on a line (`x, // ...`; a URL's `://` is not one).
const TRAILING_COMMENT = /\s(?:\/\/|\/\*).*$/;
const SOURCE_FILE = /\.(?:[cm]?[jt]s|[jt]sx|sh|ya?ml)$/;
const NOT_SOURCE = new Set([
  'node_modules',
  'dist',
  'build',
  'coverage',
  'test-results',
  'playwright-report',
]);
// `export const EVENT_TYPES = [ 'order.created', ... ]` in the domain; an event is `<entity>.<action>`.
const EVENT_TYPES_DECLARATION = /export const EVENT_TYPES\b[^=]*= *\[/;
const EVENT_NAME = /^[a-z][a-z_]*\.[a-z][a-z_]*$/;
const EVENTS_HEADING = /^#+ *Events *$/;

function statusUnderHeading(lines) {
  const at = lines.findIndex((l) => STATUS_HEADING.test(l));
  return at < 0 ? undefined : lines.slice(at + 1).find((l) => l.trim() !== '');
}

const firstWord = (text) =>
  text
    .trim()
    .replace(/^\*+/, '')
    .split(/[\s;,.(]/)[0]
    .toLowerCase();

/** Every .ts source file under `dir` (tests left out). */
const sourceFiles = (dir) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort();

/** The source files under `dir` (its dependencies and build output left out), as paths from `root`. */
function sourceFilesUnder(root, dir) {
  const found = [];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const at = `${relative}/${entry.name}`;
      if (entry.isDirectory() && !NOT_SOURCE.has(entry.name)) walk(at);
      else if (entry.isFile() && SOURCE_FILE.test(entry.name)) found.push(at);
    }
  };
  if (existsSync(path.join(root, dir))) walk(dir);
  return found;
}

/** Where comments must say why: each app's src, tests and bench, each package's src, e2e and scripts. */
function commentedSource(root) {
  const under = (parent) =>
    existsSync(path.join(root, parent))
      ? readdirSync(path.join(root, parent), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${parent}/${entry.name}`)
      : [];
  const dirs = [
    ...under('apps').flatMap((app) => [`${app}/src`, `${app}/tests`, `${app}/bench`]),
    ...under('packages').map((pkg) => `${pkg}/src`),
    'e2e',
    'scripts',
  ];
  return dirs.flatMap((dir) => sourceFilesUnder(root, dir)).sort();
}

/** The issue citation in a line's comment, or undefined: code and strings are not read. */
function issueCited(line) {
  const comment = COMMENT_LINE.test(line) ? line : TRAILING_COMMENT.exec(line)?.[0];
  return comment === undefined ? undefined : ISSUE_CITATION.exec(comment)?.[0];
}

/**
 * The domain's EVENT_TYPES, read from its TypeScript source as text (the domain is TypeScript and the
 * script runs without a build): `{ file, events }`, or `{ file, problem }` when the declaration is not a
 * plain list of strings (then it must be read another way: the check says so rather than guess).
 */
function domainEventTypes(root) {
  const src = path.join(root, 'packages/domain/src');
  for (const name of sourceFiles(src)) {
    const text = readFileSync(path.join(src, name), 'utf8');
    const found = EVENT_TYPES_DECLARATION.exec(text);
    if (!found) continue;
    const file = `packages/domain/src/${name.split(path.sep).join('/')}`;
    const rest = text
      .slice(found.index + found[0].length)
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '');
    const body = rest.slice(0, rest.indexOf(']'));
    const events = [...body.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2]);
    const leftover = body.replace(/'[^']*'|"[^"]*"/g, '').replace(/[\s,]/g, '');
    if (leftover || events.length === 0 || !events.every((e) => EVENT_NAME.test(e)))
      return { file, problem: `${file}: EVENT_TYPES is not a plain list of '<entity>.<action>' strings` };
    return { file, events };
  }
  return {
    file: 'packages/domain/src',
    problem: 'packages/domain/src: no `export const EVENT_TYPES = [...]`',
  };
}

/** The events docs/integrators.md lists: each `entity.action` in backticks under its Events heading, with its line. */
function listedEvents(lines) {
  const at = lines.findIndex((l) => EVENTS_HEADING.test(l));
  if (at < 0) return null;
  const listed = new Map();
  for (let i = at + 1; i < lines.length && !/^#/.test(lines[i]); i++)
    for (const [, name] of lines[i].matchAll(/`([^`]+)`/g))
      if (EVENT_NAME.test(name) && !listed.has(name)) listed.set(name, i + 1);
  return listed;
}

export function checkDocs(root) {
  const problems = [];
  const decisions = path.join(root, 'docs/decisions');
  const records = readdirSync(decisions)
    .filter((name) => /^\d{3}-.+\.md$/.test(name))
    .sort();

  const statusOf = new Map();
  for (const name of records) {
    const head = readFileSync(path.join(decisions, name), 'utf8').split('\n').slice(0, 12);
    const line = head.map((l) => STATUS_LINE.exec(l)?.[1]).find(Boolean) ?? statusUnderHeading(head);
    if (line) statusOf.set(name.slice(0, 3), line);
    else problems.push(`docs/decisions/${name}: no "Status: ..." line under its title`);
  }

  const indexed = new Map();
  const index = readFileSync(path.join(decisions, 'README.md'), 'utf8').split('\n');
  for (const line of index) {
    const row = INDEX_ROW.exec(line);
    if (!row) continue;
    const [, number, file, status] = row;
    if (indexed.has(number)) problems.push(`docs/decisions/README.md: ${number} is listed twice`);
    indexed.set(number, status);
    if (!file.startsWith(`${number}-`) || !existsSync(path.join(decisions, file)))
      problems.push(
        `docs/decisions/README.md: the row of ${number} links to ${file}, which is not its record`,
      );
    if (!status) problems.push(`docs/decisions/README.md: the row of ${number} has no status`);
  }
  for (const name of records) {
    const number = name.slice(0, 3);
    if (!indexed.has(number)) {
      problems.push(`docs/decisions/${name}: not in the index (docs/decisions/README.md)`);
      continue;
    }
    const recordStatus = statusOf.get(number);
    const indexStatus = indexed.get(number);
    if (recordStatus && indexStatus && firstWord(recordStatus) !== firstWord(indexStatus))
      problems.push(
        `docs/decisions/${name}: its status ("${recordStatus}") and the index's ("${indexStatus}") disagree`,
      );
  }

  const modules = path.join(root, 'apps/server/src/modules');
  for (const area of existsSync(modules) ? readdirSync(modules) : []) {
    const readme = path.join(modules, area, 'README.md');
    if (!existsSync(readme)) continue;
    readFileSync(readme, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (REST_ROW.test(line))
          problems.push(
            `apps/server/src/modules/${area}/README.md:${i + 1}: a hand-written REST table row; the OpenAPI document (/api/schema/) is the reference`,
          );
      });
  }

  for (const file of ['README.md', 'docs/performance.md']) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue;
    readFileSync(full, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const hit = ISSUE_NUMBER.exec(line.replace(/\]\([^)]*\)|https?:\/\/\S+/g, ''));
        if (hit)
          problems.push(`${file}:${i + 1}: an issue number ("${hit[0].trim()}"): say what it covers instead`);
      });
  }
  // Comments say why the code is so; which issue asked for it tells the next engineer nothing.
  for (const file of commentedSource(root))
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const cited = issueCited(line);
        if (cited)
          problems.push(
            `${file}:${i + 1}: a comment cites an issue ("${cited}"): say why the code is so instead`,
          );
      });
  // The events integrators hear about (a copy of the docs without the domain's source skips this).
  if (existsSync(path.join(root, 'packages/domain/src'))) {
    const domain = domainEventTypes(root);
    const guide = path.join(root, 'docs/integrators.md');
    const listed = existsSync(guide) ? listedEvents(readFileSync(guide, 'utf8').split('\n')) : null;
    if (domain.problem) problems.push(domain.problem);
    else if (!listed)
      problems.push(
        'docs/integrators.md: no "### Events" heading over the list of events integrators hear about',
      );
    else {
      for (const event of domain.events)
        if (!listed.has(event))
          problems.push(
            `docs/integrators.md: the event ${event} (${domain.file}) is not in its list of events`,
          );
      for (const [event, line] of listed)
        if (!domain.events.includes(event))
          problems.push(
            `docs/integrators.md:${line}: ${event} is listed as an event, but the server has none of that name (${domain.file})`,
          );
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const problems = checkDocs(root);
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exit(1);
  console.log(
    'docs: every decision record indexed with a status; no REST tables in module READMEs; no issue numbers in the README or docs/performance.md; no comment in the source cites an issue; docs/integrators.md lists every event',
  );
}
