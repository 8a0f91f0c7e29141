import { and, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CUSTOM_PRODUCT,
  LIMITS,
  MESSAGES,
  MONTH_NAMES,
  UNVOID_STATUS,
  canUnvoid,
  canVoid,
  isOrderStatus,
  missingRequirements,
  nextStatus,
  statusLabel,
  type AddressData,
  type OrderData,
  type OrderForInvoice,
  type OrderStatus,
} from '@icehouse/domain';
import { SEQUENCE_FLOORS, bumpSequence, isForeignKeyViolation, isUniqueViolation } from '@icehouse/db';
import {
  addresses,
  billsOfLading,
  invoiceOrders,
  invoices,
  orderAdditionalItems,
  orderBuildingInfo,
  numberSequences,
  orderMonthCounts,
  orders,
  storedFiles,
  type InvoiceAddress,
} from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import type { AppDeps } from '../../deps';
import { statusChoices, type Choice } from '../lookups/service';
import {
  diffSnapshots,
  labelsFor,
  listHistory,
  recordHistory,
  snapshotOf,
  type HistoryEntryView,
} from './history';
import {
  ORDER_MESSAGES,
  checkReferences,
  doorNumberTakenError,
  parseOrderWrite,
  staleOrderError,
  statusMoveIssues,
  validationError,
  type ReferenceFacts,
} from './validation';
import {
  customerNameOf,
  effectiveBuildingType,
  loadOrderRecords,
  loadOrderViews,
  orderHasInvoice,
  productDescriptions,
  salesTaxRate,
  settingLabels,
  statusView,
  toOrderView,
  type OrderListRow,
  type OrderRecord,
  type OrderView,
} from './views';
import { preparedQuery } from '../../prepared-query';
import { insertOrderRows, lockInvoicesOfOrder } from './save-queries';
import { containsPattern } from '../../like-pattern';

/**
 * The one implementation of orders: REST routes (rest.ts) and tRPC procedures (router.ts) both
 * call these functions. Multi-row writes happen in one transaction with their history entry.
 */

type DbDeps = Pick<AppDeps, 'database'>;

/** Who makes a change (recorded in history); null for system jobs. */
export type Actor = { id: number } | null;

export const ORDER_NOT_FOUND = 'Order not found.';
/** Rows per page of the order list (GET /api/orders/list-view/ and orders.list). */
export const ORDER_PAGE_SIZE = 25;

const notFound = () => AppError.notFound(ORDER_NOT_FOUND);

// ------------------------------------------------------------------------------------- reading

export async function getOrder(deps: DbDeps, id: number): Promise<OrderView> {
  const [view] = await loadOrderViews(deps.database.db, [id]);
  if (!view) throw notFound();
  return view;
}

/** Full answers for several orders at once (a fixed number of queries), missing ids skipped. */
export async function getOrders(deps: DbDeps, ids: readonly number[]): Promise<OrderView[]> {
  return loadOrderViews(deps.database.db, ids);
}

// ------------------------------------------------------------------------------------- writing

function addressValues(a: AddressData) {
  return {
    name: a.name,
    street: a.street,
    city: a.city,
    state: a.state,
    zipCode: a.zip_code,
    country: a.country,
  };
}

function orderValues(data: OrderData, additionalInfo: string) {
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
  };
}

/**
 * The building row. A catalogue product's building type is the product's (the form shows the
 * type only for custom products); a custom product keeps the type chosen.
 */
function buildingValues(data: OrderData, facts: ReferenceFacts) {
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

function itemValues(item: OrderData['building_info']['additional_items'][number], position: number) {
  return {
    position,
    itemId: item.item,
    customItemName: item.custom_item_name,
    quantity: item.quantity,
    price: item.price,
  };
}

const NUMERIC_DOOR_NUMBER = /^[0-9]{1,15}$/;

/** A typed numeric door number moves the sequence past it, so the next suggestion stays free. */
async function bumpDoorSequence(tx: Db, doorNumber: string): Promise<void> {
  if (!NUMERIC_DOOR_NUMBER.test(doorNumber)) return;
  const n = Number(doorNumber);
  if (Number.isSafeInteger(n)) await bumpSequence(tx, 'door_number', n);
}

/** Database refusals that are the user's to fix, as field errors; anything else unchanged. */
export function mapOrderWriteError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (isUniqueViolation(error, 'orders_door_number_key')) return doorNumberTakenError();
  if (isForeignKeyViolation(error))
    return AppError.validation({ non_field_errors: [ORDER_MESSAGES.optionGone] }, ORDER_MESSAGES.optionGone);
  return error;
}

async function recordSnapshotHistory(
  tx: Db,
  orderId: number,
  action: 'created' | 'updated',
  before: OrderRecord | null,
  userId: number | null,
): Promise<OrderRecord | null> {
  const [after] = await loadOrderRecords(tx, [orderId]);
  if (!after) return null;
  const labels = await labelsFor(tx, before ? [before, after] : [after]);
  const changes = diffSnapshots(before ? snapshotOf(before, labels) : null, snapshotOf(after, labels));
  if (action === 'updated' && Object.keys(changes).length === 0) return after;
  await recordHistory(tx, { orderId, action, changes, userId });
  return after;
}

