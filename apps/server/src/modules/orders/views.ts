import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  CUSTOM_PRODUCT,
  calculateOrderPrice,
  customerNameOf,
  canChangeStatus,
  missingRequirements,
  nextStatus,
  orderPriceInputFromOrder,
  statusLabel,
  toMoneyString,
  type OrderStatus,
} from '@icehouse/domain';
import {
  addresses,
  billsOfLading,
  companyInfo,
  invoiceOrders,
  invoices,
  orderAdditionalItems,
  orderBuildingInfo,
  orders,
  products,
  settings,
  storedFiles,
} from '@icehouse/db/schema';
import type { Database, Db } from '@icehouse/db/client';
import { inTransaction } from '../../prepared-query';
import type { orderAnswer, orderListRowAnswer } from './schemas';

/**
 * Reading orders: a fixed number of queries for any number of orders (no N+1), and the answer
 * shapes the REST API and tRPC share (snake_case, decimals as "12.50", dates YYYY-MM-DD).
 */

// The answers' types are their output schemas' (schemas.ts): a view missing a field fails typecheck.
export type OrderView = z.output<typeof orderAnswer>;
export type OrderListRow = z.output<typeof orderListRowAnswer>;
export type AddressView = NonNullable<OrderView['billing_address']>;
export type BuildingInfoView = NonNullable<OrderView['building_info']>;
export type AdditionalItemView = OrderView['additional_items'][number];
export type InvoiceDetails = NonNullable<OrderView['invoice_details']>;
export type OrderTotals = OrderView['totals'];
/** What the status pipeline shows for an order (list rows and full orders alike). */
export type StatusView = Pick<OrderView, 'status' | 'status_display' | 'has_bol' | 'has_invoice' | 'can_change_status' | 'missing_requirements' | 'next_possible_status'>;

export const serveBlueprintUrl = (id: number) => `/api/orders/${id}/serve-blueprint/`;
export const serveDoorPlacementUrl = (id: number) => `/api/orders/${id}/serve-door-placement/`;

const money = (v: string | null | undefined): string | null => (v === null || v === undefined ? null : toMoneyString(v));

export interface StatusFacts {
  status: OrderStatus;
  eps_po_number: string;
  ship_date: string | null;
  ship_via: unknown;
  has_invoice: boolean;
  has_bol: boolean;
}

export function statusView(o: StatusFacts): StatusView {
  const next = nextStatus(o.status);
  return {
    status: o.status,
    status_display: statusLabel(o.status),
    has_bol: o.has_bol,
    has_invoice: o.has_invoice,
    can_change_status: canChangeStatus(o),
    missing_requirements: next ? missingRequirements(o, next) : [],
    next_possible_status: next,
  };
}

type OrderRow = typeof orders.$inferSelect;
type AddressRow = typeof addresses.$inferSelect;
type BuildingRow = typeof orderBuildingInfo.$inferSelect;
type ItemRow = typeof orderAdditionalItems.$inferSelect;

/** An order as stored, with everything its answer needs. */
export interface OrderRecord {
  order: OrderRow;
  billing: AddressRow | null;
  shipping: AddressRow | null;
  shipViaLabel: string | null;
  blueprintFilename: string | null;
  doorPlacementFilename: string | null;
  invoice: InvoiceDetails | null;
  bol: { bolNumber: string; date: string; freeOnBoard: string } | null;
  building: BuildingRow | null;
  /** The chosen product's building type (for pricing when the row has none). */
  productBuildingType: string | null;
  items: ItemRow[];
}

const billingAddress = alias(addresses, 'billing_address');
const shippingAddress = alias(addresses, 'shipping_address');
const shipViaSetting = alias(settings, 'ship_via_setting');
const blueprintFile = alias(storedFiles, 'blueprint_file');
const doorPlacementFile = alias(storedFiles, 'door_placement_file');

/** `column = any($ids)`: one statement for any number of ids (an IN list would be a new statement per length). */
const anyOfIds = (column: AnyPgColumn) => sql`${column} = any(${sql.placeholder('ids')})`;

