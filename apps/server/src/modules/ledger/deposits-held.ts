import { inArray, sql } from 'drizzle-orm';
import { depositsHeldOf } from '@icehouse/domain';
import { orderDeposits } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';

/** What each of these orders holds (the sum of its entries), by order id. */
export async function depositsHeldByOrder(db: Db, orderIds: readonly number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: orderDeposits.orderId,
      amounts: sql<string[]>`array_agg(${orderDeposits.amount}::text)`,
    })
    .from(orderDeposits)
    .where(inArray(orderDeposits.orderId, [...orderIds]))
    .groupBy(orderDeposits.orderId);
  return new Map(rows.map((r) => [r.orderId, depositsHeldOf(r.amounts)]));
}
