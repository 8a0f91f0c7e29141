import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BUILDING_TYPE_LABELS,
  MESSAGES,
  SETTING_CATEGORIES,
  SETTING_CATEGORY_LABELS,
  componentPrice,
  componentSchema,
  Decimal,
  productCalculatedPrice,
  productSchema,
  productTotalCost,
  settingSchema,
  toMoneyString,
  zodIssuesToFieldErrors,
  type ComponentInput,
  type IssueLike,
  type ProductInput,
  type SettingCategory,
  type SettingInput,
} from '@icehouse/domain';
import { isForeignKeyViolation, isUniqueViolation } from '@icehouse/db';
import {
  components,
  orderAdditionalItems,
  orderBuildingInfo,
  orders,
  productComponents,
  products,
  settings,
} from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import type { AppDeps } from '../../deps';
import type {
  categoryChoiceSchema,
  componentViewSchema,
  productViewSchema,
  settingViewSchema,
  shipViaOptionSchema,
} from './schemas';

/**
 * The catalogue (invoices spec §2, §3, §5, §7): settings (labelled Configurations), components and
 * products. One function per behaviour, used by the REST routes and the tRPC procedures alike.
 * Inputs are checked here with the domain's form schemas (idempotent on already-parsed data), then
 * against the database (uniqueness, references); unique constraints decide races.
 */

type DbDeps = Pick<AppDeps, 'database'>;

export type SettingView = z.output<typeof settingViewSchema>;
export type CategoryChoice = z.output<typeof categoryChoiceSchema>;
export type ShipViaOption = z.output<typeof shipViaOptionSchema>;
export type ComponentView = z.output<typeof componentViewSchema>;
export type ProductView = z.output<typeof productViewSchema>;

// Server-side messages (the spec gives none for these; the forms never produce them themselves).
export const SETTING_TAKEN = 'A setting with this category and value already exists.';
export const SETTING_CATEGORY_LOCKED = 'This setting is used by orders, so its category cannot be changed.';
export const COMPONENT_NAME_TAKEN = 'A component with this name already exists.';
/** components.markup is numeric(7,2). */
export const MARKUP_MAX = '99999.99';
export const MARKUP_TOO_LARGE = `Markup must be at most ${MARKUP_MAX}`;
/** product_components.quantity is a PostgreSQL integer. */
export const QUANTITY_MAX = 2_147_483_647;
export const QUANTITY_TOO_LARGE = 'Quantity is too large';

export const settingInUseMessage = (value: string, orderCount: number) =>
  `Cannot delete "${value}": it is used by ${orderCount} order${orderCount === 1 ? '' : 's'}. Change those orders first.`;
export const componentInUseMessage = (name: string, productNames: readonly string[]) => {
  const shown = productNames.slice(0, 5).join(', ');
  const more = productNames.length > 5 ? ` and ${productNames.length - 5} more` : '';
  const noun = productNames.length === 1 ? 'product' : 'products';
  return `Cannot delete "${name}": it is used by the ${noun} ${shown}${more}. Remove it from ${productNames.length === 1 ? 'that product' : 'those products'} first.`;
};
export const productInUseMessage = (description: string, orderCount: number) =>
  `Cannot delete "${description}": it is used by ${orderCount} order${orderCount === 1 ? '' : 's'}.`;
const STILL_IN_USE = 'It is still in use and cannot be deleted.';

/** Parses with a domain schema; any issue becomes a VALIDATION error with DRF-shaped field errors. */
function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw AppError.validation(zodIssuesToFieldErrors(result.error));
  return result.data;
}

