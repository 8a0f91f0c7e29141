import { inArray } from 'drizzle-orm';
import {
  MATERIALS_DEFAULT_STATUSES,
  MATERIALS_MESSAGES,
  daysBetween,
  draftPurchaseOrders,
  isIsoDate,
  todayIso,
  type DraftComponent,
} from '@icehouse/domain';
import { components } from '@icehouse/db/schema';
import type { ChangeDeps } from '../../deps';
import { AppError } from '../../errors';
import { changeTransaction } from '../../changes';
import { materialsForRange } from '../production/materials';
import { getPurchaseOrder, type PurchaseOrderView } from './purchase-order-read';
import { insertPurchaseOrder } from './purchase-order-write';

type Actor = { id: number } | null;

/**
 * POST /api/purchase-orders/draft/: the materials list of the ship weeks from..to (its default statuses)
 * drafted into one purchase order per preferred supplier by the domain's draftPurchaseOrders (decision 263):
 * what the list says to buy, rounded up to each supplier's pack size. Components without a preferred
 * supplier are not drafted; the answer lists them. All the drafts are made in one transaction.
 */
export async function draftFromMaterials(
  deps: ChangeDeps,
  actor: Actor,
  range: { from: string; to: string },
  today: string = todayIso(),
): Promise<{ purchase_orders: PurchaseOrderView[]; without_supplier: { component_id: number; name: string; to_buy: number }[] }> {
  if (!isIsoDate(range.from)) throw AppError.validation({ from: ['Enter a date as YYYY-MM-DD.'] });
  if (!isIsoDate(range.to)) throw AppError.validation({ to: ['Enter a date as YYYY-MM-DD.'] });
  if (daysBetween(range.from, range.to) < 0) throw AppError.validation({ to: ['The end of the range is before its start.'] });
  if (daysBetween(range.from, range.to) > 366) throw AppError.validation({ to: [MATERIALS_MESSAGES.rangeTooLong] });
  const materials = await materialsForRange(deps, { from: range.from, to: range.to, statuses: [...MATERIALS_DEFAULT_STATUSES] });
  const wanted = materials.rows.filter((r) => r.to_buy > 0);
  const ids = wanted.map((r) => r.component_id);
  const bought = ids.length
    ? await deps.database.db
        .select({
          id: components.id,
          cost: components.cost,
          preferredSupplierId: components.preferredSupplierId,
          supplierPartNumber: components.supplierPartNumber,
          lastPrice: components.lastPrice,
          leadTimeDays: components.leadTimeDays,
          packSize: components.packSize,
        })
        .from(components)
        .where(inArray(components.id, ids))
    : [];
  const byId = new Map(bought.map((b) => [b.id, b]));
  const input: DraftComponent[] = wanted.flatMap((r) => {
    const c = byId.get(r.component_id);
    if (!c) return [];
    return [
      {
        component_id: r.component_id,
        name: r.name,
        to_buy: r.to_buy,
        cost: c.cost,
        preferred_supplier_id: c.preferredSupplierId,
        supplier_part_number: c.supplierPartNumber,
        last_price: c.lastPrice,
        lead_time_days: c.leadTimeDays,
        pack_size: c.packSize,
      },
    ];
  });
  const draft = draftPurchaseOrders(input, today);
  if (draft.purchase_orders.length === 0) return { purchase_orders: [], without_supplier: draft.without_supplier };
  const userId = actor?.id ?? null;
  const made = await changeTransaction(deps, async (tx) => {
    const out: number[] = [];
    for (const po of draft.purchase_orders) {
      out.push(
        await insertPurchaseOrder(tx, userId, {
          supplier_id: po.supplier_id,
          expected_date: po.expected_date,
          notes: `Drafted from the materials list of ${range.from} to ${range.to}.`,
          lines: po.lines,
        }),
      );
    }
    return out;
  });
  return {
    purchase_orders: await Promise.all(made.map((id) => getPurchaseOrder(deps, id))),
    without_supplier: draft.without_supplier,
  };
}