function recordQueries(db: Db) {
  return {
    rows: db
      .select({
        order: orders,
        billing: billingAddress,
        shipping: shippingAddress,
        shipViaLabel: shipViaSetting.value,
        blueprintFilename: blueprintFile.filename,
        doorPlacementFilename: doorPlacementFile.filename,
        invoiceId: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        invoiceDate: invoices.date,
        bolNumber: billsOfLading.bolNumber,
        bolDate: billsOfLading.date,
        bolFreeOnBoard: billsOfLading.freeOnBoard,
      })
      .from(orders)
      .leftJoin(billingAddress, eq(billingAddress.id, orders.billingAddressId))
      .leftJoin(shippingAddress, eq(shippingAddress.id, orders.shippingAddressId))
      .leftJoin(shipViaSetting, eq(shipViaSetting.id, orders.shipViaId))
      .leftJoin(blueprintFile, eq(blueprintFile.id, orders.blueprintFileId))
      .leftJoin(doorPlacementFile, eq(doorPlacementFile.id, orders.doorPlacementFileId))
      .leftJoin(invoiceOrders, eq(invoiceOrders.orderId, orders.id))
      .leftJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
      .leftJoin(billsOfLading, eq(billsOfLading.orderId, orders.id))
      .where(anyOfIds(orders.id))
      .prepare('order_records'),
    buildings: db
      .select({ info: orderBuildingInfo, productBuildingType: products.buildingType })
      .from(orderBuildingInfo)
      .leftJoin(products, eq(products.id, orderBuildingInfo.productId))
      .where(anyOfIds(orderBuildingInfo.orderId))
      .prepare('order_record_buildings'),
    items: db
      .select()
      .from(orderAdditionalItems)
      .where(anyOfIds(orderAdditionalItems.orderId))
      .orderBy(asc(orderAdditionalItems.orderId), asc(orderAdditionalItems.position), asc(orderAdditionalItems.id))
      .prepare('order_record_items'),
  };
}

/**
 * Loads orders by id in three queries; the result keeps the order of `ids` and skips missing ones.
 * In a transaction, pass the database too (`inTransactionOf`): on PostgreSQL the queries built once on
 * its pool then run on the transaction instead of being built again for it (decision 218).
 */
export async function loadOrderRecords(db: Db, ids: readonly number[], inTransactionOf?: Database): Promise<OrderRecord[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const [rows, buildings, items] = await inTransaction(db, inTransactionOf, 'orders.records', recordQueries, (queries) =>
    Promise.all([
      queries.rows.execute({ ids: unique }),
      queries.buildings.execute({ ids: unique }),
      queries.items.execute({ ids: unique }),
    ]),
  );
  const buildingByOrder = new Map(buildings.map((b) => [b.info.orderId, b]));
  const itemsByOrder = new Map<number, ItemRow[]>();
  for (const item of items) {
    const list = itemsByOrder.get(item.orderId) ?? [];
    list.push(item);
    itemsByOrder.set(item.orderId, list);
  }
  const byId = new Map<number, OrderRecord>();
  for (const r of rows) {
    const building = buildingByOrder.get(r.order.id);
    byId.set(r.order.id, {
      order: r.order,
      billing: r.billing,
      shipping: r.shipping,
      shipViaLabel: r.shipViaLabel,
      blueprintFilename: r.blueprintFilename,
      doorPlacementFilename: r.doorPlacementFilename,
      invoice: r.invoiceId !== null ? { id: r.invoiceId, invoice_number: r.invoiceNumber ?? '', date: r.invoiceDate ?? '' } : null,
      bol: r.bolNumber !== null ? { bolNumber: r.bolNumber, date: r.bolDate ?? '', freeOnBoard: r.bolFreeOnBoard ?? '' } : null,
      building: building?.info ?? null,
      productBuildingType: building?.productBuildingType ?? null,
      items: itemsByOrder.get(r.order.id) ?? [],
    });
  }
  return ids.map((id) => byId.get(id)).filter((r): r is OrderRecord => r !== undefined);
}

/** Company info's sales_tax_rate, "0.00" when there is no company row. */
export async function salesTaxRate(db: Db, inTransactionOf?: Database): Promise<string> {
  const [row] = await inTransaction(
    db,
    inTransactionOf,
    'orders.salesTaxRate',
    (d) => d.select({ rate: companyInfo.salesTaxRate }).from(companyInfo).where(eq(companyInfo.id, 1)).limit(1).prepare('sales_tax_rate'),
    (query) => query.execute(),
  );
  return toMoneyString(row?.rate ?? '0');
}

function addressView(a: AddressRow | null): AddressView | null {
  if (!a) return null;
  return { id: a.id, name: a.name, street: a.street, city: a.city, state: a.state, zip_code: a.zipCode, country: a.country };
}

function itemView(i: ItemRow): AdditionalItemView {
  return { id: i.id, item: i.itemId, custom_item_name: i.customItemName, quantity: i.quantity, price: toMoneyString(i.price) };
}

/** The building type pricing and rules use: the stored one, else the product's. */
export function effectiveBuildingType(r: Pick<OrderRecord, 'building' | 'productBuildingType'>): string | null {
  return r.building?.buildingType ?? r.productBuildingType ?? null;
}