/** A VALIDATION error from issues found by the server itself (same shape as the schema's). */
function validationError(issues: IssueLike[]): AppError {
  const fieldErrors = zodIssuesToFieldErrors({ issues });
  return AppError.validation(fieldErrors, issues.length === 1 ? issues[0]!.message : undefined);
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

// ------------------------------------------------------------------ settings

type SettingRow = typeof settings.$inferSelect;

function settingView(row: SettingRow): SettingView {
  return {
    id: row.id,
    category: row.category,
    category_display: SETTING_CATEGORY_LABELS[row.category],
    value: row.value,
    price: row.price === null ? null : toMoneyString(row.price),
  };
}

/** Spec category order, then value in natural order ('8x10' before '10x12'), then id. */
function compareSettings(a: SettingRow, b: SettingRow): number {
  return (
    SETTING_CATEGORIES.indexOf(a.category) - SETTING_CATEGORIES.indexOf(b.category) ||
    collator.compare(a.value, b.value) ||
    a.id - b.id
  );
}

function readCategory(category: string | null | undefined): SettingCategory | null {
  const text = (category ?? '').trim();
  if (text === '') return null;
  if (!(SETTING_CATEGORIES as readonly string[]).includes(text)) {
    throw AppError.validation({ category: [MESSAGES.categoryInvalid] }, MESSAGES.categoryInvalid);
  }
  return text as SettingCategory;
}

/** GET /api/settings/ (?category= narrows to one category; an unknown one is a 400). */
export async function listSettings(
  deps: DbDeps,
  filter: { category?: string | null } = {},
): Promise<SettingView[]> {
  const category = readCategory(filter.category);
  const db = deps.database.db;
  const rows = await (category
    ? db.select().from(settings).where(eq(settings.category, category))
    : db.select().from(settings));
  return rows.sort(compareSettings).map(settingView);
}

/** GET /api/settings/categories/: the spec's 10 categories, in its order. */
export function settingCategories(): CategoryChoice[] {
  return SETTING_CATEGORIES.map((value) => ({ value, label: SETTING_CATEGORY_LABELS[value] }));
}

/** GET /api/settings/ship_via_options/: ship via settings as { value: setting id, label: value }. */
export async function shipViaOptions(deps: DbDeps): Promise<ShipViaOption[]> {
  const rows = await deps.database.db.select().from(settings).where(eq(settings.category, 'ship_via'));
  return rows.sort(compareSettings).map((row) => ({ value: row.id, label: row.value }));
}

async function getSettingRow(db: Db, id: number): Promise<SettingRow> {
  const [row] = await db.select().from(settings).where(eq(settings.id, id)).limit(1);
  if (!row) throw AppError.notFound('Setting not found.');
  return row;
}

const settingTaken = () => AppError.validation({ value: [SETTING_TAKEN] }, SETTING_TAKEN);

/**
 * The same value twice in one category, ignoring case ('UPS' and 'ups' would be two identical
 * options in a dropdown). The constraint itself is exact; it decides races between exact twins.
 */
async function assertSettingUnique(
  db: Db,
  category: SettingCategory,
  value: string,
  exceptId: number | null,
) {
  const [clash] = await db
    .select({ id: settings.id })
    .from(settings)
    .where(
      and(
        eq(settings.category, category),
        sql`lower(${settings.value}) = lower(${value})`,
        exceptId === null ? undefined : ne(settings.id, exceptId),
      ),
    )
    .limit(1);
  if (clash) throw settingTaken();
}

/** Ids of the orders that refer to a setting (ship via, building options, additional items). */
async function ordersUsingSetting(db: Db, id: number): Promise<Set<number>> {
  const [viaShip, viaBuilding, viaItems] = await Promise.all([
    db.select({ orderId: orders.id }).from(orders).where(eq(orders.shipViaId, id)),
    db
      .select({ orderId: orderBuildingInfo.orderId })
      .from(orderBuildingInfo)
      .where(
        or(
          eq(orderBuildingInfo.sizeId, id),
          eq(orderBuildingInfo.thicknessId, id),
          eq(orderBuildingInfo.doorTypeId, id),
          eq(orderBuildingInfo.doorCladdingId, id),
          eq(orderBuildingInfo.hingeSideId, id),
          eq(orderBuildingInfo.roofColorId, id),
          eq(orderBuildingInfo.sidingColorId, id),
        ),
      ),
    db
      .select({ orderId: orderAdditionalItems.orderId })
      .from(orderAdditionalItems)
      .where(eq(orderAdditionalItems.itemId, id)),
  ]);
  return new Set([...viaShip, ...viaBuilding, ...viaItems].map((r) => r.orderId));
}

export async function createSetting(deps: DbDeps, input: SettingInput): Promise<SettingView> {
  const data = parseInput(settingSchema, input);
  const db = deps.database.db;
  await assertSettingUnique(db, data.category, data.value, null);
  try {
    const [row] = await db
      .insert(settings)
      .values({ category: data.category, value: data.value, price: data.price })
      .returning();
    return settingView(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw settingTaken();
    throw error;
  }
}

/**
 * PUT /api/settings/{id}/. Value and price may change at any time (orders keep the prices they
 * were saved with); the category of a setting orders use may not, or a ship-via order would
 * point at, say, a size.
 */
export async function updateSetting(deps: DbDeps, id: number, input: SettingInput): Promise<SettingView> {
  const data = parseInput(settingSchema, input);
  const db = deps.database.db;
  const existing = await getSettingRow(db, id);
  if (existing.category !== data.category && (await ordersUsingSetting(db, id)).size > 0) {
    throw AppError.validation({ category: [SETTING_CATEGORY_LOCKED] }, SETTING_CATEGORY_LOCKED);
  }
  await assertSettingUnique(db, data.category, data.value, id);
  try {
    const [row] = await db
      .update(settings)
      .set({ category: data.category, value: data.value, price: data.price })
      .where(eq(settings.id, id))
      .returning();
    if (!row) throw AppError.notFound('Setting not found.');
    return settingView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw settingTaken();
    throw error;
  }
}

/** DELETE /api/settings/{id}/: refused (409) while an order refers to the setting. */
export async function deleteSetting(deps: DbDeps, id: number): Promise<void> {
  const db = deps.database.db;
  const existing = await getSettingRow(db, id);
  const users = await ordersUsingSetting(db, id);
  if (users.size > 0) {
    throw new AppError('CONFLICT', settingInUseMessage(existing.value, users.size), {
      details: { order_count: users.size },
    });
  }
  try {
    await db.delete(settings).where(eq(settings.id, id));
  } catch (error) {
    // An order saved between the check and the delete: ON DELETE RESTRICT decides.
    if (isForeignKeyViolation(error))
      throw new AppError('CONFLICT', `Cannot delete "${existing.value}". ${STILL_IN_USE}`);
    throw error;
  }
}

// ---------------------------------------------------------------- components

type ComponentRow = typeof components.$inferSelect;

function componentView(row: ComponentRow): ComponentView {
  return {
    id: row.id,
    name: row.name,
    cost: toMoneyString(row.cost),
    markup: toMoneyString(row.markup),
    price: componentPrice(row.cost, row.markup),
  };
}

async function getComponentRow(db: Db, id: number): Promise<ComponentRow> {
  const [row] = await db.select().from(components).where(eq(components.id, id)).limit(1);
  if (!row) throw AppError.notFound('Component not found.');
  return row;
}

const componentNameTaken = () => AppError.validation({ name: [COMPONENT_NAME_TAKEN] }, COMPONENT_NAME_TAKEN);

/** Names are unique ignoring case (the product form lists components by name). */
async function assertComponentNameFree(db: Db, name: string, exceptId: number | null) {
  const [clash] = await db
    .select({ id: components.id })
    .from(components)
    .where(
      and(
        sql`lower(${components.name}) = lower(${name})`,
        exceptId === null ? undefined : ne(components.id, exceptId),
      ),
    )
    .limit(1);
  if (clash) throw componentNameTaken();
}

function parseComponent(input: ComponentInput) {
  const data = parseInput(componentSchema, input);
  if (new Decimal(data.markup).greaterThan(MARKUP_MAX))
    throw validationError([{ path: ['markup'], message: MARKUP_TOO_LARGE }]);
  return data;
}

/** GET /api/components/, by name. */
export async function listComponents(deps: DbDeps): Promise<ComponentView[]> {
  const rows = await deps.database.db
    .select()
    .from(components)
    .orderBy(asc(sql`lower(${components.name})`), asc(components.id));
  return rows.map(componentView);
}

export async function createComponent(deps: DbDeps, input: ComponentInput): Promise<ComponentView> {
  const data = parseComponent(input);
  const db = deps.database.db;
  await assertComponentNameFree(db, data.name, null);
  try {
    const [row] = await db
      .insert(components)
      .values({ name: data.name, cost: data.cost, markup: data.markup })
      .returning();
    return componentView(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw componentNameTaken();
    throw error;
  }
}

/**
 * PUT /api/components/{id}/. Products built from the component show the new price at once
 * (calculated_price is computed on read); orders keep the price they were saved with.
 */
export async function updateComponent(
  deps: DbDeps,
  id: number,
  input: ComponentInput,
): Promise<ComponentView> {
  const data = parseComponent(input);
  const db = deps.database.db;
  await getComponentRow(db, id);
  await assertComponentNameFree(db, data.name, id);
  try {
    const [row] = await db
      .update(components)
      .set({ name: data.name, cost: data.cost, markup: data.markup })
      .where(eq(components.id, id))
      .returning();
    if (!row) throw AppError.notFound('Component not found.');
    return componentView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw componentNameTaken();
    throw error;
  }
}

/** DELETE /api/components/{id}/: refused (409, naming the products) while a product uses it. */
export async function deleteComponent(deps: DbDeps, id: number): Promise<void> {
  const db = deps.database.db;
  const existing = await getComponentRow(db, id);
  const using = await db
    .select({ id: products.id, description: products.description })
    .from(productComponents)
    .innerJoin(products, eq(products.id, productComponents.productId))
    .where(eq(productComponents.componentId, id));
  if (using.length > 0) {
    const sorted = using.sort((a, b) => collator.compare(a.description, b.description) || a.id - b.id);
    throw new AppError(
      'CONFLICT',
      componentInUseMessage(
        existing.name,
        sorted.map((p) => p.description),
      ),
      { details: { products: sorted } },
    );
  }
  try {
    await db.delete(components).where(eq(components.id, id));
  } catch (error) {
    if (isForeignKeyViolation(error))
      throw new AppError('CONFLICT', `Cannot delete "${existing.name}". ${STILL_IN_USE}`);
    throw error;
  }
}

// ------------------------------------------------------------------ products

type ProductRow = typeof products.$inferSelect;

interface ProductComponentLine {
  id: number;
  productId: number;
  componentId: number;
  quantity: number;
  name: string;
  cost: string;
  markup: string;
}

function productView(row: ProductRow, lines: readonly ProductComponentLine[]): ProductView {
  const pricing = new Map(lines.map((l) => [l.componentId, { cost: l.cost, markup: l.markup }]));
  const refs = lines.map((l) => ({ component: l.componentId, quantity: l.quantity }));
  const priced = { is_simple: row.isSimple, price: row.price, components: refs };
  return {
    id: row.id,
    description: row.description,
    building_type: row.buildingType,
    building_type_display: BUILDING_TYPE_LABELS[row.buildingType],
    is_simple: row.isSimple,
    price: row.price === null ? null : toMoneyString(row.price),
    components: lines.map((l) => ({
      id: l.id,
      component: l.componentId,
      quantity: l.quantity,
      component_name: l.name,
    })),
    calculated_price: productCalculatedPrice(priced, pricing),
    total_cost: productTotalCost(priced, pricing),
  };
}

/** Products with their component lines (in the order they were entered), built into views. */
async function productViews(db: Db, rows: readonly ProductRow[]): Promise<ProductView[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      id: productComponents.id,
      productId: productComponents.productId,
      componentId: productComponents.componentId,
      quantity: productComponents.quantity,
      name: components.name,
      cost: components.cost,
      markup: components.markup,
    })
    .from(productComponents)
    .innerJoin(components, eq(components.id, productComponents.componentId))
    .where(
      inArray(
        productComponents.productId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(productComponents.id));
  const byProduct = new Map<number, ProductComponentLine[]>();
  for (const line of lines) {
    const list = byProduct.get(line.productId) ?? [];
    list.push(line);
    byProduct.set(line.productId, list);
  }
  return rows.map((row) => productView(row, byProduct.get(row.id) ?? []));
}

async function getProductRow(db: Db, id: number): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw AppError.notFound('Product not found.');
  return row;
}

/** GET /api/products/, by description. */
export async function listProducts(deps: DbDeps): Promise<ProductView[]> {
  const db = deps.database.db;
  const rows = await db
    .select()
    .from(products)
    .orderBy(asc(sql`lower(${products.description})`), asc(products.id));
  return productViews(db, rows);
}

/** One product as the list shows it. */
export async function getProduct(deps: DbDeps, id: number): Promise<ProductView> {
  const db = deps.database.db;
  const [view] = await productViews(db, [await getProductRow(db, id)]);
  return view!;
}

/**
 * The domain schema's rules plus what only the server can check: every component exists, and
 * (simple products included, whose components the form schema does not look at) none twice.
 */
async function parseProduct(db: Db, input: ProductInput) {
  const data = parseInput(productSchema, input);
  const issues: IssueLike[] = [];
  const seen = new Set<number>();
  data.components.forEach((row, i) => {
    if (seen.has(row.component))
      issues.push({ path: ['components', i, 'component'], message: MESSAGES.componentDuplicate });
    seen.add(row.component);
    if (row.quantity > QUANTITY_MAX)
      issues.push({ path: ['components', i, 'quantity'], message: QUANTITY_TOO_LARGE });
  });
  if (seen.size > 0) {
    const found = await db
      .select({ id: components.id })
      .from(components)
      .where(inArray(components.id, [...seen]));
    const known = new Set(found.map((c) => c.id));
    data.components.forEach((row, i) => {
      if (!known.has(row.component))
        issues.push({ path: ['components', i, 'component'], message: MESSAGES.optionInvalid });
    });
  }
  if (issues.length > 0) throw validationError(issues);
  return data;
}

type ProductData = Awaited<ReturnType<typeof parseProduct>>;

/** A component deleted between the check and the write: ON DELETE RESTRICT / the FK decides. */
function componentGone(error: unknown): never {
  if (isForeignKeyViolation(error))
    throw AppError.validation({ components: [MESSAGES.optionInvalid] }, MESSAGES.optionInvalid);
  throw error;
}

function productValues(data: ProductData) {
  return {
    description: data.description,
    buildingType: data.building_type,
    isSimple: data.is_simple,
    price: data.price,
  };
}

function componentValues(productId: number, data: ProductData) {
  return data.components.map((c) => ({ productId, componentId: c.component, quantity: c.quantity }));
}

/** POST /api/products/: the product and its component rows in one transaction. */
export async function createProduct(deps: DbDeps, input: ProductInput): Promise<ProductView> {
  const db = deps.database.db;
  const data = await parseProduct(db, input);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(products).values(productValues(data)).returning({ id: products.id });
      const lines = componentValues(row!.id, data);
      if (lines.length > 0) await tx.insert(productComponents).values(lines);
      return row!.id;
    });
  } catch (error) {
    componentGone(error);
  }
  return getProduct(deps, id);
}

