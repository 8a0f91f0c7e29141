import { desc, eq } from 'drizzle-orm';
import { history, users, type HistoryAction, type HistoryChanges } from '@icehouse/db/schema';
import type { Database, Db } from '@icehouse/db/client';
import { inTransaction, placeholdersOf } from '../../prepared-query';
import { CUSTOM_PRODUCT } from '@icehouse/domain';
import { effectiveBuildingType, productDescriptions, settingLabels, type OrderRecord } from './views';

/**
 * The audit trail of orders (and, later, their invoices and bills of lading). Every change is
 * written in the same transaction as the change itself, with the user and the time.
 */

export interface HistoryEntryInput {
  /** The order concerned; null for a record that outlives its order (a deleted order). */
  orderId: number | null;
  invoiceId?: number | null;
  action: HistoryAction | 'deleted' | (string & {});
  /** Readable field path -> { old, new }, e.g. 'billing_address.name', 'building_info.additional_items[1].quantity'. */
  changes?: HistoryChanges | null;
  userId: number | null;
}

/**
 * Writes one history entry. Pass the transaction of the change it records; with its database too
 * (`inTransactionOf`), the statement is built once (prepared-query.ts).
 */
export async function recordHistory(tx: Db, entry: HistoryEntryInput, inTransactionOf?: Database): Promise<void> {
  const row = {
    orderId: entry.orderId,
    invoiceId: entry.invoiceId ?? null,
    action: entry.action,
    changes: entry.changes && Object.keys(entry.changes).length > 0 ? entry.changes : null,
    userId: entry.userId,
  };
  await inTransaction(tx, inTransactionOf, 'orders.historyInsert', (db) => db.insert(history).values(placeholdersOf(row, '')).prepare('history_insert'), (query) =>
    query.execute(row),
  );
}

export interface HistoryEntryView {
  id: number;
  action: string;
  changes: HistoryChanges | null;
  user: { id: number; username: string } | null;
  created_at: string;
}

/** An order's history, newest first. */
export async function listHistory(db: Db, orderId: number): Promise<HistoryEntryView[]> {
  const rows = await db
    .select({
      id: history.id,
      action: history.action,
      changes: history.changes,
      userId: users.id,
      username: users.username,
      createdAt: history.createdAt,
    })
    .from(history)
    .leftJoin(users, eq(users.id, history.userId))
    .where(eq(history.orderId, orderId))
    .orderBy(desc(history.createdAt), desc(history.id));
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    changes: r.changes ?? null,
    user: r.userId !== null && r.username !== null ? { id: r.userId, username: r.username } : null,
    created_at: r.createdAt.toISOString(),
  }));
}

// ------------------------------------------------------------------------- readable snapshots

type Scalar = string | number | boolean | null;
export type Snapshot = Record<string, Scalar | Record<string, Scalar>>;

export interface Labels {
  settings: Map<number, string>;
  products: Map<number, string>;
}

/**
 * Labels of every setting and product the records refer to (up to two queries, none when `known` has
 * them all: an order save read its references' labels with their check).
 */
export async function labelsFor(db: Db, records: readonly OrderRecord[], known?: Labels): Promise<Labels> {
  const settingIds: (number | null)[] = [];
  const productIds: (number | null)[] = [];
  for (const r of records) {
    settingIds.push(r.order.shipViaId);
    const b = r.building;
    if (b) {
      settingIds.push(b.sizeId, b.thicknessId, b.doorTypeId, b.doorCladdingId, b.hingeSideId, b.roofColorId, b.sidingColorId);
      productIds.push(b.productId);
    }
    for (const i of r.items) settingIds.push(i.itemId);
  }
  const missing = (ids: (number | null)[], have: Map<number, string> | undefined) =>
    have ? ids.filter((id) => id !== null && !have.has(id)) : ids;
  const [settingsMap, productsMap] = await Promise.all([
    settingLabels(db, missing(settingIds, known?.settings)),
    productDescriptions(db, missing(productIds, known?.products)),
  ]);
  return {
    settings: known ? new Map([...known.settings, ...settingsMap]) : settingsMap,
    products: known ? new Map([...known.products, ...productsMap]) : productsMap,
  };
}

const label = (map: Map<number, string>, id: number | null): string | null => (id === null ? null : (map.get(id) ?? `#${id}`));

