import { afterAll, beforeAll, describe, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { Database } from '@icehouse/db/client';
import { rowsOf } from '@icehouse/db';
import { createTestApp } from '../test-app';
import { restRoutes } from '../../src/rest/routes';
import type { RestRoute } from '../../src/rest/route';
import { appRouter } from '../../src/trpc/app-router';
import { createPdfRenderer, type PdfRenderer } from '../../src/pdf';
import { diffChecksums, tableChecksums, type DatabaseChecksums } from '../../src/backup/checksums';
import {
  bodyFor,
  encodingFor,
  multipartFor,
  pathSegment,
  queryFor,
  type Encoded,
  type Json,
} from './arbitraries';
import { judgeRest, judgeTrpc, type Verdict } from './judge';
import { createWorld, ROLES, type Role, type World, type WorldIds } from './world';

/**
 * Property-based attack on every REST route (from the route table) and every tRPC procedure (from
 * the router): generated malformed payloads, as anonymous, staff and superuser. For each answer:
 * never a 5xx, never a stack trace or SQL text, a 4xx says what is wrong (field message or detail),
 * and a refused request leaves every table exactly as it was (row counts and an MD5 per table).
 *
 * Seeded and bounded: `runs` generated requests per route / procedure (FUZZ_RUNS overrides).
 */

export interface FuzzOptions {
  runs: number;
  seed: number;
  /** Called with the figures once every route (or procedure) was attacked. */
  report?: (tally: FuzzTally) => void;
}

export interface FuzzTally {
  requests: number;
  refused: number;
  accepted: number;
  byStatus: Record<number, number>;
  /** Repairs of the world after a successful request broke it (new sessions), full reseeds among them. */
  repairs: number;
  reseeds: number;
  /** Time spent answering, checking the database, and repairing the world. */
  ms: { answer: number; check: number; repair: number };
}

/**
 * Tables a refused request may change on purpose: failed sign-ins are counted (throttling), and so is every
 * use of a customer link or a password reset link, refused ones first (their rate limits share the sign-in
 * throttle's table: decisions 161, 269).
 */
const LOGIN_IGNORES = ['login_attempts'];
const countsAttempts = (key: string) =>
  key === 'POST /api/auth/login/' || /^(GET|POST) \/api\/customer\//.test(key) || /^(GET|POST) \/api\/auth\/password-reset\/$/.test(key);

function seedFor(base: number, name: string): number {
  let h = base | 0;
  for (const c of name) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

function shapeKeys(schema: z.ZodType | undefined): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

interface Harness {
  app: FastifyInstance;
  database: Database;
  world: World;
  pdf: PdfRenderer;
  snapshot: DatabaseChecksums;
  /** WAL insert position at the last snapshot. */
  wal: string | null;
  tally: FuzzTally;
}

async function walPosition(database: Database): Promise<string | null> {
  try {
    const rows = rowsOf<{ lsn: string }>(
      await database.db.execute(sql`select pg_current_wal_insert_lsn()::text as lsn`),
    );
    return rows[0]?.lsn ?? null;
  } catch {
    return null;
  }
}

function useHarness(): Harness {
  const h = {
    tally: {
      requests: 0,
      refused: 0,
      accepted: 0,
      byStatus: {},
      repairs: 0,
      reseeds: 0,
      ms: { answer: 0, check: 0, repair: 0 },
    },
  } as unknown as Harness;
  beforeAll(async () => {
    h.pdf = createPdfRenderer({ executablePath: process.env.CHROME_PATH || null, renderTimeoutMs: 20_000 });
    const test = await createTestApp({ pdf: h.pdf });
    h.app = test.app;
    h.database = test.database;
    h.world = await createWorld(test.app, test.database);
    h.snapshot = await tableChecksums(h.database.db);
    h.wal = await walPosition(h.database);
  });
  afterAll(async () => {
    await h.app?.close();
    await h.pdf?.close();
  });
  return h;
}

function describeRequest(req: InjectOptions, how: string): string {
  const payload =
    req.payload === undefined
      ? ''
      : Buffer.isBuffer(req.payload)
        ? `<${req.payload.length} bytes>`
        : String(req.payload);
  const headers = { ...(req.headers as Record<string, string>) };
  delete headers.cookie;
  return `${req.method} ${req.url} [${how}] ${JSON.stringify(headers)} ${payload.length > 600 ? `${payload.slice(0, 600)}... (${payload.length} chars)` : payload}`;
}

/** Sends one generated request and checks the answer and the database. */
async function attempt(
  h: Harness,
  req: InjectOptions,
  how: string,
  judge: (res: LightMyRequestResponse, sent: string) => Verdict,
  ignoreTables: readonly string[],
): Promise<void> {
  const t0 = performance.now();
  const res = await h.app.inject(req);
  const t1 = performance.now();
  h.tally.ms.answer += t1 - t0;
  h.tally.requests += 1;
  h.tally.byStatus[res.statusCode] = (h.tally.byStatus[res.statusCode] ?? 0) + 1;
  const sent = `${req.url} ${typeof req.payload === 'string' ? req.payload : ''}`;
  const verdict = judge(res, sent);
  // Fast path: no WAL written since the last check means no table changed. Otherwise compare
  // every table's row count and checksum.
  const wal = await walPosition(h.database);
  const after = wal !== null && wal === h.wal ? h.snapshot : await tableChecksums(h.database.db);
  h.wal = wal;
  const t2 = performance.now();
  h.tally.ms.check += t2 - t1;
  if (verdict.refused) {
    h.tally.refused += 1;
    const changed = diffChecksums(h.snapshot, after, ignoreTables);
    if (changed.length) verdict.problems.push(`a refused request changed tables: ${changed.join(', ')}`);
  } else {
    h.tally.accepted += 1;
  }
  if (verdict.problems.length) {
    throw new Error(
      `${verdict.problems.join('; ')}\n  request: ${describeRequest(req, how)}\n  answer: ${res.statusCode} ${res.body.slice(0, 800)}`,
    );
  }
  h.snapshot = after;
  if (!verdict.refused && req.method !== 'GET' && (await h.world.repairIfBroken())) {
    h.tally.repairs += 1;
    h.snapshot = await tableChecksums(h.database.db);
    h.wal = await walPosition(h.database);
  }
  h.tally.ms.repair += performance.now() - t2;
}

function headersFor(
  h: Harness,
  role: Role,
  csrf: 'ok' | 'missing' | 'wrong',
  contentType: string | null,
): Record<string, string> {
  const caller = h.world.callers[role];
  const headers: Record<string, string> = { cookie: caller.cookie };
  if (csrf === 'ok') headers['x-csrftoken'] = caller.csrf;
  if (csrf === 'wrong') headers['x-csrftoken'] = `${caller.csrf.slice(0, -1)}a`;
  if (contentType !== null) headers['content-type'] = contentType;
  return headers;
}

const csrfArb = fc.constantFrom<'ok' | 'missing' | 'wrong'>(
  'ok',
  'ok',
  'ok',
  'ok',
  'ok',
  'ok',
  'ok',
  'ok',
  'missing',
  'wrong',
);
const roleArb = fc.constantFrom(...ROLES);

// ---------------------------------------------------------------------------------------- REST

/** Valid bodies to break, per route ('METHOD /path'). */
function restBases(world: World): Record<string, Json> {
  const ids = world.ids;
  const order = world.validOrder as Json;
  return {
    'POST /api/auth/login/': { username: 'other', password: 'not-the-password' },
    'POST /api/auth/logout/': {},
    'POST /api/auth/users/': {
      username: 'newuser',
      email: 'new@example.com',
      password: 'long-enough-1',
      is_admin: false,
      is_active: true,
    },
    'PUT /api/auth/users/{id}/': {
      username: 'other',
      email: '',
      password: '',
      is_admin: false,
      is_active: true,
    },
    'POST /api/settings/': { category: 'size', value: '12x14', price: '0.00' },
    'PUT /api/settings/{id}/': { category: 'size', value: '8x10', price: '0.00' },
    'POST /api/components/': { name: 'Panel 2', cost: '10.00', markup: '20' },
    'PUT /api/components/{id}/': { name: 'Panel', cost: '12.00', markup: '25' },
    'POST /api/products/': {
      description: 'Shed',
      building_type: 'ICE_HOUSE_KIT',
      is_simple: true,
      price: '100.00',
      components: [],
    },
    'PUT /api/products/{id}/': {
      description: 'Walk-in Cooler 8x10',
      building_type: 'FREEZER_COOLER_UNIT',
      is_simple: false,
      price: null,
      components: [{ component: ids.componentId, quantity: 2 }],
    },
    'POST /api/company-info/': {
      name: 'Ice House Co',
      street: '1 Lake Rd',
      city: 'Duluth',
      state: 'MN',
      zip_code: '55802',
      sales_tax_rate: '8.25',
      email: 'a@b.co',
    },
    'POST /api/company-info/accounting/': {
      account_receivable: 'Accounts Receivable',
      account_sales: 'Sales',
      account_freight: 'Freight Income',
      account_discounts: 'Discounts Given',
      account_sales_tax: 'Sales Tax Payable',
      account_undeposited_funds: 'Undeposited Funds',
      account_refunds: 'Checking',
      account_customer_deposits: 'Customer Deposits',
      account_adjustments: 'Opening Balance Equity',
      xero_sales_account_code: '200',
      xero_tax_type: 'Tax on Sales',
      xero_exempt_tax_type: 'Tax Exempt',
    },
    'POST /api/orders/': { ...(order as Record<string, Json>), door_number: '2001' },
    'PUT /api/orders/{id}/': { ...(order as Record<string, Json>), version: 1 },
    'POST /api/orders/{id}/change-status/': { new_status: 'processed' },
    'POST /api/orders/{id}/void/': {},
    'POST /api/orders/{id}/unvoid/': {},
    'POST /api/orders/{id}/create-invoice/': { return_json: true },
    'PATCH /api/invoices/{id}/': {
      invoice_number: 'INV-9',
      date: '2024-06-01',
      version: 1,
      editable_data: {
        bill_to: {
          name: 'Acme',
          street: '1 Main',
          city: 'Duluth',
          state: 'MN',
          zip_code: '55802',
          country: 'US',
        },
        line_items: [{ quantity: 2, description: 'Panel', price_each: '10.00', is_freight: false }],
        tax_rate: '8.25',
        discount: '5',
        discount_is_percentage: true,
        payments_credits: '1.00',
        ship_date: '2024-06-02',
      },
    },
    'POST /api/invoices/create-combined/': {
      order_ids: [ids.freeOrderId, ids.spareOrderId],
      date: '2024-06-01',
    },
    'POST /api/orders/{id}/create-bill-of-lading/': {
      bill_of_lading_date: '2024-06-01',
      free_on_board: 'Factory',
    },
  };
}

interface RestCase {
  role: Role;
  csrf: 'ok' | 'missing' | 'wrong';
  url: string;
  encoded: Encoded | null;
}

function restCase(route: RestRoute, world: World): fc.Arbitrary<RestCase> {
  const ids: WorldIds = world.ids;
  const names = route.path.match(/\{\w+\}/g) ?? [];
  const segments = fc.tuple(...names.map(() => pathSegment(ids)));
  const queryKeys = shapeKeys(route.query);
  const query = fc.oneof(
    { arbitrary: fc.constant(''), weight: route.query ? 1 : 4 },
    { arbitrary: queryFor(queryKeys), weight: route.query ? 4 : 1 },
  );
  const key = `${route.method} ${route.path}`;
  const base = restBases(world)[key];
  const isMultipart = route.consumes?.includes('multipart/form-data') ?? false;
  const field = shapeKeys(route.body)[0] ?? 'file';
  const encoded: fc.Arbitrary<Encoded | null> =
    route.method === 'GET' || route.method === 'DELETE'
      ? fc.oneof(
          { arbitrary: fc.constant(null), weight: 6 },
          { arbitrary: bodyFor(undefined, ids).chain(encodingFor), weight: 1 },
        )
      : isMultipart
        ? multipartFor(field)
        : bodyFor(base, ids, shapeKeys(route.body)).chain(encodingFor);
  return fc
    .record({ role: roleArb, csrf: csrfArb, segments, query, encoded })
    .map(({ role, csrf, segments: segs, query: q, encoded: enc }) => {
      let i = 0;
      const path = route.path.replace(/\{\w+\}/g, () => segs[i++] ?? '1');
      return { role, csrf, url: q ? `${path}?${q}` : path, encoded: enc };
    });
}

export function defineRestFuzz(options: FuzzOptions): FuzzTally {
  const h = useHarness();
  describe('REST: every route refuses bad input cleanly and writes nothing when it refuses', () => {
    for (const route of restRoutes) {
      const key = `${route.method} ${route.path}`;
      it(key, async () => {
        const ignore = countsAttempts(key) ? LOGIN_IGNORES : [];
        await fc.assert(
          fc.asyncProperty(restCase(route, h.world), async (c) => {
            const req: InjectOptions = {
              method: route.method,
              url: c.url,
              headers: headersFor(h, c.role, c.csrf, c.encoded?.contentType ?? null),
              ...(c.encoded?.payload !== undefined ? { payload: c.encoded.payload } : {}),
            };
            await attempt(h, req, c.encoded?.how ?? 'no body', judgeRest, ignore);
          }),
          { numRuns: options.runs, seed: seedFor(options.seed, key), endOnFailure: true },
        );
      });
    }
  });
  afterAll(() => {
    h.tally.reseeds = h.world?.reseeds ?? 0;
    console.info(`[fuzz] REST: ${JSON.stringify(h.tally)}`);
    options.report?.(h.tally);
  });
  return h.tally;
}

// ---------------------------------------------------------------------------------------- tRPC

type ProcDef = { _def: { type: 'query' | 'mutation' | 'subscription' } };
const procedures = Object.entries(
  (appRouter as unknown as { _def: { procedures: Record<string, ProcDef> } })._def.procedures,
);

function trpcBases(world: World): Record<string, Json> {
  const ids = world.ids;
  const rest = restBases(world);
  const order = world.validOrder as Record<string, Json>;
  return {
    'lookups.regions': { country: 'US' },
    'auth.login': rest['POST /api/auth/login/']!,
    'users.create': rest['POST /api/auth/users/']!,
    'users.update': { id: ids.otherId, data: rest['PUT /api/auth/users/{id}/']! },
    'users.delete': { id: ids.otherId },
    'catalogue.settings.list': { category: 'size' },
    'catalogue.settings.create': rest['POST /api/settings/']!,
    'catalogue.settings.update': { id: ids.settingId, data: rest['PUT /api/settings/{id}/']! },
    'catalogue.settings.delete': { id: ids.settingId },
    'catalogue.components.create': rest['POST /api/components/']!,
    'catalogue.components.update': { id: ids.componentId, data: rest['PUT /api/components/{id}/']! },
    'catalogue.components.delete': { id: ids.componentId },
    'catalogue.products.create': rest['POST /api/products/']!,
    'catalogue.products.update': { id: ids.productId, data: rest['PUT /api/products/{id}/']! },
    'catalogue.products.delete': { id: ids.productId },
    'company.update': rest['POST /api/company-info/']!,
    'company.saveAccounting': rest['POST /api/company-info/accounting/']!,
    'orders.get': { id: ids.invoicedOrderId },
    'orders.create': rest['POST /api/orders/']!,
    'orders.update': { id: ids.freeOrderId, data: { ...order, door_number: '1002', version: 1 } },
    'orders.delete': { id: ids.freeOrderId },
    'orders.list': { page: 1, status: 'pending', customer: 'Acme' },
    'orders.initialData': { year: 2024 },
    'orders.changeStatus': { id: ids.freeOrderId, new_status: 'processed' },
    'orders.void': { id: ids.freeOrderId },
    'orders.unvoid': { id: ids.voidedOrderId },
    'orders.history': { id: ids.invoicedOrderId },
    'orders.removeFile': { id: ids.invoicedOrderId, kind: 'blueprint' },
    'invoices.list': { search: 'Acme', page: 1 },
    'invoices.get': { id: ids.invoiceId },
    'invoices.update': { id: ids.invoiceId, data: rest['PATCH /api/invoices/{id}/']! },
    'invoices.delete': { id: ids.invoiceId },
    'invoices.createForOrder': { orderId: ids.freeOrderId },
    'bols.info': { orderId: ids.invoicedOrderId },
  };
}

interface TrpcCase {
  role: Role;
  csrf: 'ok' | 'missing' | 'wrong';
  input: Json | undefined;
  /** How the call is made: the right way, the other HTTP method, a broken input, a batch, another body type. */
  style: 'right' | 'wrong-method' | 'broken-input' | 'batch' | 'content-type';
  contentType: string;
}

export function defineTrpcFuzz(options: FuzzOptions): FuzzTally {
  const h = useHarness();
  describe('tRPC: every procedure refuses bad input cleanly and writes nothing when it refuses', () => {
    // A subscription streams until the client leaves: its access and its end are the access test's.
    for (const [name, proc] of procedures.filter(([, p]) => p._def.type !== 'subscription')) {
      it(`${name} (${proc._def.type})`, async () => {
        const ignore = name === 'auth.login' ? LOGIN_IGNORES : [];
        const base = trpcBases(h.world)[name];
        const arb: fc.Arbitrary<TrpcCase> = fc.record({
          role: roleArb,
          csrf: csrfArb,
          input: fc.oneof(
            { arbitrary: fc.constant(undefined), weight: 1 },
            { arbitrary: bodyFor(base, h.world.ids), weight: 8 },
          ),
          style: fc.constantFrom<TrpcCase['style']>(
            'right',
            'right',
            'right',
            'right',
            'right',
            'right',
            'wrong-method',
            'broken-input',
            'batch',
            'content-type',
          ),
          contentType: fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/octet-stream',
            'application/json; charset=latin1',
            'application/jsonx',
          ),
        });
        await fc.assert(
          fc.asyncProperty(arb, async (c) => {
            const isQuery = proc._def.type === 'query';
            const asGet = c.style === 'wrong-method' ? !isQuery : isQuery;
            const inputText =
              c.style === 'broken-input'
                ? '{"id":'
                : c.input === undefined
                  ? undefined
                  : JSON.stringify(c.input);
            let url = `/trpc/${name}`;
            if (c.style === 'batch') {
              url = `/trpc/${name},${name}?batch=1`;
              const batch = JSON.stringify({ 0: c.input ?? null, 1: base ?? null });
              if (asGet) url += `&input=${encodeURIComponent(batch)}`;
              const req: InjectOptions = asGet
                ? { method: 'GET', url, headers: headersFor(h, c.role, c.csrf, null) }
                : {
                    method: 'POST',
                    url,
                    headers: headersFor(h, c.role, c.csrf, 'application/json'),
                    payload: batch,
                  };
              await attempt(h, req, 'batch', judgeTrpc, ignore);
              return;
            }
            const bodyType = c.style === 'content-type' ? c.contentType : 'application/json';
            const req: InjectOptions = asGet
              ? {
                  method: 'GET',
                  url: inputText === undefined ? url : `${url}?input=${encodeURIComponent(inputText)}`,
                  headers: headersFor(h, c.role, c.csrf, null),
                }
              : {
                  method: 'POST',
                  url,
                  headers: headersFor(h, c.role, c.csrf, bodyType),
                  payload: inputText ?? '{}',
                };
            await attempt(h, req, c.style, judgeTrpc, ignore);
          }),
          { numRuns: options.runs, seed: seedFor(options.seed, name), endOnFailure: true },
        );
      });
    }
  });
  afterAll(() => {
    h.tally.reseeds = h.world?.reseeds ?? 0;
    console.info(`[fuzz] tRPC: ${JSON.stringify(h.tally)}`);
    options.report?.(h.tally);
  });
  return h.tally;
}

/** Runs and seed from the environment (FUZZ_RUNS, FUZZ_SEED), else the given defaults. */
export function fuzzOptions(defaults: FuzzOptions): FuzzOptions {
  const runs = Number(process.env.FUZZ_RUNS);
  const seed = Number(process.env.FUZZ_SEED);
  return {
    runs: Number.isInteger(runs) && runs > 0 ? runs : defaults.runs,
    seed: Number.isInteger(seed) ? seed : defaults.seed,
  };
}
