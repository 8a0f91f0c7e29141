import { and, eq, ne, sql } from 'drizzle-orm';
import {
  CUSTOM_PRODUCT,
  MESSAGES,
  NON_FIELD_ERRORS,
  TEXT_LIMITS,
  optionalText,
  orderSchema,
  zodIssuesToFieldErrors,
  type IssueLike,
  type OrderData,
  type OrderStatus,
  type SettingCategory,
} from '@icehouse/domain';
import { customers, orders, products, settings } from '@icehouse/db/schema';
import type { Database, Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import { bomCatalogue, oneProductComponentLines, type BomCatalogue } from '../costing/bom-loader';
import { inTransaction } from '../../prepared-query';

/** Texts the spec does not give (ours), worded to say what to do next. */
export const ORDER_MESSAGES = {
  doorNumberTaken: 'An order with this door number already exists.',
  versionRequired: 'Version is required: send the version you read with the order.',
  versionInvalid: 'Version must be a whole number.',
  versionMismatch: 'If-Match and version name different versions: send the version you read once.',
  stale: 'This order was changed by someone else since you opened it. Reload it to see their changes.',
  notAnObject: 'Send the order as a JSON object.',
  newOrderVoided: 'A new order cannot start as Voided. Save it, then void it.',
  voidOnlyPending: 'Only pending orders can be voided.',
  unvoidOnlyToPending: 'A voided order can only be restored to Pending.',
  optionGone: 'A chosen option no longer exists. Reload the options and try again.',
} as const;

export interface ParsedOrderWrite {
  data: OrderData;
  /** The version the client read (null when not given: allowed on create only). */
  version: number | null;
  /** undefined: keep the stored text. */
  additionalInfo: string | undefined;
}

export interface WriteFacts {
  /** Whether the order has an invoice / a bill of lading (the server's truth, never the client's flags). */
  hasInvoice: boolean;
  hasBol: boolean;
  /** Update: the version must be given. */
  requireVersion: boolean;
}

const additionalInfoField = optionalText(TEXT_LIMITS.longText);

function readVersion(raw: Record<string, unknown>, issues: IssueLike[], required: boolean): number | null {
  const v = raw.version;
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
    if (required) issues.push({ path: ['version'], message: ORDER_MESSAGES.versionRequired });
    return null;
  }
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) {
    issues.push({ path: ['version'], message: ORDER_MESSAGES.versionInvalid });
    return null;
  }
  return n;
}

/**
 * Validates an order body with the domain's orderSchema, judging status requirements with the
 * server's own has_invoice/has_bol. Collects every problem at once; returns the issues (DRF-style
 * paths) or the parsed order.
 */
export function parseOrderWrite(
  raw: unknown,
  facts: WriteFacts,
): { ok: true; value: ParsedOrderWrite } | { ok: false; issues: IssueLike[]; version: number | null } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, issues: [{ path: [NON_FIELD_ERRORS], message: ORDER_MESSAGES.notAnObject }], version: null };
  }
  const body = raw as Record<string, unknown>;
  const issues: IssueLike[] = [];
  const version = readVersion(body, issues, facts.requireVersion);
  let additionalInfo: string | undefined;
  if (body.additional_info !== undefined) {
    const parsedInfo = additionalInfoField.safeParse(body.additional_info);
    if (parsedInfo.success) additionalInfo = parsedInfo.data;
    else issues.push(...parsedInfo.error.issues.map((i) => ({ path: ['additional_info', ...i.path], message: i.message })));
  }
  const parsed = orderSchema.safeParse({ ...body, has_invoice: facts.hasInvoice, has_bol: facts.hasBol });
  if (!parsed.success) issues.push(...parsed.error.issues);
  if (!parsed.success || issues.length > 0) return { ok: false, issues, version };
  return { ok: true, value: { data: parsed.data, version, additionalInfo } };
}

/** Status moves the order form may not make (void and unvoid have their own rules and calls). */
export function statusMoveIssues(oldStatus: OrderStatus | null, newStatus: OrderStatus): IssueLike[] {
  if (oldStatus === null) return newStatus === 'voided' ? [{ path: ['status'], message: ORDER_MESSAGES.newOrderVoided }] : [];
  if (oldStatus === newStatus) return [];
  if (newStatus === 'voided' && oldStatus !== 'pending') return [{ path: ['status'], message: ORDER_MESSAGES.voidOnlyPending }];
  if (oldStatus === 'voided' && newStatus !== 'pending') return [{ path: ['status'], message: ORDER_MESSAGES.unvoidOnlyToPending }];
  return [];
}

interface SettingRef {
  path: (string | number)[];
  id: number;
  category: SettingCategory;
}

