/**
 * Make to order at scale (`npm run bench:production -w @icehouse/server`): on the bench data (100,000
 * orders over ten years, PostgreSQL, one client) the materials list of the busiest ship week and the
 * margin report of the latest full year (by month and by product): p50/p95 of 40 runs after 5 warm-ups.
 * The materials list reads the stock ledger and open purchase orders too: seeded here once (an opening
 * count per component, 40 open purchase orders with a line for every component, the week's processed
 * and scheduled orders consumed), and timed beside its anchor, one `select 1` round trip on the same pool.
 * Then a build sheet with two 10 MB drawings appended: its first render (no archived version), 10 times.
 * Prints figures, asserts nothing. BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres);
 * database BENCH_PG_DATABASE (default icehouse_bench_reports, shared with bench:reports).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { Database } from '@icehouse/db/client';
import { rowsOf } from '@icehouse/db';
import {
  archivedDocuments,
  components,
  orderCostings,
  orderStockConsumptions,
  orders,
  purchaseOrderLines,
  purchaseOrders,
  stockMovements,
  storedFiles,
  suppliers,
} from '@icehouse/db/schema';
import { openSeededBenchDatabase } from './seeded-database';
import { loadBillsOfMaterials } from '../src/modules/costing/bom-loader';
import { materialsForRange } from '../src/modules/production/materials';
import { marginReport } from '../src/modules/production/margin-report';
import { buildSheetPdf } from '../src/modules/production/build-sheet';
import { createPdfRenderer } from '../src/pdf/renderer';
import { createFolderBlobStore } from '../src/blobs';
import { createLogger } from '../src/logger';

/**
 * The bench seed writes orders with SQL, so no save recorded their cost: each order's costing is
 * filled here from the same bill-of-materials rule the save uses, with the building's price as the
 * price before tax (the report's statements do not depend on the figures).
 */
