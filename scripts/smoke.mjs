#!/usr/bin/env node
// The quick start, checked from outside on whatever Node runs this: the BUILT server starts on a fresh
// embedded database with the demo data, a demo user signs in, the orders and quotes lists answer, this
// week's shop board has work, and an invoice PDF comes back. CI runs it on the machine's Node (20), which
// users still run; the test suites run on Node 24. Usage: npm run build && node scripts/smoke.mjs
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.SMOKE_PORT ?? 3197);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'icehouse-smoke-'));
const started = Date.now();

const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let exited = null;
server.on('exit', (code, signal) => (exited = { code, signal }));

const cookies = new Map();
async function call(method, url, body) {
  const headers = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  if (method !== 'GET') headers['x-csrftoken'] = cookies.get('csrftoken') ?? '';
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return res;
}

function check(condition, what) {
  if (!condition) throw new Error(`smoke: ${what}`);
  console.log(`smoke: ok - ${what}`);
}

try {
  for (;;) {
    if (exited) throw new Error(`smoke: the server exited before answering (${JSON.stringify(exited)})`);
    if (Date.now() - started > 180_000) throw new Error('smoke: the server did not answer /healthz within 180 s');
    const up = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  check(true, `started with demo data on Node ${process.versions.node} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  check((await call('GET', '/api/auth/csrf/')).ok && cookies.has('csrftoken'), 'CSRF token issued');
  const login = await call('POST', '/api/auth/login/', { username: 'staff', password: 'staff-demo-2026' });
  check(login.status === 200 && cookies.has('sessionid'), 'demo user signed in');

  const list = await call('GET', '/api/orders/list-view/');
  const orders = await list.json();
  check(list.status === 200 && orders.count > 0 && orders.results.length > 0, `orders listed (${orders.count})`);

  // The demo's story (packages/db/src/seed/story.ts), dated from the day the server seeded it.
  const quotes = await (await call('GET', '/api/quotes/?page_size=100')).json();
  const statuses = new Set((quotes.results ?? []).map((q) => q.status));
  check(statuses.size === 6, `quotes listed in every status (${[...statuses].join(', ')})`);
  const board = await (await call('GET', '/api/production/board/')).json();
  check(board.cards?.length > 0, `this week's shop board (${board.from} to ${board.to}: ${board.cards?.length} orders)`);

  const invoices = await (await call('GET', '/api/invoices/')).json();
  const invoice = invoices.results?.[0];
  check(Boolean(invoice), `an invoice listed (${invoices.count})`);
  const pdf = await call('GET', `/api/invoices/${invoice.id}/pdf/`);
  const bytes = Buffer.from(await pdf.arrayBuffer());
  check(
    pdf.status === 200 && pdf.headers.get('content-type')?.includes('application/pdf') && bytes.subarray(0, 5).toString() === '%PDF-',
    `invoice ${invoice.invoice_number} PDF (${bytes.length} bytes)`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => (exited ? resolve() : server.once('exit', resolve)));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
