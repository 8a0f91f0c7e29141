import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BUILDING_TYPE_LABELS,
  MESSAGES,
  productCalculatedPrice,
  productSchema,
  productTotalCost,
  toMoneyString,
  type IssueLike,
  type ProductInput,
} from '@icehouse/domain';
import { isForeignKeyViolation } from '@icehouse/db';
import { components, orderBuildingInfo, productComponents, products } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import type { productViewSchema } from './schemas';
import { STILL_IN_USE, parseInput, validationError, type DbDeps } from './service-common';

/**
 * Products (invoices spec: Products screen, catalogue calls): buildings sold at a set price or
 * priced from their components.
 */

export type ProductView = z.output<typeof productViewSchema>;

/** product_components.quantity is a PostgreSQL integer. */
export const QUANTITY_MAX = 2_147_483_647;
export const QUANTITY_TOO_LARGE = 'Quantity is too large';
export const productInUseMessage = (description: string, orderCount: number) =>
  `Cannot delete "${description}": it is used by ${orderCount} order${orderCount === 1 ? '' : 's'}.`;

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