/** PUT /api/products/{id}/: the product and the full replacement of its component rows, in one transaction. */
export async function updateProduct(deps: DbDeps, id: number, input: ProductInput): Promise<ProductView> {
  const db = deps.database.db;
  await getProductRow(db, id);
  const data = await parseProduct(db, input);
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(products)
        .set(productValues(data))
        .where(eq(products.id, id))
        .returning({ id: products.id });
      if (!row) throw AppError.notFound('Product not found.');
      await tx.delete(productComponents).where(eq(productComponents.productId, id));
      const lines = componentValues(id, data);
      if (lines.length > 0) await tx.insert(productComponents).values(lines);
    });
  } catch (error) {
    componentGone(error);
  }
  return getProduct(deps, id);
}

/** DELETE /api/products/{id}/: refused (409) while an order's building refers to the product. */
export async function deleteProduct(deps: DbDeps, id: number): Promise<void> {
  const db = deps.database.db;
  const existing = await getProductRow(db, id);
  const using = await db
    .select({ orderId: orderBuildingInfo.orderId })
    .from(orderBuildingInfo)
    .where(eq(orderBuildingInfo.productId, id));
  if (using.length > 0) {
    throw new AppError('CONFLICT', productInUseMessage(existing.description, using.length), {
      details: { order_count: using.length },
    });
  }
  try {
    // Its component rows go with it (ON DELETE CASCADE).
    await db.delete(products).where(eq(products.id, id));
  } catch (error) {
    if (isForeignKeyViolation(error))
      throw new AppError('CONFLICT', `Cannot delete "${existing.description}". ${STILL_IN_USE}`);
    throw error;
  }
}
