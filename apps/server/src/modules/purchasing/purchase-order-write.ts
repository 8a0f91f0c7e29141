import { and, eq, sql } from 'drizzle-orm';
import {
  CANCELLABLE_PURCHASE_ORDER_STATUSES,
  EDITABLE_PURCHASE_ORDER_STATUSES,
  PURCHASING_MESSAGES as M,
  purchaseOrderEditSchema,
  zodIssuesToFieldErrors,
  type IssueLike,
  type PurchaseOrderStatus,
} from '@icehouse/domain';
import { isForeignKeyViolation, nextNumber } from '@icehouse/db';
import { purchaseOrderLines, purchaseOrders } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import type { ChangeDeps } from '../../deps';
import { AppError } from '../../errors';
import { announceChange, changeTransaction, type ChangeTx } from '../../changes';
import { getPurchaseOrder, lockPurchaseOrder, type PurchaseOrderView } from './purchase-order-read';

/** Saving purchase orders: numbering, editing a draft or sent one, deleting a draft, marking sent, cancelling. */

type Actor = { id: number } | null;

export const PURCHASE_ORDER_SEQUENCE = 'purchase_order_number';

/** 'P-1001', 'P-1002'...: one upsert that locks the sequence row until the transaction ends; never reused. */
export async function allocatePurchaseOrderNumber(tx: Db): Promise<string> {
  return `P-${await nextNumber(tx, PURCHASE_ORDER_SEQUENCE)}`;
}

export interface NewLine {
  component_id: number;
  quantity: number;
  unit_cost: string;
}

/** A new draft with its lines (drafting from the materials list calls it once per supplier). */
export async function insertPurchaseOrder(
  tx: ChangeTx,
  userId: number | null,
  po: { supplier_id: number; expected_date: string | null; notes?: string; lines: readonly NewLine[] },
): Promise<number> {
  const [row] = await tx
    .insert(purchaseOrders)
    .values({
      number: await allocatePurchaseOrderNumber(tx),
      supplierId: po.supplier_id,
      expectedDate: po.expected_date,
      notes: po.notes ?? '',
      createdBy: userId,
    })
    .returning({ id: purchaseOrders.id });
  await insertLines(tx, row!.id, po.lines);
  announceChange(tx, { entity: 'purchase_order', id: row!.id, action: 'created', by: userId, version: 1 });
  return row!.id;
}

async function insertLines(tx: Db, purchaseOrderId: number, lines: readonly NewLine[]) {
  if (lines.length === 0) return;
  await tx.insert(purchaseOrderLines).values(
    lines.map((l, i) => ({
      purchaseOrderId,
      componentId: l.component_id,
      quantity: l.quantity,
      unitCost: l.unit_cost,
      position: i + 1,
    })),
  );
}

function parseEdit(raw: unknown) {
  const body = (raw ?? {}) as Record<string, unknown>;
  const issues: IssueLike[] = [];
  const v = body.version;
  const version = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : null;
  if (version === null || !Number.isSafeInteger(version) || version < 1)
    issues.push({ path: ['version'], message: 'Version is required: send the version you read with the purchase order.' });
  const parsed = purchaseOrderEditSchema.safeParse(body);
  if (!parsed.success) issues.push(...parsed.error.issues);
  if (issues.length > 0 || !parsed.success) throw AppError.validation(zodIssuesToFieldErrors({ issues }));
  return { data: parsed.data, version: version! };
}

const stale = () => new AppError('CONFLICT', 'The purchase order was changed by someone else: reload it and try again.');

/** PUT /api/purchase-orders/{id}/: its lines (replaced whole), expected date and notes, while nothing was received. */
export async function updatePurchaseOrder(deps: ChangeDeps, actor: Actor, id: number, raw: unknown): Promise<PurchaseOrderView> {
  const { data, version } = parseEdit(raw);
  const userId = actor?.id ?? null;
  await changeTransaction(deps, async (tx) => {
    const row = await lockPurchaseOrder(tx, id);
    if (!EDITABLE_PURCHASE_ORDER_STATUSES.includes(row.status)) throw new AppError('CONFLICT', M.notEditable);
    if (row.version !== version) throw stale();
    await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, id));
    try {
      await insertLines(tx, id, data.lines);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw AppError.validation({ lines: [M.componentNotFound] });
      throw error;
    }
    const [updated] = await tx
      .update(purchaseOrders)
      .set({ expectedDate: data.expected_date, notes: data.notes, version: sql`${purchaseOrders.version} + 1` })
      .where(eq(purchaseOrders.id, id))
      .returning({ version: purchaseOrders.version });
    announceChange(tx, { entity: 'purchase_order', id, action: 'updated', by: userId, version: updated!.version });
  });
  return getPurchaseOrder(deps, id);
}

/** DELETE /api/purchase-orders/{id}/: a draft only (a sent one's number is on record with the supplier: cancel it). */
export async function deletePurchaseOrder(deps: ChangeDeps, actor: Actor, id: number): Promise<void> {
  await changeTransaction(deps, async (tx) => {
    const row = await lockPurchaseOrder(tx, id);
    if (row.status !== 'draft') throw new AppError('CONFLICT', 'Only a draft purchase order can be deleted; cancel a sent one.');
    await tx.delete(purchaseOrders).where(eq(purchaseOrders.id, id));
    announceChange(tx, { entity: 'purchase_order', id, action: 'deleted', by: actor?.id ?? null });
  });
}

/** A draft becomes sent (its email was queued in this transaction, or it was sent by other means). */
export async function markPurchaseOrderSent(tx: ChangeTx, id: number, userId: number | null): Promise<void> {
  const row = await lockPurchaseOrder(tx, id);
  if (row.status !== 'draft') throw new AppError('CONFLICT', M.notSendable);
  const [updated] = await tx
    .update(purchaseOrders)
    .set({ status: 'sent', sentAt: sql`now()`, version: sql`${purchaseOrders.version} + 1` })
    .where(eq(purchaseOrders.id, id))
    .returning({ version: purchaseOrders.version });
  announceChange(tx, { entity: 'purchase_order', id, action: 'sent', by: userId, version: updated!.version });
}

/** POST /api/purchase-orders/{id}/mark-sent/: sent by phone or the supplier's portal, without an email from here. */
export async function markSent(deps: ChangeDeps, actor: Actor, id: number): Promise<PurchaseOrderView> {
  await changeTransaction(deps, (tx) => markPurchaseOrderSent(tx, id, actor?.id ?? null));
  return getPurchaseOrder(deps, id);
}

/** POST /api/purchase-orders/{id}/cancel/: what was received stays in stock; the rest is no longer on order. */
export async function cancelPurchaseOrder(deps: ChangeDeps, actor: Actor, id: number): Promise<PurchaseOrderView> {
  await changeTransaction(deps, async (tx) => {
    const row = await lockPurchaseOrder(tx, id);
    if (!CANCELLABLE_PURCHASE_ORDER_STATUSES.includes(row.status)) throw new AppError('CONFLICT', M.notCancellable);
    const [updated] = await tx
      .update(purchaseOrders)
      .set({ status: 'cancelled' satisfies PurchaseOrderStatus, version: sql`${purchaseOrders.version} + 1` })
      .where(and(eq(purchaseOrders.id, id)))
      .returning({ version: purchaseOrders.version });
    announceChange(tx, { entity: 'purchase_order', id, action: 'cancelled', by: actor?.id ?? null, version: updated!.version });
  });
  return getPurchaseOrder(deps, id);
}
