import { afterAll, beforeAll, beforeEach } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@icehouse/db/client';
import { orders } from '@icehouse/db/schema';
import { createTestApp } from './test-app';
import { TestClient } from './client';
import { PASSWORD, createStandardUsers } from './users';

/**
 * Test setup shared by the catalogue, company and lookups tests: one app per file, the standard
 * users signed in once, and the catalogue, company and order tables emptied before each test
 * (TRUNCATE ... CASCADE also empties what refers to them: orders, invoices, ...).
 */
export interface CatalogueTestContext {
  app: FastifyInstance;
  database: Database;
  admin: TestClient;
  staff: TestClient;
  anonymous: TestClient;
}

export function useCatalogueTestApp(): CatalogueTestContext {
  const ctx = {} as CatalogueTestContext;
  beforeAll(async () => {
    const test = await createTestApp();
    ctx.app = test.app;
    ctx.database = test.database;
    await test.reset();
    await createStandardUsers(test.database);
    ctx.admin = new TestClient(test.app);
    await ctx.admin.login('admin', PASSWORD);
    ctx.staff = new TestClient(test.app);
    await ctx.staff.login('staff', PASSWORD);
    ctx.anonymous = new TestClient(test.app);
  });
  afterAll(async () => {
    await ctx.app?.close();
  });
  beforeEach(async () => {
    await ctx.database.db.execute(
      sql`truncate table settings, components, products, product_components, company_info, orders restart identity cascade`,
    );
  });
  return ctx;
}

let doorNumber = 0;

/** An order row written straight to the table (the orders module owns the real API). */
export async function insertOrder(database: Database, values: Partial<typeof orders.$inferInsert> = {}) {
  doorNumber += 1;
  const [row] = await database.db
    .insert(orders)
    .values({ date: '2024-05-01', doorNumber: `T-${doorNumber}`, ...values })
    .returning();
  return row!;
}
