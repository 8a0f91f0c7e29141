import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '@icehouse/db/client';
import {
  addresses,
  billsOfLading,
  companyInfo,
  invoiceOrders,
  invoices,
  orders,
  products,
  settings,
} from '@icehouse/db/schema';
import type { OrderStatus, SettingCategory } from '@icehouse/domain';
import { createTestApp } from './test-app';
import { TestClient } from './client';
import { PASSWORD, createStandardUsers } from './users';
import { createPdfRenderer, type PdfRenderer } from '../src/pdf';
import type { BlobStore } from '../src/blobs';
import type { AppConfig } from '../src/app';

/**
 * Test setup of the orders tests: one app per file, the standard users signed in once, and
 * every catalogue and order table emptied and re-seeded with a small catalogue before each test
 * (users and sessions stay, so no test pays for password hashing).
 */

export interface Catalogue {
  shipVia: { truck: number; pickup: number };
  size: { small: number; large: number };
  thickness: number;
  doorType: number;
  doorCladding: number;
  hingeSide: number;
  roofColor: number;
  sidingColor: number;
  item: { rodHolder: number; light: number };
  product: { cooler: number; doorKit: number };
}

export interface OrdersTestContext {
  app: FastifyInstance;
  database: Database;
  admin: TestClient;
  staff: TestClient;
  anonymous: TestClient;
  adminId: number;
  staffId: number;
  cat: Catalogue;
  /** The Chromium renderer of the file (`pdf: true`), closed in afterAll; null otherwise. */
  pdf: PdfRenderer | null;
  /** The app's blob store (a temporary folder unless `blobs` was given). */
  blobs: BlobStore;
}

const ORDER_TABLES = [
  'statement_batches',
  'statements',
  'customer_link_events',
  'customer_links',
  'quotes',
  'history',
  'invoice_line_items',
  'invoice_orders',
  'invoices',
  'deleted_invoices',
  'bills_of_lading',
  'email_messages',
  'archived_documents',
  'order_additional_items',
  'order_building_info',
  'orders',
  'customer_addresses',
  'customers',
  'addresses',
  'stored_files',
  'purchase_orders',
  'suppliers',
  'product_components',
  'products',
  'components',
  'settings',
  'company_info',
  'number_sequences',
];

export async function seedCatalogue(database: Database): Promise<Catalogue> {
  const db = database.db;
  const rows = await db
    .insert(settings)
    .values(
      (
        [
          ['ship_via', 'Company Truck', null],
          ['ship_via', 'Customer Pickup', null],
          ['size', '8x10', null],
          ['size', '10x12', null],
          ['thickness', '4 in', null],
          ['door_type', 'Standard Door', '450.00'],
          ['door_cladding', 'Stainless', '275.00'],
          ['hinge_side', 'Left', null],
          ['roof_color', 'Black', null],
          ['siding_color', 'Red', null],
          ['additional_item', 'Rod Holder', '19.90'],
          ['additional_item', 'LED Light', '45.00'],
        ] as [SettingCategory, string, string | null][]
      ).map(([category, value, price]) => ({ category, value, price })),
    )
    .returning({ id: settings.id, value: settings.value });
  const id = (value: string) => rows.find((r) => r.value === value)!.id;
  const [cooler, doorKit] = await db
    .insert(products)
    .values([
      { description: 'Walk-in Cooler 8x10', buildingType: 'FREEZER_COOLER_UNIT', isSimple: true, price: '12000.00' },
      { description: 'Door Kit', buildingType: 'DOOR_ONLY', isSimple: true, price: '900.00' },
    ])
    .returning({ id: products.id });
  await db.insert(companyInfo).values({ id: 1, name: 'Ice House Co', salesTaxRate: '8.25' });
  return {
    shipVia: { truck: id('Company Truck'), pickup: id('Customer Pickup') },
    size: { small: id('8x10'), large: id('10x12') },
    thickness: id('4 in'),
    doorType: id('Standard Door'),
    doorCladding: id('Stainless'),
    hingeSide: id('Left'),
    roofColor: id('Black'),
    sidingColor: id('Red'),
    item: { rodHolder: id('Rod Holder'), light: id('LED Light') },
    product: { cooler: cooler!.id, doorKit: doorKit!.id },
  };
}

/**
 * One app per test file (with `pdf: true`, one Chromium renderer too), the standard users signed in
 * once, and the order, invoice and catalogue tables emptied and the catalogue re-seeded before each test.
 */
export function useOrdersTestApp(
  options: {
    pdf?: boolean;
    blobs?: () => Promise<BlobStore>;
    jobWorkers?: boolean;
    smtpUrl?: () => string;
    app?: Partial<Omit<AppConfig, 'database'>>;
  } = {},
): OrdersTestContext {
  const ctx = {} as OrdersTestContext;
  beforeAll(async () => {
    ctx.pdf = options.pdf ? createPdfRenderer({ executablePath: process.env.CHROME_PATH, maxConcurrent: 2 }) : null;
    const blobs = options.blobs ? await options.blobs() : undefined;
    const test = await createTestApp({
      ...options.app,
      ...(ctx.pdf ? { pdf: ctx.pdf } : {}),
      ...(blobs ? { blobs } : {}),
      ...(options.jobWorkers ? { jobs: { workers: true, pollingIntervalSeconds: 0.5 } } : {}),
      ...(options.smtpUrl ? { smtpUrl: options.smtpUrl() } : {}),
    });
    ctx.app = test.app;
    ctx.blobs = test.blobs;
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
    await ctx.database.db.execute(sql.raw(`truncate table ${ORDER_TABLES.join(', ')} restart identity cascade`));
    ctx.cat = await seedCatalogue(ctx.database);
  });
  return ctx;
}

