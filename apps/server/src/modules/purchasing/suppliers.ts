import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { PURCHASING_MESSAGES as M, toMoneyString, type componentPurchasingSchema, type SupplierData } from '@icehouse/domain';
import { isForeignKeyViolation, isUniqueViolation } from '@icehouse/db';
import { components, purchaseOrders, suppliers } from '@icehouse/db/schema';
import type { DbDeps } from '../../deps';
import { AppError } from '../../errors';
import type { componentPurchasingAnswer, supplierAnswer } from './schemas';

/** Suppliers, and how each component is bought (preferred supplier, part number, last price, lead time, pack). */

export type SupplierView = z.output<typeof supplierAnswer>;
export type ComponentPurchasingView = z.output<typeof componentPurchasingAnswer>;

const supplierView = (r: typeof suppliers.$inferSelect): SupplierView => ({
  id: r.id,
  name: r.name,
  contact: r.contact,
  email: r.email,
  phone: r.phone,
  terms: r.terms,
  notes: r.notes,
  version: r.version,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const nameTaken = () => AppError.validation({ name: [M.supplierNameTaken] });
export const supplierNotFound = () => AppError.notFound(M.supplierNotFound);

export async function listSuppliers(deps: DbDeps): Promise<SupplierView[]> {
  const rows = await deps.database.db.select().from(suppliers).orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id));
  return rows.map(supplierView);
}

export async function getSupplier(deps: DbDeps, id: number): Promise<SupplierView> {
  const [row] = await deps.database.db.select().from(suppliers).where(eq(suppliers.id, id));
  if (!row) throw supplierNotFound();
  return supplierView(row);
}

export async function createSupplier(deps: DbDeps, data: SupplierData): Promise<SupplierView> {
  try {
    const [row] = await deps.database.db.insert(suppliers).values(data).returning();
    return supplierView(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateSupplier(deps: DbDeps, id: number, data: SupplierData): Promise<SupplierView> {
  try {
    const [row] = await deps.database.db
      .update(suppliers)
      .set({ ...data, version: sql`${suppliers.version} + 1` })
      .where(eq(suppliers.id, id))
      .returning();
    if (!row) throw supplierNotFound();
    return supplierView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** A supplier with purchase orders stays (they name it); its components lose it as preferred (SET NULL). */
export async function deleteSupplier(deps: DbDeps, id: number): Promise<void> {
  const db = deps.database.db;
  const [used] = await db.select({ id: purchaseOrders.id }).from(purchaseOrders).where(eq(purchaseOrders.supplierId, id)).limit(1);
  if (used) throw new AppError('CONFLICT', M.supplierInUse);
  try {
    const deleted = await db.delete(suppliers).where(eq(suppliers.id, id)).returning({ id: suppliers.id });
    if (deleted.length === 0) throw supplierNotFound();
  } catch (error) {
    // A purchase order made meanwhile: its foreign key (RESTRICT) decides.
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', M.supplierInUse);
    throw error;
  }
}

// ------------------------------------------------------------------------ components' purchasing

const componentColumns = {
  component_id: components.id,
  name: components.name,
  preferred_supplier_id: components.preferredSupplierId,
  preferred_supplier_name: suppliers.name,
  supplier_part_number: components.supplierPartNumber,
  last_price: components.lastPrice,
  lead_time_days: components.leadTimeDays,
  pack_size: components.packSize,
};

const componentView = (r: { last_price: string | null } & Omit<ComponentPurchasingView, 'last_price'>): ComponentPurchasingView => ({
  ...r,
  last_price: r.last_price === null ? null : toMoneyString(r.last_price),
});

export async function listComponentPurchasing(deps: DbDeps): Promise<ComponentPurchasingView[]> {
  const rows = await deps.database.db
    .select(componentColumns)
    .from(components)
    .leftJoin(suppliers, eq(suppliers.id, components.preferredSupplierId))
    .orderBy(asc(components.name), asc(components.id));
  return rows.map(componentView);
}

export async function updateComponentPurchasing(
  deps: DbDeps,
  id: number,
  data: z.output<typeof componentPurchasingSchema>,
): Promise<ComponentPurchasingView> {
  const db = deps.database.db;
  try {
    const updated = await db
      .update(components)
      .set({
        preferredSupplierId: data.preferred_supplier_id,
        supplierPartNumber: data.supplier_part_number,
        lastPrice: data.last_price,
        leadTimeDays: data.lead_time_days,
        packSize: data.pack_size,
      })
      .where(eq(components.id, id))
      .returning({ id: components.id });
    if (updated.length === 0) throw AppError.notFound(M.componentNotFound);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw AppError.validation({ preferred_supplier_id: [M.supplierNotFound] });
    throw error;
  }
  const [row] = await db
    .select(componentColumns)
    .from(components)
    .leftJoin(suppliers, eq(suppliers.id, components.preferredSupplierId))
    .where(eq(components.id, id));
  return componentView(row!);
}
