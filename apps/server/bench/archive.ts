/**
 * Archived PDF figures: `npm run bench:archive` (apps/server). Prints figures, asserts nothing.
 *
 * On PostgreSQL (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres; a database of its own,
 * dropped after), the app with its real PDF renderer and job workers, listening on 127.0.0.1:
 *  1. an unchanged invoice's PDF, served from the archive: GET /api/invoices/{id}/pdf/ at 32 clients for
 *     BENCH_DURATION seconds (autocannon in its own process): req/s, p50 / p95 / p99, and that every answer
 *     was the stored bytes (no render during the run);
 *  2. from saving an invoice (PATCH, answered) to its new version being in the archive (the pre-render job):
 *     BENCH_SAVES saves one after the other, p50 / p95 / max.
 */
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { and, count, eq } from 'drizzle-orm';
import pino from 'pino';
import { archivedDocuments } from '@icehouse/db/schema';
import { openTestDatabase } from '@icehouse/db/testing';
import { buildApp } from '../src/app';
import { createUser } from '../src/modules/users/service';
import { createPdfRenderer } from '../src/pdf';
import { simpleOrder } from '../tests/faults/harness';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const SAVES = Number(process.env.BENCH_SAVES ?? 40);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const { database } = await openTestDatabase({ testDatabaseUrl: PG });
const pdf = createPdfRenderer({ executablePath: process.env.CHROME_PATH || null });
const app = await buildApp({ database, logger: pino({ level: 'warn' }), pdf });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
await createUser({ database }, { username: 'bench', email: '', password: 'bench-password-1', is_admin: false, is_active: true });

// Signed in as the browser is: session cookie, the session's CSRF token.
const csrf = await fetch(`${base}/api/auth/csrf/`);
const anonymousToken = ((await csrf.json()) as { csrfToken: string }).csrfToken;
const login = await fetch(`${base}/api/auth/login/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-csrftoken': anonymousToken, cookie: `csrftoken=${anonymousToken}` },
  body: JSON.stringify({ username: 'bench', password: 'bench-password-1' }),
});
const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const token = ((await (await fetch(`${base}/api/auth/csrf/`, { headers: { cookie } })).json()) as { csrfToken: string }).csrfToken;
const send = async (method: string, url: string, body?: unknown) => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, 'x-csrftoken': token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
};

const order = (await (await send('POST', '/api/orders/', simpleOrder('7001'))).json()) as { id: number };
const invoice = (await (await send('POST', `/api/orders/${order.id}/create-invoice/`, { return_json: true })).json()) as { id: number };
const pdfUrl = `/api/invoices/${invoice.id}/pdf/`;
const versions = async () =>
  Number(
    (
      await database.db
        .select({ n: count() })
        .from(archivedDocuments)
        .where(and(eq(archivedDocuments.kind, 'invoice'), eq(archivedDocuments.recordId, invoice.id)))
    )[0]!.n,
  );
await send('GET', pdfUrl);
const before = { versions: await versions(), renders: pdf.stats().renders };

const elu0 = performance.eventLoopUtilization();
const cpu0 = process.cpuUsage();
// 1. The unchanged PDF at 32 clients (autocannon in its own process: in this one it would share the event loop).
const { stdout } = await promisify(execFile)(
  path.resolve(import.meta.dirname, '../../../node_modules/.bin/autocannon'),
  ['-c', String(CLIENTS), '-d', String(DURATION), '-j', '-H', `cookie=${cookie}`, `${base}${pdfUrl}`],
  { maxBuffer: 64 * 1024 * 1024 },
);
const r = JSON.parse(stdout) as { latency: Record<string, number>; requests: { average: number }; non2xx: number; errors: number };
const renders = pdf.stats().renders - before.renders;
const elu = performance.eventLoopUtilization(elu0).utilization;
const cpu = process.cpuUsage(cpu0);
console.log(`server process during the run: event loop busy ${(elu * 100).toFixed(0)}%, CPU ${((cpu.user + cpu.system) / 1000 / DURATION / 10).toFixed(0)}% of one core`);
console.log(
  `unchanged invoice PDF, ${CLIENTS} clients, ${DURATION} s (PostgreSQL): ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, ` +
    `p95 ${r.latency.p95 ?? r.latency.p97_5} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}; ` +
    `renders during the run ${renders}, archived versions ${await versions()} (was ${before.versions})`,
);

// 2. Save -> archived: each save changes the invoice, so its pre-render job stores a new version.
const times: number[] = [];
for (let i = 0; i < SAVES; i++) {
  const had = await versions();
  const saved = performance.now();
  await send('PATCH', `/api/invoices/${invoice.id}/`, {
    editable_data: { line_items: [{ quantity: 1 + i, description: `Freezer panel, revision ${i}`, price_each: '125.00' }] },
  });
  for (;;) {
    if ((await versions()) > had) break;
    if (performance.now() - saved > 60_000) throw new Error(`save ${i}: no new archived version within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  times.push(performance.now() - saved);
}
times.sort((a, b) => a - b);
const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]!);
console.log(`save -> archived PDF ready (${SAVES} saves, one at a time): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);

await app.close();
await pdf.close();
await database.close();
process.exit(0);