/** A valid new order as the web form sends it (pending, a catalogue product). */
export function orderPayload(cat: Catalogue, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    status: 'pending',
    date: '2024-05-01',
    door_number: '1001',
    phone: '(555) 123-4567',
    customer_po_job_name: 'Lake cabin',
    freight_cost: '250',
    discount: '10',
    discount_is_percentage: true,
    tax_exempt: false,
    notes: 'Call before delivery',
    billing_address: { name: 'Acme Foods', street: '1 Main St', city: 'Duluth', state: 'MN', zip_code: '55802', country: 'US' },
    shipping_address: { name: 'Acme Warehouse', street: '9 Dock Rd', city: 'Superior', state: 'WI', zip_code: '54880', country: 'US' },
    building_info: {
      product: cat.product.cooler,
      price: '12000.00',
      door_cladding: cat.doorCladding,
      door_cladding_price: '275.00',
      hinge_side: cat.hingeSide,
      door_placement: 'Front, centred',
      additional_items: [
        { item: cat.item.rodHolder, quantity: 2, price: '19.90' },
        { custom_item_name: 'Extra cam locks', quantity: 1, price: '0' },
      ],
    },
    ...overrides,
  };
}

/** Every field the status pipeline needs up to scheduled_to_ship. */
export const shippable = (cat: Catalogue) => ({ eps_po_number: 'EPS-24001', ship_date: '2024-06-01', ship_via: cat.shipVia.truck });

export interface BulkOrder {
  date: string;
  status?: OrderStatus;
  doorNumber?: string;
  billingName?: string;
  shippingName?: string;
}

/** Inserts many orders quickly (three statements), straight into the tables. */
export async function insertOrders(database: Database, specs: readonly BulkOrder[]): Promise<number[]> {
  if (specs.length === 0) return [];
  const db = database.db;
  const addressRows = await db
    .insert(addresses)
    .values(specs.flatMap((s, i) => [{ name: s.billingName ?? `Customer ${i}` }, { name: s.shippingName ?? '' }]))
    .returning({ id: addresses.id });
  const rows = await db
    .insert(orders)
    .values(
      specs.map((s, i) => ({
        date: s.date,
        status: s.status ?? 'pending',
        doorNumber: s.doorNumber ?? `B-${i + 1}`,
        billingAddressId: addressRows[2 * i]!.id,
        shippingAddressId: addressRows[2 * i + 1]!.id,
      })),
    )
    .returning({ id: orders.id });
  return rows.map((r) => r.id);
}

let invoiceCounter = 5000;

/** Gives an order an invoice (written straight to the tables; the invoices module owns the real API). */
export async function attachInvoice(database: Database, orderId: number, date = '2024-06-15'): Promise<{ id: number; invoiceNumber: string }> {
  invoiceCounter += 1;
  const invoiceNumber = String(invoiceCounter);
  const empty = { name: '', street: '', city: '', state: '', zip_code: '', country: 'US' };
  const [invoice] = await database.db.insert(invoices).values({ invoiceNumber, date, billTo: empty, shipTo: empty }).returning({ id: invoices.id });
  await database.db.insert(invoiceOrders).values({ invoiceId: invoice!.id, orderId });
  return { id: invoice!.id, invoiceNumber };
}

export async function attachBol(database: Database, orderId: number, bolNumber = '7001'): Promise<void> {
  await database.db.insert(billsOfLading).values({ orderId, bolNumber, date: '2024-06-20', freeOnBoard: 'Factory' });
}

export async function countRows(database: Database, table: string): Promise<number> {
  const result = await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  const rows = Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows;
  return Number((rows[0] as { n: number }).n);
}

// ------------------------------------------------------------------------------------- uploads

/** A real (tiny) PDF. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/** A PNG's first bytes (a PNG renamed .pdf must still be refused). */
export const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

const BOUNDARY = '----IceHouseTestBoundary7MA4YWxkTrZu0gW';

function partHead(field: string, filename: string, contentType: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    'utf8',
  );
}
const TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

export const MULTIPART_HEADERS = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** A multipart body with one file part. */
export function multipartBody(field: string, filename: string, data: Buffer, contentType = 'application/pdf'): Buffer {
  return Buffer.concat([partHead(field, filename, contentType), data, TAIL]);
}

/** A streamed multipart body whose file is `size` bytes (starting with %PDF-), produced chunk by chunk. */
export function multipartStream(field: string, filename: string, size: number): Readable {
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  async function* generate() {
    yield partHead(field, filename, 'application/pdf');
    let left = size;
    let first = true;
    while (left > 0) {
      const n = Math.min(left, chunk.length);
      const piece = Buffer.from(chunk.subarray(0, n));
      if (first) {
        piece.write('%PDF-1.4\n', 0, 'latin1');
        first = false;
      }
      left -= n;
      yield piece;
    }
    yield TAIL;
  }
  return Readable.from(generate());
}

/** A raw request with the client's cookies and CSRF token (for stream payloads). */
export async function rawPost(
  app: FastifyInstance,
  client: TestClient,
  url: string,
  payload: Buffer | Readable,
  headers: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const token = await client.csrfToken();
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie, 'x-csrftoken': token } });
}
