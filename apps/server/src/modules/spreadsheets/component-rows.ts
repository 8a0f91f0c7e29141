import { eq, inArray } from 'drizzle-orm';
import { Decimal, MATERIALS_MESSAGES, SPREADSHEET_MESSAGES, componentSchema, type ComponentData } from '@icehouse/domain';
import { components } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { MARKUP_MAX, MARKUP_TOO_LARGE } from '../catalogue/components';
import { IMPORTED_REASON, adjustOnHand, lockOnHand } from './stock-moves';
import { type CellErrors, cell, chunks, isMapped, nameKey, type KindPlan, type MappedRow, type RowAction } from './service-common';

/**
 * A components sheet: one row a component (name, cost, markup, stock), validated by the Components
 * form's schema. A name already in the catalogue (any case) updates that component; stock, when its
 * column is mapped and the cell is not blank, is the quantity on hand the import adjusts to (stock-moves.ts).
 */

const ON_HAND_MAX = 2_147_483_647;

interface ComponentRecord {
  row: number;
  data: ComponentData;
  stock: number | null;
  existingId: number | null;
}

/** The stock cell: null when blank, else a whole number ≥ 0 (the on-hand editor's rule and message). */
function readStock(text: string): number | string | null {
  if (text === '') return null;
  if (!/^\d+(\.0+)?$/.test(text)) return MATERIALS_MESSAGES.onHandInvalid;
  const n = Number(text.split('.')[0]);
  return n > ON_HAND_MAX ? MATERIALS_MESSAGES.onHandTooLarge : n;
}

export async function planComponents(db: Db, rows: readonly MappedRow[], errors: CellErrors): Promise<KindPlan> {
  const existing = await db.select({ id: components.id, name: components.name }).from(components);
  const byName = new Map(existing.map((c) => [nameKey(c.name), c.id]));
  const firstRow = new Map<string, number>();
  const records: ComponentRecord[] = [];
  const actions = new Map<number, RowAction>();
  const stockMapped = isMapped(rows, 'stock');

  for (const row of rows) {
    const key = nameKey(cell(row, 'name'));
    const seen = key === '' ? undefined : firstRow.get(key);
    if (seen !== undefined) errors.add(row.n, 'name', SPREADSHEET_MESSAGES.duplicateRow(seen));
    else if (key !== '') firstRow.set(key, row.n);
    const parsed = componentSchema.safeParse({ name: cell(row, 'name'), cost: cell(row, 'cost'), markup: cell(row, 'markup') });
    if (!parsed.success) for (const issue of parsed.error.issues) errors.add(row.n, String(issue.path[0] ?? 'name'), issue.message);
    else if (new Decimal(parsed.data.markup).greaterThan(MARKUP_MAX)) errors.add(row.n, 'markup', MARKUP_TOO_LARGE);
    const stock = stockMapped ? readStock(cell(row, 'stock')) : null;
    if (typeof stock === 'string') errors.add(row.n, 'stock', stock);
    if (!parsed.success || seen !== undefined) continue;
    const existingId = byName.get(key) ?? null;
    actions.set(row.n, existingId === null ? 'create' : 'update');
    records.push({ row: row.n, data: parsed.data, stock: typeof stock === 'number' ? stock : null, existingId });
  }

  const creates = records.filter((r) => r.existingId === null);
  const updates = records.filter((r) => r.existingId !== null);
  return {
    actions,
    created: creates.length,
    updated: updates.length,
    async write(tx, journal, userId) {
      const created: number[] = (journal.created.components ??= []);
      for (const part of chunks(creates)) {
        const ids = await tx
          .insert(components)
          .values(part.map((r) => ({ name: r.data.name, cost: r.data.cost, markup: r.data.markup })))
          .returning({ id: components.id });
        ids.forEach((c, i) => (part[i]!.existingId = c.id));
        created.push(...ids.map((c) => c.id));
      }
      if (updates.length > 0) {
        const ids = updates.map((r) => r.existingId!);
        const was = await tx.select().from(components).where(inArray(components.id, ids));
        const onHand = await lockOnHand(tx, ids);
        for (const r of updates) {
          const id = r.existingId!;
          const before = was.find((c) => c.id === id)!;
          const stock = onHand.get(id)!.onHand;
          await tx.update(components).set({ name: r.data.name, cost: r.data.cost, markup: r.data.markup }).where(eq(components.id, id));
          journal.updated.push({
            table: 'components',
            id,
            before: { name: before.name, cost: before.cost, markup: before.markup, onHand: stock },
            after: { name: r.data.name, cost: r.data.cost, markup: r.data.markup, onHand: r.stock ?? stock },
          });
        }
      }
      // After the cost is written: an adjustment is valued at the component's cost.
      const stocked = records.filter((r) => r.stock !== null).map((r) => ({ componentId: r.existingId!, onHand: r.stock! }));
      await adjustOnHand(tx, userId, stocked, IMPORTED_REASON);
    },
  };
}
