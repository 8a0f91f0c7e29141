import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@icehouse/db/client';
import { createTestApp } from '../../../tests/test-app';
import { TestClient } from '../../../tests/client';
import { PASSWORD, createStandardUsers } from '../../../tests/users';
import { buildApp } from '../../app';
import { createPdfRenderer, type PdfRenderer } from '../../pdf';
import { orderPayload, seedCatalogue, type Catalogue } from '../orders/test-support';
import type { OrderView } from '../orders/views';

/**
 * Test setup of the invoices and BOL tests: one app per file (and, with `pdf: true`, one Chromium
 * renderer per file, closed in afterAll), the standard users signed in once, and the order,
 * invoice and catalogue tables emptied and re-seeded before each test.
 */

export interface InvoicesTestContext {
  app: FastifyInstance;
  database: Database;
  admin: TestClient;
  staff: TestClient;
  anonymous: TestClient;
  adminId: number;
  staffId: number;
  cat: Catalogue;
  pdf: PdfRenderer | null;
}

const TABLES = [
  'history',
  'invoice_line_items',
  'invoice_orders',
  'invoices',
  'bills_of_lading',
  'order_additional_items',
  'order_building_info',
  'orders',
  'addresses',
  'stored_files',
  'product_components',
  'products',
  'components',
  'settings',
  'company_info',
  'number_sequences',
];

export function useInvoicesTestApp(options: { pdf?: boolean } = {}): InvoicesTestContext {
  const ctx = {} as InvoicesTestContext;
  beforeAll(async () => {
    ctx.pdf = options.pdf ? createPdfRenderer({ executablePath: process.env.CHROME_PATH, maxConcurrent: 2 }) : null;
    const test = await createTestApp(ctx.pdf ? { pdf: ctx.pdf } : {});
    ctx.app = test.app;
    ctx.database = test.database;
    await test.reset();
    const users = await createStandardUsers(test.database);
    ctx.adminId = users.admin.id;
    ctx.staffId = users.staff.id;
    ctx.admin = new TestClient(test.app);
    await ctx.admin.login('admin', PASSWORD);
    ctx.staff = new TestClient(test.app);
    await ctx.staff.login('staff', PASSWORD);
    ctx.anonymous = new TestClient(test.app);
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.pdf?.close();
  });
  beforeEach(async () => {
    await ctx.database.db.execute(sql.raw(`truncate table ${TABLES.join(', ')} restart identity cascade`));
    ctx.cat = await seedCatalogue(ctx.database);
  });
  return ctx;
}

let doorCounter = 0;

/** Creates an order through the REST API (a fresh door number unless given). */
export async function createOrder(ctx: InvoicesTestContext, overrides: Record<string, unknown> = {}): Promise<OrderView> {
  doorCounter += 1;
  const res = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { door_number: `D-${doorCounter}`, ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** POST create-invoice and expect `status`. */
export async function invoiceOrder(ctx: InvoicesTestContext, orderId: number, status = 201): Promise<{ id: number; invoice_number: string }> {
  const res = await ctx.staff.post(`/api/orders/${orderId}/create-invoice/`, { return_json: true });
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

/**
 * An app on the same database whose renderer cannot start a browser (a bogus executable), to
 * prove the 503. Closing it leaves the shared database open.
 */
export async function appWithoutBrowser(database: Database): Promise<{ app: FastifyInstance; staff: TestClient; close: () => Promise<void> }> {
  const pdf = createPdfRenderer({ executablePath: '/nonexistent/chromium' });
  const app = await buildApp({ database: { ...database, close: async () => {} }, logger: pino({ level: 'silent' }), pdf });
  const staff = new TestClient(app);
  await staff.login('staff', PASSWORD);
  return {
    app,
    staff,
    close: async () => {
      await app.close();
      await pdf.close();
    },
  };
}

export const PDF_503_DETAIL = /no Chromium browser could be started.*(apt-get install chromium|CHROME_PATH)/;