/**
 * The history entry of a create / update, and the answer: the order as this transaction leaves
 * it (read once, for both), so the caller does not read it all again after the commit.
 */
async function finishWrite(
  tx: Db,
  orderId: number,
  action: 'created' | 'updated',
  before: OrderRecord | null,
  userId: number | null,
): Promise<OrderView | null> {
  const [after, taxRate] = await Promise.all([
    recordSnapshotHistory(tx, orderId, action, before, userId),
    salesTaxRate(tx),
  ]);
  return after ? toOrderView(after, taxRate) : null;
}

/**
 * POST /api/orders/: the order with its addresses, building and additional items, in one
 * transaction. Validation failures change nothing.
 */
export async function createOrder(deps: DbDeps, actor: Actor, raw: unknown): Promise<OrderView> {
  const db = deps.database.db;
  const parsed = parseOrderWrite(raw, { hasInvoice: false, hasBol: false, requireVersion: false });
  if (!parsed.ok) throw validationError(parsed.issues);
  const { data, additionalInfo } = parsed.value;
  const { issues, facts } = await checkReferences(db, data, null);
  issues.unshift(...statusMoveIssues(null, data.status));
  if (issues.length > 0) throw validationError(issues);

  const userId = actor?.id ?? null;
  let saved: { id: number; view: OrderView | null };
  try {
    saved = await db.transaction(async (tx) => {
      const items = data.building_info.additional_items;
      const orderId = await insertOrderRows(tx, {
        billing: addressValues(data.billing_address),
        shipping: addressValues(data.shipping_address),
        order: { ...orderValues(data, additionalInfo ?? ''), createdBy: userId, updatedBy: userId },
        building: buildingValues(data, facts),
        items: items.map((item, i) => itemValues(item, i)),
      });
      const view = await finishWrite(tx, orderId, 'created', null, userId);
      // Last: it locks the sequence row until the commit, and every new order with a numeric door number needs it.
      await bumpDoorSequence(tx, data.door_number);
      return { id: orderId, view };
    });
  } catch (error) {
    throw mapOrderWriteError(error);
  }
  return saved.view ?? getOrder(deps, saved.id);
}

/**
 * PUT /api/orders/{id}/: replaces the order's fields, addresses, building and items. `version`
 * must be the one the client read: a stale version answers 409 and changes nothing. The version
 * is bumped by the same UPDATE that checks it.
 */
export async function updateOrder(deps: DbDeps, actor: Actor, id: number, raw: unknown): Promise<OrderView> {
  const db = deps.database.db;
  const [before] = await loadOrderRecords(db, [id]);
  if (!before) throw notFound();
  const parsed = parseOrderWrite(raw, {
    hasInvoice: before.invoice !== null,
    hasBol: before.bol !== null,
    requireVersion: true,
  });
  const version = parsed.ok ? parsed.value.version : parsed.version;
  // A stale form is reported first: fixing its other errors would only end in this conflict.
  if (version !== null && version !== before.order.version) throw staleOrderError();
  if (!parsed.ok) throw validationError(parsed.issues);
  const { data, additionalInfo } = parsed.value;
  const { issues, facts } = await checkReferences(db, data, id);
  issues.unshift(...statusMoveIssues(before.order.status, data.status));
  if (issues.length > 0) throw validationError(issues);

  const userId = actor?.id ?? null;
  let view: OrderView | null;
  try {
    view = await db.transaction(async (tx) => {
      if (renamesCustomer(before, data)) await lockInvoicesOfOrder(tx, id);
      const updated = await tx
        .update(orders)
        .set({
          ...orderValues(data, additionalInfo ?? before.order.additionalInfo),
          version: sql`${orders.version} + 1`,
          updatedBy: userId,
        })
        .where(and(eq(orders.id, id), eq(orders.version, version!)))
        .returning({ id: orders.id });
      if (updated.length === 0) {
        const [exists] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
        throw exists ? staleOrderError() : notFound();
      }
      // The row is now locked and was at the version read: `before` is what this save replaces.
      for (const [which, address] of [
        ['billing', data.billing_address],
        ['shipping', data.shipping_address],
      ] as const) {
        const addressId =
          which === 'billing' ? before.order.billingAddressId : before.order.shippingAddressId;
        if (addressId !== null) {
          const values = addressValues(address);
          if (!sameValues(which === 'billing' ? before.billing : before.shipping, values)) {
            await tx.update(addresses).set(values).where(eq(addresses.id, addressId));
          }
        } else {
          const [created] = await tx
            .insert(addresses)
            .values(addressValues(address))
            .returning({ id: addresses.id });
          await tx
            .update(orders)
            .set(which === 'billing' ? { billingAddressId: created!.id } : { shippingAddressId: created!.id })
            .where(eq(orders.id, id));
        }
      }
      const building = buildingValues(data, facts);
      if (!sameValues(before.building, building)) {
        await tx
          .insert(orderBuildingInfo)
          .values({ orderId: id, ...building })
          .onConflictDoUpdate({ target: orderBuildingInfo.orderId, set: building });
      }
      await syncItems(tx, id, before.items, data.building_info.additional_items);
      const view = await finishWrite(tx, id, 'updated', before, userId);
      if (data.door_number !== before.order.doorNumber) await bumpDoorSequence(tx, data.door_number);
      return view;
    });
  } catch (error) {
    throw mapOrderWriteError(error);
  }
  return view ?? getOrder(deps, id);
}

