import { and, asc, between, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { customerNameOf, statusLabel, type ShipScheduleRange } from '@icehouse/domain';
import { addresses, orders } from '@icehouse/db/schema';
import type { AppDeps } from '../../deps';
import { preparedQuery } from '../../prepared-query';
import type { shipScheduleAnswer } from './schemas';

export type ShipScheduleView = z.output<typeof shipScheduleAnswer>;

const billing = alias(addresses, 'schedule_billing');
const shipping = alias(addresses, 'schedule_shipping');

/**
 * The ship schedule: the orders whose ship date falls in [start, end] (at most 62 days, checked by
 * the input schema), by ship date then door number, voided orders left out (they will not ship).
 * One statement; no index on ship_date (decision 111: a bounded range over the orders is a few ms).
 */
export async function shipSchedule(
  deps: Pick<AppDeps, 'database'>,
  range: ShipScheduleRange,
): Promise<ShipScheduleView> {
  const query = preparedQuery(deps.database.db, 'schedule.shipSchedule', (db) =>
    db
      .select({
        id: orders.id,
        doorNumber: orders.doorNumber,
        status: orders.status,
        date: orders.date,
        shipDate: orders.shipDate,
        billingName: billing.name,
        shippingName: shipping.name,
      })
      .from(orders)
      .leftJoin(billing, eq(billing.id, orders.billingAddressId))
      .leftJoin(shipping, eq(shipping.id, orders.shippingAddressId))
      .where(
        and(
          between(orders.shipDate, sql.placeholder('start'), sql.placeholder('end')),
          ne(orders.status, 'voided'),
        ),
      )
      .orderBy(asc(orders.shipDate), asc(orders.doorNumber), asc(orders.id))
      .prepare('schedule_ship_schedule'),
  );
  const rows = await query.execute({ start: range.start, end: range.end });
  return {
    start: range.start,
    end: range.end,
    orders: rows.map((r) => ({
      id: r.id,
      door_number: r.doorNumber,
      customer_name: customerNameOf(r.billingName, r.shippingName),
      status: r.status,
      status_display: statusLabel(r.status),
      date: r.date,
      ship_date: r.shipDate ?? range.start,
    })),
  };
}