function itemSnapshot(i: OrderRecord['items'][number], labels: Labels): Record<string, Scalar> {
  return { item: label(labels.settings, i.itemId), custom_item_name: i.customItemName, quantity: i.quantity, price: i.price };
}

/**
 * The order as a flat map of readable paths to readable values (settings and products by their
 * text, not their ids), for history diffs.
 */
export function snapshotOf(r: OrderRecord, labels: Labels): Snapshot {
  const o = r.order;
  const s: Snapshot = {
    status: o.status,
    date: o.date,
    ship_date: o.shipDate,
    ship_via: label(labels.settings, o.shipViaId),
    invoice_number: o.invoiceNumber,
    door_number: o.doorNumber,
    special_delivery_info: o.specialDeliveryInfo,
    customer_po_job_name: o.customerPoJobName,
    freight_cost: o.freightCost,
    discount: o.discount,
    discount_is_percentage: o.discountIsPercentage,
    tax_exempt: o.taxExempt,
    phone: o.phone,
    eps_po_number: o.epsPoNumber,
    po_delivery_date: o.poDeliveryDate,
    notes: o.notes,
    additional_info: o.additionalInfo,
  };
  for (const [prefix, a] of [
    ['billing_address', r.billing],
    ['shipping_address', r.shipping],
  ] as const) {
    s[`${prefix}.name`] = a?.name ?? '';
    s[`${prefix}.street`] = a?.street ?? '';
    s[`${prefix}.city`] = a?.city ?? '';
    s[`${prefix}.state`] = a?.state ?? '';
    s[`${prefix}.zip_code`] = a?.zipCode ?? '';
    s[`${prefix}.country`] = a?.country ?? '';
  }
  const b = r.building;
  if (b) {
    s['building_info.product'] = b.isCustom ? CUSTOM_PRODUCT : label(labels.products, b.productId);
    s['building_info.price'] = b.price;
    s['building_info.building_type'] = effectiveBuildingType(r);
    s['building_info.building_description'] = b.buildingDescription;
    s['building_info.size'] = label(labels.settings, b.sizeId);
    s['building_info.custom_size'] = b.customSize;
    s['building_info.thickness'] = label(labels.settings, b.thicknessId);
    s['building_info.door_type'] = label(labels.settings, b.doorTypeId);
    s['building_info.door_type_price'] = b.doorTypePrice;
    s['building_info.door_cladding'] = label(labels.settings, b.doorCladdingId);
    s['building_info.door_cladding_price'] = b.doorCladdingPrice;
    s['building_info.hinge_side'] = label(labels.settings, b.hingeSideId);
    s['building_info.roof_color'] = label(labels.settings, b.roofColorId);
    s['building_info.siding_color'] = label(labels.settings, b.sidingColorId);
    s['building_info.door_placement'] = b.doorPlacement;
  }
  r.items.forEach((i, index) => {
    s[`building_info.additional_items[${index}]`] = itemSnapshot(i, labels);
  });
  return s;
}

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

function sameValue(a: unknown, b: unknown): boolean {
  if (isBlank(a) && isBlank(b)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What changed between two snapshots. An additional item present on both sides is compared
 * field by field ('building_info.additional_items[0].quantity'); an added or removed item is one
 * entry with the whole item on one side and null on the other.
 */
export function diffSnapshots(before: Snapshot | null, after: Snapshot): HistoryChanges {
  const changes: HistoryChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  for (const key of keys) {
    const oldValue = before ? (before[key] ?? null) : null;
    const newValue = after[key] ?? null;
    const oldIsItem = oldValue !== null && typeof oldValue === 'object';
    const newIsItem = newValue !== null && typeof newValue === 'object';
    if (oldIsItem && newIsItem) {
      for (const field of Object.keys({ ...oldValue, ...newValue })) {
        const o = oldValue[field] ?? null;
        const n = newValue[field] ?? null;
        if (!sameValue(o, n)) changes[`${key}.${field}`] = { old: o, new: n };
      }
    } else if (before === null ? !isBlank(newValue) && newValue !== false && newValue !== '0.00' : !sameValue(oldValue, newValue)) {
      changes[key] = { old: oldValue, new: newValue };
    }
  }
  return changes;
}