/** True when a save changes the billing or shipping name (the order's invoices' search text). */
function renamesCustomer(before: OrderRecord, data: OrderData): boolean {
  return before.billing?.name !== data.billing_address.name || before.shipping?.name !== data.shipping_address.name;
}

/**
 * True when the stored row already holds every one of these values (exactly: '1150' against a
 * stored '1150.00' counts as a change), so the write can be skipped. `before` is what this save
 * replaces: the version check made sure nothing changed it since it was read.
 */
function sameValues(row: object | null, values: Record<string, unknown>): boolean {
  if (row === null) return false;
  const stored = row as Record<string, unknown>;
  return Object.entries(values).every(([key, value]) => key in stored && stored[key] === value);
}

/** Items keep their ids position by position; extra rows are added, surplus rows removed. */
async function syncItems(
  tx: Db,
  orderId: number,
  existing: OrderRecord['items'],
  wanted: OrderData['building_info']['additional_items'],
): Promise<void> {
  for (let i = 0; i < Math.min(existing.length, wanted.length); i++) {
    const row = existing[i]!;
    const next = itemValues(wanted[i]!, i);
    const same =
      row.position === next.position &&
      row.itemId === next.itemId &&
      row.customItemName === next.customItemName &&
      row.quantity === next.quantity &&
      row.price === next.price;
    if (!same) await tx.update(orderAdditionalItems).set(next).where(eq(orderAdditionalItems.id, row.id));
  }
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

/**
 * DELETE /api/orders/{id}/: refused (409) while the order has an invoice. Its addresses,
 * building, items, bill of lading and files go with it; its history rows go too (ON DELETE
 * CASCADE), and one 'deleted' entry without an order keeps who deleted what, and when.
 */
export async function deleteOrder(deps: DbDeps, actor: Actor, id: number): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!row) throw notFound();
    const [invoice] = await tx
      .select({ number: invoices.invoiceNumber })
      .from(invoiceOrders)
      .innerJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
      .where(eq(invoiceOrders.orderId, id))
      .limit(1);
    if (invoice) {
      throw new AppError(
        'CONFLICT',
        `This order has an invoice (#${invoice.number}) and cannot be deleted. Delete the invoice first.`,
      );
    }
    const addressIds = [row.billingAddressId, row.shippingAddressId].filter((v): v is number => v !== null);
    const fileIds = [row.blueprintFileId, row.doorPlacementFileId].filter((v): v is number => v !== null);
    const names = addressIds.length
      ? await tx
          .select({ id: addresses.id, name: addresses.name })
          .from(addresses)
          .where(inArray(addresses.id, addressIds))
      : [];
    const nameOf = (addressId: number | null) => names.find((n) => n.id === addressId)?.name ?? '';
    await tx.delete(orders).where(eq(orders.id, id));
    if (addressIds.length) await tx.delete(addresses).where(inArray(addresses.id, addressIds));
    if (fileIds.length) await tx.delete(storedFiles).where(inArray(storedFiles.id, fileIds));
    await recordHistory(tx, {
      orderId: null,
      action: 'deleted',
      changes: {
        order_id: { old: id, new: null },
        door_number: { old: row.doorNumber, new: null },
        customer_name: {
          old: customerNameOf(nameOf(row.billingAddressId), nameOf(row.shippingAddressId)),
          new: null,
        },
        status: { old: row.status, new: null },
        date: { old: row.date, new: null },
      },
      userId: actor?.id ?? null,
    });
  });
}

/**
 * For other modules that change the order's own columns (e.g. the invoices module writing
 * orders.invoice_number): bumps the version in the caller's transaction, so a form opened before
 * the change is told it is stale (409) instead of silently writing its old value back.
 */
export async function bumpOrderVersion(tx: Db, orderId: number, userId: number | null): Promise<void> {
  await tx
    .update(orders)
    .set({ version: sql`${orders.version} + 1`, updatedBy: userId })
    .where(eq(orders.id, orderId));
}

// ------------------------------------------------------------------------------------- status

/** A refused status move: 400 { detail, error, missing_requirements, current_status, next_possible_status }. */
function statusChangeError(message: string, current: OrderStatus, missing: string[] = []): AppError {
  return new AppError('VALIDATION', message, {
    details: {
      error: message,
      missing_requirements: missing,
      current_status: current,
      next_possible_status: nextStatus(current),
    },
  });
}