async function recordCostings(database: Database): Promise<void> {
  const db = database.db;
  const { missing } = rowsOf<{ missing: number }>(
    await db.execute(
      sql`select count(*)::int as missing from orders o where not exists (select 1 from order_costings c where c.order_id = o.id)`,
    ),
  )[0]!;
  if (Number(missing) === 0) return;
  const t = Date.now();
  const ids = rowsOf<{ id: number; price: string | null }>(
    await db.execute(
      sql`select o.id, b.price from orders o left join order_building_info b on b.order_id = o.id order by o.id`,
    ),
  );
  for (let i = 0; i < ids.length; i += 2000) {
    const batch = ids.slice(i, i + 2000);
    const boms = await loadBillsOfMaterials(
      db,
      batch.map((r) => Number(r.id)),
    );
    const values = batch.map((r) => {
      const bom = boms.get(Number(r.id))!;
      return {
        orderId: Number(r.id),
        productId: bom.product_id,
        productDescription: bom.product_description ?? '',
        bomKind: bom.kind,
        materialsCost: bom.materials_cost,
        priceBeforeTax: r.price ?? '0',
      };
    });
    await db.insert(orderCostings).values(values).onConflictDoNothing();
  }
  await db.execute(sql`analyze order_costings`);
  console.log(`costings of ${ids.length} orders recorded in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

/**
 * What the materials list's stock figures read, written once (the bench database is kept between runs):
 * a counted opening for every component, 40 open purchase orders (sent and partly received, expected over
 * the weeks after) with a line for every component, and the week's processed and scheduled orders consumed
 * from stock as the status moves would have done.
 */
async function seedStock(database: Database, from: string, to: string) {
  const db = database.db;
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from stock_movements`)) as [{ n: number }];
  if (n > 0) return;
  const t = Date.now();
  const parts = await db.select({ id: components.id, cost: components.cost }).from(components);
  await db.insert(stockMovements).values(parts.map((c) => ({ componentId: c.id, quantity: 40, unitCost: c.cost, source: 'adjustment' as const, reason: 'Opening balance' })));
  const [supplier] = await db.insert(suppliers).values({ name: 'Bench Panels Inc.' }).returning({ id: suppliers.id });
  for (let i = 0; i < 40; i++) {
    const expected = new Date(Date.parse(`${to}T00:00:00Z`) + (i % 8) * 7 * 86_400_000).toISOString().slice(0, 10);
    const [po] = await db
      .insert(purchaseOrders)
      .values({ number: `P-${9001 + i}`, supplierId: supplier!.id, status: i % 3 === 0 ? 'partly_received' : 'sent', expectedDate: expected })
      .returning({ id: purchaseOrders.id });
    await db
      .insert(purchaseOrderLines)
      .values(parts.map((c, position) => ({ purchaseOrderId: po!.id, componentId: c.id, quantity: 20, unitCost: c.cost, receivedQuantity: i % 3 === 0 ? 5 : 0, position })));
  }
  const consumed = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(sql`${orders.shipDate} between ${from} and ${to}`, sql`${orders.status} in ('processed', 'scheduled_to_ship')`));
  const boms = await loadBillsOfMaterials(db, consumed.map((o) => o.id));
  for (const order of consumed) {
    const lines = boms.get(order.id)?.lines ?? [];
    await db.insert(orderStockConsumptions).values({ orderId: order.id, state: 'consumed' });
    if (lines.length > 0)
      await db.insert(stockMovements).values(lines.map((l) => ({ componentId: l.component_id, quantity: -l.quantity, unitCost: l.unit_cost, source: 'consumption' as const, orderId: order.id })));
  }
  await db.execute(sql`analyze`);
  console.log(`stock seeded (${parts.length} components, 40 purchase orders, ${consumed.length} orders consumed) in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

async function time(label: string, run: () => Promise<string>, runs = 40, warm = 5) {
  let detail = '';
  for (let i = 0; i < warm; i++) detail = await run();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    detail = await run();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)]!;
  console.log(`${label}: p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms (${detail})`);
}

/** A scanned drawing of about `bytes`: one page holding an image of noise (it does not compress). */
async function scannedDrawing(bytes: number): Promise<Buffer> {
  const width = 2000;
  const height = Math.ceil(bytes / (width * 3));
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 1; x <= width * 3; x += 1) raw[row + x] = (Math.random() * 256) | 0;
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png);
  doc
    .addPage([image.width * 0.36, image.height * 0.36])
    .drawImage(image, { x: 0, y: 0, width: image.width * 0.36, height: image.height * 0.36 });
  return Buffer.from(await doc.save());
}

async function buildSheetWithDrawings(database: Database) {
  const db = database.db;
  // An order of a product with components, so that the sheet has a full bill of materials.
  const [order] = rowsOf<{ id: number }>(
    await db.execute(sql`select o.id from orders o join order_building_info b on b.order_id = o.id
      where b.product_id in (select product_id from product_components) and o.status <> 'voided' order by o.id desc limit 1`),
  );
  if (!order) throw new Error('no order of a component product in the bench data');
  const orderId = Number(order.id);
  const blobs = await createFolderBlobStore(fs.mkdtempSync(path.join(os.tmpdir(), 'icehouse-bench-blobs-')));
  const pdf = createPdfRenderer({
    executablePath: process.env.CHROME_PATH || null,
    logger: createLogger('warn'),
    maxConcurrent: 2,
  });
  try {
    const files: number[] = [];
    for (const label of ['blueprint', 'door drawing']) {
      const bytes = await scannedDrawing(10 * 1024 * 1024);
      const put = await blobs.put(
        (async function* () {
          yield bytes;
        })(),
      );
      const [row] = await db
        .insert(storedFiles)
        .values({
          filename: `bench ${label}.pdf`,
          contentType: 'application/pdf',
          sizeBytes: put.size,
          sha256: put.sha256,
        })
        .returning({ id: storedFiles.id });
      files.push(row!.id);
    }
    const sizes = (
      await db
        .select({ size: storedFiles.sizeBytes })
        .from(storedFiles)
        .where(sql`${storedFiles.id} in (${files[0]}, ${files[1]})`)
    ).map((r) => `${(r.size / 1048576).toFixed(1)} MB`);
    await db
      .update(orders)
      .set({ blueprintFileId: files[0]!, doorPlacementFileId: files[1]! })
      .where(eq(orders.id, orderId));
    const deps = { database, pdf, blobs };
    // Each run is a first render: the archived versions of the sheet are removed before it.
    const forget = () =>
      db
        .delete(archivedDocuments)
        .where(and(eq(archivedDocuments.kind, 'build_sheet'), eq(archivedDocuments.recordId, orderId)));
    await time(
      `build sheet with two drawings (${sizes.join(' + ')}), first render`,
      async () => {
        await forget();
        const sheet = await buildSheetPdf(deps, orderId, null);
        const bytes = await sheet.bytes();
        return `${(await PDFDocument.load(bytes)).getPageCount()} pages, ${(bytes.length / 1048576).toFixed(1)} MB`;
      },
      10,
      1,
    );
    await forget();
    await db
      .update(orders)
      .set({ blueprintFileId: null, doorPlacementFileId: null })
      .where(eq(orders.id, orderId));
    await db.delete(storedFiles).where(sql`${storedFiles.id} in (${files[0]}, ${files[1]})`);
  } finally {
    await pdf.close();
  }
}

async function main() {
  const database = await openSeededBenchDatabase('icehouse_bench_reports', 4);
  await recordCostings(database);
  await database.db.execute(sql`analyze`);
  const deps = { database };
  // The screen's default statuses; the busiest ship week of the data (Monday to Sunday) for them.
  const statuses = ['pending', 'processed', 'scheduled_to_ship'] as const;
  const [week] = rowsOf<{ monday: string; n: number }>(
    await database.db
      .execute(sql`select to_char(date_trunc('week', ship_date), 'YYYY-MM-DD') as monday, count(*)::int as n
      from orders where ship_date is not null and status in ('pending', 'processed', 'scheduled_to_ship')
      group by 1 order by 2 desc limit 1`),
  );
  const monday = week!.monday;
  const sunday = new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
  await seedStock(database, monday, sunday);
  await time('anchor: select 1 (one round trip on the same pool)', async () => {
    await database.db.execute(sql`select 1`);
    return 'no rows read';
  });
  await time(`materials with on hand and on order ${monday}..${sunday} (${week!.n} orders)`, async () => {
    const m = await materialsForRange(deps, { from: monday, to: sunday, statuses: [...statuses] });
    const onOrder = m.rows.reduce((n, r) => n + r.on_order, 0);
    const consumed = m.rows.reduce((n, r) => n + r.consumed, 0);
    return `${m.orders} orders, ${m.rows.length} components, ${consumed} consumed, ${onOrder} on order, ${m.total_cost}`;
  });
  const { y } = rowsOf<{ y: string }>(
    await database.db.execute(sql`select (extract(year from max(date)) - 1)::text as y from orders`),
  )[0]!;
  for (const group of ['month', 'product'] as const) {
    await time(`margin report ${y} by ${group}`, async () => {
      const r = await marginReport(deps, { from: `${y}-01-01`, to: `${y}-12-31`, group });
      return `${r.total.orders} orders, ${r.rows.length} rows, margin ${r.total.margin}`;
    });
  }
  await buildSheetWithDrawings(database);
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
