/**
 * Where a CPU profile's time went, by part: `npx tsx bench/profile.ts <file.cpuprofile> [requests]`
 * (apps/server). Profiles come from the bench server run with `BENCH_NODE_ARGS="--cpu-prof
 * --cpu-prof-dir=<dir>"` (bench/load.ts, bench/saves.ts). Each sampled frame's self time is put in one
 * part by the file it runs in (drizzle building queries, drizzle mapping rows, postgres-js, zod, Fastify,
 * Node's sockets, our history / views / changes code, ...); with `requests`, also per request.
 * Idle time is left out of the total.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The part a frame belongs to: first matching rule wins. */
const PARTS: [part: string, test: (url: string, fn: string) => boolean][] = [
  ['idle', (_u, fn) => fn === '(idle)'],
  ['garbage collection', (_u, fn) => fn === '(garbage collector)'],
  // Native socket writes (postgres-js sending each statement, the HTTP answers). Sampled by wall time: on a
  // loaded machine this includes the time the writer is descheduled while the reader is woken.
  ['socket writes (native write calls)', (u, fn) => u === '' && /^(writeBuffer|writev|writeUtf8String|writeLatin1String|utf8Write)$/.test(fn)],
  ['drizzle: mapping rows', (u, fn) => u.includes('/drizzle-orm/') && (fn === 'mapResultRow' || u.endsWith('/utils.js'))],
  ['drizzle: building queries', (u) => u.includes('/drizzle-orm/')],
  ['postgres-js (driver)', (u) => u.includes('/node_modules/postgres/')],
  ['zod (validation, answers)', (u) => u.includes('/node_modules/zod/')],
  ['pglite (embedded database)', (u) => u.includes('/@electric-sql/')],
  ['fastify, tRPC, pino (HTTP layer)', (u) => /\/node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request|@trpc|pino|fast-json-stringify|fast-querystring|secure-json-parse|content-type|cookie|ajv)/.test(u)],
  ['decimal.js (money)', (u) => u.includes('/decimal.js')],
  ['other packages', (u) => u.includes('/node_modules/')],
  ['our code: history snapshot/diff', (u) => u.includes('/modules/orders/history')],
  ['our code: order views / records', (u) => /\/modules\/orders\/(views|order-read)/.test(u)],
  ['our code: validation', (u) => /\/modules\/orders\/validation|\/packages\/domain\//.test(u)],
  ['our code: changes, events, outbox', (u) => /\/src\/changes\/|\/modules\/(integrations|webhooks|change-records)|\/src\/jobs\//.test(u)],
  ['our code: other', (u) => u.includes('/apps/server/') || u.includes('/packages/')],
  ['Node: sockets, streams, timers', (u) => u.startsWith('node:')],
  ['JSON, V8 builtins and other natives', (u, fn) => u === '' && fn !== '(program)'],
  ['(program: V8 and native, unattributed)', () => true],
];

function partOf(url: string, fn: string): string {
  for (const [part, test] of PARTS) if (test(url, fn)) return part;
  return 'other';
}

export interface ProfileSummary {
  totalMs: number;
  /** The longest stretch without an idle sample (the loop held by one task or a chain of them), and what ran most in it. */
  longest: { ms: number; top: string[] };
  parts: { part: string; ms: number; share: number }[];
  top: { fn: string; where: string; ms: number }[];
}

export function summariseProfile(file: string): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  // The first delta is the time from the profiler's start to its first sample: not a sample's.
  profile.samples.forEach((id, i) => {
    if (i > 0) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const parts = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    const { url, functionName, lineNumber } = node.callFrame;
    const part = partOf(url, functionName);
    parts.set(part, (parts.get(part) ?? 0) + us);
    if (part === 'idle') continue;
    const short = url.replace(/^.*\/node_modules\//, '').replace(/^.*\/(apps|packages)\//, '$1/').replace(/^file:\/\//, '');
    const key = `${functionName || '(anonymous)'}\t${short}:${lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const busy = [...parts].filter(([p]) => p !== 'idle').reduce((a, [, us]) => a + us, 0);
  // The longest run of consecutive samples none of which is idle: how long the loop went without a break.
  let best = { us: 0, from: 0, to: 0 };
  let runStart = -1;
  let runUs = 0;
  profile.samples.forEach((id, i) => {
    if (i === 0) return;
    const idle = byId.get(id)!.callFrame.functionName === '(idle)';
    if (idle) {
      runStart = -1;
      runUs = 0;
      return;
    }
    if (runStart < 0) runStart = i;
    runUs += profile.timeDeltas[i] ?? 0;
    if (runUs > best.us) best = { us: runUs, from: runStart, to: i };
  });
  const inRun = new Map<string, number>();
  for (let i = best.from; i <= best.to && best.us > 0; i++) {
    const { functionName, url } = byId.get(profile.samples[i]!)!.callFrame;
    const key = `${functionName || '(anonymous)'} (${partOf(url, functionName)})`;
    inRun.set(key, (inRun.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  return {
    totalMs: busy / 1000,
    longest: {
      ms: best.us / 1000,
      top: [...inRun]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([k, us]) => `${k} ${(us / 1000).toFixed(0)} ms`),
    },
    parts: [...parts]
      .filter(([p]) => p !== 'idle')
      .sort((a, b) => b[1] - a[1])
      .map(([part, us]) => ({ part, ms: us / 1000, share: us / busy })),
    top: [...fns]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([key, us]) => {
        const [fn, where] = key.split('\t');
        return { fn: fn!, where: where!, ms: us / 1000 };
      }),
  };
}

export function printProfile(summary: ProfileSummary, requests = 0, title = 'CPU profile') {
  const per = (ms: number) => (requests > 0 ? `${((ms / requests) * 1000).toFixed(0).padStart(6)} µs/req` : '');
  console.log(`${title}: ${summary.totalMs.toFixed(0)} ms busy${requests > 0 ? ` over ${requests} requests (${((summary.totalMs / requests)).toFixed(2)} ms/req)` : ''}`);
  for (const p of summary.parts) {
    console.log(`  ${p.part.padEnd(42)} ${p.ms.toFixed(0).padStart(7)} ms ${(p.share * 100).toFixed(1).padStart(5)}%  ${per(p.ms)}`);
  }
  console.log(`  longest stretch without an idle sample: ${summary.longest.ms.toFixed(0)} ms: ${summary.longest.top.join(', ')}`);
  console.log('  top functions (self time):');
  for (const f of summary.top.slice(0, 15)) console.log(`    ${f.ms.toFixed(0).padStart(6)} ms  ${f.fn}  ${f.where}`);
}

if (process.argv[1]?.endsWith('profile.ts')) {
  const [file, requests] = process.argv.slice(2);
  if (!file) {
    console.error('usage: npx tsx bench/profile.ts <file.cpuprofile> [requests]');
    process.exit(2);
  }
  printProfile(summariseProfile(file), Number(requests ?? 0), file);
}