async function lockOrder(tx: Db, id: number) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

async function setStatus(tx: Db, id: number, status: OrderStatus, userId: number | null) {
  await tx
    .update(orders)
    .set({ status, version: sql`${orders.version} + 1`, updatedBy: userId })
    .where(eq(orders.id, id));
}

/**
 * POST /api/orders/{id}/change-status/: only the move the server offers (next_possible_status),
 * and only when the order meets its requirements (completed needs an invoice).
 */
export async function changeOrderStatus(
  deps: DbDeps,
  actor: Actor,
  id: number,
  newStatus: string,
): Promise<OrderView> {
  const userId = actor?.id ?? null;
  await deps.database.db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (newStatus === '')
      throw AppError.validation({ new_status: [MESSAGES.statusRequired] }, MESSAGES.statusRequired);
    if (!isOrderStatus(newStatus))
      throw AppError.validation({ new_status: [MESSAGES.statusInvalid] }, MESSAGES.statusInvalid);
    const current = row.status;
    const next = nextStatus(current);
    if (newStatus === current)
      throw statusChangeError(`The order is already ${statusLabel(current)}.`, current);
    if (next === null)
      throw statusChangeError(`A ${statusLabel(current)} order cannot change status.`, current);
    const facts = {
      eps_po_number: row.epsPoNumber,
      ship_date: row.shipDate,
      ship_via: row.shipViaId,
      has_invoice: await orderHasInvoice(tx, id),
    };
    if (newStatus !== next) {
      throw statusChangeError(
        `Cannot change status from ${statusLabel(current)} to ${statusLabel(newStatus)}: the next status is ${statusLabel(next)}.`,
        current,
        missingRequirements(facts, next),
      );
    }
    const missing = missingRequirements(facts, next);
    if (missing.length > 0)
      throw statusChangeError(`Missing requirements: ${missing.join(', ')}`, current, missing);
    await setStatus(tx, id, next, userId);
    await recordHistory(tx, {
      orderId: id,
      action: 'status_changed',
      changes: { status: { old: current, new: next } },
      userId,
    });
  });
  return getOrder(deps, id);
}

/** POST /api/orders/{id}/void/: pending -> voided. */
export async function voidOrder(deps: DbDeps, actor: Actor, id: number): Promise<OrderView> {
  const userId = actor?.id ?? null;
  await deps.database.db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (!canVoid(row.status)) {
      throw statusChangeError(
        `Only pending orders can be voided. This order is ${statusLabel(row.status)}.`,
        row.status,
      );
    }
    await setStatus(tx, id, 'voided', userId);
    await recordHistory(tx, {
      orderId: id,
      action: 'voided',
      changes: { status: { old: row.status, new: 'voided' } },
      userId,
    });
  });
  return getOrder(deps, id);
}

/** POST /api/orders/{id}/unvoid/: voided -> pending. */
export async function unvoidOrder(deps: DbDeps, actor: Actor, id: number): Promise<OrderView> {
  const userId = actor?.id ?? null;
  await deps.database.db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (!canUnvoid(row.status)) {
      throw statusChangeError(
        `Only voided orders can be unvoided. This order is ${statusLabel(row.status)}.`,
        row.status,
      );
    }
    await setStatus(tx, id, UNVOID_STATUS, userId);
    await recordHistory(tx, {
      orderId: id,
      action: 'unvoided',
      changes: { status: { old: row.status, new: UNVOID_STATUS } },
      userId,
    });
  });
  return getOrder(deps, id);
}

// -------------------------------------------------------------------------------- door numbers

/**
 * GET /api/orders/get-next-door-number/ and orders.nextDoorNumber: the next free door number,
 * proposed without taking it (decision 010): reading it any number of times (a link, a prefetch,
 * a form opened and closed) consumes nothing. The number is taken when an order is saved with it
 * (createOrder moves the 'door_number' sequence past it); two forms given the same proposal race
 * on the unique door number, and the loser gets the field error and a fresh proposal.
 */
export async function proposeDoorNumber(deps: DbDeps): Promise<{ door_number: string }> {
  const db = deps.database.db;
  const [row] = await db
    .select({ last: numberSequences.lastValue })
    .from(numberSequences)
    .where(eq(numberSequences.name, 'door_number'));
  let candidate = Math.max((row?.last ?? 0) + 1, SEQUENCE_FLOORS.door_number);
  const [taken] = await db.select({ id: orders.id }).from(orders).where(eq(orders.doorNumber, String(candidate))).limit(1);
  if (taken) {
    // A number some order already has (imported, or typed before the sequence knew it): past the highest.
    const [max] = await db
      .select({ max: sql<string | null>`max(${orders.doorNumber}::numeric)` })
      .from(orders)
      .where(sql`${orders.doorNumber} ~ '^[0-9]{1,15}$'`);
    candidate = Math.max(candidate + 1, Number(max?.max ?? 0) + 1);
  }
  return { door_number: String(candidate) };
}

// --------------------------------------------------------------------------------------- lists

