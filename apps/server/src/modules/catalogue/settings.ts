import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MESSAGES,
  SETTING_CATEGORIES,
  SETTING_CATEGORY_LABELS,
  settingSchema,
  toMoneyString,
  type SettingCategory,
  type SettingInput,
} from '@icehouse/domain';
import { isForeignKeyViolation, isUniqueViolation } from '@icehouse/db';
import { orderAdditionalItems, orderBuildingInfo, orders, settings } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import type { categoryChoiceSchema, settingViewSchema, shipViaOptionSchema } from './schemas';
import { STILL_IN_USE, collator, parseInput, type DbDeps } from './service-common';

/** Settings (the Configurations screen of the invoices spec): the options orders choose from. */

export type SettingView = z.output<typeof settingViewSchema>;
export type CategoryChoice = z.output<typeof categoryChoiceSchema>;
export type ShipViaOption = z.output<typeof shipViaOptionSchema>;

// Server-side messages (the spec gives none for these; the forms never produce them themselves).
export const SETTING_TAKEN = 'A setting with this category and value already exists.';
export const SETTING_CATEGORY_LOCKED = 'This setting is used by orders, so its category cannot be changed.';

export const settingInUseMessage = (value: string, orderCount: number) =>
  `Cannot delete "${value}": it is used by ${orderCount} order${orderCount === 1 ? '' : 's'}. Change those orders first.`;
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
