import { and, asc, gte, inArray, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { BOARD_STATUSES } from '@icehouse/domain';
import { companyInfo, orders } from '@icehouse/db/schema';
import type { DbDeps } from '../../deps';
import type { boardAnswer } from './schemas';
import { loadOrderViews, productDescriptions } from '../orders/views';

/**
 * The shop board of a ship week: the orders whose ship date is in Monday..Sunday, in the four working
 * statuses (voided ones aside), as cards with what they lack for their next status. The columns
 * are the statuses; moving a card is the order's own change of status (orders.changeStatus).
 */
export async function shopBoard(deps: DbDeps, input: { from: string; to: string }): Promise<z.output<typeof boardAnswer>> {
  const db = deps.database.db;
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(gte(orders.shipDate, input.from), lte(orders.shipDate, input.to), inArray(orders.status, [...BOARD_STATUSES])))
    .orderBy(asc(orders.shipDate), asc(orders.doorNumber));
  const [views, [company]] = await Promise.all([
    loadOrderViews(db, rows.map((r) => r.id)),
    db.select({ capacity: companyInfo.weeklyCapacity }).from(companyInfo),
  ]);
  const capacity = company?.capacity ?? null;
  const products = await productDescriptions(
    db,
    views.map((v) => (typeof v.building_info?.product === 'number' ? v.building_info.product : null)),
  );
  return {
    ...input,
    capacity,
    units: views.length,
    over_capacity: capacity !== null && views.length > capacity,
    cards: views.map((v) => {
      const b = v.building_info;
      const product = typeof b?.product === 'number' ? products.get(b.product) : undefined;
      return {
        id: v.id,
        version: v.version,
        door_number: v.door_number,
        customer_name: v.customer_name,
        building: (b?.is_custom ? b.building_description || 'Custom building' : product) ?? '',
        ship_date: v.ship_date,
        status: v.status as (typeof BOARD_STATUSES)[number],
        next_possible_status: v.next_possible_status,
        missing_requirements: v.missing_requirements,
      };
    }),
  };
}