export interface OrderListFilters {
  year?: number | null | undefined;
  month?: number | null | undefined;
  status?: OrderStatus | null | undefined;
  /** Billing or shipping name contains this (case-insensitive). */
  customer?: string | null | undefined;
  /** Door number contains this (case-insensitive). */
  serial?: string | null | undefined;
  page?: number | null | undefined;
  include_voided?: boolean | null | undefined;
}

export interface OrderListPage {
  count: number;
  page: number;
  page_size: number;
  /** The next / previous page numbers, or null. */
  next_page: number | null;
  previous_page: number | null;
  results: OrderListRow[];
}

const isoDay = (y: number, m: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;

/** The list's date range for `year` (and `month`): [from, to). */
function dateRange(f: OrderListFilters): { from: string; to: string } | null {
  if (!f.year) return null;
  const from = isoDay(f.year, f.month ?? 1);
  const to = f.month
    ? f.month === 12
      ? isoDay(f.year + 1, 1)
      : isoDay(f.year, f.month + 1)
    : isoDay(f.year + 1, 1);
  return { from, to };
}

/**
 * Which filters a list request uses (its queries' shape: each shape is built once, see
 * preparedQuery) and the values for their placeholders.
 */
interface ListShape {
  status: 'equals' | 'not_voided' | 'any';
  dates: 'range' | 'month' | 'any';
  customer: boolean;
  serial: boolean;
  key: string;
}

function listShape(f: OrderListFilters): ListShape {
  const status = f.status ? 'equals' : f.include_voided ? 'any' : 'not_voided';
  const dates = f.year ? 'range' : f.month ? 'month' : 'any';
  const customer = Boolean(f.customer?.trim());
  const serial = Boolean(f.serial?.trim());
  return {
    status,
    dates,
    customer,
    serial,
    key: `${status}.${dates}.${customer ? 'customer' : ''}.${serial ? 'serial' : ''}`,
  };
}

function listValues(f: OrderListFilters, page: number): Record<string, unknown> {
  const range = dateRange(f);
  return {
    status: f.status ?? null,
    from: range?.from ?? null,
    to: range?.to ?? null,
    month: f.month ?? null,
    customer: containsPattern(f.customer?.trim() ?? ''),
    serial: containsPattern(f.serial?.trim() ?? ''),
    offset: (page - 1) * ORDER_PAGE_SIZE,
  };
}

/** The filter of a list shape, on orders (or, for status and dates, on the month counters). */
function listConditions(
  shape: ListShape,
  table: 'orders' | 'counters' | 'orders-without-text' = 'orders',
): SQL | undefined {
  const status = table === 'counters' ? orderMonthCounts.status : orders.status;
  const date = table === 'counters' ? orderMonthCounts.month : orders.date;
  const conditions: SQL[] = [];
  if (shape.status === 'equals') conditions.push(eq(status, sql.placeholder('status')));
  // A literal, not a parameter: PostgreSQL's generic plan for a prepared statement can then see it.
  else if (shape.status === 'not_voided') conditions.push(sql`${status} <> 'voided'`);
  // Ranges, so the (date, id) index serves them.
  if (shape.dates === 'range')
    conditions.push(sql`${date} >= ${sql.placeholder('from')}`, sql`${date} < ${sql.placeholder('to')}`);
  else if (shape.dates === 'month')
    conditions.push(sql`extract(month from ${date}) = ${sql.placeholder('month')}`);
  if (table === 'orders') conditions.push(...textConditionList(shape));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The text filters of a list shape (customer, serial), on orders. */
function textConditionList(shape: ListShape): SQL[] {
  const conditions: SQL[] = [];
  // orders.customer_search is the billing and the shipping name (kept by triggers), trigram-indexed.
  if (shape.customer) conditions.push(ilike(orders.customerSearch, sql.placeholder('customer')));
  if (shape.serial) conditions.push(ilike(orders.doorNumber, sql.placeholder('serial')));
  return conditions;
}

const textConditions = (shape: ListShape) => and(...textConditionList(shape));

/** How many of the newest orders a text search looks through first (see listQueries). */
const PROBE_ROWS = 500;

/**
 * Past this many matches a text search (customer, serial) stops counting: `count` is then a lower
 * bound (see listOrders).
 */
export const ORDER_COUNT_LIMIT = LIMITS.searchCountMax;

const listBilling = alias(addresses, 'list_billing');
const listShipping = alias(addresses, 'list_shipping');

/**
 * The two queries of a list shape:
 *
 * - rows: the page's ids first (26 of them, from the (date, id) or (status, date, id) index, or
 *   the trigram indexes for a search; the 26th only says whether there is a next page), then only
 *   those rows joined to their names, invoice and bill of lading: page 50 costs about what page 1 does;
 * - count: without a text search, the per-month, per-status counters (order_month_counts, kept by
 *   triggers) summed over the filter, a few hundred rows whatever the number of orders; with one,
 *   the matches counted up to ORDER_COUNT_LIMIT + 1 (index scans that stop early).
 */
/**
 * The rows a list query fetches (a page and one more), written into the statement: with a LIMIT
 * parameter PostgreSQL's one plan for every value of it must allow for any number of rows (hash
 * joins over every order, ~25 ms); with the number known the plan walks the index and stops.
 */
const PAGE_FETCH = sql.raw(String(ORDER_PAGE_SIZE + 1));

function listQueries(db: Db, shape: ListShape, fenced: boolean) {
  const textSearch = shape.customer || shape.serial;
  const where = listConditions(shape);
  // `fenced` (PostgreSQL): a text search's matches are planned on their own: `offset 0` is a fence
  // (the subquery is not merged into the query around it) and the constants are literals. The
  // list statements are named prepared statements, which PostgreSQL runs with one generic plan for
  // every search term (packages/db sets force_generic_plan); without the fence that plan walks the
  // (date, id) index or the table hoping to meet 26 (or 1,001) matches early, and reads every order
  // when a term is rare (~90 ms). With it the trigram index finds the matches first: a few ms for
  // most terms, ~20 ms for one that matches 15% of the orders. PGlite plans every statement for its
  // own values (unnamed statements), so there the planner picks per term: the (date, id) index for
  // a common term.
  const matching = (columns: SQL) =>
    sql`(select ${columns} from ${orders} where ${where}${fenced ? sql` offset 0` : sql``}) as "matching"`;
  // A text search's page and its count (up to ORDER_COUNT_LIMIT + 1) come from one collection of
  // its matches (a CTE read twice, so materialized: also a fence, as above): one scan of the
  // trigram index and the matching rows instead of two, and one round trip instead of two.
  const pageIds = textSearch
    ? sql`(with "matching" as ${fenced ? sql`materialized ` : sql``}(
          select ${orders.id} as "id", ${orders.date} as "date" from ${orders} where ${where})
        select "id", (select count(*)::int from (select 1 from "matching"
          limit ${sql.raw(String(ORDER_COUNT_LIMIT + 1))}) as "counted") as "total"
        from "matching" order by "date" desc, "id" desc limit ${PAGE_FETCH} offset ${sql.placeholder('offset')}) as "page_ids"`
    : sql`(select ${orders.id} as "id" from ${orders}${where ? sql` where ${where}` : sql``}
        order by ${orders.date} desc, ${orders.id} desc limit ${PAGE_FETCH} offset ${sql.placeholder('offset')}) as "page_ids"`;
  const rowsFrom = (ids: SQL, name: string, counted: boolean) =>
    db
      .select({
        id: orders.id,
        status: orders.status,
        date: orders.date,
        doorNumber: orders.doorNumber,
        epsPoNumber: orders.epsPoNumber,
        shipDate: orders.shipDate,
        shipViaId: orders.shipViaId,
        billingName: listBilling.name,
        shippingName: listShipping.name,
        invoiceId: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        invoiceDate: invoices.date,
        bolId: billsOfLading.id,
        // the matches counted up to the limit (a text search's rows), else null
        total: counted ? sql<number | null>`"page_ids"."total"` : sql<number | null>`null::int`,
      })
      .from(ids)
      .innerJoin(orders, sql`${orders.id} = "page_ids"."id"`)
      .leftJoin(listBilling, eq(listBilling.id, orders.billingAddressId))
      .leftJoin(listShipping, eq(listShipping.id, orders.shippingAddressId))
      .leftJoin(invoiceOrders, eq(invoiceOrders.orderId, orders.id))
      .leftJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
      .leftJoin(billsOfLading, eq(billsOfLading.orderId, orders.id))
      .orderBy(desc(orders.date), desc(orders.id))
      .prepare(name);
  const rows = rowsFrom(pageIds, `order_list_rows_${shape.key}`, textSearch);
  // A text search first looks among the newest PROBE_ROWS orders of the other filters (the (date, id)
  // index, then the text on each): when a page and one more match there, they are the answer,
  // since every match outside is older. A common term (one order in seven: "lake") is found there
  // in ~1 ms instead of ~20 ms of collecting all its matches; a rare one goes on to `rows`.
  // (The window is named "orders" so that the text conditions, written on orders, apply to it.)
  const filters = listConditions(shape, 'orders-without-text');
  const probeIds = sql`(select "orders"."id" from (select * from ${orders}${filters ? sql` where ${filters}` : sql``}
      order by ${orders.date} desc, ${orders.id} desc limit ${sql.raw(String(PROBE_ROWS))}) as "orders"
    where ${textConditions(shape)} order by "orders"."date" desc, "orders"."id" desc
    limit ${PAGE_FETCH} offset ${sql.placeholder('offset')}) as "page_ids"`;
  const probe = textSearch ? rowsFrom(probeIds, `order_list_probe_${shape.key}`, false) : null;
  const count = textSearch
    ? db
        .select({ count: sql<number>`count(*)::int` })
        .from(
          sql`(select 1 from ${matching(sql`1`)} limit ${sql.raw(String(ORDER_COUNT_LIMIT + 1))}) as "matches"`,
        )
        .prepare(`order_list_count_${shape.key}`)
    : db
        .select({ count: sql<number>`coalesce(sum(${orderMonthCounts.orders}), 0)::int` })
        .from(orderMonthCounts)
        .where(listConditions(shape, 'counters'))
        .prepare(`order_list_count_${shape.key}`);
  return { rows, probe, count, capped: textSearch };
}

/**
 * GET /api/orders/list-view/: newest first (date desc, id desc), 25 a page, at most two queries
 * for any page (listQueries): the rows, and `count`: exact without a text search (both queries
 * side by side); with one (customer, serial), exact up to ORDER_COUNT_LIMIT matches, past that a
 * lower bound (ORDER_COUNT_LIMIT, or the rows up to the end of this page and one more when that is
 * more) while `next` keeps leading on to the last page; on the last page of a search the count is
 * the rows seen, so no count is run. Voided orders only when asked for.
 */
export async function listOrders(deps: DbDeps, filters: OrderListFilters = {}): Promise<OrderListPage> {
  const db = deps.database.db;
  const page = filters.page ?? 1;
  const shape = listShape(filters);
  const fenced = deps.database.kind === 'postgres';
  const queries = preparedQuery(db, `orders.list.${shape.key}`, (d) => listQueries(d, shape, fenced));
  const values = listValues(filters, page);
  let fetched: Awaited<ReturnType<typeof queries.rows.execute>>;
  let count: number;
  if (queries.capped) {
    // A text search: the page first. On the last page (most door-number searches fit on one) the
    // count is known without counting; otherwise count, up to the limit.
    const offset = (page - 1) * ORDER_PAGE_SIZE;
    const probed =
      queries.probe && offset + ORDER_PAGE_SIZE < PROBE_ROWS ? await queries.probe.execute(values) : [];
    fetched = probed.length > ORDER_PAGE_SIZE ? probed : await queries.rows.execute(values);
    const seen = (page - 1) * ORDER_PAGE_SIZE + Math.min(fetched.length, ORDER_PAGE_SIZE);
    if (fetched.length <= ORDER_PAGE_SIZE) count = seen;
    else {
      // `rows` counted its matches as it found them; the probe did not.
      const counted =
        fetched === probed ? Number((await queries.count.execute(values))[0]?.count ?? 0) : Number(fetched[0]?.total ?? 0);
      count = counted > ORDER_COUNT_LIMIT ? Math.max(ORDER_COUNT_LIMIT, seen + 1) : counted;
    }
  } else {
    const [rows, [total]] = await Promise.all([queries.rows.execute(values), queries.count.execute(values)]);
    fetched = rows;
    count = Number(total?.count ?? 0);
  }
  if (page > 1 && fetched.length === 0) throw AppError.notFound('Invalid page.');
  const hasNext = fetched.length > ORDER_PAGE_SIZE;
  const rows = hasNext ? fetched.slice(0, ORDER_PAGE_SIZE) : fetched;
  return {
    count,
    page,
    page_size: ORDER_PAGE_SIZE,
    next_page: hasNext ? page + 1 : null,
    previous_page: page > 1 ? page - 1 : null,
    results: rows.map((r) => ({
      id: r.id,
      ...statusView({
        status: r.status,
        eps_po_number: r.epsPoNumber,
        ship_date: r.shipDate,
        ship_via: r.shipViaId,
        has_invoice: r.invoiceId !== null,
        has_bol: r.bolId !== null,
      }),
      date: r.date,
      customer_name: customerNameOf(r.billingName, r.shippingName),
      door_number: r.doorNumber,
      invoice_details:
        r.invoiceId !== null
          ? { id: r.invoiceId, invoice_number: r.invoiceNumber ?? '', date: r.invoiceDate ?? '' }
          : null,
    })),
  };
}

/** Years that have orders (any status), newest first: from the month counters, not the orders. */
export async function orderYears(deps: DbDeps): Promise<number[]> {
  const query = preparedQuery(deps.database.db, 'orders.years', (db) => {
    const year = sql<number>`extract(year from ${orderMonthCounts.month})::int`;
    return db
      .selectDistinct({ year })
      .from(orderMonthCounts)
      .where(sql`${orderMonthCounts.orders} > 0`)
      .orderBy(desc(year))
      .prepare('order_years');
  });
  const rows = await query.execute();
  return rows.map((r) => Number(r.year));
}

export interface InitialData {
  years: number[];
  statuses: Choice[];
  orders: OrderListPage;
}

/** GET /api/orders/initial_data/: the list screen's first load in one call. */
export async function initialData(deps: DbDeps, filters: OrderListFilters = {}): Promise<InitialData> {
  const [years, page] = await Promise.all([orderYears(deps), listOrders(deps, filters)]);
  return { years, statuses: statusChoices(), orders: page };
}

export interface MonthSummary {
  year: number;
  month: number;
  month_name: string;
  total_orders: number;
}

/**
 * GET /api/orders/by-month/: order counts per month, newest first; voided orders are not counted.
 * Read from the month counters (order_month_counts), so it costs the same for 1,000 or 1,000,000 orders.
 */
export async function ordersByMonth(deps: DbDeps): Promise<MonthSummary[]> {
  const query = preparedQuery(deps.database.db, 'orders.byMonth', (db) =>
    db
      .select({ month: orderMonthCounts.month, total: sql<number>`sum(${orderMonthCounts.orders})::int` })
      .from(orderMonthCounts)
      .where(ne(orderMonthCounts.status, 'voided'))
      .groupBy(orderMonthCounts.month)
      .having(sql`sum(${orderMonthCounts.orders}) > 0`)
      .orderBy(desc(orderMonthCounts.month))
      .prepare('orders_by_month'),
  );
  const rows = await query.execute();
  return rows.map((r) => {
    const month = Number(r.month.slice(5, 7));
    return {
      year: Number(r.month.slice(0, 4)),
      month,
      month_name: MONTH_NAMES[month - 1] ?? '',
      total_orders: Number(r.total),
    };
  });
}

// ------------------------------------------------------------------------------------- history

/** GET /api/orders/{id}/history/: newest first. */
export async function orderHistory(deps: DbDeps, id: number): Promise<HistoryEntryView[]> {
  const db = deps.database.db;
  const [exists] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
  if (!exists) throw notFound();
  return listHistory(db, id);
}

// ----------------------------------------------------------------------------------- invoicing

/** An order as the invoices module needs it: everything resolved to text, ready for invoice lines. */
export interface OrderForInvoicing {
  id: number;
  status: OrderStatus;
  version: number;
  doorNumber: string;
  date: string;
  shipDate: string | null;
  /** Ship via label ('' when none). */
  shipVia: string;
  customerPoJobName: string;
  epsPoNumber: string;
  discount: string;
  discountIsPercentage: boolean;
  taxExempt: boolean;
  billTo: InvoiceAddress;
  shipTo: InvoiceAddress;
  /** For the domain's deriveInvoiceLineItems / orderPriceInput. */
  forInvoice: OrderForInvoice;
  /** The invoice the order already has, if any. */
  invoiceId: number | null;
}

const invoiceAddress = (a: OrderRecord['billing']): InvoiceAddress => ({
  name: a?.name ?? '',
  street: a?.street ?? '',
  city: a?.city ?? '',
  state: a?.state ?? '',
  zip_code: a?.zipCode ?? '',
  country: a?.country ?? 'US',
});

/**
 * Loads orders for invoicing (in the order of `ids`, missing ones skipped), a fixed number of
 * queries. Pass the invoice transaction as `db` to read inside it.
 */
export async function loadOrdersForInvoicing(db: Db, ids: readonly number[]): Promise<OrderForInvoicing[]> {
  const records = await loadOrderRecords(db, ids);
  const settingIds: (number | null)[] = [];
  const productIds: (number | null)[] = [];
  for (const r of records) {
    settingIds.push(r.order.shipViaId, ...r.items.map((i) => i.itemId));
    const b = r.building;
    if (b) {
      settingIds.push(b.sizeId, b.thicknessId, b.doorTypeId, b.doorCladdingId);
      productIds.push(b.productId);
    }
  }
  const [labels, productNames] = await Promise.all([
    settingLabels(db, settingIds),
    productDescriptions(db, productIds),
  ]);
  const text = (id: number | null | undefined) =>
    id === null || id === undefined ? '' : (labels.get(id) ?? '');
  return records.map((r) => {
    const o = r.order;
    const b = r.building;
    const forInvoice: OrderForInvoice = {
      buildingDescription: b
        ? b.isCustom
          ? b.buildingDescription
          : (productNames.get(b.productId ?? -1) ?? b.buildingDescription)
        : null,
      buildingType: effectiveBuildingType(r),
      buildingPrice: b?.price ?? null,
      size: b ? b.customSize || text(b.sizeId) : '',
      thickness: b ? text(b.thicknessId) : '',
      doorType: b?.doorTypeId ? { label: text(b.doorTypeId), price: b.doorTypePrice } : null,
      doorCladding: b?.doorCladdingId ? { label: text(b.doorCladdingId), price: b.doorCladdingPrice } : null,
      additionalItems: r.items.map((i) => ({
        label: i.itemId !== null ? text(i.itemId) : i.customItemName,
        quantity: i.quantity,
        price: i.price,
      })),
      freightCost: o.freightCost,
    };
    return {
      id: o.id,
      status: o.status,
      version: o.version,
      doorNumber: o.doorNumber,
      date: o.date,
      shipDate: o.shipDate,
      shipVia: text(o.shipViaId),
      customerPoJobName: o.customerPoJobName,
      epsPoNumber: o.epsPoNumber,
      discount: o.discount,
      discountIsPercentage: o.discountIsPercentage,
      taxExempt: o.taxExempt,
      billTo: invoiceAddress(r.billing),
      shipTo: invoiceAddress(r.shipping),
      forInvoice,
      invoiceId: r.invoice?.id ?? null,
    };
  });
}
