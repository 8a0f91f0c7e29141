import { and, asc, inArray, isNull, gte, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { BOARD_STATUSES } from '@icehouse/domain';
import { companyInfo, orders } from '@icehouse/db/schema';
import type { DbDeps } from '../../deps';
import type { boardAnswer } from './schemas';
import { loadOrderViews, productDescriptions, type OrderView } from '../orders/views';

type Board = z.output<typeof boardAnswer>;

/** Work not done yet: an order in one of these with no ship date is waiting to be scheduled. */
const WAITING = ['pending', 'processed', 'scheduled_to_ship'] as const;

/**
 * The shop board of a ship week: the orders whose ship date is in that week (Sunday..Saturday), in the
 * four working statuses (voided ones aside), as cards with what they lack for their next status; and,
 * whatever the week, the orders still waiting for a ship date, which no week would otherwise show. The
 * columns are the statuses; moving a card is the order's own change of status (orders.changeStatus).
 */
export async function shopBoard(deps: DbDeps, input: { from: string; to: string }): Promise<Board> {
  const db = deps.database.db;
  const [inWeek, waiting, [company]] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(gte(orders.shipDate, input.from), lte(orders.shipDate, input.to), inArray(orders.status, [...BOARD_STATUSES])))
      .orderBy(asc(orders.shipDate), asc(orders.doorNumber)),
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(isNull(orders.shipDate), inArray(orders.status, [...WAITING])))
      .orderBy(asc(orders.date), asc(orders.doorNumber)),
    db.select({ capacity: companyInfo.weeklyCapacity }).from(companyInfo),
  ]);
  const views = await loadOrderViews(db, [...inWeek, ...waiting].map((r) => r.id));
  const products = await productDescriptions(
    db,
    views.map((v) => (typeof v.building_info?.product === 'number' ? v.building_info.product : null)),
  );
  const cardOf = (v: OrderView): Board['cards'][number] => {
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
  };
  // By id: an order deleted between the two reads is simply not there.
  const byId = new Map(views.map((v) => [v.id, v]));
  const cardsOf = (rows: { id: number }[]) => rows.flatMap((r) => (byId.has(r.id) ? [cardOf(byId.get(r.id)!)] : []));
  const weekCards = cardsOf(inWeek);
  const capacity = company?.capacity ?? null;
  return {
    ...input,
    capacity,
    units: weekCards.length,
    over_capacity: capacity !== null && weekCards.length > capacity,
    cards: weekCards,
    unscheduled: cardsOf(waiting),
  };
}