function buildingView(r: OrderRecord, items: AdditionalItemView[]): BuildingInfoView | null {
  const b = r.building;
  if (!b) return null;
  return {
    id: b.id,
    order: b.orderId,
    product: b.isCustom ? CUSTOM_PRODUCT : b.productId,
    is_custom: b.isCustom,
    price: money(b.price),
    building_type: effectiveBuildingType(r),
    building_description: b.buildingDescription,
    size: b.sizeId,
    custom_size: b.customSize,
    thickness: b.thicknessId,
    door_type: b.doorTypeId,
    door_type_price: money(b.doorTypePrice),
    door_cladding: b.doorCladdingId,
    door_cladding_price: money(b.doorCladdingPrice),
    hinge_side: b.hingeSideId,
    roof_color: b.roofColorId,
    siding_color: b.sidingColorId,
    door_placement: b.doorPlacement,
    additional_items: items,
  };
}

export function toOrderView(r: OrderRecord, taxRate: string): OrderView {
  const o = r.order;
  const items = r.items.map(itemView);
  const building = buildingView(r, items);
  const shipVia = o.shipViaId !== null ? { value: o.shipViaId, label: r.shipViaLabel ?? '' } : null;
  const base = {
    id: o.id,
    ...statusView({
      status: o.status,
      eps_po_number: o.epsPoNumber,
      ship_date: o.shipDate,
      ship_via: o.shipViaId,
      has_invoice: r.invoice !== null,
      has_bol: r.bol !== null,
    }),
    date: o.date,
    ship_date: o.shipDate,
    ship_via: shipVia,
    invoice_number: o.invoiceNumber,
    door_number: o.doorNumber,
    special_delivery_info: o.specialDeliveryInfo,
    customer_po_job_name: o.customerPoJobName,
    freight_cost: toMoneyString(o.freightCost),
    discount: toMoneyString(o.discount),
    discount_is_percentage: o.discountIsPercentage,
    tax_exempt: o.taxExempt,
    phone: o.phone,
    eps_po_number: o.epsPoNumber,
    po_delivery_date: o.poDeliveryDate,
    notes: o.notes,
    additional_info: o.additionalInfo,
    bol_number: r.bol?.bolNumber ?? null,
    customer_name: customerNameOf(r.billing?.name, r.shipping?.name),
    customer_id: o.customerId,
    blueprint: o.blueprintFileId !== null ? serveBlueprintUrl(o.id) : null,
    blueprint_filename: o.blueprintFileId !== null ? r.blueprintFilename : null,
    door_placement_drawing: o.doorPlacementFileId !== null ? serveDoorPlacementUrl(o.id) : null,
    door_placement_filename: o.doorPlacementFileId !== null ? r.doorPlacementFilename : null,
    invoice_details: r.invoice,
    bill_of_lading_details: r.bol ? { bill_of_lading_number: r.bol.bolNumber, date: r.bol.date, free_on_board: r.bol.freeOnBoard } : null,
    billing_address: addressView(r.billing),
    shipping_address: addressView(r.shipping),
    building_info: building,
    additional_items: items,
  };
  const price = calculateOrderPrice(
    orderPriceInputFromOrder(
      { ...base, building_info: building ?? { additional_items: items } },
      { taxRate, buildingType: effectiveBuildingType(r) },
    ),
  );
  return {
    ...base,
    totals: {
      subtotal: price.subtotal,
      discount_amount: price.discountAmount,
      tax_amount: price.taxAmount,
      total: price.total,
      tax_rate: taxRate,
    },
    version: o.version,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
  };
}

/** Full answers for the given orders (4 queries), in the order of `ids`; `inTransactionOf` as for loadOrderRecords. */
export async function loadOrderViews(db: Db, ids: readonly number[], inTransactionOf?: Database): Promise<OrderView[]> {
  const [records, taxRate] = await Promise.all([loadOrderRecords(db, ids, inTransactionOf), salesTaxRate(db, inTransactionOf)]);
  return records.map((r) => toOrderView(r, taxRate));
}

/** Setting values by id (for readable history and invoice lines). */
export async function settingLabels(db: Db, ids: Iterable<number | null | undefined>): Promise<Map<number, string>> {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: settings.id, value: settings.value }).from(settings).where(inArray(settings.id, wanted));
  return new Map(rows.map((r) => [r.id, r.value]));
}

/** Product descriptions by id. */
export async function productDescriptions(db: Db, ids: Iterable<number | null | undefined>): Promise<Map<number, string>> {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: products.id, description: products.description }).from(products).where(inArray(products.id, wanted));
  return new Map(rows.map((r) => [r.id, r.description]));
}

/** True when the order has a bill of lading. */
export async function orderHasBol(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db.select({ id: billsOfLading.id }).from(billsOfLading).where(eq(billsOfLading.orderId, orderId)).limit(1);
  return row !== undefined;
}