function settingRefs(data: OrderData): SettingRef[] {
  const refs: SettingRef[] = [];
  const add = (path: (string | number)[], id: number | null, category: SettingCategory) => {
    if (id !== null) refs.push({ path, id, category });
  };
  add(['ship_via'], data.ship_via, 'ship_via');
  const b = data.building_info;
  add(['building_info', 'size'], b.size, 'size');
  add(['building_info', 'thickness'], b.thickness, 'thickness');
  add(['building_info', 'door_type'], b.door_type, 'door_type');
  add(['building_info', 'door_cladding'], b.door_cladding, 'door_cladding');
  add(['building_info', 'hinge_side'], b.hinge_side, 'hinge_side');
  add(['building_info', 'roof_color'], b.roof_color, 'roof_color');
  add(['building_info', 'siding_color'], b.siding_color, 'siding_color');
  b.additional_items.forEach((item, index) => add(['building_info', 'additional_items', index, 'item'], item.item, 'additional_item'));
  return refs;
}

export interface ReferenceFacts {
  /** The chosen product's building type (null for a custom product). */
  productBuildingType: string | null;
  /** The labels of the settings and the product the order refers to, read with the check (for its history). */
  labels: { settings: Map<number, string>; products: Map<number, string> };
  /** The product with its components and the settings, as its bill of materials takes them (the save's costing). */
  catalogue: BomCatalogue;
}

/** The checks' statements: built once per database and, in a save, run on its transaction (decision 218). */
function referenceQueries(db: Db) {
  return {
    settings: db
      .select({ id: settings.id, category: settings.category, value: settings.value })
      .from(settings)
      .where(sql`${settings.id} = any(${sql.placeholder('ids')})`)
      .prepare('order_check_settings'),
    product: db
      .select({ id: products.id, buildingType: products.buildingType, description: products.description, isSimple: products.isSimple })
      .from(products)
      .where(eq(products.id, sql.placeholder('productId')))
      .limit(1)
      .prepare('order_check_product'),
    // `except` is 0 for a new order (ids start at 1).
    door: db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.doorNumber, sql.placeholder('doorNumber')), ne(orders.id, sql.placeholder('except'))))
      .limit(1)
      .prepare('order_check_door'),
    customer: db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, sql.placeholder('customerId')))
      .limit(1)
      .prepare('order_check_customer'),
    components: oneProductComponentLines(db),
  };
}

/**
 * Every setting id must exist in its field's category and the product must exist; the door
 * number must be free. Returns the issues on the right fields, and what the product says.
 * In a transaction, pass the database too (`inTransactionOf`), as for loadOrderRecords.
 */
export async function checkReferences(
  db: Db,
  data: OrderData,
  exceptOrderId: number | null,
  inTransactionOf?: Database,
): Promise<{ issues: IssueLike[]; facts: ReferenceFacts }> {
  const issues: IssueLike[] = [];
  const refs = settingRefs(data);
  const productId = data.building_info.product === CUSTOM_PRODUCT ? null : data.building_info.product;
  const customerId = data.customer_id ?? null;
  const [settingRows, productRows, doorRows, customerRows, componentLines] = await inTransaction(db, inTransactionOf, 'orders.referenceChecks', referenceQueries, (q) =>
    Promise.all([
      refs.length > 0 ? q.settings.execute({ ids: [...new Set(refs.map((r) => r.id))] }) : Promise.resolve([]),
      productId !== null ? q.product.execute({ productId }) : Promise.resolve([]),
      q.door.execute({ doorNumber: data.door_number, except: exceptOrderId ?? 0 }),
      customerId !== null ? q.customer.execute({ customerId }) : Promise.resolve([]),
      // Read here, with the product, so that the save's costing reads no catalogue row again.
      productId !== null ? q.components.execute({ productId }) : Promise.resolve([]),
    ]),
  );
  if (customerId !== null && customerRows.length === 0) issues.push({ path: ['customer_id'], message: MESSAGES.customerInvalid });
  const categoryOf = new Map(settingRows.map((s) => [s.id, s.category]));
  for (const ref of refs) {
    if (categoryOf.get(ref.id) !== ref.category) issues.push({ path: ref.path, message: MESSAGES.optionInvalid });
  }
  if (productId !== null && productRows.length === 0) {
    issues.push({ path: ['building_info', 'product'], message: MESSAGES.optionInvalid });
  }
  if (doorRows.length > 0) issues.push({ path: ['door_number'], message: ORDER_MESSAGES.doorNumberTaken });
  const settingLabels = new Map(settingRows.map((s) => [s.id, s.value]));
  return {
    issues,
    facts: {
      productBuildingType: productRows[0]?.buildingType ?? null,
      labels: {
        settings: settingLabels,
        products: new Map(productRows.map((p) => [p.id, p.description])),
      },
      catalogue: bomCatalogue(productRows, componentLines, settingLabels),
    },
  };
}

/** A VALIDATION error with the issues as DRF-style field errors. */
export function validationError(issues: readonly IssueLike[]): AppError {
  return AppError.validation(zodIssuesToFieldErrors({ issues }));
}

export const doorNumberTakenError = () => AppError.validation({ door_number: [ORDER_MESSAGES.doorNumberTaken] }, ORDER_MESSAGES.doorNumberTaken);
export const staleOrderError = () => new AppError('CONFLICT', ORDER_MESSAGES.stale);
