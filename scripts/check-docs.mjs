#!/usr/bin/env node
// Keeps the written docs true to their own rules; run by apps/server/tests/docs.test.ts (so `npm test`
// and CI run it) and by hand: `node scripts/check-docs.mjs [repository root]`. Prints what is wrong, exits 1.
//  - every decision record (docs/decisions/NNN-*.md) has a `Status:` line under its title, and one row in
//    the index (docs/decisions/README.md) whose status starts with the same word (accepted, superseded, ...);
//    every row of the index links to a record that exists;
//  - the server modules' READMEs hold no hand-written REST tables: the OpenAPI document is the reference;
//  - the README and docs/performance.md are for users: no issue numbers.
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
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const problems = checkDocs(root);
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exit(1);
  console.log(
    'docs: every decision record indexed with a status; no REST tables in module READMEs; no issue numbers in the README or docs/performance.md',
  );
}
