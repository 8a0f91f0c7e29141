import { expect } from 'vitest';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@icehouse/db/client';
import { TestClient } from './client';
import { PASSWORD } from './users';
import { buildApp } from '../src/app';
import { createPdfRenderer } from '../src/pdf';
import { orderPayload, useOrdersTestApp, type OrdersTestContext } from './orders-test-support';
import type { OrderView } from '../src/modules/orders/views';

/** The invoices and BOL tests use the orders tests' setup (with `pdf: true`, a Chromium renderer too). */
export type InvoicesTestContext = OrdersTestContext;
export const useInvoicesTestApp = useOrdersTestApp;

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
  const app = await buildApp({ database: { ...database, close: async () => {} }, logger: pino({ level: 'silent' }), pdf, checkAnswers: true });
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
