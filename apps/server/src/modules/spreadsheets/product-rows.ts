import { eq, inArray } from 'drizzle-orm';
import { SPREADSHEET_MESSAGES, productSchema, readBuildingType, readYesNo, type ProductData } from '@icehouse/domain';
import { components, productComponents, products } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { QUANTITY_MAX, QUANTITY_TOO_LARGE } from '../catalogue/products';
import { type CellErrors, cell, chunks, groupRows, nameKey, recordField, type KindPlan, type MappedRow, type RowAction } from './service-common';

/**
 * A products sheet: one row a component line, the rows of one description one product (its type,
 * simple flag and price on any of them, the same wherever repeated). Validated by the Products form's
 * schema; components are named as the catalogue names them. A description already in the catalogue
 * (any case) updates that product and replaces its component lines, as the product form's save does.
 */

interface ProductRecord {
  rows: number[];
  data: ProductData;
  existingId: number | null;
}

const PRODUCT_FIELDS = ['description', 'building_type', 'is_simple', 'price'] as const;

export async function planProducts(db: Db, rows: readonly MappedRow[], errors: CellErrors): Promise<KindPlan> {
  const [catalogue, existing] = await Promise.all([
    db.select({ id: components.id, name: components.name }).from(components),
    db.select({ id: products.id, description: products.description }).from(products),
  ]);
  const componentIds = new Map(catalogue.map((c) => [nameKey(c.name), c.id]));
  const productIds = new Map<string, number[]>();
  for (const p of existing) productIds.set(nameKey(p.description), [...(productIds.get(nameKey(p.description)) ?? []), p.id]);

  const records: ProductRecord[] = [];
  const actions = new Map<number, RowAction>();
  for (const group of groupRows(rows, 'description')) {
    const field = Object.fromEntries(
      PRODUCT_FIELDS.map((f) => [f, recordField(group, f, errors, SPREADSHEET_MESSAGES.differsFromRow)]),
    ) as Record<(typeof PRODUCT_FIELDS)[number], { value: string; row: number }>;
    const isSimple = readYesNo(field.is_simple.value);
    if (isSimple === null) errors.add(field.is_simple.row, 'is_simple', SPREADSHEET_MESSAGES.yesNoInvalid);
    const typeText = field.building_type.value;
    const buildingType = typeText === '' ? '' : readBuildingType(typeText);
    if (buildingType === null) errors.add(field.building_type.row, 'building_type', SPREADSHEET_MESSAGES.buildingTypeInvalid);

    // The component lines: a row naming a component, or a row giving a quantity without one.
    const lines: { row: number; component: number; quantity: string | undefined }[] = [];
    let linesOk = true;
    for (const row of group) {
      const name = cell(row, 'component');
      const quantity = cell(row, 'quantity');
      if (name === '') {
        if (quantity !== '') {
          errors.add(row.n, 'component', SPREADSHEET_MESSAGES.componentRequired);
          linesOk = false;
        }
        continue;
      }
      if (isSimple) {
        errors.add(row.n, 'component', SPREADSHEET_MESSAGES.componentWithoutLines);
        linesOk = false;
        continue;
      }
      const id = componentIds.get(nameKey(name));
      if (id === undefined) {
        errors.add(row.n, 'component', SPREADSHEET_MESSAGES.componentUnknown(name));
        linesOk = false;
        continue;
      }
      lines.push({ row: row.n, component: id, quantity: quantity === '' ? undefined : quantity });
    }

    const parsed = productSchema.safeParse({
      description: field.description.value,
      building_type: buildingType ?? '',
      is_simple: isSimple ?? false,
      price: field.price.value === '' ? null : field.price.value,
      components: lines.map((l) => ({ component: l.component, quantity: l.quantity })),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [top, index, part] = issue.path;
        if (top === 'components' && typeof index === 'number') {
          errors.add(lines[index]!.row, part === 'quantity' ? 'quantity' : 'component', issue.message);
        } else if (top === 'components') {
          if (linesOk) errors.add(group[0]!.n, 'component', issue.message);
        } else if (top === 'building_type' && buildingType === null) {
          // Already named on its cell: the sheet's value is not a building type.
        } else {
          const f = (PRODUCT_FIELDS as readonly string[]).includes(String(top)) ? (String(top) as (typeof PRODUCT_FIELDS)[number]) : 'description';
          errors.add(field[f].row, f, issue.message);
        }
      }
      continue;
    }
    let ok = linesOk && isSimple !== null && buildingType !== null;
    parsed.data.components.forEach((c, i) => {
      if (c.quantity > QUANTITY_MAX) {
        errors.add(lines[i]!.row, 'quantity', QUANTITY_TOO_LARGE);
        ok = false;
      }
    });
    const matches = productIds.get(nameKey(parsed.data.description)) ?? [];
    if (matches.length > 1) {
      errors.add(field.description.row, 'description', SPREADSHEET_MESSAGES.severalMatches('products'));
      ok = false;
    }
    if (!ok) continue;
    const existingId = matches[0] ?? null;
    for (const row of group) actions.set(row.n, existingId === null ? 'create' : 'update');
    records.push({ rows: group.map((r) => r.n), data: parsed.data, existingId });
  }

  const values = (d: ProductData) => ({ description: d.description, buildingType: d.building_type, isSimple: d.is_simple, price: d.price });
  const lineValues = (productId: number, d: ProductData) =>
    d.components.map((c) => ({ productId, componentId: c.component, quantity: c.quantity }));
  const creates = records.filter((r) => r.existingId === null);
  const updates = records.filter((r) => r.existingId !== null);
  return {
    actions,
    created: creates.length,
    updated: updates.length,
    async write(tx, journal) {
      const created: number[] = (journal.created.products ??= []);
      for (const part of chunks(creates)) {
        const ids = await tx.insert(products).values(part.map((r) => values(r.data))).returning({ id: products.id });
        ids.forEach((p, i) => (part[i]!.existingId = p.id));
        created.push(...ids.map((p) => p.id));
        const lines = part.flatMap((r) => lineValues(r.existingId!, r.data));
        for (const some of chunks(lines)) await tx.insert(productComponents).values(some);
      }
      if (updates.length === 0) return;
      const ids = updates.map((r) => r.existingId!);
      const rows = await tx.select().from(products).where(inArray(products.id, ids));
      const oldLines = await tx
        .select({ productId: productComponents.productId, componentId: productComponents.componentId, quantity: productComponents.quantity })
        .from(productComponents)
        .where(inArray(productComponents.productId, ids))
        .orderBy(productComponents.id);
      for (const r of updates) {
        const id = r.existingId!;
        const was = rows.find((p) => p.id === id)!;
        await tx.update(products).set(values(r.data)).where(eq(products.id, id));
        await tx.delete(productComponents).where(eq(productComponents.productId, id));
        const lines = lineValues(id, r.data);
        if (lines.length > 0) await tx.insert(productComponents).values(lines);
        journal.updated.push({
          table: 'products',
          id,
          before: {
            ...values({ description: was.description, building_type: was.buildingType, is_simple: was.isSimple, price: was.price, components: [] }),
            lines: oldLines.filter((l) => l.productId === id).map((l) => ({ componentId: l.componentId, quantity: l.quantity })),
          },
          after: { ...values(r.data), lines: lines.map((l) => ({ componentId: l.componentId, quantity: l.quantity })) },
        });
      }
    },
  };
}
