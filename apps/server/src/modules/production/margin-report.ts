import { and, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MONTH_NAMES, addMoney, orderMargin, periodOf, toMoneyString } from '@icehouse/domain';
import { orderBuildingInfo, orderCostings, orders, products } from '@icehouse/db/schema';
import type { DbDeps } from '../../deps';
import type { marginReportAnswer, MARGIN_GROUPS } from './schemas';

export type MarginReport = z.output<typeof marginReportAnswer>;
type Group = (typeof MARGIN_GROUPS)[number];

/**
 * Margin by month or by product: the orders dated from..to (voided ones aside), each with the
 * price before tax and materials cost kept at its last save (order_costings). Sums are taken by
 * PostgreSQL in numeric (exact); margins from the sums by the domain's orderMargin. Orders whose
 * cost is not known (custom, no product, simple without components, or not saved since costs were
 * recorded) are counted apart, never as zero cost.
 */
export async function marginReport(deps: DbDeps, input: { from: string; to: string; group: Group }): Promise<MarginReport> {
  const known = sql`${orderCostings.materialsCost} is not null`;
  const key =
    input.group === 'month'
      ? sql<string>`to_char(${orders.date}::date, 'YYYY-MM')`
      : sql<string>`case when ${orderBuildingInfo.isCustom} then 'custom' when ${orderBuildingInfo.productId} is null then 'none' else ${orderBuildingInfo.productId}::text end`;
  let query = deps.database.db
    .select({
      key,
      description: input.group === 'product' ? sql<string | null>`max(${products.description})` : sql<string | null>`null`,
      orders: sql<number>`(count(*) filter (where ${known}))::int`,
      price: sql<string | null>`sum(${orderCostings.priceBeforeTax}) filter (where ${known})`,
      cost: sql<string | null>`sum(${orderCostings.materialsCost})`,
      unknown: sql<number>`(count(*) filter (where not (${known}) or ${orderCostings.orderId} is null))::int`,
    })
    .from(orders)
    .leftJoin(orderCostings, eq(orderCostings.orderId, orders.id))
    .$dynamic();
  if (input.group === 'product') {
    query = query
      .leftJoin(orderBuildingInfo, eq(orderBuildingInfo.orderId, orders.id))
      .leftJoin(products, eq(products.id, orderBuildingInfo.productId));
  }
  const rows = await query
    .where(and(gte(orders.date, input.from), lte(orders.date, input.to), ne(orders.status, 'voided')))
    .groupBy(key);

  const line = (r: { orders: number; price: string | null; cost: string | null; unknown: number }) => {
    const m = orderMargin(r.price ?? '0', r.cost ?? '0');
    return {
      orders: r.orders,
      price_before_tax: m.price_before_tax,
      materials_cost: m.materials_cost!,
      margin: m.margin!,
      margin_percent: m.margin_percent,
      unknown_cost_orders: r.unknown,
    };
  };
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const empty = { orders: 0, price: null, cost: null, unknown: 0 };
  let out: MarginReport['rows'];
  if (input.group === 'month') {
    out = [];
    for (let day = input.from; day <= input.to; ) {
      const p = periodOf(day, 'month');
      const [y, m] = p.key.split('-');
      out.push({ key: p.key, label: `${MONTH_NAMES[Number(m) - 1]} ${y}`, ...line(byKey.get(p.key) ?? empty) });
      day = nextDay(p.end);
    }
  } else {
    const label = (k: string, d: string | null) => (k === 'custom' ? 'Custom building' : k === 'none' ? 'No product' : (d ?? `Product ${k}`));
    out = rows
      .map((r) => ({ key: r.key, label: label(r.key, r.description), ...line(r) }))
      .sort((a, b) => a.label.localeCompare(b.label) || a.key.localeCompare(b.key));
  }
  const total = line({
    orders: rows.reduce((n, r) => n + r.orders, 0),
    price: toMoneyString(addMoney(...rows.map((r) => r.price ?? '0'))),
    cost: toMoneyString(addMoney(...rows.map((r) => r.cost ?? '0'))),
    unknown: rows.reduce((n, r) => n + r.unknown, 0),
  });
  return { from: input.from, to: input.to, group: input.group, rows: out, total };
}

function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
