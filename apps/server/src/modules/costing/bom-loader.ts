import { asc, eq, inArray, sql } from 'drizzle-orm';
import { billOfMaterials, type BillOfMaterials, type BomComponentInput, type BomProductInput } from '@icehouse/domain';
import {
  components,
  orderAdditionalItems,
  orderBuildingInfo,
  productComponents,
  products,
  settings,
} from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';

/**
 * Reads what the bill of materials rule needs for a set of orders (their building, additional
 * items, the products as the catalogue has them now and those products' components) in five
 * queries whatever the number of orders, and applies the domain's rule to each.
 */
export async function loadBillsOfMaterials(db: Db, orderIds: readonly number[]): Promise<Map<number, BillOfMaterials>> {
  if (orderIds.length === 0) return new Map();
  const ids = [...new Set(orderIds)];
  const [buildings, items] = await Promise.all([
    db.select().from(orderBuildingInfo).where(inArray(orderBuildingInfo.orderId, ids)),
    db
      .select()
      .from(orderAdditionalItems)
      .where(inArray(orderAdditionalItems.orderId, ids))
      .orderBy(asc(orderAdditionalItems.orderId), asc(orderAdditionalItems.position), asc(orderAdditionalItems.id)),
  ]);
  return billsOfMaterialsOf(db, ids, buildings, items);
}

type BuildingRow = typeof orderBuildingInfo.$inferSelect;
type ItemRow = typeof orderAdditionalItems.$inferSelect;

const componentLines = (db: Db) =>
  db
    .select({ productId: productComponents.productId, componentId: productComponents.componentId, quantity: productComponents.quantity, name: components.name, cost: components.cost })
    .from(productComponents)
    .innerJoin(components, eq(components.id, productComponents.componentId));

/** Each product's component lines, with the component's name and cost as the catalogue has them now. */
export function componentLinesOf(db: Db, productIds: readonly number[]) {
  return componentLines(db)
    .where(inArray(productComponents.productId, [...productIds]))
    .orderBy(asc(productComponents.productId), asc(productComponents.id));
}
type ComponentLine = Awaited<ReturnType<typeof componentLinesOf>>[number];

/** One product's component lines (placeholder `productId`), as a statement to build once. */
export const oneProductComponentLines = (db: Db) =>
  componentLines(db)
    .where(eq(productComponents.productId, sql.placeholder('productId')))
    .orderBy(asc(productComponents.id))
    .prepare('product_component_lines');

/** The catalogue's part of bills of materials: products with their components, and setting labels. */
export interface BomCatalogue {
  products: ReadonlyMap<number, BomProductInput>;
  components: ReadonlyMap<number, BomComponentInput>;
  labels: ReadonlyMap<number, string>;
}

/** Products (as read: id, description, is simple) and their component lines, as bills of materials take them. */
export function bomCatalogue(
  productRows: readonly { id: number; description: string; isSimple: boolean }[],
  lines: readonly ComponentLine[],
  labels: ReadonlyMap<number, string>,
): BomCatalogue {
  const componentsOf = new Map<number, { component: number; quantity: number }[]>(productRows.map((p) => [p.id, []]));
  for (const l of lines) componentsOf.get(l.productId)?.push({ component: l.componentId, quantity: l.quantity });
  return {
    products: new Map(productRows.map((p) => [p.id, { id: p.id, description: p.description, is_simple: p.isSimple, components: componentsOf.get(p.id)! }])),
    components: new Map(lines.map((l) => [l.componentId, { id: l.componentId, name: l.name, cost: l.cost }])),
    labels,
  };
}

/**
 * The bills of materials of orders whose building and items the caller has already read (an order
 * save has them from its own read-back): the catalogue's part only, three queries in one round trip,
 * less what `known` already holds (an order save read its product and settings with its checks).
 */
export async function billsOfMaterialsOf(
  db: Db,
  ids: readonly number[],
  buildings: readonly BuildingRow[],
  items: readonly ItemRow[],
  known?: BomCatalogue,
): Promise<Map<number, BillOfMaterials>> {
  const out = new Map<number, BillOfMaterials>();
  const productIds = [...new Set(buildings.map((b) => b.productId).filter((id): id is number => id !== null && !known?.products.has(id)))];
  const settingIds = new Set<number>();
  for (const b of buildings) for (const id of [b.doorTypeId, b.doorCladdingId]) if (id !== null) settingIds.add(id);
  for (const i of items) if (i.itemId !== null) settingIds.add(i.itemId);
  for (const id of known?.labels.keys() ?? []) settingIds.delete(id);

  const [productRows, lines, labelRows] = await Promise.all([
    productIds.length
      ? db.select({ id: products.id, description: products.description, isSimple: products.isSimple }).from(products).where(inArray(products.id, productIds))
      : [],
    productIds.length ? componentLinesOf(db, productIds) : [],
    settingIds.size ? db.select({ id: settings.id, value: settings.value }).from(settings).where(inArray(settings.id, [...settingIds])) : [],
  ]);
  const read = bomCatalogue(productRows, lines, new Map(labelRows.map((l) => [l.id, l.value])));
  const label = new Map([...(known?.labels ?? []), ...read.labels]);
  const catalogue = new Map([...(known?.components ?? []), ...read.components]);
  const productById = new Map([...(known?.products ?? []), ...read.products]);
  const itemsByOrder = new Map<number, { name: string; quantity: number }[]>();
  for (const i of items) {
    const list = itemsByOrder.get(i.orderId) ?? [];
    list.push({ name: i.itemId !== null ? (label.get(i.itemId) ?? '') : i.customItemName, quantity: i.quantity });
    itemsByOrder.set(i.orderId, list);
  }
  const buildingByOrder = new Map(buildings.map((b) => [b.orderId, b]));
  for (const id of ids) {
    const b = buildingByOrder.get(id);
    out.set(
      id,
      billOfMaterials({
        is_custom: b?.isCustom ?? false,
        product_id: b?.productId ?? null,
        product: b?.productId != null ? (productById.get(b.productId) ?? null) : null,
        components: catalogue,
        door_type: b?.doorTypeId != null ? label.get(b.doorTypeId) : null,
        door_cladding: b?.doorCladdingId != null ? label.get(b.doorCladdingId) : null,
        additional_items: itemsByOrder.get(id) ?? [],
      }),
    );
  }
  return out;
}
