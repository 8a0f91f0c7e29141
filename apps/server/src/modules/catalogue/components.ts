import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  componentPrice,
  componentSchema,
  Decimal,
  toMoneyString,
  type ComponentInput,
} from '@icehouse/domain';
import { isForeignKeyViolation, isUniqueViolation } from '@icehouse/db';
import { components, productComponents, products } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import type { componentViewSchema } from './schemas';
import { STILL_IN_USE, collator, parseInput, validationError, type DbDeps } from './service-common';

/**
 * Components (invoices spec: Components screen, catalogue calls): the parts products are built
 * from, priced cost + markup.
 */

export type ComponentView = z.output<typeof componentViewSchema>;

// Server-side messages (the spec gives none for these; the forms never produce them themselves).
export const COMPONENT_NAME_TAKEN = 'A component with this name already exists.';
/** components.markup is numeric(7,2). */
export const MARKUP_MAX = '99999.99';
export const MARKUP_TOO_LARGE = `Markup must be at most ${MARKUP_MAX}`;
export const componentInUseMessage = (name: string, productNames: readonly string[]) => {
  const shown = productNames.slice(0, 5).join(', ');
  const more = productNames.length > 5 ? ` and ${productNames.length - 5} more` : '';
  const noun = productNames.length === 1 ? 'product' : 'products';
  return `Cannot delete "${name}": it is used by the ${noun} ${shown}${more}. Remove it from ${productNames.length === 1 ? 'that product' : 'those products'} first.`;
};

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
