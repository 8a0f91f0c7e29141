import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { PURCHASING_MESSAGES as M, multiplyQty, outstandingOf, purchaseOrderTotal, toMoneyString, type PurchaseOrderStatus } from '@icehouse/domain';
import { components, purchaseOrderLines, purchaseOrders, suppliers } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import type { DbDeps } from '../../deps';
import { AppError } from '../../errors';
import { containsPattern } from '../../like-pattern';
import { pageRows } from '../../operations/list-page';
import { csvFilename, csvStream, keysetBatches, type CsvColumn } from '../../csv';
import type { purchaseOrderAnswer, purchaseOrderListRow } from './schemas';

/** Reading purchase orders: one as GET /api/purchase-orders/{id}/ answers it (also its events' body), and the list. */

export type PurchaseOrderView = z.output<typeof purchaseOrderAnswer>;
export type PurchaseOrderListRow = z.output<typeof purchaseOrderListRow>;
export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;

export const purchaseOrderNotFound = () => AppError.notFound(M.purchaseOrderNotFound);

const head = {
  id: purchaseOrders.id,
  number: purchaseOrders.number,
  supplier_id: purchaseOrders.supplierId,
  supplier_name: suppliers.name,
  supplier_email: suppliers.email,
  status: purchaseOrders.status,
  expected_date: purchaseOrders.expectedDate,
  notes: purchaseOrders.notes,
  sentAt: purchaseOrders.sentAt,
  createdAt: purchaseOrders.createdAt,
  updatedAt: purchaseOrders.updatedAt,
  version: purchaseOrders.version,
};
interface Head {
  id: number;
  number: string;
  supplier_id: number;
  supplier_name: string;
  supplier_email: string;
  status: string;
  expected_date: string | null;
  notes: string;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

const headView = ({ sentAt, createdAt, updatedAt, ...h }: Head) => ({
  ...h,
  status: h.status as PurchaseOrderStatus,
  sent_at: sentAt ? sentAt.toISOString() : null,
  created_at: createdAt.toISOString(),
  updated_at: updatedAt.toISOString(),
});

/** The purchase order's lines in their order, with what is still to come and each line's amount. */
export async function purchaseOrderLinesOf(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, PurchaseOrderView['lines']>();
  const rows = await db
    .select({
      purchaseOrderId: purchaseOrderLines.purchaseOrderId,
      id: purchaseOrderLines.id,
      position: purchaseOrderLines.position,
      component_id: purchaseOrderLines.componentId,
      component_name: components.name,
      supplier_part_number: components.supplierPartNumber,
      quantity: purchaseOrderLines.quantity,
      received_quantity: purchaseOrderLines.receivedQuantity,
      unit_cost: purchaseOrderLines.unitCost,
    })
    .from(purchaseOrderLines)
    .innerJoin(components, eq(components.id, purchaseOrderLines.componentId))
    .where(inArray(purchaseOrderLines.purchaseOrderId, [...ids]))
    .orderBy(asc(purchaseOrderLines.position), asc(purchaseOrderLines.id));
  const out = new Map<number, PurchaseOrderView['lines']>();
  for (const { purchaseOrderId, ...r } of rows) {
    const list = out.get(purchaseOrderId) ?? [];
    out.set(purchaseOrderId, list);
    list.push({
      ...r,
      unit_cost: toMoneyString(r.unit_cost),
      outstanding: outstandingOf(r),
      line_total: toMoneyString(multiplyQty(r.unit_cost, r.quantity)),
    });
  }
  return out;
}

export async function getPurchaseOrder(deps: DbDeps, id: number): Promise<PurchaseOrderView> {
  const db = deps.database.db;
  const [row] = await db
    .select(head)
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .where(eq(purchaseOrders.id, id));
  if (!row) throw purchaseOrderNotFound();
  const lines = (await purchaseOrderLinesOf(db, [id])).get(id) ?? [];
  return { ...headView(row), total: purchaseOrderTotal(lines), lines };
}

/** The row, locked for the rest of the transaction (every change of a purchase order takes it first). */
export async function lockPurchaseOrder(tx: Db, id: number): Promise<PurchaseOrderRow> {
  const [row] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).for('update');
  if (!row) throw purchaseOrderNotFound();
  return row;
}

export const PURCHASE_ORDER_PAGE_SIZE = 25;

