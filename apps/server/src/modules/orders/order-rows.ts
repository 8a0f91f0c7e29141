import { inArray } from 'drizzle-orm';
import { CUSTOM_PRODUCT, type AddressData, type OrderData } from '@icehouse/domain';
import { orderAdditionalItems } from '@icehouse/db/schema';
import type { Database, Db } from '@icehouse/db/client';
import { inTransaction } from '../../prepared-query';
import { itemUpdate } from './save-queries';
import type { ReferenceFacts } from './validation';
import type { OrderRecord } from './views';

/** The table rows an order form's data becomes, and the checks that skip writes which change nothing. */

export function addressValues(a: AddressData) {
  return {
    name: a.name,
    street: a.street,
    city: a.city,
    state: a.state,
    zipCode: a.zip_code,
    country: a.country,
  };
}

export function orderValues(data: OrderData, additionalInfo: string) {
  return {
    status: data.status,
    date: data.date,
    shipDate: data.ship_date,
    shipViaId: data.ship_via,
    invoiceNumber: data.invoice_number,
    doorNumber: data.door_number,
    specialDeliveryInfo: data.special_delivery_info,
    customerPoJobName: data.customer_po_job_name,
    freightCost: data.freight_cost,
    discount: data.discount,
    discountIsPercentage: data.discount_is_percentage,
    taxExempt: data.tax_exempt,
    phone: data.phone,
    epsPoNumber: data.eps_po_number,
    poDeliveryDate: data.po_delivery_date,
    notes: data.notes,
    additionalInfo,
    // Absent (undefined) keeps the stored customer on update: drizzle leaves an undefined column out.
    customerId: data.customer_id,
  };
}

/**
 * The building row. A catalogue product's building type is the product's (the form shows the
 * type only for custom products); a custom product keeps the type chosen.
 */
export function buildingValues(data: OrderData, facts: ReferenceFacts) {
  const b = data.building_info;
  const isCustom = b.product === CUSTOM_PRODUCT;
  return {
    productId: typeof b.product === 'number' ? b.product : null,
    isCustom,
    price: b.price,
    buildingType: isCustom
      ? b.building_type
      : ((facts.productBuildingType as typeof b.building_type) ?? b.building_type),
    buildingDescription: b.building_description,
    sizeId: b.size,
    customSize: b.custom_size,
    thicknessId: b.thickness,
    doorTypeId: b.door_type,
    doorTypePrice: b.door_type_price,
    doorCladdingId: b.door_cladding,
    doorCladdingPrice: b.door_cladding_price,
    hingeSideId: b.hinge_side,
    roofColorId: b.roof_color,
    sidingColorId: b.siding_color,
    doorPlacement: b.door_placement,
  };
}

export function itemValues(item: OrderData['building_info']['additional_items'][number], position: number) {
  return {
    position,
    itemId: item.item,
    customItemName: item.custom_item_name,
    quantity: item.quantity,
    price: item.price,
  };
}

/**
 * True when the stored row already holds every one of these values (exactly: '1150' against a
 * stored '1150.00' counts as a change), so the write can be skipped. `before` is what this save
 * replaces: the version check made sure nothing changed it since it was read.
 */
export function sameValues(row: object | null, values: Record<string, unknown>): boolean {
  if (row === null) return false;
  const stored = row as Record<string, unknown>;
  return Object.entries(values).every(([key, value]) => key in stored && stored[key] === value);
}

/**
 * Items keep their ids position by position. The items whose values changed, each replaced; every
 * statement is sent before this returns (one round trip with whatever the caller sends next).
 */
export function updateChangedItems(
  tx: Db,
  inTransactionOf: Database | undefined,
  existing: OrderRecord['items'],
  wanted: OrderData['building_info']['additional_items'],
): Promise<unknown>[] {
  const sent: Promise<unknown>[] = [];
  for (let i = 0; i < Math.min(existing.length, wanted.length); i++) {
    const row = existing[i]!;
    const next = itemValues(wanted[i]!, i);
    const same =
      row.position === next.position &&
      row.itemId === next.itemId &&
      row.customItemName === next.customItemName &&
      row.quantity === next.quantity &&
      row.price === next.price;
    if (!same)
      sent.push(
        inTransaction(tx, inTransactionOf, 'orders.itemUpdate', (db) => itemUpdate(db, next), (query) =>
          query.execute({ ...next, where_id: row.id }),
        ),
      );
  }
  return sent;
}

/** True when the save adds or removes items (see addOrRemoveItems). */
export const changesItemCount = (existing: OrderRecord['items'], wanted: OrderData['building_info']['additional_items']) =>
  existing.length !== wanted.length;

/** Extra rows added at the end, surplus rows removed (statements built per save: not the common case). */
export async function addOrRemoveItems(
  tx: Db,
  orderId: number,
  existing: OrderRecord['items'],
  wanted: OrderData['building_info']['additional_items'],
): Promise<void> {
  if (wanted.length > existing.length) {
    await tx
      .insert(orderAdditionalItems)
      .values(
        wanted
          .slice(existing.length)
          .map((item, k) => ({ orderId, ...itemValues(item, existing.length + k) })),
      );
  }
  if (existing.length > wanted.length) {
    await tx.delete(orderAdditionalItems).where(
      inArray(
        orderAdditionalItems.id,
        existing.slice(wanted.length).map((r) => r.id),
      ),
    );
  }
}
