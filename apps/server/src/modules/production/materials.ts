import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { materialsNeeded, type MaterialsOrder } from '@icehouse/domain';
import { componentStock, orderStockConsumptions, orders } from '@icehouse/db/schema';
import type { AppDeps, DbDeps } from '../../deps';
import { csvStream, type CsvColumn } from '../../csv';
import { renderMaterialsHtml } from '../../pdf';
import { loadBillsOfMaterials } from '../costing/bom-loader';
import { onOrderByComponent } from '../stock/on-order';
import type { materialsAnswer, materialsInput } from './schemas';

export type MaterialsView = z.output<typeof materialsAnswer>;

/**
 * Materials per ship week: the orders shipping from..to with the chosen statuses, their bills of
 * materials (one rule) summed by the domain's materialsNeeded against the components' on hand (the stock
 * ledger's sum), what is on order, and which of the orders have already taken their parts from stock.
 */
export async function materialsForRange(deps: DbDeps, input: z.output<typeof materialsInput>): Promise<MaterialsView> {
  const db = deps.database.db;
  const shipping = await db
    .select({ id: orders.id, doorNumber: orders.doorNumber, shipDate: orders.shipDate, consumption: orderStockConsumptions.state })
    .from(orders)
    .leftJoin(orderStockConsumptions, eq(orderStockConsumptions.orderId, orders.id))
    .where(and(gte(orders.shipDate, input.from), lte(orders.shipDate, input.to), inArray(orders.status, input.statuses)))
    .orderBy(asc(orders.shipDate), asc(orders.id));
  const [boms, stock, onOrder] = await Promise.all([
    loadBillsOfMaterials(db, shipping.map((o) => o.id)),
    db.select({ id: componentStock.componentId, onHand: componentStock.onHand }).from(componentStock),
    onOrderByComponent(db),
  ]);
  const list: MaterialsOrder[] = shipping.map((o) => ({
    order_id: o.id,
    door_number: o.doorNumber,
    ship_date: o.shipDate,
    bill_of_materials: boms.get(o.id)!,
    consumed: o.consumption === 'consumed',
  }));
  const summary = materialsNeeded(list, new Map(stock.map((s) => [s.id, s.onHand])), onOrder);
  return { from: input.from, to: input.to, statuses: input.statuses, orders: shipping.length, ...summary };
}

/** Every component's on-hand figure that has been set (others are 0). */
export async function listOnHand(deps: DbDeps) {
  const rows = await deps.database.db.select().from(componentStock).orderBy(asc(componentStock.componentId));
  return rows.map((r) => ({ component_id: r.componentId, on_hand: r.onHand }));
}

/** The materials list as CSV: one line per component (its orders as "door × quantity"), then the total. */
/** `money: false`: without the cost columns and the total row (a role that sees no money). */
export function materialsCsv(view: MaterialsView, { money = true }: { money?: boolean } = {}) {
  type Line = MaterialsView['rows'][number] | { name: string; total_cost: string; to_buy_cost: string };
  const pick = <K extends string>(r: Line, k: K) => (k in r ? (r as Record<K, unknown>)[k] : null);
  const columns: CsvColumn<Line>[] = [
    { header: 'Component', kind: 'text', value: (r) => r.name },
    { header: 'Needed', kind: 'integer', value: (r) => pick(r, 'needed') },
    { header: 'Unit cost', kind: 'decimal', value: (r) => pick(r, 'unit_cost') },
    { header: 'Total cost', kind: 'decimal', value: (r) => r.total_cost },
    { header: 'Consumed', kind: 'integer', value: (r) => pick(r, 'consumed') },
    { header: 'On hand', kind: 'integer', value: (r) => pick(r, 'on_hand') },
    { header: 'On order', kind: 'integer', value: (r) => pick(r, 'on_order') },
    { header: 'Expected', kind: 'text', value: (r) => pick(r, 'next_expected_date') ?? '' },
    { header: 'Available', kind: 'integer', value: (r) => pick(r, 'available') },
    { header: 'To buy', kind: 'integer', value: (r) => pick(r, 'to_buy') },
    { header: 'To buy cost', kind: 'decimal', value: (r) => r.to_buy_cost },
    {
      header: 'Orders',
      kind: 'text',
      value: (r) => ('orders' in r ? r.orders.map((o) => `${o.door_number} × ${o.quantity}`).join('; ') : ''),
    },
  ];
  const total: Line = { name: 'Total', total_cost: view.total_cost, to_buy_cost: view.to_buy_cost };
  const filename = `materials-${view.from}-to-${view.to}.csv`;
  if (!money) return { stream: csvStream(columns.filter((c) => !c.header.includes('cost')), view.rows), filename };
  return { stream: csvStream(columns, [...view.rows, total]), filename };
}

/** Rendered by the one Chromium renderer; not archived (a report of the moment, like its CSV). */
export async function materialsPdf(deps: Pick<AppDeps, 'pdf'>, view: MaterialsView, { money = true }: { money?: boolean } = {}) {
  return { pdf: await deps.pdf.render(renderMaterialsHtml(view, { money })), filename: `materials-${view.from}-to-${view.to}.pdf` };
}