export interface PurchaseOrderFilters {
  search?: string | undefined;
  status?: PurchaseOrderStatus | undefined;
  supplier_id?: number | undefined;
  page?: number | undefined;
  page_size?: number | undefined;
}

function filterOf(f: PurchaseOrderFilters): SQL {
  const parts: SQL[] = [];
  const text = f.search?.trim() ?? '';
  if (text) {
    const pattern = containsPattern(text);
    parts.push(sql`(${purchaseOrders.number} ilike ${pattern} or ${suppliers.name} ilike ${pattern})`);
  }
  if (f.status) parts.push(eq(purchaseOrders.status, f.status));
  if (f.supplier_id !== undefined) parts.push(eq(purchaseOrders.supplierId, f.supplier_id));
  return parts.length ? and(...parts)! : sql`true`;
}

// Line count and outstanding units in the list's statement; the total by the domain's rule from the lines.
const listColumns = {
  ...head,
  line_count: sql<number>`(select count(*) from purchase_order_lines l where l.purchase_order_id = ${purchaseOrders.id})::int`.mapWith(Number),
  outstanding: sql<number>`coalesce((select sum(greatest(l.quantity - l.received_quantity, 0)) from purchase_order_lines l where l.purchase_order_id = ${purchaseOrders.id}), 0)::int`.mapWith(Number),
};

type ListHead = Head & { line_count: number; outstanding: number };

async function listRowsOf(db: Db, rows: readonly ListHead[]): Promise<PurchaseOrderListRow[]> {
  const lines = await purchaseOrderLinesOf(db, rows.map((r) => r.id));
  return rows.map(({ line_count, outstanding, ...h }) => ({
    ...headView(h),
    total: purchaseOrderTotal(lines.get(h.id) ?? []),
    line_count,
    outstanding,
  }));
}

/** Newest first (by id: numbers are allocated in order). */
export async function listPurchaseOrders(deps: DbDeps, filters: PurchaseOrderFilters = {}) {
  const db = deps.database.db;
  const page = filters.page ?? 1;
  const size = filters.page_size ?? PURCHASE_ORDER_PAGE_SIZE;
  const where = filterOf(filters);
  const [fetched, [counted]] = await Promise.all([
    db
      .select(listColumns)
      .from(purchaseOrders)
      .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
      .where(where)
      .orderBy(desc(purchaseOrders.id))
      .limit(size + 1)
      .offset((page - 1) * size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(purchaseOrders)
      .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
      .where(where),
  ]);
  const { rows, next, previous } = pageRows(fetched, page, size);
  return { count: Number(counted?.n ?? 0), next, previous, results: await listRowsOf(db, rows) };
}

const CSV_COLUMNS: CsvColumn<PurchaseOrderListRow>[] = [
  { header: 'Purchase Order #', kind: 'text', value: (r) => r.number },
  { header: 'Supplier', kind: 'text', value: (r) => r.supplier_name },
  { header: 'Status', kind: 'text', value: (r) => r.status },
  { header: 'Expected', kind: 'date', value: (r) => r.expected_date },
  { header: 'Lines', kind: 'integer', value: (r) => r.line_count },
  { header: 'Outstanding', kind: 'integer', value: (r) => r.outstanding },
  { header: 'Total', kind: 'decimal', value: (r) => r.total },
  { header: 'Sent', kind: 'datetime', value: (r) => r.sent_at },
  { header: 'Created', kind: 'datetime', value: (r) => r.created_at },
];

/** The list as CSV: the same filters, every matching purchase order, newest first, a batch at a time. */
export function purchaseOrdersCsv(deps: DbDeps, filters: PurchaseOrderFilters) {
  const db = deps.database.db;
  const where = filterOf(filters);
  const rows = keysetBatches<PurchaseOrderListRow, { id: number }>(
    async (after, limit) => {
      const batch = await db
        .select(listColumns)
        .from(purchaseOrders)
        .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
        .where(after ? and(where, sql`${purchaseOrders.id} < ${after.id}`) : where)
        .orderBy(desc(purchaseOrders.id))
        .limit(limit);
      return listRowsOf(db, batch);
    },
    (r) => ({ id: r.id }),
  );
  return { stream: csvStream(CSV_COLUMNS, rows), filename: csvFilename('purchase-orders') };
}
