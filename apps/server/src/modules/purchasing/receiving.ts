import { eq, sql } from 'drizzle-orm';
import {
  PURCHASING_MESSAGES as M,
  RECEIVABLE_PURCHASE_ORDER_STATUSES,
  checkReceipt,
  statusAfterReceipt,
  type ReceiptInput,
} from '@icehouse/domain';
import { purchaseOrderLines, purchaseOrders } from '@icehouse/db/schema';
import type { z } from 'zod';
import type { receiptSchema } from '@icehouse/domain';
import type { ChangeDeps } from '../../deps';
import { AppError } from '../../errors';
import { announceChange, changeTransaction } from '../../changes';
import { recordReceipt } from '../stock/receipt';
import { getPurchaseOrder, lockPurchaseOrder, type PurchaseOrderView } from './purchase-order-read';

type Actor = { id: number } | null;
type Receipt = z.output<typeof receiptSchema>;
export type { ReceiptInput };

/**
 * POST /api/purchase-orders/{id}/receive/: the quantities received now per line (partial allowed). More
 * than is outstanding on a line is refused until the receipt is confirmed (`confirm_over_receipt`), with
 * the figures on the line's field. One transaction: the purchase order's row is locked first (two receipts
 * of one order queue), each line's received quantity grows, the stock module writes the receipt's ledger
 * entries and the components' cost (recordReceipt: the rule lives there once), and the status moves
 * (partly received, received). Announces purchase_order.received.
 */
export async function receivePurchaseOrder(deps: ChangeDeps, actor: Actor, id: number, receipt: Receipt): Promise<PurchaseOrderView> {
  const userId = actor?.id ?? null;
  await changeTransaction(deps, async (tx) => {
    const row = await lockPurchaseOrder(tx, id);
    if (!RECEIVABLE_PURCHASE_ORDER_STATUSES.includes(row.status)) throw new AppError('CONFLICT', M.notReceivable);
    const lines = await tx
      .select({
        id: purchaseOrderLines.id,
        componentId: purchaseOrderLines.componentId,
        quantity: purchaseOrderLines.quantity,
        received_quantity: purchaseOrderLines.receivedQuantity,
        unitCost: purchaseOrderLines.unitCost,
      })
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.purchaseOrderId, id));
    const check = checkReceipt(lines, receipt.lines);
    if (check.lineErrors.size > 0)
      throw AppError.validation({ lines: receipt.lines.map((_, i) => (check.lineErrors.has(i) ? { quantity: [check.lineErrors.get(i)!] } : {}) as Record<string, string[]>) });
    const now = receipt.lines.filter((r) => r.quantity > 0);
    if (now.length === 0) throw AppError.validation({ lines: [M.nothingReceived] });
    if (check.over.length > 0 && !receipt.confirm_over_receipt) {
      const over = new Map(check.over.map((o) => [o.line_id, o]));
      throw AppError.validation({
        confirm_over_receipt: [M.confirmOverReceipt],
        lines: receipt.lines.map((r) => {
          const o = over.get(r.line_id);
          return (o ? { quantity: [M.overReceipt(o.ordered, o.received + o.receiving)] } : {}) as Record<string, string[]>;
        }),
      });
    }
    const byId = new Map(lines.map((l) => [l.id, l]));
    for (const r of now) byId.get(r.line_id)!.received_quantity += r.quantity;
    // One statement for every line received (a 30-line purchase order is one round trip).
    const values = sql.join(
      now.map((r) => sql`(${r.line_id}::integer, ${r.quantity}::integer)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${purchaseOrderLines} set received_quantity = ${purchaseOrderLines.receivedQuantity} + v.quantity
      from (values ${values}) as v(id, quantity)
      where ${purchaseOrderLines.id} = v.id`);
    await recordReceipt(
      tx,
      userId,
      now.map((r) => {
        const line = byId.get(r.line_id)!;
        return { purchaseOrderLineId: line.id, componentId: line.componentId, quantity: r.quantity, unitCost: line.unitCost };
      }),
    );
    const [updated] = await tx
      .update(purchaseOrders)
      .set({ status: statusAfterReceipt(lines), version: sql`${purchaseOrders.version} + 1` })
      .where(eq(purchaseOrders.id, id))
      .returning({ version: purchaseOrders.version });
    announceChange(tx, { entity: 'purchase_order', id, action: 'received', by: userId, version: updated!.version });
  });
  return getPurchaseOrder(deps, id);
}
