import { sql } from 'drizzle-orm';
import type { SeedContext } from './context';

/**
 * The demo's stock history after its orders: the orders the shop is building (processed, scheduled to ship)
 * have taken their bill of materials from stock, as their status moves would have (one consumption
 * movement per component, when the order last changed); the completed ones shipped before the ledger's
 * opening count, so they are marked as such and never take or return parts (decision 259).
 */
export async function seedStockHistory(ctx: SeedContext) {
  const tx = ctx.tx;
  // As text with its type: postgres-js takes no Date as a parameter of a raw statement (PGlite does).
  const now = sql`${ctx.now.toISOString()}::timestamptz`;
  await tx.execute(sql`
    insert into stock_movements (component_id, quantity, unit_cost, source, order_id, user_id, created_at)
    select pc.component_id, -pc.quantity, c.cost, 'consumption', o.id, o.updated_by, least(o.updated_at, ${now})
    from orders o
    join order_building_info b on b.order_id = o.id and not b.is_custom
    join product_components pc on pc.product_id = b.product_id
    join components c on c.id = pc.component_id
    where o.status in ('processed', 'scheduled_to_ship')
    order by o.updated_at, o.id, pc.component_id`);
  await tx.execute(sql`
    insert into order_stock_consumptions (order_id, state, updated_at)
    select o.id, case when o.status = 'completed' then 'opening' else 'consumed' end, least(o.updated_at, ${now})
    from orders o
    where o.status in ('processed', 'scheduled_to_ship', 'completed')`);
}
