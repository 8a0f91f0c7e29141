import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { billsOfLading, invoiceOrders, invoices, orders, settings } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { keysetBatches } from '../../csv';
import { preparedQuery } from '../../prepared-query';
import type { DbDeps } from './service-common';
import { listBilling, listConditions, listShape, listShipping, listValues, type ListShape, type OrderListFilters } from './list-filters';

/** The orders CSV export's query: every order the list's filters select, read in keyset batches. */

/** Orders an export reads per query (keyset batches: memory holds one batch). */
export const ORDER_EXPORT_BATCH = 1000;

const exportShipVia = alias(settings, 'export_ship_via');

/**
 * The export's query of a list shape: every order the list's filters select (the same
 * listConditions), in the list's order, a batch at a time after a (date, id) cursor, with what the
 * CSV shows of each.
 */
function exportQueries(db: Db, shape: ListShape) {
  const where = listConditions(shape);
  const batch = (after: boolean, name: string) =>
    db
      .select({
        id: orders.id,
        doorNumber: orders.doorNumber,
        date: orders.date,
        status: orders.status,
        billingName: listBilling.name,
        shippingName: listShipping.name,
        customerId: orders.customerId,
        customerPoJobName: orders.customerPoJobName,
        epsPoNumber: orders.epsPoNumber,
        phone: orders.phone,
        shipDate: orders.shipDate,
        shipVia: exportShipVia.value,
        freightCost: orders.freightCost,
        discount: orders.discount,
        discountIsPercentage: orders.discountIsPercentage,
        taxExempt: orders.taxExempt,
        invoiceNumber: invoices.invoiceNumber,
        invoiceDate: invoices.date,
        bolNumber: billsOfLading.bolNumber,
      })
      // The batch's ids first, with the batch size written into the statement (as the list does: a
      // LIMIT parameter gives the generic plan hash joins over every order), then their rows.
      .from(
        sql`(select ${orders.id} as "id" from ${orders} where ${and(
          where,
          after
            ? sql`(${orders.date}, ${orders.id}) < (${sql.placeholder('afterDate')}::date, ${sql.placeholder('afterId')}::int)`
            : undefined,
        ) ?? sql`true`} order by ${orders.date} desc, ${orders.id} desc limit ${sql.raw(String(ORDER_EXPORT_BATCH))}) as "page_ids"`,
      )
      .innerJoin(orders, sql`${orders.id} = "page_ids"."id"`)
      .leftJoin(listBilling, eq(listBilling.id, orders.billingAddressId))
      .leftJoin(listShipping, eq(listShipping.id, orders.shippingAddressId))
      .leftJoin(exportShipVia, eq(exportShipVia.id, orders.shipViaId))
      .leftJoin(invoiceOrders, eq(invoiceOrders.orderId, orders.id))
      .leftJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
      .leftJoin(billsOfLading, eq(billsOfLading.orderId, orders.id))
      .orderBy(desc(orders.date), desc(orders.id))
      .prepare(name);
  return { first: batch(false, `order_export_first_${shape.key}`), next: batch(true, `order_export_next_${shape.key}`) };
}

export type OrderExportRow = Awaited<ReturnType<ReturnType<typeof exportQueries>['first']['execute']>>[number];

/**
 * Every order the list's filters select (not only a page), newest first, read in batches of
 * ORDER_EXPORT_BATCH: the CSV export of the orders list.
 */
export function exportOrders(deps: DbDeps, filters: OrderListFilters = {}): AsyncIterable<OrderExportRow> {
  const db = deps.database.db;
  const shape = listShape(filters);
  const queries = preparedQuery(db, `orders.export.${shape.key}`, (d) => exportQueries(d, shape));
  const values = listValues(filters, 1);
  return keysetBatches<OrderExportRow, { date: string; id: number }>(
    (after) =>
      after ? queries.next.execute({ ...values, afterDate: after.date, afterId: after.id }) : queries.first.execute(values),
    (row) => ({ date: row.date, id: row.id }),
    ORDER_EXPORT_BATCH,
  );
}
